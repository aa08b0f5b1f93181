"""A board as a table reads it: its name and cards in the table's language, and the boards and
bare seat counts the host's phone offers."""

from __future__ import annotations

from typing import Any

from engine.boards import BOARDS, Board
from engine.setup import SUGGESTED_004, suggested_roles
from narrator.phones.catalogue import Locale, has, text

SEPARATOR: dict[str, str] = {"zh-CN": "、", "zh-TW": "、", "en": ", "}


def board_title(board: Board, locale: Locale) -> str:
    """The board's name in `locale` (its other Chinese names in brackets)."""
    if locale == "en":
        return board.english
    names = board.traditional if locale == "zh-TW" else board.names
    return f"{names[0]}（{' '.join(names[1:])}）" if names[1:] else names[0]


def card_name(role: str, locale: Locale) -> str:
    """A card's name in `locale`; the role id for a role the catalogues do not hold yet."""
    return text(locale, f"roles.{role}") if has(locale, f"roles.{role}") else role


def board_cards(board: Board, locale: Locale) -> str:
    """The board's cards in `locale`: "狼人×4、预言家、…、普通村民×4", and how many of them lie
    face down ("（两张底牌）")."""
    cards = SEPARATOR[locale].join(
        card_name(role, locale) + (f"×{count}" if count > 1 else "") for role, count in board.cards
    )
    if board.face_down is None:
        return cards
    return cards + text(locale, "ui.face_down", count=board.face_down.count)


def offered_boards(seats: int | None, locale: Locale) -> list[dict[str, Any]]:
    """The boards of `seats` seats (None: every board) as the host's phone lists them, in
    `locale`."""
    return [
        {
            "id": board.id,
            "title": board_title(board, locale),
            "cards": board_cards(board, locale),
            "seats": board.seats,
            "playable": board.playable,
        }
        for board in BOARDS
        if seats is None or board.seats == seats
    ]


SEAT_COUNTS = tuple(sorted(SUGGESTED_004))  # the counts the judge has default cards for


def default_cards(seats: int, locale: Locale) -> str:
    """The judge's default cards for `seats` seats (`narrator play --seats N`) in `locale`."""
    roles = suggested_roles(seats)
    counted = {role: roles.count(role) for role in dict.fromkeys(roles)}
    return SEPARATOR[locale].join(
        card_name(role.value, locale) + (f"×{count}" if count > 1 else "") for role, count in counted.items()
    )


def offered_counts(locale: Locale) -> list[dict[str, Any]]:
    """The bare seat counts the host may pick for the next game, each with the judge's
    default cards for it, in `locale`."""
    return [{"seats": seats, "cards": default_cards(seats, locale)} for seats in SEAT_COUNTS]
