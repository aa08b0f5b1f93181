"""A deck as a Chinese table reads it at a glance: its 狼 / 神 / 民 / 第三方 cards, each card's camp
from the catalogue, and where it is far from what tables play at its seat count.

Rule 1: a card's camp is the catalogue's: a wolf-team card is 狼 (`wolves`), a special village
        role 神 (`gods`), a card counted with the plain villagers 民 (`villagers`), any other a
        third party, 第三方 (`others`).
Rule 2: what tables play at a seat count is seed 004's table (`engine.setup.SUGGESTED_004`),
        which every board of RULES-CLUB.md, RULES-CLUB-MORE.md and RULES-CHARACTERS.md keeps to
        within one card per camp (docs/balance.md cites them): 9 seats 3/3/3, 12 seats 4/4/4.
Rule 3: a deck is far from it where its wolves or its gods are two or more cards off, or its
        villagers and third parties together, the cards beyond the seats (a thief's two) aside.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.catalog import usual
from engine.contents import Catalogue
from engine.role import Role
from engine.setup import SUGGESTED_004

Camp = Literal["wolves", "gods", "villagers", "others"]
CAMPS: tuple[Camp, ...] = ("wolves", "gods", "villagers", "others")
FAR = 2  # cards off the usual count that make a camp far from it (Rule 3)


def camp(role: Role, catalogue: Catalogue | None = None) -> Camp:
    """The camp a Chinese table counts `role` in (Rule 1)."""
    cards = catalogue or usual()
    if role in cards.wolf_team:
        return "wolves"
    if role in cards.gods:
        return "gods"
    return "villagers" if role in cards.plain else "others"


class BalanceNote(BaseModel):
    """A camp far from what tables play (Rule 3): `camp` has `count` cards where tables play
    `usual` at `seats` seats (`code` "many" or "few")."""

    model_config = ConfigDict(frozen=True)

    code: Literal["many", "few"]
    camp: Camp
    count: int
    usual: int
    seats: int


class Balance(BaseModel):
    """The deck's cards by camp, what tables play at its seat count (None: no usual count
    for it) and where the deck is far from it."""

    model_config = ConfigDict(frozen=True)

    seats: int
    counts: dict[Camp, int]
    usual: dict[Camp, int] | None
    notes: tuple[BalanceNote, ...]


def balance(deck: Sequence[Role], seats: int) -> Balance:
    """`deck` (every card, the face-down ones too) read for `seats` seats (Rules 1–3)."""
    counts: dict[Camp, int] = dict.fromkeys(CAMPS, 0)
    for card in deck:
        counts[camp(card)] += 1
    if seats not in SUGGESTED_004:
        return Balance(seats=seats, counts=counts, usual=None, notes=())
    wolves, gods, villagers = SUGGESTED_004[seats]
    usual_counts: dict[Camp, int] = {"wolves": wolves, "gods": gods, "villagers": villagers, "others": 0}
    beyond = max(len(deck) - seats, 0)
    read: dict[Camp, int] = {
        "wolves": counts["wolves"],
        "gods": counts["gods"],
        "villagers": counts["villagers"] + counts["others"] - beyond,
    }
    notes = tuple(
        BalanceNote(
            code="many" if count > usual_counts[name] else "few",
            camp=name,
            count=count,
            usual=usual_counts[name],
            seats=seats,
        )
        for name, count in read.items()
        if abs(count - usual_counts[name]) >= FAR
    )
    return Balance(seats=seats, counts=counts, usual=usual_counts, notes=notes)
