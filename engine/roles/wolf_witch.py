"""The wolf witch (狼巫, RULES-CLUB-MORE.md's steps 8 and 9a): a wolf who meets and kills with the
pack and may self-destruct; alone at 9a he checks one living player who is not wolf-team and is
told the exact card; from night 2 a 纯白之女 he checks dies at that dawn (cause `check`).

Rule 1: he names any living player whose card is not wolf-team, or nobody (0); the same player
        again is allowed; a wolf-team target is refused (`wolf_witch_wolf`). He is told the
        exact card (the psychic's check) even if he dies that night.
Rule 2: from night 2 the checked seat dies at dawn (step 4a) when it holds 纯白之女, past guard
        and antidote (`pure_white.checked_death`); both checking each other, both die.
"""

from __future__ import annotations

from dataclasses import replace

from engine.night import NightStep, add_dawn, add_night_step, lands_on
from engine.nightstep import living_target
from engine.roles import Role, declare
from engine.roles.psychic import ExactCardCheck, exact_card_step
from engine.roles.pure_white import checked_death, told_check_death
from engine.script import StepCues, add_cues
from engine.state import Pending, State
from engine.steps import register

ROLE = declare(Role.WOLF_WITCH, wolf=True, pack=True)

WOLF_WITCH = "wolf_witch"
CUES = StepCues(WOLF_WITCH, wake="wolf_witch.wake", act="wolf_witch.act", sleep="wolf_witch.sleep")
add_cues(ROLE, CUES.keys())

CHECKED = "wolf_witch.checked"
"""`state.tonight.marks`: the seat his check landed on tonight."""


class WolfWitchCheck(ExactCardCheck, step=WOLF_WITCH):
    """The seat the wolf witch checks; 0: nobody."""


def check_wolf_witch(state: State, pending: Pending, decision: WolfWitchCheck) -> None:
    if decision.target:
        living_target(state, decision.target)
        if state.is_werewolf(decision.target):
            raise state.refuse("wolf_witch_wolf", "the wolf witch checks a player not of the wolf team")


def _wolf_team(state: State) -> list[int]:
    return state.living_wolf_team()


def _keep(state: State, target: int) -> None:
    state.tonight.marks[CHECKED] = lands_on(state, target)


def _check_kills(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 4a: the 纯白之女 he checked dies (Rule 2)."""
    seat = state.tonight.marks.get(CHECKED, 0)
    if seat and state.player(seat).card == Role.PURE_WHITE:
        checked_death(state, deaths, seat)


add_dawn(ROLE, 4.5, _check_kills)
add_night_step(ROLE, NightStep(WOLF_WITCH, Role.WOLF_WITCH, club=9.5))
register(
    ROLE,
    replace(
        exact_card_step(CUES, Role.WOLF_WITCH, WolfWitchCheck, check_wolf_witch, _wolf_team, _keep),
        told=told_check_death(WOLF_WITCH, "wolf_witch_kills"),
    ),
)
