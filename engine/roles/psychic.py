"""The psychic (通灵师, RULES-CLUB.md): checks one other living player a night and learns the exact
card; the check a gargoyle makes too (`card_shown`, `check_result`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.codecs import field_codec, shape_seat
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step, lands_on
from engine.nightstep import living_target, pending_for, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.PSYCHIC, god=True)

PSYCHIC = "psychic"
CUES = StepCues(PSYCHIC, wake="psychic.wake", act="psychic.act", sleep="psychic.sleep")
add_cues(ROLE, CUES.keys())

RESULTS = "psychic.results"
"""`state.memory` key: (step, night, target, card shown) of every exact-card check made."""

Shown = Callable[[State, int], str | None]


class ExactCardCheck(Decision):
    """The seat an exact-card check names (the psychic's, the gargoyle's); 0: nobody."""

    target: int


class PsychicCheck(ExactCardCheck, step=PSYCHIC):
    """The seat the psychic checks; 0: nobody."""


def add_card_shown(to: Contents, shown: Shown) -> None:
    """What an exact-card check shows of a seat when not its card (the wolf robot's learned
    card), said by that card's module; None: the card itself."""
    to.add(lambda catalogue: catalogue.shown.append(shown))


def card_shown(state: State, seat: int) -> str:
    """The card an exact-card check (the psychic's, the gargoyle's) shows of `seat`: its card
    (the hidden wolf too), unless a card's module says otherwise."""
    for shown in state.catalogue.shown:
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


C = TypeVar("C", bound=ExactCardCheck)


def exact_card_step(
    cues: StepCues,
    card: Role,
    decision: type[C],
    check: Callable[[State, Pending, C], None],
    barred: Callable[[State], list[int]] = lambda state: [],
    after: Callable[[State, int], None] | None = None,
) -> StepSpec[C]:
    """The night step `cues.step` (its lines `cues`) where the holder of `card` checks one
    other living player's exact card (not one of `barred(state)`), or nobody; `after(state,
    target)` keeps what the role keeps of a check. `check` says the role's own refusals (its
    ids written whole there)."""

    name = cues.step

    def begin(state: State, step: Step) -> Pending | None:
        seat = wake(state, cues, card)
        if not seat:
            return None
        out = barred(state)
        targets = tuple(s for s in state.alive() if s != seat and s not in out)
        return pending_for(state, name, [seat], targets=targets, allow_none=True)

    def resolve(state: State, pending: Pending, made: C) -> None:
        if made.target:
            check_result(state, name, pending.seats[0], made.target)
            if after is not None:
                after(state, made.target)
        state.emit(cue(cues.sleep))

    return StepSpec(
        name,
        begin,
        Kind.NIGHT,
        decision,
        check,
        resolve,
        told=told_check(name),
        form=Form.SEATS,
        answer=seat_answer(decision, "target"),
        default=nobody(decision, "target"),
        codecs=(field_codec(name, Kind.NIGHT, decision, "target", shape_seat),),
        reveals=frozenset({"seer.result"}),
        cues=cues,
    )


def check_psychic(state: State, pending: Pending, decision: PsychicCheck) -> None:
    if decision.target:
        living_target(state, decision.target)
        if decision.target == pending.seats[0]:
            raise state.refuse("psychic_self", "the psychic checks another player, not himself")


add_night_step(ROLE, NightStep(PSYCHIC, Role.PSYCHIC, club=14))
register(ROLE, exact_card_step(CUES, Role.PSYCHIC, PsychicCheck, check_psychic))
