"""The games in the store that `narrator play`, `demo` and `resume` go on with or leave: a
store opened (a damaged one set aside), the game an evening cut off, a game rebuilt to resume
(or kept as damaged), the evening closed and the unfinished games abandoned, each said in one
line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from narrator.moderator.config import PlayConfig
from narrator.recorded import RecordedGame
from narrator.store import DamagedGame, DamagedStore, Store, StoredGame, set_aside

# The options a resumed game does not take: it keeps the settings it was begun with.
GAME_OPTIONS = ("config", "seats", "setup", "board", "preset", "seed", "locale", "voice")


def cut_off(store: Store) -> str | None:
    """The game the evening still open was playing when the judge stopped without ending it
    (a crash, a pulled plug: a game ended with Ctrl-C is abandoned, not playing), or None."""
    evening = store.open_evening_id()
    if evening is None:
        return None
    playing = _playing(store)
    return next((game_id for game_id in reversed(_games_of(store, evening)) if game_id in playing), None)


def _games_of(store: Store, evening: str) -> list[str]:
    games: list[str] = next((e["games"] for e in store.evenings() if e["id"] == evening), [])
    return games


def _playing(store: Store) -> set[str]:
    return {row["id"] for row in store.games() if row["status"] == "playing"}


def say_the_evening_goes_on(store: Store, stored: StoredGame, args: argparse.Namespace) -> None:
    """One line: the evening goes on with the game that was cut off, and how not to."""
    given = [f"--{name}" for name in GAME_OPTIONS if getattr(args, name, None) is not None]
    kept = f" ({' '.join(given)} not used: the game keeps its own settings)" if given else ""
    print(
        f"narrator play: the evening {store.evening_of(stored.id)} was cut off in game {stored.id} "
        f"(a crash or a pulled plug): it resumes where it was and the evening goes on{kept}; "
        "`narrator play --new-evening` starts a new evening instead",
        flush=True,
    )


def deal_again(store: Store, stored: StoredGame, config: PlayConfig, args: argparse.Namespace) -> bool:
    """Whether the unfinished game `stored` is a lobby to deal again from the box's settings
    now (`config`: the settings file and options), not to resume: it was not dealt yet (no
    decision, and a seat still free: the judge deals once every seat is taken), it is the
    first game of its evening (the next ones follow the host's choices between games, not the
    settings) and not a demo's, and it was begun with other settings. Then it is marked
    abandoned and one line says so (True); `seat_again` keeps its phones seated in the new
    game. A dealt game always resumes as stored (False)."""
    evening = store.evening_of(stored.id)
    first = evening is None or _games_of(store, evening)[:1] == [stored.id]
    if stored.decisions or len(store.seats(stored.id)) >= stored.setup.seats or not first:
        return False
    if stored.config.get("demo"):
        return False
    begun = PlayConfig.model_validate(settings_of(stored.config, args))
    if begun.model_dump(mode="json", exclude={"store"}) == config.model_dump(mode="json", exclude={"store"}):
        return False
    store.mark(stored.id, "abandoned", "not dealt yet when the settings changed: dealt again from them")
    print(
        f"narrator play: game {stored.id} was not dealt yet and the settings have changed since it "
        "was begun: a new game is dealt from them (its seated phones keep their seats)",
        flush=True,
    )
    return True


def seat_again(store: Store, before: str, game_id: str, seats: int) -> None:
    """The phones seated at the lobby `before` (dealt again, `deal_again`) seated at `game_id`
    with their names and keys, but those whose seat it lacks, and the same host."""
    for seat, (name, token) in sorted(store.seats(before).items()):
        if seat <= seats:
            store.bind_seat(game_id, seat, name, token)
    host = store.host_token(before)
    if host is not None:
        store.bind_host(game_id, host)


def close_open_evening(store: Store) -> None:
    """`--new-evening`: the evening still open is closed, its unfinished game abandoned."""
    evening = store.open_evening_id()
    if evening is None:
        return
    playing = _playing(store)
    for game_id in _games_of(store, evening):
        if game_id in playing:
            store.mark(game_id, "abandoned", "a new evening was started")
            print(
                f"narrator play: game {game_id} was unfinished; marked abandoned "
                f"(`narrator resume {game_id}` continues it)",
                file=sys.stderr,
            )
    store.close_evening(evening)
    print(f"narrator play: the evening {evening} is closed; a new evening starts", flush=True)


def open_store(path: Path | None, command: str) -> Store:
    """The store at `path`; a damaged one is set aside (one line says which file and what is
    wrong) and a new one is started in its place."""
    try:
        return Store(path)
    except DamagedStore as error:
        aside = set_aside(error.path, error.problem)
        print(
            f"narrator {command}: {error}; kept aside as {aside} (`narrator games` lists it), "
            "a new store is started",
            file=sys.stderr,
            flush=True,
        )
        return Store(path)


def resumable(store: Store, game_id: str) -> tuple[StoredGame, RecordedGame]:
    """The stored game and the game rebuilt from its log, ready to go on; `DamagedGame` when
    its rows cannot be read back, its settings are not valid, or the rules refuse its log."""
    stored = store.load(game_id)
    try:
        PlayConfig.model_validate(settings_of(stored.config, None))
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the settings"
        raise DamagedGame(game_id, f"its settings are not valid: {where}: {first['msg']}") from None
    game = stored.rebuild(RecordedGame(stored.setup, stored.rules))
    assert isinstance(game, RecordedGame)
    return stored, game


def set_damaged(store: Store, error: DamagedGame, command: str) -> None:
    """Keep the game in the store as damaged, and say so in one line."""
    store.mark(error.game_id, "damaged", error.problem)
    print(
        f"narrator {command}: {error}; kept in the store as damaged (`narrator games`), a new game starts",
        file=sys.stderr,
        flush=True,
    )


def settings_of(config: dict[str, Any], args: argparse.Namespace | None) -> dict[str, Any]:
    """A stored game's settings (`config`) as `PlayConfig` takes them: without what the store
    alone keeps (a demo's marks), with the store, port, listening and satellite of this run's
    command line (`args`; None: no run, the settings alone)."""
    settings = {k: v for k, v in config.items() if k not in ("demo", "evening_games")}
    settings["store"] = None
    if args is not None:
        settings["store"] = args.store
        if getattr(args, "port", None) is not None:
            settings["port"] = args.port
        if getattr(args, "no_listen", False):
            settings["listen"] = False
        if getattr(args, "satellite", None) is not None:
            settings["satellite"] = args.satellite
    return settings


def abandon_unfinished(store: Store, command: str) -> None:
    """A new game at the table leaves the unfinished ones abandoned, each said in one line."""
    for row in store.games():
        if row["status"] == "playing":
            store.mark(row["id"], "abandoned", "a new game was started")
            print(
                f"narrator {command}: game {row['id']} ({row['decisions']} decisions) was unfinished; "
                f"marked abandoned (`narrator resume {row['id']}` continues it)",
                file=sys.stderr,
            )
