"""What a role's holder is shown of its own power on its seat view (the guard's last protected,
the witch's potions): each role's module adds its part, asked only when its card is in the deck."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contents import Contents
from engine.rolehooks import RoleHooks
from engine.state import State

SeatPart = Callable[[State, int], dict[str, Any]]
SEAT_PARTS: RoleHooks[SeatPart] = RoleHooks("seat_parts")


def add_seat_part(to: Contents, part: SeatPart) -> None:
    """`part(state, seat)` gives the seat view's fields for `seat` (empty when not its card)."""
    SEAT_PARTS.add(to, part)


def seat_parts(state: State, seat: int) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for part in SEAT_PARTS.of(state):
        found.update(part(state, seat))
    return found


ToldCard = Callable[[State, int], str | None]
TOLD_CARDS: RoleHooks[ToldCard] = RoleHooks("told_cards")


def add_told_card(to: Contents, told: ToldCard) -> None:
    """`told(state, seat)`: the card the holder at `seat` is told he holds, when not his own
    (the mirror seer is told "seer"); None: his card."""
    TOLD_CARDS.add(to, told)


def told_card(state: State, seat: int) -> str:
    """The card the player at `seat` is told he holds (his own unless a role's module says)."""
    for told in TOLD_CARDS.of(state):
        card = told(state, seat)
        if card is not None:
            return card
    return state.player(seat).card.value


FaceUp = Callable[[State], list[str]]
FACE_UP: RoleHooks[FaceUp] = RoleHooks("face_up")


def add_face_up(to: Contents, shown: FaceUp) -> None:
    """`shown(state)`: the cards a role leaves face up on the table, public (the actor's cards
    left), by role id."""
    FACE_UP.add(to, shown)


def face_up(state: State) -> list[str]:
    """Every card lying face up on the table, by role id (the public view's `face_up`)."""
    return [card for shown in FACE_UP.of(state) for card in shown(state)]
