"""The prejudiced manipulator (RULES-CHARACTERS.md's Prejudiced manipulator): no step; every
seat is in one of two public groups, and he wins alone once the other group is dead.

Rule 1: the groups are the setup's (`Setup.groups`, one label "a" or "b" per seat: a record's
        `groups`, else drawn from the deal's seed, `engine.setup.draw_groups`). The judge
        says them as the game opens, before day 0 or night 1; every phone and the public
        screen show them (the public view's `groups`).
Rule 2: he wins alone (`prejudiced_manipulator`, checked after the lovers, the piper and the
        white werewolf, before the sides) when he is alive and powerful and every player of the
        group he is not in is dead. The elder's curse takes his power; so does the werewolves'
        side (an infection) with `wolf_side_manipulator_powerless`.
Rule 3: he is never a face-down card (`engine.setup`), and counts in neither group of `win =
        "side"`; he plays for the village unless he wins alone.
"""

from __future__ import annotations

from engine.day import add_opening
from engine.deaths import add_side, add_win, lone_winners_side
from engine.events import cue
from engine.outcome import Winner, WinReason
from engine.roles import Role, declare
from engine.script import add_cues
from engine.setup import GROUPS
from engine.state import State

ROLE = declare(Role.PREJUDICED_MANIPULATOR, power_left=lambda state: not state.cursed)

MANIPULATOR = "prejudiced_manipulator"
SAID = "prejudiced_manipulator.groups"
GROUP_A, GROUP_B = "prejudiced_manipulator.a", "prejudiced_manipulator.b"
add_cues(ROLE, {SAID: (), GROUP_A: ("seats",), GROUP_B: ("seats",)})


def group(state: State, label: str) -> list[int]:
    """The seats of the group `label` (Rule 1)."""
    return [seat for seat, given in enumerate(state.setup.groups, start=1) if given == label]


def opening(state: State) -> None:
    """Rule 1: the judge says both groups."""
    a, b = GROUPS
    state.emit(cue(SAID), cue(GROUP_A, seats=group(state, a)), cue(GROUP_B, seats=group(state, b)))


def powerful(state: State, seat: int) -> bool:
    """Rule 2: alive, not cursed, and not turned werewolf-side under the setting."""
    if state.rules.wolf_side_manipulator_powerless and state.is_werewolf(seat):
        return False
    return state.has_power(seat)


def _wins(state: State, alive: list[int]) -> tuple[Winner, WinReason] | None:
    for seat in state.seats_with(Role.PREJUDICED_MANIPULATOR):
        if not powerful(state, seat):
            continue
        mine = state.setup.groups[seat - 1]
        other = [s for s, given in enumerate(state.setup.groups, start=1) if given != mine]
        if not any(state.is_alive(s) for s in other):
            return Winner.PREJUDICED_MANIPULATOR, WinReason.OTHER_GROUP_DEAD
    return None


add_opening(ROLE, opening)
add_win(ROLE, 4, _wins)
add_side(ROLE, lone_winners_side(Role.PREJUDICED_MANIPULATOR, Winner.PREJUDICED_MANIPULATOR, MANIPULATOR))
