"""The gargoyle (石像鬼, RULES-CLUB.md): a wolf who never meets the pack nor may self-destruct; each
night he checks one other living player's exact card, never the same player twice; once no pack
card lives he chooses the werewolves' kill alone (`declare(lone_killer=True)`)."""

from __future__ import annotations

from engine.night import NightStep, add_night_step
from engine.nightstep import living_target
from engine.roles import Role, declare
from engine.roles.psychic import ExactCardCheck, exact_card_step
from engine.script import StepCues, add_cues
from engine.state import Pending, State
from engine.steps import register

ROLE = declare(Role.GARGOYLE, wolf=True, pack=False, lone_killer=True, self_destructs=False)

GARGOYLE = "gargoyle"
CUES = StepCues(GARGOYLE, wake="gargoyle.wake", act="gargoyle.act", sleep="gargoyle.sleep")
add_cues(ROLE, CUES.keys())

CHECKED = "gargoyle.checked"
"""`state.memory` key: the seats the gargoyle has checked (never again)."""


class GargoyleCheck(ExactCardCheck, step=GARGOYLE):
    """The seat the gargoyle checks; 0: nobody."""


def check_gargoyle(state: State, pending: Pending, decision: GargoyleCheck) -> None:
    if decision.target:
        living_target(state, decision.target)
        if decision.target == pending.seats[0]:
            raise state.refuse("gargoyle_self", "the gargoyle checks another player, not himself")
        if decision.target in state.memory.get(CHECKED, []):
            raise state.refuse("gargoyle_repeat", "the gargoyle never checks the same player twice")


def _checked(state: State) -> list[int]:
    return list(state.memory.get(CHECKED, []))


def _keep(state: State, target: int) -> None:
    state.memory.setdefault(CHECKED, []).append(target)


add_night_step(ROLE, NightStep(GARGOYLE, Role.GARGOYLE, club=10))
register(ROLE, exact_card_step(CUES, Role.GARGOYLE, GargoyleCheck, check_gargoyle, _checked, _keep))
