"""The scapegoat (替罪羊): a tie kills him instead; dying, he names who may vote on the next day.
At the Harvest Festival (`harvest_scapegoat`) a tie sends his neighbours to a revote, or he dies
for a neighbour the village condemns (and a tie does not kill him)."""

from __future__ import annotations

from engine.cards import hooks
from engine.cards.moon import neighbours
from engine.codecs import field_codec, shape_seats
from engine.deaths import death_events, kill_by_day
from engine.decisions import Decision
from engine.events import cue
from engine.roles import Role, declare
from engine.script import add_cues
from engine.state import Pending, State, Step, living
from engine.steps import Form, Kind, StepSpec, nobody, register, single
from engine.vote import add_tie, add_verdict

ROLE = declare(Role.SCAPEGOAT)


class ScapegoatChoice(Decision, step="scapegoat"):
    """The seats the dying scapegoat allows to vote on the next day."""

    voters: tuple[int, ...]


def _dies(state: State, scapegoat: int) -> None:
    state.emit(cue("scapegoat.out", seat=scapegoat), *death_events(state, [scapegoat]))
    state.push(Step("scapegoat", {"seat": scapegoat}))
    kill_by_day(state, [(scapegoat, "scapegoat")], triggered=False)


def _tie(state: State, pending: Pending, tied: list[int]) -> bool:
    if pending.step != "vote":
        return False
    scapegoat = state.seat_of(Role.SCAPEGOAT)
    festival = hooks.scapegoat_at_the_festival(state, scapegoat)
    if festival == "neighbour_dies":
        around = neighbours(state, scapegoat)
        state.emit(cue("harvest.scapegoat", seats=list(around)))
        state.push(Step("revote", {"tied": around, "key": "scapegoat_vote"}))
        return True
    if festival or not scapegoat or not state.has_power(scapegoat):
        return False
    _dies(state, scapegoat)
    return True


def _dies_for_neighbour(state: State, seat: int) -> bool:
    scapegoat = state.seat_of(Role.SCAPEGOAT)
    festival = hooks.scapegoat_at_the_festival(state, scapegoat)
    if festival != "dies_for_neighbour" or seat not in neighbours(state, scapegoat):
        return False
    _dies(state, scapegoat)
    return True


def begin_scapegoat(state: State, step: Step) -> Pending:
    seat = step.args["seat"]
    state.emit(cue("scapegoat.choose", seat=seat))
    alive = tuple(state.alive())
    return Pending(state.phase, "scapegoat", "scapegoat", (seat,), alive, allow_none=True, count=len(alive))


def check_scapegoat(state: State, pending: Pending, decision: ScapegoatChoice) -> None:
    for seat in set(decision.voters):
        living(state, seat, "dead_voter", "voter")


def resolve_scapegoat(state: State, pending: Pending, decision: ScapegoatChoice) -> None:
    chosen = sorted(set(decision.voters))
    state.next_voters_allowed = frozenset(chosen)
    state.emit(cue("scapegoat.chosen", seats=chosen))


add_cues(ROLE, {"scapegoat.out": ("seat",), "scapegoat.choose": ("seat",), "scapegoat.chosen": ("seats",)})
add_tie(ROLE, _tie)
add_verdict(ROLE, _dies_for_neighbour)
register(
    ROLE,
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
