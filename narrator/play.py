"""`narrator play`, `narrator demo` and `narrator resume`: a whole game with no human judge."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from narrator.moderator.config import ConfigError, PlayConfig, load_config
from narrator.moderator.recorded import RecordedGame
from narrator.moderator.session import Options, run_session
from narrator.moderator.timing import Timers
from narrator.store import Store, StoreError


def register(subparsers: Any) -> None:
    play = subparsers.add_parser("play", help="run a game: phones, voice, listening (the default)")
    play.add_argument("--config", type=Path, help="a TOML file of settings (see the README)")
    play.add_argument("--seats", type=int, help="how many players (default 9)")
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
    play.add_argument(
        "--keypad",
        nargs="?",
        const="-",
        metavar="DEVICE",
        help="take decisions from a numeric keypad too: the terminal, or a Linux "
        "input device such as /dev/input/event3",
    )
    play.add_argument(
        "--resume",
        action="store_true",
        help="continue the latest unfinished game if there is one (a box at boot)",
    )
    _common(play)
    play.set_defaults(run=run_play)

    demo = subparsers.add_parser("demo", help="a whole game with bots on every seat, narrated")
    demo.add_argument("--seats", type=int, default=9)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--preset", default="seeds")
    demo.add_argument("--locale", default="zh-CN")
    demo.add_argument("--fast", action="store_true", help="run the clock as fast as it can")
    demo.add_argument("--roles", help="the cards, comma-separated (default: the seeds' setup)")
    demo.add_argument(
        "--events",
        choices=("off", "peaceful_nights", "every_morning"),
        help="New Moon event cards: off (default), after a peaceful night, or every morning",
    )
    demo.add_argument("--record", type=Path, help="write the game record here")
    demo.add_argument(
        "--self-destruct",
        type=float,
        default=0.0,
        help="chance a werewolf bot self-destructs when it may (default 0)",
    )
    _common(demo)
    demo.set_defaults(run=run_demo)

    resume = subparsers.add_parser("resume", help="continue a game after a crash or a pulled plug")
    resume.add_argument("game", nargs="?", help="the game id (default: the latest unfinished)")
    resume.add_argument("--bots", action="store_true", help="the seats are bots (a demo game)")
    resume.add_argument("--fast", action="store_true", help="run the clock as fast as it can")
    resume.add_argument("--record", type=Path, help="write the game record here")
    _common(resume)
    resume.set_defaults(run=run_resume)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", type=Path, help="the SQLite store (default: the user's data dir)")
    parser.add_argument("--out", type=Path, help="also write every spoken line as a numbered WAV")
    parser.add_argument("--silent", action="store_true", help="no sound: print the lines")
    parser.add_argument("--json", action="store_true", help="print the outcome as JSON at the end")


def _finish(result: dict[str, Any], as_json: bool) -> int:
    if as_json:
        print(json.dumps({k: result[k] for k in ("winner", "ended", "cards", "lovers")}, ensure_ascii=False))
    else:
        print(f"winner: {result['winner']} ({result['ended']})")
    return 0


def run_play(args: argparse.Namespace) -> int:
    try:
        config = load_config(
            args.config,
            seats=args.seats,
            preset=args.preset,
            locale=args.locale,
            port=args.port,
            voice=args.voice,
            seed=args.seed,
            listen=False if args.no_listen else None,
            store=args.store,
        )
    except ConfigError as error:
        print(f"narrator play: {error}", file=sys.stderr)
        return 2
    store = Store(config.store)
    if args.resume and store.latest_unfinished() is not None:
        return run_resume(
            argparse.Namespace(
                game=None,
                bots=False,
                fast=False,
                record=None,
                store=config.store,
                out=args.out,
                silent=args.silent,
                json=args.json,
            )
        )
    setup, rules = config.table()
    game_id = store.create(setup, rules, config.model_dump(mode="json"))
    game = RecordedGame(setup, rules).record_to(store, game_id)
    print(f"game {game_id} (store {store.path})")
    options = Options(silent=args.silent, out=args.out, keypad=args.keypad)
    result = asyncio.run(run_session(game, config, store, options, seed=config.seed or 0))
    return _finish(result, args.json)


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
            warning=2,
            peek=5,
            reminder=5,
        )
    )
    setup = [r.strip() for r in args.roles.split(",")] if args.roles else "auto"
    seats = len(setup) if args.roles else args.seats
    rules = {"events": args.events} if args.events else {}
    return PlayConfig(
        seats=seats,
        setup=setup,
        preset=args.preset,
        locale=args.locale,
        seed=args.seed,
        listen=False,
        store=args.store,
        timers=timers,
        rules=rules,
    )


def run_demo(args: argparse.Namespace) -> int:
    try:
        config = demo_config(args)
        setup, rules = config.table()
    except (ValueError, ConfigError) as error:
        print(f"narrator demo: {error}", file=sys.stderr)
        return 2
    store = Store(config.store)
    game_id = store.create(setup, rules, {**config.model_dump(mode="json"), "demo": True})
    game = RecordedGame(setup, rules).record_to(store, game_id)
    print(f"game {game_id} (store {store.path})", flush=True)
    options = Options(
        bots=True,
        fast=args.fast,
        silent=args.silent,
        out=args.out,
        record=args.record,
        self_destruct=args.self_destruct,
        printed=True if args.silent or args.fast else None,
    )
    result = asyncio.run(run_session(game, config, store, options, seed=args.seed))
    return _finish(result, args.json)


def run_resume(args: argparse.Namespace) -> int:
    store = Store(args.store)
    game_id = args.game or store.latest_unfinished()
    if game_id is None:
        print("narrator resume: no unfinished game in the store", file=sys.stderr)
        return 1
    try:
        stored = store.load(game_id)
    except StoreError as error:
        print(f"narrator resume: {error}", file=sys.stderr)
        return 1
    if stored.status != "playing":
        print(f"narrator resume: game {game_id} is {stored.status}", file=sys.stderr)
        return 1
    config = PlayConfig.model_validate(
        {**{k: v for k, v in stored.config.items() if k != "demo"}, "store": args.store}
    )
    game = RecordedGame.replay(stored.setup, stored.rules, stored.decisions)
    assert isinstance(game, RecordedGame)
    game.record_to(store, game_id)
    bots = args.bots or bool(stored.config.get("demo"))
    print(f"resuming game {game_id} at {game.phase} ({len(stored.decisions)} decisions)", flush=True)
    options = Options(
        bots=bots,
        fast=args.fast,
        silent=args.silent,
        out=args.out,
        record=args.record,
        printed=True if args.silent or args.fast else None,
    )
    result = asyncio.run(run_session(game, config, store, options, seed=config.seed or 0, resumed=True))
    return _finish(result, args.json)
