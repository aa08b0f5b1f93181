"""Cupid (丘比特): on the first night, names two lovers; the lovers wake and learn each other
(`lovers_see`). A lover's partner dies of grief (`engine.deaths`)."""

from __future__ import annotations

from engine.cards import hooks
from engine.codecs import field_codec, shape_seats
from engine.deaths import add_block, add_consequence, add_win
from engine.decisions import Decision
from engine.election import club_day
from engine.events import cue, judge_only, private
from engine.night import NightStep, add_night_step
from engine.nightstep import (
    count_answer,
    first_targets,
    pending_for,
    pretend,
    told_seats,
    wake_first,
)
from engine.outcome import Winner, WinReason
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.seatviews import add_seat_part
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, register

CUPID = "cupid"
CUES = StepCues(CUPID, wake="cupid.wake", act="cupid.act", sleep="cupid.sleep")
LOVERS = "lovers"
"""The lovers' meeting (no decision: its lines `lovers.wake`, `lovers.sleep`)."""


class CupidChoice(Decision, step=CUPID):
    """The two lovers (Cupid may name himself)."""

    lovers: tuple[int, int]


NAMED = "cupid.named"
"""`state.memory`: the two seats Cupid named."""


def begin_cupid(state: State, step: Step) -> Pending | None:
    seat = wake_first(state, CUES, Role.CUPID)
    if seat and state.lovers is not None:  # a Cupid's card taken later: only while nobody is in love
        pretend(state, CUES)
        seat = 0
    if not seat:
        return None
    state.cupid_seat = seat
    return pending_for(state, CUPID, [seat], targets=tuple(state.alive()), count=2)


def check_cupid(state: State, pending: Pending, decision: CupidChoice) -> None:
    a, b = decision.lovers
    if a == b:
        raise state.refuse("cupid_two_lovers", "Cupid names two different players")
    for seat in (a, b):
        if not state.is_alive(seat):
            raise state.refuse("no_such_seat", f"seat {seat} is not a living player")


def resolve_cupid(state: State, pending: Pending, decision: CupidChoice) -> None:
    a, b = decision.lovers
    state.lovers = (min(a, b), max(a, b))
    state.memory[NAMED] = state.lovers
    state.emit(private("cupid.lovers", pending.seats[0], seats=list(state.lovers)))
    state.emit(cue(CUES.sleep))


def mixed_lovers(state: State) -> bool:
    """Whether the lovers are a werewolf and a villager (then they and Cupid play for themselves)."""
    assert state.lovers is not None
    a, b = state.lovers
    return state.is_werewolf(a) != state.is_werewolf(b)


def named_lovers(state: State) -> tuple[int, int] | None:
    """The two seats Cupid named (kept when a card parts the lovers later)."""
    named: tuple[int, int] | None = state.memory.get(NAMED)
    return named


def _grief(state: State, seat: int, cause: str) -> list[tuple[int, str]]:
    """A lover's death takes the partner (unless a card in play parts them first)."""
    if state.lovers and seat in state.lovers and hooks.lovers_parted(state):
        state.lovers = None
    if state.lovers and seat in state.lovers:
        partner = state.lovers[0] if state.lovers[1] == seat else state.lovers[1]
        if state.is_alive(partner):
            return [(partner, "grief")]
    return []


def _lovers_win(state: State, alive: list[int]) -> tuple[Winner, WinReason] | None:
    """Mixed lovers (with Cupid) win when only they are left alive."""
    if state.lovers and mixed_lovers(state):
        team = set(state.lovers) | ({state.cupid_seat} if state.cupid_seat else set())
        if all(state.is_alive(s) for s in state.lovers) and set(alive) <= team:
            return Winner.LOVERS, WinReason.LOVERS_ALONE
    return None


def _lovers_block(state: State) -> bool:
    """At a club table (RULES-CLUB-MORE.md, Who wins 4) neither side wins while a mixed lover
    lives; RULES.md's tables keep its order (a side may win past them)."""
    return (
        club_day(state.rules)
        and state.lovers is not None
        and mixed_lovers(state)
        and any(state.is_alive(seat) for seat in state.lovers)
    )


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


def _seat_part(state: State, seat: int) -> dict[str, object]:
    """A lover knows the partner once the lovers met; Cupid knows both."""
    part: dict[str, object] = {}
    if state.lovers and state.lovers_met and seat in state.lovers:
        part["lover"] = what_lover_knows(state, seat)
    if state.lovers and seat == state.cupid_seat:
        part["lovers"] = list(state.lovers)
    return part


def begin_lovers(state: State, step: Step) -> None:
    state.emit(cue("lovers.wake"))
    if state.lovers and not state.lovers_met:  # they meet once, the night Cupid names them
        state.lovers_met = True
        for seat in state.lovers:
            state.emit(private("lover", seat, **what_lover_knows(state, seat)))
    state.emit(judge_only("meeting", step=LOVERS), cue("lovers.sleep"))


def _lovers(seats: tuple[int, ...]) -> CupidChoice:
    return CupidChoice(lovers=(seats[0], seats[1]))


ROLE = declare(Role.CUPID, plain=True)
add_consequence(ROLE, _grief, rank=1)
add_win(ROLE, 1, _lovers_win)
add_block(ROLE, _lovers_block)
add_seat_part(ROLE, _seat_part)
add_cues(ROLE, {**CUES.keys(), "lovers.wake": (), "lovers.sleep": ()})
add_night_step(ROLE, NightStep(CUPID, Role.CUPID, club=2, seeds=2, first_night_only=True, late=True))
add_night_step(
    ROLE, NightStep(LOVERS, Role.CUPID, club=3, seeds=3, first_night_only=True, meeting=True, late=True)
)
register(
    ROLE,
    StepSpec(
        CUPID,
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
        codecs=(field_codec(CUPID, Kind.NIGHT, CupidChoice, "lovers", shape_seats(2), as_list=True),),
        reveals=frozenset({"cupid.lovers"}),
        cues=CUES,
    ),
    StepSpec(LOVERS, begin_lovers, Kind.MEETING),
)
