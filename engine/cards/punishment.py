"""Punishment (惩罚): the last dead names a living player, who dies (cause `punishment`) unless
two or more others testify for him."""

from __future__ import annotations

from engine.cards.moon import InPlay, last_dead
from engine.cards.registry import CardRules, add_card
from engine.codecs import field_codec, shape_seat, shape_seats
from engine.contents import Contents
from engine.deaths import death_events, kill_by_day
from engine.decisions import Decision
from engine.events import cue
from engine.state import Pending, State, Step, living
from engine.steps import Form, Kind, Share, StepSpec, first_target, register, seat_answer, standing

CARD = Contents("punishment")


class Witnesses(Decision, step="witnesses"):
    """Punishment: the players who testify for the accused (two or more save him)."""

    seats: tuple[int, ...]


class Accusation(Decision, step="punishment"):
    """Punishment: the player the last dead names."""

    target: int


def begin_punishment(state: State, step: Step) -> Pending:
    accuser = last_dead(state)
    state.emit(cue("punishment.accuse", seat=accuser))
    return Pending(state.phase, "punishment", "punishment", (accuser,), tuple(state.alive()))


def check_punishment(state: State, pending: Pending, decision: Accusation) -> None:
    living(state, decision.target, "dead_accused", "accused")


def resolve_punishment(state: State, pending: Pending, decision: Accusation) -> None:
    state.emit(cue("punishment.accused", seat=decision.target))
    state.push(Step("witnesses", {"accused": decision.target}))


def begin_witnesses(state: State, step: Step) -> Pending:
    accused = step.args["accused"]
    others = tuple(s for s in state.alive() if s != accused)
    return Pending(
        state.phase,
        "witnesses",
        "witnesses",
        tuple(state.alive()),
        others,
        allow_none=True,
        count=len(others),
        info={"accused": accused},
    )


def check_witnesses(state: State, pending: Pending, decision: Witnesses) -> None:
    accused = pending.info["accused"]
    for seat in set(decision.seats):
        living(state, seat, "dead_witness", "witness")
        if seat == accused:
            raise state.refuse("own_witness", "the accused cannot testify for himself")


def resolve_witnesses(state: State, pending: Pending, decision: Witnesses) -> None:
    accused = pending.info["accused"]
    seats = set(decision.seats)
    if len(seats) >= 2:
        state.emit(cue("punishment.spared", seat=accused))
        return
    state.emit(cue("punishment.dies", seat=accused), *death_events(state, [accused]))
    kill_by_day(state, [(accused, "punishment")], triggered=False)


register(
    CARD,
    StepSpec(
        "punishment",
        begin_punishment,
        Kind.DAY,
        Accusation,
        check_punishment,
        resolve_punishment,
        form=Form.SEATS,
        answer=seat_answer(Accusation, "target"),
        default=first_target(Accusation, "target"),
        codecs=(field_codec("punishment", Kind.DAY, Accusation, "target", shape_seat),),
    ),
    StepSpec(
        "witnesses",
        begin_witnesses,
        Kind.DAY,
        Witnesses,
        check_witnesses,
        resolve_witnesses,
        form=Form.YES_NO,
        share=Share.STAND,
        answer=standing(Witnesses, "seats"),
        default=lambda state, pending: Witnesses(seats=()),
        owed=lambda pending: tuple(s for s in pending.seats if s != pending.info["accused"]),
        codecs=(field_codec("witnesses", Kind.DAY, Witnesses, "seats", shape_seats(), as_list=True),),
    ),
)


def _punish(state: State, played: InPlay) -> None:
    state.push(Step("punishment"))


add_card(CARD, CardRules("punishment", effect=_punish, playable=lambda state: last_dead(state) != 0))
