"""`narrator replay FILE [--json]`: replay a game record through the rules engine."""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

import engine.record as record_format
from engine.record import RecordError, parse_record, replay, summary
from engine.rules import Rules
from engine.setup import Setup

EXIT_OK, EXIT_INVALID, EXIT_ILLEGAL = 0, 2, 3
# A record's tables, as a person writes them.
TABLES = {"setup": "[setup]", "rules": "[rules]", "night": "[[night]]", "day": "[[day]]"}
# What each key of [setup] holds, for an error that names one.
SETUP_KEYS = {
    "seats": "how many players: seats = 9",
    "roles": 'the card of each seat, in seat order: roles = ["werewolf", "seer", …]',
}


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
        print(f"narrator replay: {args.file}: {explain(str(error), text)}", file=sys.stderr)
        return EXIT_INVALID
    result = replay(record)
    out = summary(result)
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(describe(out))
    return EXIT_ILLEGAL if result.error else EXIT_OK


def explain(message: str, text: str) -> str:
    """The record's error `message`, with the names a person needs to fix `text`: where a
    key at the top belongs, and which required key of [setup] is missing."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return message
    if message.startswith("unknown table(s):"):
        names = sorted(set(data) - set(TABLES))
        where = [f"'{name}' belongs in {_home(name)}" for name in names if _home(name)]
        return (
            f"unknown key(s) at the top of the record: {', '.join(names)} "
            f"(a record holds only {', '.join(TABLES.values())}){'; ' if where else ''}{'; '.join(where)}"
        )
    setup = data.get("setup")
    if message.startswith("[setup]") and "Field required" in message and isinstance(setup, dict):
        missing = [
            name for name, field in Setup.model_fields.items() if field.is_required() and name not in setup
        ]
        if missing:
            needed = ", ".join(f"'{name}' ({SETUP_KEYS.get(name, 'required')})" for name in missing)
            return f"[setup]: missing {needed}"
    return message


def _home(name: str) -> str | None:
    """The table a misplaced top-level key belongs in, if it is one the record knows."""
    if name in Setup.model_fields:
        return "[setup]"
    if name in Rules.model_fields:
        return "[rules]"
    if name in getattr(record_format, "NIGHT_KEYS", ()) + getattr(record_format, "CARD_NIGHT_KEYS", ()):
        return "a [[night]] table"
    if name in getattr(record_format, "DAY_KEYS", ()) + getattr(record_format, "CARD_DAY_KEYS", ()):
        return "a [[day]] table"
    return None


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
    lines.append(f"alive: {_seats(out['alive'])}")
    for death in out["deaths"]:  # type: ignore[attr-defined]
        lines.append(f"  seat {death['seat']} died in {death['phase']} ({death['cause']})")
    extras = [
        f"sheriff: seat {out['sheriff']}" if out.get("sheriff") else "no sheriff",
        *([f"lovers: {_seats(out['lovers'])}"] if out.get("lovers") else []),
        *([f"charmed: {_seats(out['charmed'])}"] if out.get("charmed") else []),
    ]
    lines.append("  ".join(extras))
    return "\n".join(lines)


def _seats(seats: object) -> str:
    """A list of seats as a person writes it: "1, 4, 7" (none: "nobody")."""
    return (
        ", ".join(str(seat) for seat in seats) or "nobody" if isinstance(seats, list | tuple) else str(seats)
    )
