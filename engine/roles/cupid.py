"""Cupid (丘比特): on the first night, names two lovers; the lovers wake and learn each other
(`lovers_see`). A lover's partner dies of grief (`engine.deaths`)."""

from __future__ import annotations

from typing import ClassVar

from engine.decisions import Decision
from engine.events import cue, judge_only, private
from engine.nightstep import (
    count_answer,
    first_targets,
    pending_for,
    told_seats,
    wake,
)
from engine.roles import Role
from engine.state import Pending, State, Step
from engine.steps import (
    Form,
    Kind,
    StepSpec,
    field_codec,
    register,
    shape_seats,
)


class CupidChoice(Decision):
    """The two lovers (Cupid may name himself)."""

    step: ClassVar[str] = "cupid"
    key: ClassVar[str] = "cupid"
    lovers: tuple[int, int]


def begin_cupid(state: State, step: Step) -> Pending | None:
    seat = wake(state, "cupid", Role.CUPID)
    if not seat:
        return None
    state.cupid_seat = seat
    return pending_for(state, "cupid", [seat], targets=tuple(state.alive()), count=2)


def check_cupid(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, CupidChoice)
    a, b = decision.lovers
    if a == b:
        raise state.refuse("cupid_two_lovers", "Cupid names two different players")
    for seat in (a, b):
        if not state.is_alive(seat):
            raise state.refuse("no_such_seat", f"seat {seat} is not a living player")


def resolve_cupid(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, CupidChoice)
    a, b = decision.lovers
    state.lovers = (min(a, b), max(a, b))
    piper = state.seat_of(Role.PIPER)
    if piper in state.lovers:
        state.piper_turned = True
    state.emit(private("cupid.lovers", pending.seats[0], seats=list(state.lovers)))
    state.emit(cue("cupid.sleep"))


def what_lover_knows(state: State, seat: int) -> dict[str, object]:
    """What the lover at `seat` learns of the partner, by `lovers_see`."""
    assert state.lovers is not None
    partner = state.lovers[1] if state.lovers[0] == seat else state.lovers[0]
    known: dict[str, object] = {"partner": partner}
    if state.rules.lovers_see == "faction":
        known["faction"] = "werewolf" if state.is_werewolf(partner) else "not_werewolf"
    elif state.rules.lovers_see == "role":
        known["role"] = state.player(partner).card.value
    return known


def begin_lovers(state: State, step: Step) -> None:
    state.emit(cue("lovers.wake"))
    if state.lovers:
        state.lovers_met = True
        for seat in state.lovers:
            state.emit(private("lover", seat, **what_lover_knows(state, seat)))
    state.emit(judge_only("meeting", step="lovers"), cue("lovers.sleep"))


def _lovers(seats: tuple[int, ...]) -> CupidChoice:
    return CupidChoice(lovers=(seats[0], seats[1]))


register(
    StepSpec(
        "cupid",
        begin_cupid,
        Kind.NIGHT,
        CupidChoice,
        check_cupid,
        resolve_cupid,
        told=told_seats("lovers", "lovers"),
        form=Form.SEATS,
        names=2,
        answer=count_answer(_lovers),
        default=first_targets(_lovers),
        codecs=(field_codec("cupid", Kind.NIGHT, CupidChoice, "lovers", shape_seats(2), as_list=True),),
        reveals=frozenset({"cupid.lovers"}),
    ),
    StepSpec("lovers", begin_lovers, Kind.MEETING),
)
