"""The guard (守卫): protects one living player a night from the werewolves, never the same
two nights running; guarded and healed is `guard_and_heal`.

Rule 1: the protection never covers the little girl (RULES.md) and lands where a night choice
        naming its seat lands (`night.lands_on`).
Rule 2: a night whose power is void (feared, sealed) counts as no choice for the repeat ban.
Rule 3: the repeat ban reads the seat as named, wherever the choice was applied (the eclipse
        wolf queen's lock, `night.chosen`).
"""

from __future__ import annotations

from engine.cards import hooks
from engine.cards.limits import check_guard as guard_limits
from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.fresh import add_fresh
from engine.night import NightStep, add_night_step, add_protection, aimed, chosen, lands_on, within_bind
from engine.nightstep import (
    living_target,
    pending_for,
    told_seat,
    wake,
)
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.seatviews import add_seat_part
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.GUARD)

GUARD = "guard"
CUES = StepCues(GUARD, wake="guard.wake", act="guard.act", sleep="guard.sleep")


class GuardChoice(Decision, step=GUARD):
    target: int


LAST = "guard.last"
"""`state.memory`: the seat the guard protected last night (0: nobody, or a void night)."""
TONIGHT = "guard.tonight"
"""`state.tonight.marks`: the seat the guard protects tonight (as applied, `night.chosen`)."""


def last_protected(state: State) -> int:
    last: int = state.memory.get(LAST, 0)
    return last


def guarded(state: State, seat: int) -> bool:
    """Whether the guard's protection lands on `seat` tonight (Rule 1)."""
    target = state.tonight.marks.get(TONIGHT, 0)
    return bool(target) and lands_on(state, target) == seat and state.player(seat).card != Role.LITTLE_GIRL


def begin_guard(state: State, step: Step) -> Pending | None:
    if state.tonight.blocked and state.seat_of(Role.GUARD) in state.tonight.blocked:
        state.memory[LAST] = 0  # Rule 2
    seat = wake(state, CUES, Role.GUARD)
    if not seat:
        return None
    last = last_protected(state)
    targets = hooks.within_reach(state, seat, tuple([s for s in state.alive() if s != last]), tonight=True)
    targets = within_bind(state, seat, targets)
    info = {"last_protected": last}
    return pending_for(state, GUARD, [seat], targets=targets, allow_none=True, info=info)


def check_guard(state: State, pending: Pending, decision: GuardChoice) -> None:
    target = decision.target
    if target:
        living_target(state, target)
        if target == last_protected(state):
            raise state.refuse(
                "guard_repeat", f"the guard protected seat {target} last night: not twice running"
            )
        guard_limits(state, pending, target)
        aimed(state, pending.seats[0], target)


def resolve_guard(state: State, pending: Pending, decision: GuardChoice) -> None:
    target = decision.target
    state.tonight.marks[TONIGHT] = chosen(state, pending.seats[0], target)
    state.memory[LAST] = target  # the seat as named (a lock's reflection apart)
    state.emit(private("guard.protects", pending.seats[0], target=target))
    state.emit(cue(CUES.sleep))


def _seat_part(state: State, seat: int) -> dict[str, int]:
    return {"last_protected": last_protected(state)} if state.player(seat).card == Role.GUARD else {}


add_cues(ROLE, CUES.keys())
add_night_step(ROLE, NightStep(GUARD, Role.GUARD, club=6, seeds=4, seer_first=5))
add_protection(ROLE, guarded)
add_fresh(ROLE, Role.GUARD, LAST)
add_seat_part(ROLE, _seat_part)
register(
    ROLE,
    StepSpec(
        GUARD,
        begin_guard,
        Kind.NIGHT,
        GuardChoice,
        check_guard,
        resolve_guard,
        told=told_seat("guard", "target", "guard_nobody"),
        form=Form.SEATS,
        answer=seat_answer(GuardChoice, "target"),
        default=nobody(GuardChoice, "target"),
        codecs=(field_codec(GUARD, Kind.NIGHT, GuardChoice, "target", shape_seat),),
        reveals=frozenset({"guard.protects"}),
        cues=CUES,
    ),
)
