"""The dreamcatcher (摄梦人, RULES-CLUB.md): each night he must choose another living player as the
dreamwalker (梦游者), who, not told, survives the knife and the poison that night; chosen two
nights running he dies (cause `dream`), and if the dreamcatcher dies that night he dies with him
(cause `dream_link`). Dream deaths cannot be healed and give no shot."""

from __future__ import annotations

from typing import Any

from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_dawn, add_night_step, add_spared, aimed, lands_on, spared, within_bind
from engine.nightstep import living_target, pending_for, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, first_target, register, seat_answer

ROLE = declare(Role.DREAMCATCHER, god=True)

DREAMCATCHER = "dreamcatcher"
CUES = StepCues(DREAMCATCHER, wake="dreamcatcher.wake", act="dreamcatcher.act", sleep="dreamcatcher.sleep")
add_cues(ROLE, CUES.keys())

WALKER = "dreamcatcher.walker"
"""`state.tonight.marks`: tonight's dreamwalker (the seat as named; `dreamwalker` where it lands)."""
LAST = "dreamcatcher.last"
"""`state.memory`: the seat named last night (0: nobody dreamt), for the two-nights death."""
DREAM_DEATHS = frozenset({"dream", "dream_link"})
SECOND = "dreamcatcher.second"
"""`state.tonight.marks`: tonight's dreamwalker was also last night's (he dies of the dream)."""


class DreamcatcherChoice(Decision, step=DREAMCATCHER):
    """The dreamwalker tonight (never 0, never the dreamcatcher himself)."""

    target: int


def dreamwalker(state: State) -> int:
    """Tonight's dreamwalker (0: nobody dreams tonight)."""
    return lands_on(state, int(state.tonight.marks.get(WALKER, 0)))


def begin_dreamcatcher(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.DREAMCATCHER)
    if not seat:
        state.memory[LAST] = 0  # nobody dreams: the two-nights chain breaks
        return None
    targets = within_bind(state, seat, tuple(s for s in state.alive() if s != seat))
    return pending_for(state, DREAMCATCHER, [seat], targets=targets)


def check_dreamcatcher(state: State, pending: Pending, decision: DreamcatcherChoice) -> None:
    target = decision.target
    if not target:
        raise state.refuse("dreamcatcher_nobody", "the dreamcatcher must choose a dreamwalker every night")
    living_target(state, target)
    if target == pending.seats[0]:
        raise state.refuse("dreamcatcher_self", "the dreamcatcher chooses another player, not himself")
    aimed(state, pending.seats[0], target)


def resolve_dreamcatcher(state: State, pending: Pending, decision: DreamcatcherChoice) -> None:
    target = decision.target
    state.tonight.marks[WALKER] = target
    state.tonight.marks[SECOND] = state.memory.get(LAST, 0) == target
    state.memory[LAST] = target
    state.emit(private("dreamcatcher.dreams", pending.seats[0], target=target))
    state.emit(cue(CUES.sleep))


def _spared(state: State, seat: int, cause: str) -> bool:
    """The dreamwalker survives every night death (the knife, 同守同救 too, the poison, a
    reflect, a charm) but the dream's own."""
    return seat == dreamwalker(state) and cause not in DREAM_DEATHS


def _dream_deaths(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 7: the second-night dreamwalker dies; so does the dreamwalker of a dreamcatcher
    who dies tonight. Nothing heals or guards a dream death (a card that never dies at night,
    the spirit knight, is spared it)."""
    walker = dreamwalker(state)
    if not walker:
        return
    catcher = state.seat_of(Role.DREAMCATCHER)
    cause = "dream" if state.tonight.marks.get(SECOND) else "dream_link" if catcher in deaths else ""
    if cause and not spared(state, walker, cause):
        deaths.setdefault(walker, cause)


def _told(state: State, pending: Pending, decision: DreamcatcherChoice) -> list[tuple[str, dict[str, Any]]]:
    return [("dreamcatcher", {"target": decision.target})]


add_spared(ROLE, _spared)
add_dawn(ROLE, 7, _dream_deaths)
add_night_step(ROLE, NightStep(DREAMCATCHER, Role.DREAMCATCHER, club=7))
register(
    ROLE,
    StepSpec(
        DREAMCATCHER,
        begin_dreamcatcher,
        Kind.NIGHT,
        DreamcatcherChoice,
        check_dreamcatcher,
        resolve_dreamcatcher,
        told=_told,
        form=Form.SEATS,
        answer=seat_answer(DreamcatcherChoice, "target"),
        default=first_target(DreamcatcherChoice, "target"),
        codecs=(field_codec(DREAMCATCHER, Kind.NIGHT, DreamcatcherChoice, "target", shape_seat),),
        reveals=frozenset({"dreamcatcher.dreams"}),
        cues=CUES,
    ),
)
