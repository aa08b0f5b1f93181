"""The gargoyle (石像鬼, RULES-CLUB.md): a wolf who never meets the pack nor may self-destruct; each
night he checks one other living player's exact card, never the same player twice; once no pack
card lives he chooses the werewolves' kill alone (`declare(lone_killer=True)`)."""

from __future__ import annotations

from typing import ClassVar

from engine.decisions import Decision
from engine.events import cue
from engine.night import NightStep, add_night_step
from engine.nightstep import living_target, pending_for, wake
from engine.roles import Role, declare
from engine.roles.psychic import check_result, told_check
from engine.script import add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, field_codec, nobody, register, seat_answer, shape_seat

ROLE = declare(Role.GARGOYLE, wolf=True, pack=False, lone_killer=True, self_destructs=False)
add_cues(ROLE, {"gargoyle.wake": (), "gargoyle.act": (), "gargoyle.sleep": ()})

CHECKED = "gargoyle.checked"
"""`state.memory` key: the seats the gargoyle has checked (never again)."""


class GargoyleCheck(Decision):
    """The seat the gargoyle checks; 0: nobody."""

    step: ClassVar[str] = "gargoyle"
    key: ClassVar[str] = "gargoyle"
    target: int


def begin_gargoyle(state: State, step: Step) -> Pending | None:
    seat = wake(state, "gargoyle", Role.GARGOYLE)
    if not seat:
        return None
    checked = state.memory.get(CHECKED, [])
    targets = tuple(s for s in state.alive() if s != seat and s not in checked)
    return pending_for(state, "gargoyle", [seat], targets=targets, allow_none=True)


def check_gargoyle(state: State, pending: Pending, decision: GargoyleCheck) -> None:
    if decision.target:
        living_target(state, decision.target)
        if decision.target == pending.seats[0]:
            raise state.refuse("gargoyle_self", "the gargoyle checks another player, not himself")
        if decision.target in state.memory.get(CHECKED, []):
            raise state.refuse("gargoyle_repeat", "the gargoyle never checks the same player twice")


def resolve_gargoyle(state: State, pending: Pending, decision: GargoyleCheck) -> None:
    if decision.target:
        check_result(state, "gargoyle", pending.seats[0], decision.target)
        state.memory.setdefault(CHECKED, []).append(decision.target)
    state.emit(cue("gargoyle.sleep"))


add_night_step(ROLE, NightStep("gargoyle", Role.GARGOYLE, club=10))
register(
    ROLE,
    StepSpec(
        "gargoyle",
        begin_gargoyle,
        Kind.NIGHT,
        GargoyleCheck,
        check_gargoyle,
        resolve_gargoyle,
        told=told_check("gargoyle"),
        form=Form.SEATS,
        answer=seat_answer(GargoyleCheck, "target"),
        default=nobody(GargoyleCheck, "target"),
        codecs=(field_codec("gargoyle", Kind.NIGHT, GargoyleCheck, "target", shape_seat),),
        reveals=frozenset({"seer.result"}),
    ),
)
