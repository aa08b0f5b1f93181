"""The elder (长老): dealt two lives, he survives the werewolves' first bite; killed by the
village (voted out, poisoned, shot by the hunter) he takes every village power with him
(the elder's curse), and a revealed idiot dies of it."""

from __future__ import annotations

from engine.deaths import add_consequence
from engine.roles import Role, declare
from engine.state import State

CURSES_ON = frozenset({"poison", "hunter", "vote"})
"""The causes of death by which the village kills him."""


def _curse(state: State, seat: int, cause: str) -> list[tuple[int, str]]:
    if state.player(seat).card != Role.ELDER or cause not in CURSES_ON or state.cursed:
        return []
    state.cursed = True
    return [(p.seat, "elder_curse") for p in state.players if p.alive and p.revealed_idiot]


ROLE = declare(Role.ELDER, lives=2)
add_consequence(ROLE, _curse, rank=2, of_card=True)  # a servant taking his card stops it
