"""The angel (天使, RULES-CHARACTERS.md's Angel): no power and no step; dealt to a seat, he
holds a day 0 before night 1, and he wins alone if he is out at once.

Rule 1: an angel dealt to a seat holds day 0 (`engine.day`'s Rule 6): the sheriff election
        where the rules hold one, the discussion, the vote, dusk; then night 1. An angel among
        the thief's face-down cards holds none, and never wins.
Rule 2: he wins alone, the game ending at once, when he dies in day 0 or night 1 while
        powerful (the elder's curse takes his chance, a curse of his very moment too):
        `angel_wins_on = "vote_or_wolves"`, by a day-0 vote (its revote included) or a
        werewolf attack on night 1, not by a shot, the poison or grief; `"any_death"`, by any.
Rule 3: his win is checked before every other side's (the lovers', the piper's): an angel in
        love wins alone. Whoever holds the card at his death counts.
Rule 4: from day 1 he is a plain villager by his powers, and in neither group of `win =
        "side"` (neither 神 nor 民).
"""

from __future__ import annotations

from engine.day import add_day_zero
from engine.deaths import add_side, add_win, lone_winners_side
from engine.night import WEREWOLF_ATTACKS
from engine.outcome import Winner, WinReason
from engine.phase import Phase
from engine.roles import Role, declare
from engine.state import Death, State

ROLE = declare(Role.ANGEL, power_left=lambda state: not state.cursed)

ANGEL = "angel"
DAY_ZERO, NIGHT_ONE = Phase("day", 0), Phase("night", 1)


def held(state: State) -> bool:
    """Rule 1: day 0 is held when a seat is dealt the angel."""
    return bool(state.seats_with(Role.ANGEL))


def wins_by(state: State, death: Death) -> bool:
    """Rule 2: whether the angel's `death` is one he wins by (his power read by the caller)."""
    if death.phase not in (DAY_ZERO, NIGHT_ONE):
        return False
    if state.rules.angel_wins_on == "any_death":
        return True
    return death.cause == "vote" if death.phase == DAY_ZERO else death.cause in WEREWOLF_ATTACKS


def _wins(state: State, alive: list[int]) -> tuple[Winner, WinReason] | None:
    """Rules 2-3: asked once a moment is over, so a curse of his own moment takes his chance."""
    if state.first_day != 0:
        return None
    for death in state.deaths:
        if state.player(death.seat).card == Role.ANGEL and wins_by(state, death):
            if state.card_has_power(death.seat):
                return Winner.ANGEL, WinReason.ANGEL_OUT_EARLY
    return None


add_day_zero(ROLE, held)
add_win(ROLE, 0.5, _wins)
add_side(ROLE, lone_winners_side(Role.ANGEL, Winner.ANGEL, ANGEL))
