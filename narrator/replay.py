"""`narrator replay FILE [--json]`: replay a game record through the rules engine."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.record import RecordError, parse_record, replay, summary

EXIT_OK, EXIT_INVALID, EXIT_ILLEGAL = 0, 2, 3


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay a game record (.toml) and print its outcome",
        description="Replay a game record through the rules engine, with no audio or network.",
    )
    parser.add_argument("file", type=Path, help="the game record (.toml)")
    parser.add_argument("--json", action="store_true", help="print the outcome as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"narrator replay: cannot read {args.file}: {error}", file=sys.stderr)
        return EXIT_INVALID
    try:
        record = parse_record(text)
    except RecordError as error:
        print(f"narrator replay: {args.file}: {error}", file=sys.stderr)
        return EXIT_INVALID
    result = replay(record)
    out = summary(result)
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(describe(out))
    return EXIT_ILLEGAL if result.error else EXIT_OK


def describe(out: dict[str, object]) -> str:
    """The outcome in a few plain lines, for a person."""
    lines = []
    if out["winner"]:
        lines.append(f"winner: {out['winner']} ({out['ended']})")
    elif out.get("pending"):
        lines.append(f"the record stops; the game waits for {out['pending']}")
    error = out["error"]
    if isinstance(error, dict):
        lines.append(f"illegal decision at {error['phase']}, {error['decision']}: {error['message']}")
    lines.append(f"alive: {out['alive']}")
    for death in out["deaths"]:  # type: ignore[attr-defined]
        lines.append(f"  seat {death['seat']} died in {death['phase']} ({death['cause']})")
    lines.append(f"sheriff: {out['sheriff']}  lovers: {out['lovers']}  charmed: {out['charmed']}")
    return "\n".join(lines)
