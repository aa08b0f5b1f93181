"""A vote's verdict held by a card between the tally and the verdict (`engine.vote` Rule 7: the
sequence prince's flip after the day's first tally)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contents import Contents
from engine.rolehooks import RoleHooks
from engine.state import Pending, State, Step

Hold = Callable[[State, Pending], list[Step]]
HOLDS: RoleHooks[Hold] = RoleHooks("holds")
"""The steps a card puts between the vote `pending`'s tally and its verdict: none, or steps that
end with `engine.vote.held_verdict`; `hold(state, pending)` reads public facts only."""
HELD = "vote.held"
"""`state.memory`: the vote counted whose verdict is held (pending, decision, counted)."""


def add_hold(to: Contents, hold: Hold) -> None:
    HOLDS.add(to, hold)


def held(state: State, pending: Pending, counted: tuple[Any, ...]) -> bool:
    """Whether a card holds the verdict of the vote `pending` (`counted` kept until it is given)."""
    steps = [made for hold in HOLDS.of(state) for made in hold(state, pending)]
    if steps:
        state.memory[HELD] = counted
        state.push(*steps)
    return bool(steps)
