"""Spoken rules (Not Me Nor Wolf, Good Manners, Eclipse): before the vote the table reports who
broke the day's rule; a player named by more than half of the players loses his vote."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.cards.agenda import insert_before
from engine.cards.moon import InPlay, notes
from engine.cards.registry import CardRules, Lasting, add_card, add_lasting
from engine.codecs import field_codec, shape_seats
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue
from engine.state import Pending, State, Step, living
from engine.steps import Answer, Form, Kind, Share, StepSpec, register
from engine.vote import voters

CARD = Contents("reports")


class RuleBreakers(Decision, step="report", key="reported"):
    """The players the table reports for breaking today's spoken rule: they lose the vote."""

    seats: tuple[int, ...]


REPORTED = "reports.reported"
"""`MoonState.notes`: (day, seats) of the players reported, who lose that day's vote."""


def reported(state: State) -> tuple[int, ...]:
    """The players reported today (none once the day is over)."""
    day, seats = notes(state).get(REPORTED, (0, ()))
    return tuple(seats) if day == state.day else ()


def begin_report(state: State, step: Step) -> Pending:
    state.emit(cue("report.ask"))
    return Pending(
        state.phase,
        "report",
        "reported",
        tuple(state.alive()),
        voters(state),
        allow_none=True,
        count=len(voters(state)),
    )


def check_report(state: State, pending: Pending, decision: RuleBreakers) -> None:
    for seat in sorted(set(decision.seats)):
        living(state, seat, "dead_player_reported", "player reported")
        if seat not in pending.targets:
            raise state.refuse("not_a_voter", f"seat {seat} has no vote today to lose")


def resolve_report(state: State, pending: Pending, decision: RuleBreakers) -> None:
    seats = sorted(set(decision.seats))
    notes(state)[REPORTED] = (state.day, tuple(seats))
    if seats:
        state.emit(cue("report.lose_vote", seats=seats))


def _union(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    return RuleBreakers(seats=tuple(sorted({s for part in parts.values() for s in part.seats})))


def _majority(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    """A player is reported when more than half of the players named him."""
    named = Counter(seat for part in parts.values() for seat in set(part.seats))
    return RuleBreakers(seats=tuple(sorted(seat for seat, n in named.items() if n * 2 > len(pending.seats))))


register(
    CARD,
    StepSpec(
        "report",
        begin_report,
        Kind.DAY,
        RuleBreakers,
        check_report,
        resolve_report,
        form=Form.LIST,
        share=Share.MAJORITY,
        answer=_union,
        close=_majority,
        default=lambda state, pending: RuleBreakers(seats=()),
        codecs=(field_codec("reported", Kind.DAY, RuleBreakers, "seats", shape_seats(), as_list=True),),
    ),
)


def _report_before_vote(state: State, played: InPlay) -> None:
    insert_before(state, "vote", Step("report"))


for _card in ("not_me_nor_wolf", "good_manners", "eclipse"):
    add_card(CARD, CardRules(_card, effect=_report_before_vote))
add_lasting(
    CARD, Lasting("reports", no_vote=reported, public_view=lambda state: {"reported": list(reported(state))})
)
