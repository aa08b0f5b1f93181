"""The Double Agent (双面间谍): on the first night after someone died, the first dead names a
living non-werewolf, who is shown the werewolves and plays on their side from then on."""

from __future__ import annotations

from engine.cards.moon import in_play, moon_of
from engine.cards.nightsteps import add_night_step
from engine.cards.registry import add_card
from engine.decisions import AllyChoice, Decision
from engine.events import cue, private
from engine.state import Pending, State, Step
from engine.steps import (
    Form,
    Kind,
    StepSpec,
    field_codec,
    register,
    seat_answer,
    shape_seat,
)


def begin_double_agent(state: State, step: Step) -> Pending | None:
    first = state.deaths[0].seat
    state.emit(cue("double_agent.wake", seat=first))
    targets = tuple(s for s in state.alive() if not state.is_werewolf(s))
    return Pending(state.phase, "double_agent", "double_agent", (first,), targets)


def check_double_agent(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, AllyChoice)
    if decision.seat not in pending.targets:
        raise state.refuse("ally_not_werewolf", f"seat {decision.seat} is not a living non-werewolf")


def resolve_double_agent(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, AllyChoice)
    moon_of(state).ally = decision.seat
    state.emit(private("double_agent", decision.seat, werewolves=state.living_werewolves()))
    state.emit(cue("double_agent.sleep"))


register(
    StepSpec(
        "double_agent",
        begin_double_agent,
        Kind.NIGHT,
        AllyChoice,
        check_double_agent,
        resolve_double_agent,
        form=Form.SEATS,
        answer=seat_answer(AllyChoice, "seat"),
        default=lambda state, pending: AllyChoice(seat=pending.targets[0]),
        codecs=(field_codec("double_agent", Kind.NIGHT, AllyChoice, "seat", shape_seat),),
    ),
)
add_night_step(
    "double_agent",
    "first",
    1,
    lambda state: in_play(state, "double_agent") and not moon_of(state).ally and bool(state.deaths),
)


add_card("double_agent", playable=lambda state: any(not state.is_werewolf(seat) for seat in state.alive()))
