"""A card held fresh by a new holder (the devoted servant's swap): each card's module says what
its new holder gets back (the witch's potions, the guard's repeat ban lifted, a used power)."""

from __future__ import annotations

from collections.abc import Callable

from engine.contents import Contents
from engine.role import Role
from engine.rolehooks import RoleHooks
from engine.state import State

Fresh = Callable[[State, Role], None]
FRESH: RoleHooks[Fresh] = RoleHooks("fresh")
"""`fresh(state, card)`: `card` has a new holder; the module of that card forgets what its
last holder used (it does nothing for another card)."""


def add_fresh(to: Contents, card: Role, *keys: str) -> None:
    """`card`'s new holder starts without the `state.memory` entries under `keys`."""

    def fresh(state: State, given: Role) -> None:
        if given == card:
            for key in keys:
                state.memory.pop(key, None)

    FRESH.add(to, fresh)


SINCE = "fresh.since"
"""`state.memory`: seat → the night (or the day after it) a seat last got a card fresh."""


def hold_fresh(state: State, seat: int, card: Role) -> None:
    """`seat` now holds `card` fresh: its lives as dealt, every used power back."""
    state.memory[SINCE] = {**state.memory.get(SINCE, {}), seat: state.night}
    state.player(seat).card = card
    state.player(seat).lives = state.catalogue.lives.get(card, 1)
    for fresh in FRESH.of(state):
        fresh(state, card)


def first_night_for(state: State, seat: int) -> bool:
    """Whether tonight is the first night `seat` can act with its card (RULES-CHARACTERS.md):
    night 1, or the night after the day it got the card fresh, or the very night (an actor's)."""
    return state.night == 1 or state.memory.get(SINCE, {}).get(seat, -1) >= state.night - 1
