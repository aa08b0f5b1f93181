"""The poisoner (毒师, RULES-CLUB-MORE.md; 盗宝大师): one poison a game, at 12a after the witch;
while his card is in the game the werewolves kill nobody on night 1.

Rule 1: each night, while his poison is unused, he may poison one living player (0 keeps it);
        the poisoned dies at dawn (cause `poison`, no shot); a dreamwalker is spared it. He is
        told nothing. Used, his step is pretended on the same clock.
Rule 2: while a 毒师 card is in the game (seated or face down) the only legal night-1 kill is 0
        (`poisoner_first_night`, a shield on every seat).
"""

from __future__ import annotations

from engine.cards.nightsteps import add_shield
from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import (
    NightStep,
    add_dawn,
    add_night_step,
    add_poison,
    aimed,
    chosen,
    lands_on,
    spared,
    within_bind,
)
from engine.nightstep import living_target, pending_for, told_seat, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import IllegalDecision, Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

USED = "poisoner.used"
"""`state.memory`: the night his poison was used (absent: unused)."""
TONIGHT = "poisoner.tonight"
"""`state.tonight.marks`: the seat his poison is applied to tonight (`night.chosen`)."""

ROLE = declare(Role.POISONER, god=True, power_left=lambda state: USED not in state.memory)

POISONER = "poisoner"
CUES = StepCues(POISONER, wake="poisoner.wake", act="poisoner.act", sleep="poisoner.sleep")
add_cues(ROLE, CUES.keys())


class PoisonerChoice(Decision, step=POISONER):
    """The seat the poisoner poisons tonight; 0: he keeps his poison."""

    target: int


def begin_poisoner(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.POISONER)  # used, he has no power left: pretended (Rule 1)
    if not seat:
        return None
    targets = within_bind(state, seat, tuple(state.alive()))
    return pending_for(state, POISONER, [seat], targets=targets, allow_none=True)


def check_poisoner(state: State, pending: Pending, decision: PoisonerChoice) -> None:
    if decision.target:
        living_target(state, decision.target)
        aimed(state, pending.seats[0], decision.target)


def resolve_poisoner(state: State, pending: Pending, decision: PoisonerChoice) -> None:
    if decision.target:
        state.memory[USED] = state.night
        state.tonight.marks[TONIGHT] = chosen(state, pending.seats[0], decision.target)
    seat = pending.seats[0]
    kept = private("poisoner.keeps", seat)
    state.emit(private("poisoner.poisons", seat, target=decision.target) if decision.target else kept)
    state.emit(cue(CUES.sleep))


def named(state: State) -> int:
    """The seat his poison is applied to tonight, before a swap (0: none)."""
    return int(state.tonight.marks.get(TONIGHT, 0))


def _poison_death(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 4: the poisoned dies (poisoned and bitten is one death, cause poison)."""
    seat = lands_on(state, named(state))
    if seat and not spared(state, seat, "poison"):
        deaths[seat] = "poison"


def _no_first_kill(state: State, seat: int) -> IllegalDecision | None:
    """Rule 2: on night 1 the pack may name nobody."""
    if state.night == 1 and not state.daytime:
        return state.refuse("poisoner_first_night", "with a poisoner in the game nobody is killed on night 1")
    return None


add_shield(ROLE, _no_first_kill)
add_poison(ROLE, named)
add_dawn(ROLE, 4, _poison_death)
add_night_step(ROLE, NightStep(POISONER, Role.POISONER, club=12.5))
register(
    ROLE,
    StepSpec(
        POISONER,
        begin_poisoner,
        Kind.NIGHT,
        PoisonerChoice,
        check_poisoner,
        resolve_poisoner,
        told=told_seat("poisoner", "target", "poisoner_nobody"),
        form=Form.SEATS,
        answer=seat_answer(PoisonerChoice, "target"),
        default=nobody(PoisonerChoice, "target"),
        codecs=(field_codec(POISONER, Kind.NIGHT, PoisonerChoice, "target", shape_seat),),
        reveals=frozenset({"poisoner.poisons", "poisoner.keeps"}),
        cues=CUES,
    ),
)
