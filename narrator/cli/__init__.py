"""The `narrator` command line: one module of this package per sub-command (or family of them),
each registering its own; `narrator.cli.stored` and `narrator.cli.playing` serve play, demo and
resume."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from narrator.console import print_whole_lines

# Each module has `register(subparsers)`, which adds its sub-commands with
# `set_defaults(run=function)`; `function(args)` returns the exit status.
# Modules keep heavy imports (vosk, sounddevice, pyttsx3) inside the run functions
# so that `narrator --help` and `narrator replay` start fast.
COMMAND_MODULES = (
    "narrator.cli.replay",
    "narrator.cli.games",
    "narrator.cli.rehearse",
    "narrator.cli.play",
    "narrator.cli.boards",
    "narrator.cli.listen",
    "narrator.cli.voice",
    "narrator.cli.phones",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="narrator",
        description="An automated judge for 狼人杀 / Werewolf.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def main(argv: Sequence[str] | None = None) -> int:
    print_whole_lines()  # several threads print to the box's terminal (`narrator.console`)
    parser = build_parser()
    args, extras = parser.parse_known_args(argv)
    if extras:  # said with the usage of the sub-command they were given to, not the top's
        command = _subparsers(parser).get(getattr(args, "command", None) or "", parser)
        command.error(f"unrecognized arguments: {' '.join(extras)}")
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
