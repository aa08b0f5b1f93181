"""The psychic (通灵师, RULES-CLUB.md): checks one other living player a night and learns the exact
card; the check a gargoyle makes too (`card_shown`, `check_result`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step, lands_on
from engine.nightstep import living_target, pending_for, wake
from engine.roles import Role, declare
from engine.script import add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, field_codec, nobody, register, seat_answer, shape_seat

ROLE = declare(Role.PSYCHIC, god=True)
add_cues(ROLE, {"psychic.wake": (), "psychic.act": (), "psychic.sleep": ()})

RESULTS = "psychic.results"
"""`state.memory` key: (step, night, target, card shown) of every exact-card check made."""

Shown = Callable[[State, int], str | None]
SHOWN: list[Shown] = []
"""What an exact-card check shows of a seat when not its card (the wolf robot's learned card):
each card's module adds its own (`add_card_shown`); None: the card itself."""


class PsychicCheck(Decision):
    """The seat the psychic checks; 0: nobody."""

    step: ClassVar[str] = "psychic"
    key: ClassVar[str] = "psychic"
    target: int


def add_card_shown(to: Contents, shown: Shown) -> None:
    to.add(lambda: SHOWN.append(shown))


def card_shown(state: State, seat: int) -> str:
    """The card an exact-card check (the psychic's, the gargoyle's) shows of `seat`: its card
    (the hidden wolf too), unless a card's module says otherwise."""
    for shown in SHOWN:
        card = shown(state, seat)
        if card is not None:
            return card
    return state.player(seat).card.value


def check_result(state: State, step: str, seat: int, target: int) -> None:
    """Tell `seat` the card `target` shows, as the seer is told (a `seer.result` event for that
    seat alone, which its phone lists with the seer's answers); kept for the review."""
    shown = card_shown(state, lands_on(state, target))
    state.memory.setdefault(RESULTS, []).append((step, state.night, target, shown))
    state.emit(private("seer.result", seat, night=state.night, target=target, result=shown))


def told_check(name: str) -> Callable[[State, Pending, Decision], list[tuple[str, dict[str, Any]]]]:
    """The review line of the exact-card check of step `name` (`name_nobody` for none)."""

    def told(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
        target = getattr(decision, "target", 0)
        if not target:
            return [(f"{name}_nobody", {})]
        night = pending.phase.number
        shown = next(
            card
            for step, n, t, card in state.memory.get(RESULTS, [])
            if (step, n, t) == (name, night, target)
        )
        return [(name, {"target": target, "role": shown})]

    return told


def begin_psychic(state: State, step: Step) -> Pending | None:
    seat = wake(state, "psychic", Role.PSYCHIC)
    if not seat:
        return None
    targets = tuple(s for s in state.alive() if s != seat)
    return pending_for(state, "psychic", [seat], targets=targets, allow_none=True)


def check_psychic(state: State, pending: Pending, decision: PsychicCheck) -> None:
    if decision.target:
        living_target(state, decision.target)
        if decision.target == pending.seats[0]:
            raise state.refuse("psychic_self", "the psychic checks another player, not himself")


def resolve_psychic(state: State, pending: Pending, decision: PsychicCheck) -> None:
    if decision.target:
        check_result(state, "psychic", pending.seats[0], decision.target)
    state.emit(cue("psychic.sleep"))


add_night_step(ROLE, NightStep("psychic", Role.PSYCHIC, club=14))
register(
    ROLE,
    StepSpec(
        "psychic",
        begin_psychic,
        Kind.NIGHT,
        PsychicCheck,
        check_psychic,
        resolve_psychic,
        told=told_check("psychic"),
        form=Form.SEATS,
        answer=seat_answer(PsychicCheck, "target"),
        default=nobody(PsychicCheck, "target"),
        codecs=(field_codec("psychic", Kind.NIGHT, PsychicCheck, "target", shape_seat),),
        reveals=frozenset({"seer.result"}),
    ),
)
