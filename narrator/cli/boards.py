"""`narrator boards`, and the `--board` option of play, demo, rehearse and phones."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.boards import BOARDS, Board, BoardError, find_board
from narrator.phones.boards import board_cards, board_title
from narrator.phones.catalogue import LOCALES, Locale

BOARD_HELP = "a board (板子) by id or Chinese name: its cards, seats and rules (`narrator boards`)"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "boards",
        help="the boards (板子) a table may play, with their cards",
        description="Every board of the club rules, its seats and its cards; "
        "`narrator play --board ID` (or any of its Chinese names) plays one.",
    )
    parser.add_argument("--locale", choices=LOCALES, default="zh-CN", help="the cards' language")
    parser.add_argument("--json", action="store_true", help="print the boards as JSON")
    parser.set_defaults(run=run)


def board_for(name: str | None, seats: int | None) -> Board | None:
    """The board named on a command line (None: none was), playable and with `seats` seats
    when a seat count was given too; BoardError saying what is wrong and how to see the list."""
    if name is None:
        return None
    board = find_board(name)
    board.roles()  # BoardError naming the roles the engine lacks
    if seats is not None and seats != board.seats:
        raise BoardError(
            f"board {board.id!r} ({board.name}) is for {board.seats} seats, not {seats} "
            "(leave the seats out: the board sets them)"
        )
    return board


def refused(command: str, error: BoardError) -> int:
    """Say why a board was refused, and how to list them; the exit status."""
    print(f"narrator {command}: {error}", file=sys.stderr)
    print("`narrator boards` lists every board with its cards.", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    locale: Locale = args.locale
    if args.json:
        print(json.dumps([_as_json(board) for board in BOARDS], ensure_ascii=False))
        return 0
    for board in BOARDS:
        missing = board.missing_roles()
        note = f"  (not playable yet: the engine has no {', '.join(missing)})" if missing else ""
        print(f"{board.id:<27} {board.seats:>2}  {board_title(board, locale)}")
        print(f"{'':<31}{board_cards(board, locale)}{note}")
    print(
        "\nnarrator play --board ID (or a name above): its cards, seats and rules"
        " (chinese-club; the characters-* boards: RULES.md's)."
    )
    return 0


def _as_json(board: Board) -> dict[str, Any]:
    return {
        "id": board.id,
        "names": list(board.names),
        "traditional": list(board.traditional),
        "english": board.english,
        "seats": board.seats,
        "cards": dict(board.cards),
        "face_down": board.face_down.count if board.face_down else 0,
        "playable": board.playable,
        "missing": list(board.missing_roles()),
    }
