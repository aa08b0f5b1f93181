"""The nightmare (梦魇, RULES-CLUB.md): a werewolf of the pack who, alone before anyone else
acts, fears another living player each night, never the same one two nights running. The feared
player's night power does nothing tonight (`state.tonight.blocked`; `fear_notice` says whether
he is told); fearing any wolf-team card means no wolf kill tonight; a feared guard's night
counts as no choice for his repeat ban."""

from __future__ import annotations

from engine.cards.nightsteps import add_shield
from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step
from engine.nightstep import BLOCKED_BY, living_target, pending_for, told_seat, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import IllegalDecision, Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.NIGHTMARE, wolf=True, pack=True)

NIGHTMARE = "nightmare"
CUES = StepCues(NIGHTMARE, wake="nightmare.wake", act="nightmare.act", sleep="nightmare.sleep")
add_cues(ROLE, CUES.keys())

LAST = "nightmare.last"
"""`state.memory`: the seat feared last night (0: nobody)."""
NO_KILL = "nightmare.no_kill"
"""`state.tonight.marks`: a wolf-team card is feared tonight, so the pack kills nobody."""


class NightmareFear(Decision, step=NIGHTMARE):
    """The player the nightmare fears tonight; 0: nobody."""

    target: int


def begin_nightmare(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.NIGHTMARE)
    if not seat:
        state.memory[LAST] = 0
        return None
    last = state.memory.get(LAST, 0)
    targets = tuple(s for s in state.alive() if s not in (seat, last))
    return pending_for(state, NIGHTMARE, [seat], targets=targets, allow_none=True, info={"last_feared": last})


def check_nightmare(state: State, pending: Pending, decision: NightmareFear) -> None:
    target = decision.target
    if not target:
        return
    living_target(state, target)
    if target == pending.seats[0]:
        raise state.refuse("nightmare_self", "the nightmare fears another player, not himself")
    if target == state.memory.get(LAST, 0):
        raise state.refuse(
            "nightmare_repeat", f"the nightmare feared seat {target} last night: not twice running"
        )


def resolve_nightmare(state: State, pending: Pending, decision: NightmareFear) -> None:
    target = decision.target
    state.memory[LAST] = target
    if target:
        state.tonight.blocked.add(target)
        state.tonight.marks.setdefault(BLOCKED_BY, {})[target] = "nightmare"
        if state.is_werewolf(target):
            state.tonight.marks[NO_KILL] = True
    state.emit(private("nightmare.fears", pending.seats[0], target=target))
    state.emit(cue(CUES.sleep))


def _no_kill(state: State, seat: int) -> IllegalDecision | None:
    """A wolf-team card feared tonight: the pack may name nobody."""
    if not state.tonight.marks.get(NO_KILL):
        return None
    return state.refuse(
        "nightmare_no_kill", "the nightmare feared a wolf tonight: the werewolves kill nobody"
    )


add_shield(ROLE, _no_kill)
add_night_step(ROLE, NightStep(NIGHTMARE, Role.NIGHTMARE, club=4))
register(
    ROLE,
    StepSpec(
        NIGHTMARE,
        begin_nightmare,
        Kind.NIGHT,
        NightmareFear,
        check_nightmare,
        resolve_nightmare,
        told=told_seat("nightmare", "target", "nightmare_nobody"),
        form=Form.SEATS,
        answer=seat_answer(NightmareFear, "target"),
        default=nobody(NightmareFear, "target"),
        codecs=(field_codec(NIGHTMARE, Kind.NIGHT, NightmareFear, "target", shape_seat),),
        reveals=frozenset({"nightmare.fears"}),
        cues=CUES,
    ),
)
