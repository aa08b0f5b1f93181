"""`narrator play`, `narrator demo` and `narrator resume`: a whole game with no human judge."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.boards import BoardError
from engine.setup import SetupError
from narrator.boards import BOARD_HELP, board_for, refused
from narrator.moderator.config import ConfigError, PlayConfig, load_config, setup_hint
from narrator.preflight import missing_voice
from narrator.recorded import RecordedGame
from narrator.store import (
    DamagedGame,
    DamagedStore,
    Store,
    StoredGame,
    StoreError,
    demo_store,
    set_aside,
)
from narrator.timing import Timers


def register(subparsers: Any) -> None:
    play = subparsers.add_parser("play", help="run a game: phones, voice, listening (the default)")
    play.add_argument("--config", type=Path, help="a TOML file of settings (see the README)")
    play.add_argument("--seats", type=int, help="how many players (default 9)")
    cards = play.add_mutually_exclusive_group()
    cards.add_argument(
        "--setup",
        metavar="CARDS",
        help="the cards, one per seat, comma-separated (default: the suggested cards for the seats)",
    )
    cards.add_argument("--board", help=BOARD_HELP)
    play.add_argument("--preset", help="rule preset: seeds (default) or chinese-club")
    play.add_argument("--locale", help="zh-CN (default), zh-TW or en")
    play.add_argument("--port", type=int, help="the phones' port (default 8000)")
    play.add_argument("--seed", type=int, help="seed for dealing the cards")
    play.add_argument(
        "--voice",
        choices=("espeak", "neural"),
        help="the judge's voice: espeak (default) or neural (Mandarin, once installed)",
    )
    play.add_argument("--no-listen", action="store_true", help="buttons only, no microphone")
    _satellite_option(play)
    play.add_argument(
        "--keypad",
        nargs="?",
        const="-",
        metavar="DEVICE",
        help="take decisions from a numeric keypad too: the terminal, or a Linux "
        "input device such as /dev/input/event3",
    )
    play.add_argument(
        "--screen",
        action="store_true",
        help="open the public screen (公屏) in this computer's browser, for the table to see",
    )
    evening = play.add_mutually_exclusive_group()
    evening.add_argument(
        "--resume",
        action="store_true",
        help="continue the latest unfinished game if there is one (a box at boot); a plain "
        "`narrator play` resumes the game the evening still open was playing, too",
    )
    evening.add_argument(
        "--new-evening",
        action="store_true",
        help="start a new evening even if one is still open (its unfinished game is marked "
        "abandoned); without it a crash's unfinished game resumes and the evening goes on",
    )
    play.add_argument(
        "--fast",
        action="store_true",
        help="run the clock as fast as it can (rehearsals and tests: the phones must answer at once)",
    )
    _common(play)
    play.set_defaults(run=run_play)

    demo = subparsers.add_parser("demo", help="a whole game with bots on every seat, narrated")
    demo.add_argument("--seats", type=int, help="how many players (default 9)")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--preset", help="rule preset: seeds (default) or chinese-club")
    demo.add_argument("--locale", default="zh-CN")
    demo.add_argument("--fast", action="store_true", help="run the clock as fast as it can")
    cards = demo.add_mutually_exclusive_group()
    cards.add_argument("--board", help=BOARD_HELP)
    cards.add_argument(
        "--setup",
        "--roles",
        dest="roles",
        metavar="CARDS",
        help="the cards, one per seat, comma-separated (default: the suggested cards for the seats)",
    )
    demo.add_argument(
        "--events",
        choices=("off", "peaceful_nights", "every_morning"),
        help="New Moon event cards: off (default), after a peaceful night, or every morning",
    )
    demo.add_argument(
        "--games",
        type=int,
        help="an evening of this many games at one table (the bots stay seated); "
        "the evening's scores are printed, the last line as JSON",
    )
    demo.add_argument("--record", type=Path, help="write the game record here")
    _satellite_option(demo)
    demo.add_argument(
        "--self-destruct",
        type=float,
        default=0.0,
        help="chance a bot takes an offered day action (a self-destruct, a duel, a blow; default 0)",
    )
    _common(demo)
    demo.set_defaults(run=run_demo)

    resume = subparsers.add_parser("resume", help="continue a game after a crash or a pulled plug")
    resume.add_argument("game", nargs="?", help="the game id (default: the latest unfinished)")
    resume.add_argument("--bots", action="store_true", help="the seats are bots (a demo game)")
    resume.add_argument("--fast", action="store_true", help="run the clock as fast as it can")
    resume.add_argument("--record", type=Path, help="write the game record here")
    resume.add_argument("--demo", action="store_true", help="a game from the demo games' store")
    resume.add_argument("--port", type=int, help="the phones' port (default: the game's own)")
    resume.add_argument("--no-listen", action="store_true", help="buttons only, no microphone")
    _satellite_option(resume)
    _common(resume)
    resume.set_defaults(run=run_resume)


def _satellite_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--satellite",
        metavar="esphome://HOST|tcp://HOST:PORT",
        help="speak through an ESPHome voice device (esphome://HOST: a Home Assistant Voice Preview "
        "Edition, a Pi running Linux Voice Assistant) or a Wyoming satellite (tcp://HOST:PORT, "
        "which listens too); `narrator devices` lists those on the LAN",
    )


def _bad_satellite(args: argparse.Namespace, command: str) -> bool:
    """`--satellite` that is not an address: said in one line (True)."""
    from narrator.satellite.address import BadAddress, SatelliteAddress

    if getattr(args, "satellite", None) is None:
        return False
    try:
        SatelliteAddress.parse(args.satellite)
    except BadAddress as error:
        print(f"narrator {command}: {error}", file=sys.stderr)
        return True
    return False


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", type=Path, help="the SQLite store (default: the user's data dir)")
    parser.add_argument("--out", type=Path, help="also write every spoken line as a numbered WAV")
    parser.add_argument("--silent", action="store_true", help="no sound: print the lines")
    parser.add_argument("--json", action="store_true", help="print the outcome as JSON at the end")


def _finish(result: dict[str, Any], as_json: bool, scores_last: bool = False) -> int:
    """The last game's outcome (JSON with `as_json`); with `scores_last` the evening's scores
    as one JSON object on the last line."""
    if as_json:
        print(json.dumps({k: result[k] for k in ("winner", "ended", "cards", "lovers")}, ensure_ascii=False))
    elif result["winner"]:
        print(f"winner: {result['winner']} ({result['ended']})")
    else:
        print("the game was ended before anyone won")
    if scores_last and result.get("evening") is not None:
        print(json.dumps(result["evening"], ensure_ascii=False), flush=True)
    return 0


def run_play(args: argparse.Namespace) -> int:
    cards = [card.strip() for card in args.setup.split(",")] if args.setup else None
    try:
        board = board_for(args.board, args.seats)
    except BoardError as error:
        return refused("play", error)
    try:
        config = load_config(
            args.config,
            seats=board.seats if board else len(cards) if cards and args.seats is None else args.seats,
            setup=cards,
            board=board.id if board else None,
            preset=args.preset,
            locale=args.locale,
            port=args.port,
            voice=args.voice,
            seed=args.seed,
            listen=False if args.no_listen else None,
            store=args.store,
            satellite=args.satellite,
        )
    except ConfigError as error:
        print(f"narrator play: {error}", file=sys.stderr)
        return 2
    store = open_store(config.store, "play")
    if args.new_evening:
        _close_open_evening(store)
    unfinished = store.latest_unfinished if args.resume else partial(_cut_off, store)
    while (game_id := unfinished()) is not None:
        try:
            stored, game = resumable(store, game_id)
        except DamagedGame as error:
            set_damaged(store, error, "play")
            continue
        if not args.resume:
            _say_the_evening_goes_on(store, stored, args)
        return _resume(stored, game, store, args, bots=bool(stored.config.get("demo")))
    options = dict(silent=args.silent, out=args.out, keypad=args.keypad, screen=args.screen, fast=args.fast)
    return _new_game(config, store, options, args)


# The options a resumed game does not take: it keeps the settings it was begun with.
GAME_OPTIONS = ("config", "seats", "setup", "board", "preset", "seed", "locale", "voice")


def _cut_off(store: Store) -> str | None:
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


def _say_the_evening_goes_on(store: Store, stored: StoredGame, args: argparse.Namespace) -> None:
    """One line: the evening goes on with the game that was cut off, and how not to."""
    given = [f"--{name}" for name in GAME_OPTIONS if getattr(args, name, None) is not None]
    kept = f" ({' '.join(given)} not used: the game keeps its own settings)" if given else ""
    print(
        f"narrator play: the evening {store.evening_of(stored.id)} was cut off in game {stored.id} "
        f"(a crash or a pulled plug): it resumes where it was and the evening goes on{kept}; "
        "`narrator play --new-evening` starts a new evening instead",
        flush=True,
    )


def _close_open_evening(store: Store) -> None:
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


def demo_config(args: argparse.Namespace) -> PlayConfig:
    timers = (
        Timers()
        if args.fast
        else Timers(
            decision=20,
            vote=20,
            night_step=3,
            meeting=3,
            speech=5,
            last_speech=5,
            last_words=5,
            self_destruct_last_words=5,
            warning=2,
            peek=5,
            reminder=5,
        )
    )
    roles = [r.strip() for r in args.roles.split(",")] if args.roles else None
    board = board_for(args.board, args.seats)
    cards: dict[str, Any] = {"seats": len(roles) if roles else args.seats or 9, "setup": roles or "auto"}
    if board is not None:
        cards = {"board": board.id}
    if args.preset is not None:
        cards["preset"] = args.preset
    rules = {"events": args.events} if args.events else {}
    return PlayConfig(
        **cards,
        satellite=getattr(args, "satellite", None),
        locale=args.locale,
        seed=args.seed,
        listen=False,
        store=args.store,
        timers=timers,
        rules=rules,
    )


def run_demo(args: argparse.Namespace) -> int:
    if _bad_satellite(args, "demo"):
        return 2
    try:
        config = demo_config(args)
        config.table()
    except BoardError as error:
        return refused("demo", error)
    except SetupError as error:
        print(f"narrator demo: {error}{setup_hint() if not args.roles else ''}", file=sys.stderr)
        return 2
    except (ValueError, ConfigError) as error:
        print(f"narrator demo: {error}", file=sys.stderr)
        return 2
    if args.games is not None and args.games < 1:
        print("narrator demo: --games takes a number of games, 1 or more", file=sys.stderr)
        return 2
    store = open_store(demo_store(args.store), "demo")
    options = dict(
        bots=True,
        fast=args.fast,
        silent=args.silent,
        out=args.out,
        record=args.record,
        self_destruct=args.self_destruct,
        printed=True if args.silent or args.fast else None,
    )
    return _new_game(config, store, options, args, demo=True)


def run_resume(args: argparse.Namespace) -> int:
    if _bad_satellite(args, "resume"):
        return 2
    try:
        store = Store(demo_store(args.store) if args.demo or args.bots else args.store)
    except DamagedStore as error:  # nothing in it can be resumed: one line says so
        aside = set_aside(error.path, error.problem)
        print(
            f"narrator resume: {error}; kept aside as {aside} (`narrator games` lists it): no game to resume",
            file=sys.stderr,
        )
        return 1
    game_id = args.game or store.latest_unfinished()
    if game_id is None:
        print(f"narrator resume: no unfinished game in {store.path}", file=sys.stderr)
        return 1
    try:
        stored, game = resumable(store, game_id)
    except DamagedGame as error:
        set_damaged(store, error, "resume")
        config = load_config(None, store=store.path, port=args.port, listen=False if args.no_listen else None)
        demo = args.bots or args.demo
        options = dict(bots=demo, fast=args.fast, silent=args.silent, out=args.out, record=args.record)
        return _new_game(config, store, options, args, demo=demo)
    except StoreError as error:
        print(f"narrator resume: {error}", file=sys.stderr)
        return 1
    if stored.status not in ("playing", "abandoned"):
        print(f"narrator resume: game {game_id} is {stored.status}, not unfinished", file=sys.stderr)
        return 1
    return _resume(stored, game, store, args, bots=args.bots or bool(stored.config.get("demo")))


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
        PlayConfig.model_validate(_settings(stored.config, None))
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


def _settings(config: dict[str, Any], args: argparse.Namespace | None) -> dict[str, Any]:
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


def _new_game(
    config: PlayConfig, store: Store, options: dict[str, Any], args: argparse.Namespace, demo: bool = False
) -> int:
    """A new game: a demo's in an evening of its own (of `--games` games); at a real table in
    the evening still open (the table is still sitting after a crash), else a new evening."""
    from narrator.moderator.evening import Evening

    command = "demo" if demo else "play"
    if not demo:
        _abandon_unfinished(store, command)
    games = getattr(args, "games", None) if demo else None
    evening = Evening((None if demo else store.open_evening_id()) or store.open_evening(), games)
    setup, rules = config.table()
    settings = config.model_dump(mode="json")
    if demo:
        settings |= {"demo": True, "evening_games": games}
    game_id = store.create(setup, rules, settings, evening=evening.id)
    game = RecordedGame(setup, rules).record_to(store, game_id)
    print(f"game {game_id} (store {store.path}), evening {evening.id}", flush=True)
    return _run(game, config, store, options, args, seed=config.seed or 0, evening=evening)


def _resume(
    stored: StoredGame, game: RecordedGame, store: Store, args: argparse.Namespace, bots: bool
) -> int:
    config = PlayConfig.model_validate(_settings(stored.config, args))
    if stored.status != "playing":
        store.mark(stored.id, "playing", None)
    game.record_to(store, stored.id)
    began = time.strftime("%Y-%m-%d %H:%M", time.localtime(stored.created))
    last = time.strftime("%H:%M", time.localtime(stored.updated))
    print(
        f"resuming game {stored.id} ({stored.status}, begun {began}, {stored.setup.seats} seats) "
        f"at {game.phase} after {len(stored.decisions)} decisions (last stored at {last})",
        flush=True,
    )
    from narrator.moderator.evening import Evening

    evening = Evening(store.evening_of(stored.id), stored.config.get("evening_games"))
    options = dict(
        bots=bots,
        fast=getattr(args, "fast", False),
        silent=args.silent,
        out=args.out,
        record=getattr(args, "record", None),
        printed=True if args.silent or getattr(args, "fast", False) else None,
        keypad=getattr(args, "keypad", None),
        screen=getattr(args, "screen", False),
    )
    return _run(game, config, store, options, args, seed=config.seed or 0, resumed=True, evening=evening)


def _run(
    game: RecordedGame,
    config: PlayConfig,
    store: Store,
    options: dict[str, Any],
    args: argparse.Namespace,
    *,
    seed: int,
    resumed: bool = False,
    evening: Any = None,
) -> int:
    """Play the game to its end (and the evening's next ones at the same table); Ctrl-C
    marks it abandoned (`narrator resume GAME` still
    continues it, a plain `narrator resume` does not pick it up)."""
    if (missing := missing_voice()) is not None:
        print(f"narrator: {missing}", file=sys.stderr, flush=True)
        options = {**options, "voiceless": True}
    try:
        from narrator.moderator.options import Options
        from narrator.moderator.session import run_session

        session = run_session(
            game, config, store, Options(**options), seed=seed, resumed=resumed, evening=evening
        )
        result = asyncio.run(session)
    except KeyboardInterrupt:
        store.mark(game.game_id, "abandoned", "stopped with Ctrl-C")
        print(
            f"\nnarrator: game {game.game_id} stopped with Ctrl-C and marked abandoned; "
            f"`narrator resume {game.game_id}` continues it",
            file=sys.stderr,
        )
        return 130
    return _finish(result, args.json, scores_last=evening is not None and evening.games is not None)


def _abandon_unfinished(store: Store, command: str) -> None:
    """A new game at the table leaves the unfinished ones abandoned, each said in one line."""
    for row in store.games():
        if row["status"] == "playing":
            store.mark(row["id"], "abandoned", "a new game was started")
            print(
                f"narrator {command}: game {row['id']} ({row['decisions']} decisions) was unfinished; "
                f"marked abandoned (`narrator resume {row['id']}` continues it)",
                file=sys.stderr,
            )
