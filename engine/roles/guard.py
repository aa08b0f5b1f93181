"""The guard (守卫): protects one living player a night from the werewolves, never the same
two nights running; guarded and healed is `guard_and_heal`."""

from __future__ import annotations

from typing import ClassVar

from engine.cards import hooks
from engine.cards.limits import check_guard as guard_limits
from engine.decisions import Decision
from engine.events import cue, private
from engine.nightstep import (
    living_target,
    pending_for,
    told_seat,
    wake,
)
from engine.roles import Role
from engine.state import Pending, State, Step
from engine.steps import (
    Form,
    Kind,
    StepSpec,
    field_codec,
    nobody,
    register,
    seat_answer,
    shape_seat,
)


class GuardChoice(Decision):
    step: ClassVar[str] = "guard"
    key: ClassVar[str] = "guard"
    target: int


def begin_guard(state: State, step: Step) -> Pending | None:
    seat = wake(state, "guard", Role.GUARD)
    if not seat:
        return None
    targets = hooks.within_reach(
        state, seat, tuple([s for s in state.alive() if s != state.guard_last]), tonight=True
    )
    info = {"last_protected": state.guard_last}
    return pending_for(state, "guard", [seat], targets=targets, allow_none=True, info=info)


def check_guard(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, GuardChoice)
    target = decision.target
    if target:
        living_target(state, target)
        if target == state.guard_last:
            raise state.refuse(
                "guard_repeat", f"the guard protected seat {target} last night: not twice running"
            )
        guard_limits(state, pending, target)


def resolve_guard(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, GuardChoice)
    target = decision.target
    state.tonight.guarded = target
    state.guard_last = target
    state.emit(private("guard.protects", pending.seats[0], target=target))
    state.emit(cue("guard.sleep"))


register(
    StepSpec(
        "guard",
        begin_guard,
        Kind.NIGHT,
        GuardChoice,
        check_guard,
        resolve_guard,
        told=told_seat("guard", "target", "guard_nobody"),
        form=Form.SEATS,
        answer=seat_answer(GuardChoice, "target"),
        default=nobody(GuardChoice, "target"),
        codecs=(field_codec("guard", Kind.NIGHT, GuardChoice, "target", shape_seat),),
        reveals=frozenset({"guard.protects"}),
    ),
)
