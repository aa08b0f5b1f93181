"""The slacker (混血儿, RULES-CLUB-MORE.md's step 3a; olveryu's 混血儿, the official app's 孤独少女):
on night 1 he names an idol, and plays for the idol's side.

Rule 1: night 1 only, he must name one other living player as his idol (`0` is illegal);
        nobody else is told.
Rule 2: his side, for the game, is the idol's when named: the werewolves' if the idol's card is
        wolf-team, else the village's. He wins iff his side wins; he counts in neither 屠边
        group nor in the wolf team, and the seer sees him good always.
Rule 3: with `slacker_blocks_wolves` (the default) the werewolves cannot win while he lives,
        whatever his side; he never keeps the village from winning.
"""

from __future__ import annotations

from engine.codecs import field_codec, shape_seat
from engine.deaths import add_side, add_wolf_block
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step
from engine.nightstep import living_target, pending_for, told_seat, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, first_target, register, seat_answer

ROLE = declare(Role.SLACKER)

SLACKER = "slacker"
CUES = StepCues(SLACKER, wake="slacker.wake", act="slacker.act", sleep="slacker.sleep")
add_cues(ROLE, CUES.keys())

SIDE = "slacker.side"
"""`state.memory`: the side the slacker plays for, from his idol ("werewolves" or "village")."""


class SlackerIdol(Decision, step=SLACKER):
    """The slacker's idol: another living player (never 0)."""

    target: int


def begin_slacker(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.SLACKER)
    if not seat:
        return None
    targets = tuple(s for s in state.alive() if s != seat)
    return pending_for(state, SLACKER, [seat], targets=targets, allow_none=False)


def check_slacker(state: State, pending: Pending, decision: SlackerIdol) -> None:
    target = decision.target
    if not target:
        raise state.refuse("slacker_idol", "the slacker must name an idol")
    living_target(state, target)
    if target == pending.seats[0]:
        raise state.refuse("slacker_self", "the slacker names another player as his idol")


def resolve_slacker(state: State, pending: Pending, decision: SlackerIdol) -> None:
    state.memory[SIDE] = "werewolves" if state.is_werewolf(decision.target) else "village"
    state.emit(private("slacker.idol", pending.seats[0], target=decision.target))
    state.emit(cue(CUES.sleep))


def _side(state: State, seat: int) -> str | None:
    """Rule 2: the slacker's side (the village's until he names his idol)."""
    return str(state.memory.get(SIDE, "village")) if state.player(seat).card == Role.SLACKER else None


def _blocks_wolves(state: State) -> bool:
    """Rule 3."""
    return state.rules.slacker_blocks_wolves and any(
        state.is_alive(s) for s in state.seats_with(Role.SLACKER)
    )


add_side(ROLE, _side)
add_wolf_block(ROLE, _blocks_wolves)
add_night_step(ROLE, NightStep(SLACKER, Role.SLACKER, club=3.1, first_night_only=True))
register(
    ROLE,
    StepSpec(
        SLACKER,
        begin_slacker,
        Kind.NIGHT,
        SlackerIdol,
        check_slacker,
        resolve_slacker,
        told=told_seat("slacker", "target", "slacker"),
        form=Form.SEATS,
        answer=seat_answer(SlackerIdol, "target"),
        default=first_target(SlackerIdol, "target"),
        codecs=(field_codec(SLACKER, Kind.NIGHT, SlackerIdol, "target", shape_seat),),
        reveals=frozenset({"slacker.idol"}),
        cues=CUES,
    ),
)
