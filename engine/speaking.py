"""Who speaks when by day: last words and the discussion's order (RULES.md, and the club day of
RULES-CLUB.md: 警左/警右, the talk without a sheriff, last words by the club rule).

Rule 1: last words: `last_words = "all"`, each night's deaths in the morning (an exile's are
        said at the verdict, `engine.vote`); `"first_night"`, night 1's deaths only.
Rule 2: `last_words = "club"`: night 1's deaths and every exile speak, each with the shot
        victims of those who speak, in seat order after every skill (an exile's before his
        badge); nobody once the game is won; a self-destruct by `self_destruct_last_words`
        (`engine.self_destruct`); nobody else.
Rule 3: RULES.md's discussion starts after the living sheriff, else after the last night
        victim, upward.
Rule 4: the club day's: the sheriff chooses who speaks first (警左 his next seat upward, 警右
        downward; from the one night victim's neighbour under `sheriff_speech_from =
        "victim_or_sheriff"`) and speaks last; without a sheriff the talk starts after the
        lowest-numbered victim, upward, or at a seat drawn with the game's seed after a
        peaceful night.
"""

from __future__ import annotations

import random

from engine.cards.moon import away
from engine.codecs import shape_one_of
from engine.contents import Contents
from engine.deaths import winner
from engine.decisions import Decision
from engine.events import Event, cue
from engine.phase import Phase
from engine.state import Pending, State, Step
from engine.steps import Codec, Form, Kind, StepSpec, never_refused, register, single

CORE = Contents("speaking")


class SpeechOrder(Decision, step="speech_order"):
    """The sheriff's choice of who speaks first in the club day's discussion: his 下家 (警左, the
    next seat number upward, `upward`) or his 上家 (警右, downward); he speaks last."""

    upward: bool


SHOT_CAUSES = frozenset({"hunter", "wolf_king"})
"""Causes of death by a shot: its victim has last words when its shooter had (Rule 2)."""


def begin_last_words(state: State, step: Step) -> None:
    rule = state.rules.last_words
    if rule == "club":
        _club_last_words(state, step)
    elif rule == "all" or (rule == "first_night" and state.night == 1):
        phase = Phase("night", state.night)
        for death in state.deaths:
            if death.phase == phase:
                state.emit(cue("last_words", seat=death.seat))


def _club_last_words(state: State, step: Step) -> None:
    """Rule 2: the morning's (night 1's deaths), or an exile's (`from`: the exile's death),
    each with the shot victims of those who speak, in seat order; none once the game is won."""
    if winner(state) is not None:
        return
    if "from" in step.args:
        deaths = state.deaths[step.args["from"] :]
        speak = {d.seat for d in deaths[:1]}
    else:
        deaths = [d for d in state.deaths if d.phase in (Phase("night", 1), Phase("day", 1))]
        speak = {d.seat for d in deaths if d.phase.night} if state.night == 1 else set()
    shooters = _shooters(state)
    for death in deaths:
        if death.cause in SHOT_CAUSES and shooters.get(death.seat) in speak:
            speak.add(death.seat)
    for seat in sorted(speak):
        state.emit(cue("last_words", seat=seat))


def _shooters(state: State) -> dict[int, int]:
    """Who shot whom by day (target → shooter), from the shots told to the table."""
    return {
        event.data["target"]: event.data["seat"]
        for event in state.events
        if event.kind == "cue" and event.data["key"].endswith(".shot") and "target" in event.data
    }


def begin_discussion(state: State, step: Step) -> None:
    alive = _talkers(state)
    if not alive:
        return
    tonight = Phase("night", state.night)
    night_dead = [d.seat for d in state.deaths if d.phase == tonight]
    after = state.sheriff if state.is_alive(state.sheriff) else max(night_dead, default=0)
    first = next((s for s in alive if s > after), alive[0])
    order = alive[alive.index(first) :] + alive[: alive.index(first)]
    _speakers(state, order, upward=True)


def _speakers(state: State, order: list[int], *, upward: bool) -> None:
    """The discussion's speakers, in order: a cue names the first and the direction."""
    direction = "clockwise" if upward else "counterclockwise"
    state.emit(cue("discussion.start", seat=order[0], direction=direction))
    state.emit(Event("speakers", {"order": order}))


def _talkers(state: State) -> list[int]:
    if state.moon is None:
        return state.alive()
    gone = away(state)
    return [s for s in state.alive() if s not in gone]


def begin_speech_order(state: State, step: Step) -> Pending | None:
    """Rule 4: the sheriff is asked 警左 or 警右; without one the order follows at once."""
    alive = _talkers(state)
    if not alive:
        return None
    sheriff = state.sheriff
    if sheriff in alive:
        state.emit(cue("sheriff.order", seat=sheriff))
        up, down = _sheriff_order(state, True), _sheriff_order(state, False)
        info = {"up": up[0], "down": down[0]}
        return Pending(state.phase, "speech_order", "speech_order", (sheriff,), allow_none=True, info=info)
    victims = [d.seat for d in state.deaths if d.phase == Phase("night", state.night)]
    if victims:
        after = min(victims)
        first = next((s for s in alive if s > after), alive[0])
    else:
        first = random.Random(f"peaceful:{state.setup.event_seed}:{state.day}").choice(alive)
    at = alive.index(first)
    _speakers(state, alive[at:] + alive[:at], upward=True)
    return None


def _sheriff_order(state: State, upward: bool) -> list[int]:
    """The speakers from the sheriff's side (or the one night victim's) in a direction, the
    sheriff last (Rule 4)."""
    alive, sheriff = _talkers(state), state.sheriff
    victims = [d.seat for d in state.deaths if d.phase == Phase("night", state.night)]
    anchor = sheriff
    if state.rules.sheriff_speech_from == "victim_or_sheriff" and len(victims) == 1:
        anchor = victims[0]
    ring = sorted({*alive, anchor}, reverse=not upward)
    at = ring.index(anchor)
    around = ring[at + 1 :] + ring[:at]
    return [s for s in around if s != sheriff and s in alive] + [sheriff]


def resolve_speech_order(state: State, pending: Pending, decision: SpeechOrder) -> None:
    _speakers(state, _sheriff_order(state, decision.upward), upward=decision.upward)


register(
    CORE,
    StepSpec("last_words", begin_last_words),
    StepSpec("discussion", begin_discussion),
    StepSpec(
        "speech_order",
        begin_speech_order,
        Kind.DAY,
        SpeechOrder,
        never_refused,
        resolve_speech_order,
        form=Form.YES_NO,
        answers=("order_left", "order_right"),
        answer=single(lambda pending, given: SpeechOrder(upward=given.yes)),
        default=lambda state, pending: SpeechOrder(upward=True),
        codecs=(
            Codec(
                "speech_order",
                Kind.DAY,
                lambda value, pending: SpeechOrder(upward=value == "up"),
                lambda made, pending, old: "up" if made.upward else "down",
                shape_one_of("up", "down"),
            ),
        ),
        talk=True,
    ),
)
