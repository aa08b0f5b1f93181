"""The wolf-hound (狼狗, RULES-CHARACTERS.md's Wolf-hound; step 3, club 1c): on the first night
he can act he names his side, the werewolves or the villagers, for good.

Rule 1: night 1 (or the night a thief takes his card: the step follows the thief's), he must
        name "werewolves" or "villagers"; no pass; final. Nobody is told; his notes keep it.
Rule 2: "werewolves": he is of the werewolves' team at once (checks read him so from that
        night's), and wakes with the pack from that same night (the pack sees him at its
        step). The record's `converted` list holds him (`by = "wolf_hound"`).
Rule 3: with `wolf_hound_announced` the judge says his side in the morning (never who).
        "villagers": a villager; he counts in neither 屠边 group, as the wild child.
Rule 4: with `wolf_hound_random` the side is drawn, not chosen: from the deal itself (a
        generator seeded with the cards as dealt, so a record replays to the same draw), told
        to him alone in his prompt; he confirms it (the other side is refused) and the record
        still holds it.
"""

from __future__ import annotations

import random
from typing import Any, Final, Literal

from engine.codecs import field_codec, shape_one_of
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_dawn, add_night_step
from engine.nightstep import pending_for, wake_first
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, register, single

ROLE = declare(Role.WOLF_HOUND)

WOLF_HOUND = "wolf_hound"
WEREWOLVES: Final = "werewolves"
VILLAGERS: Final = "villagers"
CUES = StepCues(WOLF_HOUND, wake="wolf_hound.wake", act="wolf_hound.act", sleep="wolf_hound.sleep")
ANNOUNCED = {WEREWOLVES: "wolf_hound.announced_werewolves", VILLAGERS: "wolf_hound.announced_villagers"}
"""Rule 3: the side → the line that says it."""
add_cues(ROLE, {**CUES.keys(), **{key: () for key in ANNOUNCED.values()}})

SIDE = "wolf_hound.side"
"""`state.memory`: the side he named (Rule 1), until the morning says it (Rule 3)."""


class WolfHoundSide(Decision, step=WOLF_HOUND):
    """The wolf-hound's side: the werewolves' or the villagers' (no pass)."""

    side: Literal["werewolves", "villagers"]


def begin_wolf_hound(state: State, step: Step) -> Pending | None:
    seat = wake_first(state, CUES, Role.WOLF_HOUND)
    if not seat:
        return None
    if not state.rules.wolf_hound_random:
        return pending_for(state, WOLF_HOUND, [seat])
    drawn = random.Random("wolf_hound:" + ",".join(card.value for card in state.setup.roles))
    return pending_for(state, WOLF_HOUND, [seat], info={"side": drawn.choice((WEREWOLVES, VILLAGERS))})


def check_wolf_hound(state: State, pending: Pending, decision: WolfHoundSide) -> None:
    drawn = pending.info.get("side")
    if drawn is not None and decision.side != drawn:
        raise state.refuse("wolf_hound_drawn", f"the wolf-hound's side was drawn: the {drawn}")


def resolve_wolf_hound(state: State, pending: Pending, decision: WolfHoundSide) -> None:
    seat = pending.seats[0]
    state.memory[SIDE] = decision.side
    if decision.side == WEREWOLVES:
        state.turn(seat, WOLF_HOUND, state.phase, tonight=True)
    state.emit(private(f"wolf_hound.{decision.side}", seat))
    state.emit(cue(CUES.sleep))


def _announce(state: State, deaths: dict[int, str]) -> None:
    """Rule 3: the morning after his pick, the judge says the side (never who)."""
    side = state.memory.pop(SIDE, None)
    if side is not None and state.rules.wolf_hound_announced:
        state.emit(cue(ANNOUNCED[side]))


def _told(state: State, pending: Pending, decision: WolfHoundSide) -> list[tuple[str, dict[str, Any]]]:
    return [(f"wolf_hound_{decision.side}", {})]


add_dawn(ROLE, 0.5, _announce)
add_night_step(
    ROLE, NightStep(WOLF_HOUND, Role.WOLF_HOUND, club=1.3, seeds=1.5, first_night_only=True, late=True)
)
register(
    ROLE,
    StepSpec(
        WOLF_HOUND,
        begin_wolf_hound,
        Kind.NIGHT,
        WolfHoundSide,
        check_wolf_hound,
        resolve_wolf_hound,
        told=_told,
        form=Form.YES_NO,
        answers=("wolf_hound_werewolves", "wolf_hound_villagers"),
        answer=single(lambda pending, given: WolfHoundSide(side=WEREWOLVES if given.yes else VILLAGERS)),
        default=lambda state, pending: WolfHoundSide(side=pending.info.get("side", VILLAGERS)),
        codecs=(
            field_codec(WOLF_HOUND, Kind.NIGHT, WolfHoundSide, "side", shape_one_of(WEREWOLVES, VILLAGERS)),
        ),
        reveals=frozenset({f"wolf_hound.{WEREWOLVES}", f"wolf_hound.{VILLAGERS}"}),
        cues=CUES,
    ),
)
