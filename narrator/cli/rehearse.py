"""`narrator rehearse`: read the script of a game aloud with no input at all.

For a table that keeps a human judge and wants the box as a prompter, or for learning the
flow: night 1 with its first-night steps, a day, night 2 (`--nights`), with a pause wherever
a role acts. Nothing is decided: every step, real or not, reads and pauses the same way.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.boards import PRESET, BoardError
from engine.game import Game
from engine.record import RecordError, parse_record
from engine.rules import RuleError, Rules, find_preset, make_rules
from engine.setup import Setup, SetupError, deal, suggested_roles
from narrator.cli.boards import BOARD_HELP, board_for, refused
from narrator.moderator.cues import spoken_as

MEETINGS = frozenset({"meeting"})


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "rehearse",
        help="read the script of a game aloud, with no input",
        description=__doc__.splitlines()[0] if __doc__ else None,
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--board", help=BOARD_HELP)
    which.add_argument("--setup", type=Path, help="a game record or setup file ([setup], [rules])")
    parser.add_argument("--seats", type=int, help="the seeds' suggested setup for N seats (default 9)")
    parser.add_argument("--preset", help="rule preset (seeds, chinese-club)")
    parser.add_argument("--nights", type=int, default=2, help="how many nights to read (default 2)")
    parser.add_argument("--pause", type=float, default=5.0, help="seconds a role has to act")
    parser.add_argument("--locale", default="zh-CN", help="zh-CN (default), zh-TW or en")
    parser.add_argument("--out", type=Path, help="also write each line as a numbered WAV here")
    parser.add_argument("--device", help="output device (see `narrator devices`)")
    parser.add_argument("--seed", type=int, default=None, help="seed for dealing the cards")
    parser.add_argument("--silent", action="store_true", help="do not play; print (and --out)")
    parser.add_argument(
        "--engine",
        choices=("espeak", "neural"),
        default="espeak",
        help="the judge's voice (neural: the Mandarin neural voice, once installed)",
    )
    parser.set_defaults(run=run)


def table_for(args: argparse.Namespace) -> tuple[Setup, Rules]:
    """The setup and rules named on the command line."""
    if args.setup:
        if args.seats is not None:
            raise SetupError("--setup names the seats itself: leave --seats out")
        record = parse_record(args.setup.read_text(encoding="utf-8"))
        return record.setup, record.rules
    board = board_for(args.board, args.seats)
    if board is not None:
        if args.preset is not None and find_preset(args.preset) != PRESET:
            raise RuleError(f"a board plays the {PRESET} preset, not {args.preset!r}")
        return board.deal(args.seed), board.rules()
    seats = args.seats or 9
    return deal(suggested_roles(seats), seats, seed=args.seed), make_rules(preset=args.preset or "seeds")


def script(setup: Setup, rules: Rules, nights: int) -> list[tuple[str, dict[str, Any]]]:
    """The lines to read, in order: (key, params), with ("pause", {}) where a role acts."""
    game = Game(setup, rules)
    lines: list[tuple[str, dict[str, Any]]] = []
    seen = night = 0
    while True:
        for event in game.events[seen:]:
            if event.kind == "cue":
                key = event.data["key"]
                params = {k: v for k, v in event.data.items() if k != "key"}
                night = int(params["night"]) if key == "night.falls" else night
                lines.append((spoken_as(key, night), params))
                if key.endswith(".act"):
                    lines.append(("pause", {}))
                if key == "day.breaks" and params["day"] >= nights:
                    return lines
            elif event.kind in MEETINGS:
                lines.append(("pause", {}))
        seen = len(game.events)
        if game.over or game.pending is None:
            return lines
        game.apply(game.default())


def run(args: argparse.Namespace) -> int:
    from narrator.voice.speaker import Speaker, SpeakerOptions

    try:
        setup, rules = table_for(args)
    except BoardError as error:
        return refused("rehearse", error)
    except (OSError, RecordError, SetupError, RuleError, ValueError) as error:
        print(f"narrator rehearse: {error}", file=sys.stderr)
        return 2
    device: int | str | None = int(args.device) if args.device and args.device.isdigit() else args.device
    options = SpeakerOptions(
        locale=args.locale,
        device=device,
        play=not args.silent,
        out_dir=args.out,
        printed=True if args.silent else None,
        pace=not args.silent,
        engine=args.engine,
    )
    with Speaker(options) as judge:
        night = False
        for key, params in script(setup, rules, args.nights):
            if key == "pause":
                judge.pause(args.pause, wait=True)
                continue
            if key in ("night.falls", "day.breaks"):
                night = key == "night.falls"
                judge.night(night)
            judge.say(key, **params)
        judge.wait()
    return 0
