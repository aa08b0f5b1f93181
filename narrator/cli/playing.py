"""A game of `narrator play`, `demo` or `resume` played to its end: a new one (in its evening),
a resumed one, Ctrl-C (the game abandoned), the outcome printed."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from typing import Any

from narrator.cli.stored import abandon_unfinished, seat_again, settings_of
from narrator.moderator.config import PlayConfig
from narrator.recorded import RecordedGame
from narrator.store import Store, StoredGame
from narrator.voice.preflight import missing_voice


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


def play_new_game(
    config: PlayConfig,
    store: Store,
    options: dict[str, Any],
    args: argparse.Namespace,
    demo: bool = False,
    seated: str | None = None,
) -> int:
    """A new game: a demo's in an evening of its own (of `--games` games); at a real table in
    the evening still open (the table is still sitting after a crash), else a new evening;
    `seated`: the lobby it deals again (`narrator.cli.stored.deal_again`), whose phones keep
    their seats."""
    from narrator.moderator.evening import Evening

    command = "demo" if demo else "play"
    if not demo:
        abandon_unfinished(store, command)
    games = getattr(args, "games", None) if demo else None
    evening = Evening((None if demo else store.open_evening_id()) or store.open_evening(), games)
    setup, rules = config.table()
    settings = config.model_dump(mode="json")
    if demo:
        settings |= {"demo": True, "evening_games": games}
    game_id = store.create(setup, rules, settings, evening=evening.id)
    if seated is not None:
        seat_again(store, seated, game_id, setup.seats)
    game = RecordedGame(setup, rules).record_to(store, game_id)
    print(f"game {game_id} (store {store.path}), evening {evening.id}", flush=True)
    return _run(game, config, store, options, args, seed=config.seed or 0, evening=evening)


def play_resumed_game(
    stored: StoredGame, game: RecordedGame, store: Store, args: argparse.Namespace, bots: bool
) -> int:
    config = PlayConfig.model_validate(settings_of(stored.config, args))
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
