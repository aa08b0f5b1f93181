"""The sheriff's badge (警徽): a dying sheriff hands it on, or destroys it.

Rule 1: the dying sheriff names a living successor, or nobody: the badge is destroyed. A game
        already won asks nothing more.
Rule 2: with `idiot_votable_after_reveal = false` a revealed idiot may not receive the badge.

`engine.roles.sheriff` registers the badge's step after the election's.
"""

from __future__ import annotations

from engine.codecs import field_codec, shape_seat
from engine.deaths import winner
from engine.decisions import Decision
from engine.events import cue
from engine.state import Pending, State, Step, living
from engine.steps import Form, Kind, StepSpec, nobody, seat_answer


class BadgeHandover(Decision, step="badge"):
    """The dying sheriff's successor; 0 destroys the badge."""

    successor: int


def begin_badge(state: State, step: Step) -> Pending | None:
    if winner(state) is not None:
        return None  # a won game asks nothing more: the check that follows ends it
    seat = step.args["seat"]
    state.emit(cue("badge.handover", seat=seat))
    return Pending(state.phase, "badge", "badge", (seat,), badge_holders(state), allow_none=True)


def badge_holders(state: State) -> tuple[int, ...]:
    """Who may receive the badge: the living, but a revealed idiot when
    `idiot_votable_after_reveal = false` (Rule 2)."""
    barred = not state.rules.idiot_votable_after_reveal
    return tuple(s for s in state.alive() if not (barred and state.player(s).revealed_idiot))


def check_badge(state: State, pending: Pending, decision: BadgeHandover) -> None:
    if decision.successor:
        living(state, decision.successor, "dead_successor", "successor")
        if decision.successor not in pending.targets:
            raise state.refuse("idiot_badge", f"seat {decision.successor} is a revealed idiot: no badge")


def resolve_badge(state: State, pending: Pending, decision: BadgeHandover) -> None:
    successor = decision.successor
    if successor:
        state.sheriff = successor
        state.emit(cue("badge.passed", seat=successor))
    else:
        state.sheriff = 0
        state.emit(cue("badge.destroyed"))


BADGE: StepSpec[BadgeHandover] = StepSpec(
    "badge",
    begin_badge,
    Kind.DAY,
    BadgeHandover,
    check_badge,
    resolve_badge,
    form=Form.SEATS,
    answer=seat_answer(BadgeHandover, "successor"),
    default=nobody(BadgeHandover, "successor"),
    codecs=(field_codec("badge", Kind.DAY, BadgeHandover, "successor", shape_seat, repeated=True),),
)
