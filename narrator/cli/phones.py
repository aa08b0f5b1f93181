"""`narrator phones`: serve a dealt table to phones with no moderator (to try the page)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from pathlib import Path

from engine.boards import BoardError
from narrator.cli.boards import BOARD_HELP, board_for, refused
from narrator.phones.catalogue import LOCALES


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "phones",
        help="serve a dealt table to phones (no narration: each step follows the engine)",
        description="Deal the suggested cards for SEATS and serve the phone page; the steps "
        "follow the engine as fast as the phones answer. Ctrl-C stops it.",
    )
    parser.add_argument("--seats", type=int, help="8 to 18 (default 9)")
    parser.add_argument("--board", help=BOARD_HELP)
    parser.add_argument("--seed", type=int, default=None, help="seed of the deal")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (0 = any free one)")
    parser.add_argument("--locale", choices=LOCALES, default="zh-CN")
    parser.add_argument("--preset", help="rule preset (seeds, chinese-club)")
    parser.add_argument("--store", type=Path, help="write the game to this SQLite store (default: none)")
    parser.add_argument("--loop-watch", type=Path, help=argparse.SUPPRESS)  # the benches' figure
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from engine.game import Game
    from engine.rules import make_rules
    from engine.setup import deal, suggested_roles
    from narrator.phones.loopwatch import LoopWatch
    from narrator.phones.server import PhoneServer
    from narrator.phones.table import PhoneTable
    from narrator.recorded import RecordedGame
    from narrator.store import Store

    try:
        board = board_for(args.board, args.seats)
    except BoardError as error:
        return refused("phones", error)
    if board is not None and args.preset is not None:
        print("narrator phones: a board plays the chinese-club preset: leave --preset out", file=sys.stderr)
        return 2
    seats = args.seats or 9

    async def serve() -> None:
        if board is not None:
            setup, rules = board.deal(args.seed), board.rules()
        else:
            setup = deal(suggested_roles(seats), seats, args.seed)
            rules = make_rules(preset=args.preset or "seeds")
        game = Game(setup, rules)
        store = Store(args.store) if args.store is not None else None
        if store is not None:
            game = RecordedGame(setup, rules).record_to(store, store.create(setup, rules))
        server = PhoneServer(PhoneTable(game, locale=args.locale), args.host, args.port)
        await server.start()
        server.sweep_in_turns()  # the collector sweeps between callbacks (phones.sweeper)
        server.print_join()
        watch = None
        if args.loop_watch is not None:  # from now on: the game, not the server's start
            watched: Path = args.loop_watch

            def note(blocked_ms: float, late_ms: float) -> None:  # as it grows: the bench stops the box
                watched.write_text(f"{blocked_ms:.3f} {late_ms:.3f}\n")

            watch = asyncio.get_running_loop().create_task(LoopWatch(note).run())
        try:
            await server.wait_closed()
        finally:
            await server.stop()
            if watch is not None:
                watch.cancel()
            if store is not None:
                store.close()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve())
    return 0
