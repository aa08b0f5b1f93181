"""The evening's scores as the box's terminal prints them, and as JSON."""

from __future__ import annotations

import unicodedata
from typing import Any

from narrator.evening.ledger import Ledger
from narrator.evening.scores import CAMPS
from narrator.phones.boards import card_name
from narrator.phones.catalogue import Locale, text


def as_json(ledger: Ledger, **about: Any) -> dict[str, Any]:
    """`{..about, "games": N, "players": [...], "unreadable": [...]}`: one object."""
    return {
        **about,
        "games": ledger.games,
        "players": [score.as_json() for score in ledger.scores],
        "unreadable": ledger.unreadable,
    }


def lines(ledger: Ledger, locale: Locale, title_key: str = "evening.title") -> list[str]:
    """A table a person reads at the box: a title, a header, one row a player."""
    head = f"{text(locale, title_key)}（{text(locale, 'evening.games_played', count=ledger.games)}）"
    if not ledger.scores:
        return [head, text(locale, "evening.none")]
    columns = ["player", "games", "wins", *CAMPS, "cards"]
    rows = [[text(locale, f"evening.{c}") for c in columns]]
    for score in ledger.scores:
        cards = "、".join(
            card_name(card, locale) + (f"×{n}" if n > 1 else "") for card, n in score.cards.most_common()
        )
        rows.append(
            [
                score.name,
                str(score.games),
                str(score.wins),
                *(str(score.wins_by_camp[c]) for c in CAMPS),
                cards,
            ]
        )
    widths = [max(_width(row[i]) for row in rows) for i in range(len(columns) - 1)]
    out = [head]
    for row in rows:
        cells = [cell + " " * (widths[i] - _width(cell)) for i, cell in enumerate(row[:-1])]
        out.append("  ".join([*cells, row[-1]]).rstrip())
    return out


def _width(cell: str) -> int:
    """Columns on a terminal: a wide (CJK) character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in cell)
