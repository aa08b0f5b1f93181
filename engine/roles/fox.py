"""The fox (狐狸, RULES-CHARACTERS.md's Fox): each night while powerful he sniffs a player and
is told, secretly, whether that player or a living neighbour is a werewolf.

Rule 1: the fox names any living player, himself allowed, or nobody (0); a pass costs nothing.
        The sniff falls where a night choice lands (the magician's swap).
Rule 2: he is told yes or no: whether any of the player and his living neighbours (two or
        three distinct seats; the dead skipped) reads as a werewolf the way the seer reads him
        (a 隐狼 does not).
Rule 3: a "no" takes his power for good (`fox_loses_power`); from then on his step is
        narrated and nobody acts. The elder's curse takes it too.
Rule 4: each sniff is kept for the replay's output (`fox`: night, target, group, result
        "yes" or "no") and told in the review.
"""

from __future__ import annotations

from typing import Any

from engine.cards.moon import neighbours
from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.fresh import add_fresh
from engine.night import NightStep, add_night_step, lands_on
from engine.nightstep import living_target, pending_for, wake
from engine.outputs import add_output
from engine.roles import Role, declare
from engine.roles.seer import reads_as_werewolf
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

LOST = "fox.lost"
"""`state.memory`: True once a "no" took the fox's power (Rule 3)."""
SNIFFS = "fox.sniffs"
"""`state.memory`: each sniff, as [night, target, group, found] (Rule 4)."""

ROLE = declare(Role.FOX, god=True, power_left=lambda state: not state.cursed and not state.memory.get(LOST))

FOX = "fox"
CUES = StepCues(FOX, wake="fox.wake", act="fox.act", sleep="fox.sleep")
add_cues(ROLE, CUES.keys())


class FoxSniff(Decision, step=FOX):
    """The player the fox sniffs tonight; 0: nobody."""

    target: int


def begin_fox(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.FOX)
    if not seat:
        return None
    return pending_for(state, FOX, [seat], targets=tuple(state.alive()), allow_none=True)


def check_fox(state: State, pending: Pending, decision: FoxSniff) -> None:
    if decision.target:
        living_target(state, decision.target)


def sniffed(state: State, target: int) -> tuple[list[int], bool]:
    """The seats a sniff of `target` covers and whether a werewolf is among them (Rule 2)."""
    group = sorted({target, *neighbours(state, target)})
    return group, any(reads_as_werewolf(state, seat) for seat in group)


def resolve_fox(state: State, pending: Pending, decision: FoxSniff) -> None:
    if decision.target:
        group, found = sniffed(state, lands_on(state, decision.target))
        state.memory[SNIFFS] = [*state.memory.get(SNIFFS, []), [state.night, decision.target, group, found]]
        state.emit(
            private(
                "fox.result",
                pending.seats[0],
                night=state.night,
                target=decision.target,
                seats=group,
                found=found,
            )
        )
        if not found and state.rules.fox_loses_power:
            state.memory[LOST] = True
    state.emit(cue(CUES.sleep))


def told_fox(state: State, pending: Pending, decision: FoxSniff) -> list[tuple[str, dict[str, Any]]]:
    if not decision.target:
        return [("fox_nobody", {})]
    night = pending.phase.number
    group, found = next(
        (g, f) for n, t, g, f in state.memory.get(SNIFFS, []) if (n, t) == (night, decision.target)
    )
    return [("fox_found" if found else "fox_none", {"target": decision.target, "seats": group})]


def output(state: State) -> dict[str, Any]:
    return {
        "fox": [
            {"night": night, "target": target, "group": group, "result": "yes" if found else "no"}
            for night, target, group, found in state.memory.get(SNIFFS, [])
        ]
    }


add_output(ROLE, output)
add_fresh(ROLE, Role.FOX, LOST)
add_night_step(ROLE, NightStep(FOX, Role.FOX, club=13.3, seeds=5.5, seer_first=4.2))
register(
    ROLE,
    StepSpec(
        FOX,
        begin_fox,
        Kind.NIGHT,
        FoxSniff,
        check_fox,
        resolve_fox,
        told=told_fox,
        form=Form.SEATS,
        answer=seat_answer(FoxSniff, "target"),
        default=nobody(FoxSniff, "target"),
        codecs=(field_codec(FOX, Kind.NIGHT, FoxSniff, "target", shape_seat),),
        reveals=frozenset({"fox.result"}),
        cues=CUES,
    ),
)
