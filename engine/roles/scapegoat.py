"""The scapegoat (替罪羊): a tie kills him instead (`engine.day`); dying, he names who may vote on
the next day."""

from __future__ import annotations

from typing import ClassVar

from engine.day import living
from engine.decisions import Decision
from engine.events import cue
from engine.state import Pending, State, Step
from engine.steps import (
    Form,
    Kind,
    StepSpec,
    field_codec,
    nobody,
    register,
    shape_seats,
    single,
)


class ScapegoatChoice(Decision):
    """The seats the dying scapegoat allows to vote on the next day."""

    step: ClassVar[str] = "scapegoat"
    key: ClassVar[str] = "scapegoat"
    voters: tuple[int, ...]


def begin_scapegoat(state: State, step: Step) -> Pending:
    seat = step.args["seat"]
    state.emit(cue("scapegoat.choose", seat=seat))
    alive = tuple(state.alive())
    return Pending(state.phase, "scapegoat", "scapegoat", (seat,), alive, allow_none=True, count=len(alive))


def check_scapegoat(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, ScapegoatChoice)
    for seat in set(decision.voters):
        living(state, seat, "voter")


def resolve_scapegoat(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, ScapegoatChoice)
    chosen = sorted(set(decision.voters))
    state.next_voters_allowed = frozenset(chosen)
    state.emit(cue("scapegoat.chosen", seats=chosen))


register(
    StepSpec(
        "scapegoat",
        begin_scapegoat,
        Kind.DAY,
        ScapegoatChoice,
        check_scapegoat,
        resolve_scapegoat,
        form=Form.LIST,
        answer=single(lambda pending, given: ScapegoatChoice(voters=given.seats)),
        default=nobody(ScapegoatChoice, "voters", ()),
        codecs=(field_codec("scapegoat", Kind.DAY, ScapegoatChoice, "voters", shape_seats(), as_list=True),),
    ),
)
