"""Influences (影响): the last dead names who votes first; the others vote after him, clockwise."""

from __future__ import annotations

from engine.cards.moon import last_dead, spend
from engine.cards.registry import CardRules, add_card
from engine.codecs import field_codec, shape_seat
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import Event, cue
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, first_target, register, seat_answer
from engine.vote import voters

CARD = Contents("influences")


class FirstVoter(Decision, step="influences", key="first_voter"):
    """Influences: the player the last dead names to vote first."""

    seat: int


def begin_influences(state: State, step: Step) -> Pending:
    chooser = last_dead(state)
    state.emit(cue("influences.choose", seat=chooser))
    return Pending(state.phase, "influences", "first_voter", (chooser,), voters(state))


def check_influences(state: State, pending: Pending, decision: FirstVoter) -> None:
    if decision.seat not in pending.targets:
        raise state.refuse("not_a_voter", f"seat {decision.seat} does not vote today")


def resolve_influences(state: State, pending: Pending, decision: FirstVoter) -> None:
    order = [decision.seat]
    while len(order) < len(pending.targets):
        order.append(next(s for s in _clockwise(state, order[-1]) if s in pending.targets))
    spend(state, "influences")
    state.emit(cue("influences.order", seat=decision.seat), Event("voting_order", {"order": order}))


def _clockwise(state: State, seat: int) -> list[int]:
    n = len(state.players)
    return [(seat - 1 + k) % n + 1 for k in range(1, n)]


register(
    CARD,
    StepSpec(
        "influences",
        begin_influences,
        Kind.DAY,
        FirstVoter,
        check_influences,
        resolve_influences,
        form=Form.SEATS,
        answer=seat_answer(FirstVoter, "seat"),
        default=first_target(FirstVoter, "seat"),
        codecs=(field_codec("first_voter", Kind.DAY, FirstVoter, "seat", shape_seat),),
    ),
)


add_card(
    CARD,
    CardRules(
        "influences",
        playable=lambda state: last_dead(state) != 0,
        before_vote=lambda state, played: [Step("influences")],
    ),
)
