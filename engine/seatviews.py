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
