"""The wild child (野孩子, RULES-CHARACTERS.md's Wild child; RULES-CLUB-MORE.md's step 3b): on
night 1 he picks a model (榜样); when the model dies by `wild_child_trigger` he turns werewolf.

Rule 1: night 1 only, he must name one other living player as his model; nobody else is told.
Rule 2: when the model dies of a cause `wild_child_trigger` allows (any death; or, with
        `"vote"`, only cause `vote`) while the wild child is alive and powerful, he joins the
        werewolves' team for good in that very moment, before its win check (so the last wolf
        exiled as model wins nothing for the village); he alone is told, the table only with
        `wild_child_announced` (never who). The turn goes in the record's `converted` list.
Rule 3: turned, he is checked as a werewolf, may self-destruct, and wakes and kills with the
        pack from the next night. Dead before his model, or the model dead of another cause
        (`"vote"`): a villager for good. Until he turns he counts in neither 屠边 group.
"""

from __future__ import annotations

from typing import Any

from engine.codecs import field_codec, shape_seat
from engine.deaths import add_consequence
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step
from engine.nightstep import living_target, pending_for, wake_first
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, first_target, register, seat_answer

ROLE = declare(Role.WILD_CHILD)

WILD_CHILD = "wild_child"
CUES = StepCues(WILD_CHILD, wake="wild_child.wake", act="wild_child.act", sleep="wild_child.sleep")
TURNED_SAID = "wild_child.turned"
add_cues(ROLE, {**CUES.keys(), TURNED_SAID: ()})

MODEL = "wild_child.model"
"""`state.memory`: the wild child's model (Rule 1)."""


class WildChildModel(Decision, step=WILD_CHILD):
    """The wild child's model: another living player (never 0)."""

    target: int


def begin_wild_child(state: State, step: Step) -> Pending | None:
    seat = wake_first(state, CUES, Role.WILD_CHILD)
    if not seat:
        return None
    targets = tuple(s for s in state.alive() if s != seat)
    return pending_for(state, WILD_CHILD, [seat], targets=targets, allow_none=False)


def check_wild_child(state: State, pending: Pending, decision: WildChildModel) -> None:
    target = decision.target
    if not target:
        raise state.refuse("wild_child_model", "the wild child must name a model")
    living_target(state, target)
    if target == pending.seats[0]:
        raise state.refuse("wild_child_self", "the wild child names another player as his model")


def resolve_wild_child(state: State, pending: Pending, decision: WildChildModel) -> None:
    state.memory[MODEL] = decision.target
    state.emit(private("wild_child.model", pending.seats[0], target=decision.target))
    state.emit(cue(CUES.sleep))


def _told(state: State, pending: Pending, decision: WildChildModel) -> list[tuple[str, dict[str, Any]]]:
    """The review: his model, and his turn when it came."""
    turned = pending.seats[0] in state.turned
    return [("wild_child", {"target": decision.target})] + (
        [("wild_child_turned", {"target": decision.target})] if turned else []
    )


def _turn(state: State, seat: int, cause: str) -> list[tuple[int, str]]:
    """Rule 2: the model's death turns the living wild child (no death of its own)."""
    if seat != state.memory.get(MODEL) or (state.rules.wild_child_trigger == "vote" and cause != "vote"):
        return []
    child = state.seat_of(Role.WILD_CHILD)
    if child and state.has_power(child) and child not in state.turned:
        state.turn(child, WILD_CHILD, state.deaths[-1].phase)
        state.emit(private("wild_child.turned", child, target=seat))
        if state.rules.wild_child_announced:
            state.emit(cue(TURNED_SAID))
    return []


add_consequence(ROLE, _turn)
add_night_step(
    ROLE,
    NightStep(
        WILD_CHILD, Role.WILD_CHILD, club=3.2, seeds=3.4, seer_first=4.4, first_night_only=True, late=True
    ),
)
register(
    ROLE,
    StepSpec(
        WILD_CHILD,
        begin_wild_child,
        Kind.NIGHT,
        WildChildModel,
        check_wild_child,
        resolve_wild_child,
        told=_told,
        form=Form.SEATS,
        answer=seat_answer(WildChildModel, "target"),
        default=first_target(WildChildModel, "target"),
        codecs=(field_codec(WILD_CHILD, Kind.NIGHT, WildChildModel, "target", shape_seat),),
        reveals=frozenset({"wild_child.model"}),
        cues=CUES,
    ),
)
