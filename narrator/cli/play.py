"""`narrator play`, `narrator demo` and `narrator resume`: a whole game with no human judge
(their options, and which game each plays: `narrator.cli.stored` finds it, `narrator.cli.playing`
plays it)."""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path
from typing import Any

from engine.boards import BoardError
from engine.setup import SetupError
from narrator.cli.boards import BOARD_HELP, board_for, refused
from narrator.cli.playing import play_new_game, play_resumed_game
from narrator.cli.stored import (
    close_open_evening,
    cut_off,
    deal_again,
    open_store,
    resumable,
    say_the_evening_goes_on,
    set_damaged,
)
from narrator.moderator.config import ConfigError, PlayConfig, load_config, setup_hint
from narrator.store import DamagedGame, DamagedStore, Store, StoreError, demo_store, set_aside
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
        "--stay",
        action="store_true",
        help="a box that stays up (its systemd unit): once an evening is ended (the host's "
        "结束游戏, q, or the end left on the phones), serve a new lobby from the settings "
        "as they are then, instead of exiting; Ctrl-C still stops it",
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


def run_play(args: argparse.Namespace) -> int:
    """An evening at the table; with `--stay`, once it has ended well (status 0), a new lobby
    for the next one, said aloud, until Ctrl-C or a failure (which the unit restarts)."""
    status = _play_evening(args, evening_over=False)
    while args.stay and status == 0:
        print("narrator play --stay: the evening is over; a new lobby serves the next one", flush=True)
        status = _play_evening(args, evening_over=True)
    return status


def _play_evening(args: argparse.Namespace, *, evening_over: bool) -> int:
    """The game the evening still open was playing (`--resume`: the latest unfinished one)
    resumed, or a new game from the settings (the file and options as they are now), played
    to the evening's end; `evening_over`: the last evening was just ended (`--stay`)."""
    cards = [card.strip() for card in args.setup.split(",")] if args.setup else None
    try:
        board = board_for(args.board, args.seats)
    except BoardError as error:
        return refused("play", error)
    options = dict(
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
    try:
        config = load_config(args.config, **options)
    except ConfigError as error:
        print(f"narrator play: {error}", file=sys.stderr)
        return 2
    store = open_store(config.store, "play")
    kept = store.remembered()
    if kept:  # the table the host's phone last set: the box's default, under the file and options
        try:
            config = load_config(args.config, kept=kept, **options)
        except ConfigError as error:
            print(f"narrator play: the setup the host's phone last set is not used: {error}", file=sys.stderr)
        else:
            print(
                "narrator play: the table as the host's phone last set it (the settings file and "
                "options on top)",
                flush=True,
            )
    try:
        return _play_in(store, config, args, evening_over)
    finally:
        store.close()  # a box that stays up opens it again for the next evening


def _play_in(store: Store, config: PlayConfig, args: argparse.Namespace, evening_over: bool) -> int:
    """`_play_evening` once the settings are read and the store is open."""
    if args.new_evening:
        close_open_evening(store)
    unfinished = store.latest_unfinished if args.resume else partial(cut_off, store)
    seated = None
    while (game_id := unfinished()) is not None:
        try:
            stored, game = resumable(store, game_id)
        except DamagedGame as error:
            set_damaged(store, error, "play")
            continue
        if deal_again(store, stored, config, args):
            seated = stored.id
            break
        if not args.resume:
            say_the_evening_goes_on(store, stored, args)
        return play_resumed_game(stored, game, store, args, bots=bool(stored.config.get("demo")))
    options = dict(
        silent=args.silent,
        out=args.out,
        keypad=args.keypad,
        screen=args.screen,
        fast=args.fast,
        evening_over=evening_over,
    )
    return play_new_game(config, store, options, args, seated=seated)


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
    return play_new_game(config, store, options, args, demo=True)


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
        return play_new_game(config, store, options, args, demo=demo)
    except StoreError as error:
        print(f"narrator resume: {error}", file=sys.stderr)
        return 1
    if stored.status not in ("playing", "abandoned"):
        print(f"narrator resume: game {game_id} is {stored.status}, not unfinished", file=sys.stderr)
        return 1
    return play_resumed_game(stored, game, store, args, bots=args.bots or bool(stored.config.get("demo")))
