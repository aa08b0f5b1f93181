"""The hunter (猎人): killed by the werewolves or the vote with his power, he shoots a living player
(or passes)."""

from __future__ import annotations

from engine.cards import hooks
from engine.cards.limits import check_hunter as hunter_limits
from engine.cards.moon import shooter_card
from engine.day import kill_by_day, living
from engine.deaths import add_trigger, death_events
from engine.decisions import (
    Decision,
    HunterShot,
)
from engine.events import cue
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

SHOT_BY = frozenset({"werewolves", "vote", "hunter", "wolf_king"})
"""The deaths after which a hunter shoots (RULES.md: the werewolves, the vote; RULES-CLUB.md:
also a shot)."""


def shoots(state: State, seat: int, cause: str) -> bool:
    """Whether the card at `seat`, dead of `cause`, may shoot: with its power, and not when
    its night power was void the night it died."""
    taken = cause == "white_wolf_king" and state.rules.white_wolf_king_victim_shoots
    if cause not in SHOT_BY and not taken:
        return False
    return state.card_has_power(seat) and not (cause == "werewolves" and seat in state.tonight.blocked)


def _hunter_shoots(state: State, seat: int, cause: str) -> Step | None:
    if state.player(seat).card == shooter_card(state) and shoots(state, seat, cause):
        return Step("hunter", {"seat": seat})
    return None


def begin_hunter(state: State, step: Step) -> Pending:
    seat = step.args["seat"]
    state.emit(cue("hunter.shoot", seat=seat))
    targets = hooks.within_reach(state, seat, tuple(state.alive()), tonight=False)
    return Pending(state.phase, "hunter", "hunter", (seat,), targets, allow_none=True)


def check_hunter(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, HunterShot)
    if decision.target:
        living(state, decision.target, "target")
        hunter_limits(state, pending, decision.target)


def resolve_hunter(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, HunterShot)
    seat, target = pending.seats[0], decision.target
    if not target:
        state.emit(cue("hunter.declines", seat=seat))
        return
    state.emit(cue("hunter.shot", seat=seat, target=target), *death_events(state, [target]))
    kill_by_day(state, [(target, "hunter")], triggered=True)


register(
    StepSpec(
        "hunter",
        begin_hunter,
        Kind.DAY,
        HunterShot,
        check_hunter,
        resolve_hunter,
        form=Form.SEATS,
        answer=seat_answer(HunterShot, "target"),
        default=nobody(HunterShot, "target"),
        codecs=(field_codec("hunter", Kind.DAY, HunterShot, "target", shape_seat, repeated=True),),
    ),
)
add_trigger(_hunter_shoots)
