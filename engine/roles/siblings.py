"""What the two sisters (两姐妹) and the three brothers (三兄弟) share (RULES-CHARACTERS.md): a
meeting of the card's holders on their nights, where they see each other and decide nothing.

Rule 1: the meeting is narrated on the nights `<card>_nights` names (`"odd"`: 1, 3, 5…;
        `"every"`; `"first"`: night 1 only), whoever is alive: its lines are the same when
        nobody meets.
Rule 2: they meet while at least `least` of them are alive and powerful (the sisters both, the
        brothers two of three; the elder's curse takes it): each living one is told the seats of
        all of them (a `<step>` event), kept in his notes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from engine.contents import Contents
from engine.events import cue, judge_only, private
from engine.night import NightStep, add_night_step
from engine.roles import Role
from engine.script import add_cues
from engine.state import State, Step
from engine.steps import Kind, StepSpec, register

Nights = Literal["odd", "every", "first"]


def on_night(nights: Nights, night: int) -> bool:
    """Whether the meeting is held on `night` (Rule 1)."""
    return nights == "every" or (nights == "odd" and night % 2 == 1) or night == 1


def add_meeting(
    to: Contents,
    card: Role,
    step: str,
    lines: tuple[str, str],
    least: int,
    nights: Callable[[State], Nights],
    ranks: tuple[float, float, float],
) -> None:
    """The meeting of the holders of `card` as the night step `step`, its `lines` (wake, sleep)
    said whole, at `ranks` (club, seeds, seer_first)."""
    wake, sleep = lines

    def begin(state: State, _: Step) -> None:
        state.emit(cue(wake))
        seats = [p.seat for p in state.players if p.card == card]
        awake = frozenset(s for s in seats if state.has_power(s))
        if len(awake) >= least:
            state.emit(private(step, awake, seats=seats))
        state.emit(judge_only("meeting", step=step), cue(sleep))

    club, seeds, seer_first = ranks
    add_cues(to, {wake: (), sleep: ()})
    night_step = NightStep(
        step, card, club=club, seeds=seeds, seer_first=seer_first, meeting=True,
        tonight=lambda state: on_night(nights(state), state.night),
    )  # fmt: skip
    add_night_step(to, night_step)
    register(to, StepSpec(step, begin, Kind.MEETING))
