"""The awakened gargoyle (觉醒石像鬼, RULES-CLUB-MORE.md; 唯邻是从): a werewolf who, on night 1,
turns a good neighbour of the werewolves' team to it.

Rule 1: he meets and kills with the pack and may self-destruct.
Rule 2: night 1 at 16a, forced: he names one living player who is not of the werewolves' team
        and sits next to one who is (±1 seat, the last seat next to the first); nobody else is
        told whom.
Rule 3: the convert is woken alone at 18a and told only that he is now of the werewolves'
        team (`State.turn`, `alone`): he keeps his card and its powers for his new side, never
        meets the pack, may not self-destruct; checks read him as a werewolf from the next
        night. Once every other player of the team is dead he loses his card's powers and
        chooses the kill alone (`State.last_of_wolves_alone`). The turn goes in the record's
        `converted` list (`by = "awakened_gargoyle"`).
"""

from __future__ import annotations

from typing import Any

from engine.codecs import field_codec, shape_bool, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step
from engine.nightstep import living_target, pending_for, pretend, told_seat, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, first_target, never_refused, register, seat_answer, single

ROLE = declare(Role.AWAKENED_GARGOYLE, wolf=True, pack=True)

AWAKEN = "awakened_gargoyle"
CUES = StepCues(
    AWAKEN, wake="awakened_gargoyle.wake", act="awakened_gargoyle.act", sleep="awakened_gargoyle.sleep"
)
CONVERT = "awakened_convert"
CONVERT_CUES = StepCues(
    CONVERT, wake="awakened_convert.wake", act="awakened_convert.act", sleep="awakened_convert.sleep"
)
add_cues(ROLE, {**CUES.keys(), **CONVERT_CUES.keys()})

CONVERTED = "awakened_gargoyle.convert"
"""`state.memory`: the seat he turned (Rule 2)."""


class Awakening(Decision, step=AWAKEN):
    """The good neighbour of a werewolf the awakened gargoyle turns (never 0)."""

    target: int


class ConvertTold(Decision, step=CONVERT):
    """The convert saw that he is of the werewolves' team; his touch decides nothing."""

    seen: bool = True


def neighbours_of_wolves(state: State) -> tuple[int, ...]:
    """Rule 2's targets: living players not of the werewolves' team beside one who is."""
    seats = len(state.players)
    return tuple(
        seat
        for seat in state.alive()
        if not state.is_werewolf(seat)
        and any(state.is_werewolf((seat + step - 1) % seats + 1) for step in (-1, 1))
    )


def begin_awaken(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.AWAKENED_GARGOYLE)
    if not seat:
        return None
    targets = neighbours_of_wolves(state)
    if not targets:  # nobody can be turned: asked nothing, on the same clock
        pretend(state, CUES)
        return None
    return pending_for(state, AWAKEN, [seat], targets=targets, allow_none=False)


def check_awaken(state: State, pending: Pending, decision: Awakening) -> None:
    target = decision.target
    if not target:
        raise state.refuse("awakened_gargoyle_pick", "the awakened gargoyle must turn a player")
    living_target(state, target)
    if target not in pending.targets:
        raise state.refuse(
            "awakened_gargoyle_neighbour",
            f"seat {target} is not a good player sitting next to a player of the werewolves' team",
        )


def resolve_awaken(state: State, pending: Pending, decision: Awakening) -> None:
    state.memory[CONVERTED] = decision.target
    state.turn(decision.target, AWAKEN, state.phase, alone=True)
    state.emit(private("awakened_gargoyle.turns", pending.seats[0], target=decision.target))
    state.emit(cue(CUES.sleep))


def begin_convert(state: State, step: Step) -> Pending | None:
    state.emit(cue(CONVERT_CUES.wake), cue(CONVERT_CUES.act))
    seat = state.memory.get(CONVERTED, 0)
    if not seat or not state.is_alive(seat) or seat in state.tonight.fallen:
        pretend(state, CONVERT_CUES)
        return None
    return pending_for(state, CONVERT, [seat])


def resolve_convert(state: State, pending: Pending, decision: Decision) -> None:
    state.emit(private("awakened_gargoyle.converted", pending.seats[0]))
    state.emit(cue(CONVERT_CUES.sleep))


def _told_convert(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    return [("awakened_convert", {"target": pending.seats[0]})]


add_night_step(ROLE, NightStep(AWAKEN, Role.AWAKENED_GARGOYLE, club=16.1, first_night_only=True))
add_night_step(ROLE, NightStep(CONVERT, Role.AWAKENED_GARGOYLE, club=18.1, first_night_only=True))
register(
    ROLE,
    StepSpec(
        AWAKEN,
        begin_awaken,
        Kind.NIGHT,
        Awakening,
        check_awaken,
        resolve_awaken,
        told=told_seat("awakened_gargoyle", "target", "awakened_gargoyle"),
        form=Form.SEATS,
        answer=seat_answer(Awakening, "target"),
        default=first_target(Awakening, "target"),
        codecs=(field_codec(AWAKEN, Kind.NIGHT, Awakening, "target", shape_seat),),
        reveals=frozenset({"awakened_gargoyle.turns"}),
        cues=CUES,
    ),
    StepSpec(
        CONVERT,
        begin_convert,
        Kind.NIGHT,
        ConvertTold,
        never_refused,
        resolve_convert,
        told=_told_convert,
        form=Form.NOTICE,
        answer=single(lambda pending, given: ConvertTold()),
        default=lambda state, pending: ConvertTold(),
        codecs=(field_codec(CONVERT, Kind.NIGHT, ConvertTold, "seen", shape_bool),),
        reveals=frozenset({"awakened_gargoyle.converted"}),
        cues=CONVERT_CUES,
    ),
)
