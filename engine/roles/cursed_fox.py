"""The cursed fox (咒狐, RULES-CLUB-MORE.md): a third party alone, with no step, whom the wolves
cannot kill and the seer's check does; he wins instead of a side that wins while he lives.

Rule 1: the werewolves' kill does nothing to him: the wolves may name him, the witch is told him
        as the victim, and an antidote on him is spent for nothing.
Rule 2: poison does nothing to him with `cursed_fox_poison = "immune"` (the potion is spent); with
        `"dies"` it kills him as anyone.
Rule 3: checked by the seer (where the check lands), he dies at that dawn of cause `check`,
        before the poison and the wolves in precedence, announced with the other night deaths;
        the seer is told "good". The vote, a shot and a duel kill him as anyone.
Rule 4: when a side's condition is met in a moment that began with him alive (his own death in
        it included), the cursed fox wins instead (`cursed_fox`). He is neither 神, 民 nor
        wolf-team, and blocks nobody.
"""

from __future__ import annotations

from engine.deaths import add_instead, add_side
from engine.night import add_dawn, add_spared, lands_on, spared
from engine.outcome import Winner, WinReason
from engine.roles import Role, declare
from engine.state import Death, State

ROLE = declare(Role.CURSED_FOX)

CHECK = "check"
"""The cause of a death by a check (RULES-CLUB-MORE.md's `check`)."""
SIDE = "cursed_fox"
"""His side (`engine.outcome.WINNING_SIDE`)."""


def _is_fox(state: State, seat: int) -> bool:
    return state.player(seat).card == Role.CURSED_FOX


def _spared(state: State, seat: int, cause: str) -> bool:
    """Rules 1 and 2."""
    if not _is_fox(state, seat):
        return False
    return cause == "werewolves" or (cause == "poison" and state.rules.cursed_fox_poison == "immune")


def _checked(state: State, deaths: dict[int, str]) -> None:
    """Rule 3: a fox the seer checked tonight dies of `check`, whatever else would kill him."""
    for night, target, _ in state.seer_results:
        seat = lands_on(state, target)
        if (
            night == state.night
            and _is_fox(state, seat)
            and state.is_alive(seat)
            and not spared(state, seat, CHECK)
        ):
            deaths[seat] = CHECK


def _instead(
    state: State, found: tuple[Winner, WinReason], moment: list[Death]
) -> tuple[Winner, WinReason] | None:
    """Rule 4."""
    if found[0] not in (Winner.VILLAGERS, Winner.WEREWOLVES):
        return None
    died = {death.seat for death in moment}
    foxes = state.seats_with(Role.CURSED_FOX)
    if any(state.is_alive(seat) or seat in died for seat in foxes):
        return Winner.CURSED_FOX, WinReason.CURSED_FOX_ALIVE
    return None


def _side(state: State, seat: int) -> str | None:
    return SIDE if _is_fox(state, seat) else None


add_spared(ROLE, _spared)
add_dawn(ROLE, 4.1, _checked)
add_instead(ROLE, _instead)
add_side(ROLE, _side)
