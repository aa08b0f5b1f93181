"""The big bad wolf (大野狼, RULES-CHARACTERS.md's Big bad wolf): he wakes with the pack, then
alone kills one more player.

Rule 1: at his step (16; club 8c), alive and powerful, he names one living player: not himself,
        not tonight's pack victim, a werewolf-side player only with `wolves_eat_wolves`, and
        not one a card's shield keeps from the pack. No pass while a target exists; with none
        his step is narrated and nobody acts.
Rule 2: his kill is a werewolf attack, cause `big_bad_wolf`, landing at dawn with the pack's
        (`engine.night`'s Rule 4b): the guard stops it, it costs an elder a life, a hunter it
        kills shoots, a rusty sword knight it kills rusts.
Rule 3: with `big_bad_wolf_loses_power`, from the night after any werewolf-side death (any
        cause) he only wakes with the pack: he keeps his kill the night of the death, whose
        deaths are told after his step.
"""

from __future__ import annotations

from typing import Any

from engine.cards.limits import check_prey
from engine.cards.moon import on_werewolf_side
from engine.cards.nightsteps import prey
from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.fresh import FRESH
from engine.night import NightStep, add_attack, add_night_step
from engine.nightstep import living_target, pending_for, pretend, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, register, seat_answer

BIG_BAD_WOLF = "big_bad_wolf"
KILL = "big_bad_wolf.kill"
"""`state.tonight.marks`: the seat he named tonight (Rule 2)."""


HELD_FROM = "big_bad_wolf.held_from"
"""`state.memory`: how many deaths came before his card's holder took it (a devoted servant's
swap): only the deaths after count for Rule 3."""


def keeps_power(state: State) -> bool:
    """Rule 3: no werewolf-side player has died yet since his holder took the card (or the rule
    is off)."""
    after = state.deaths[state.memory.get(HELD_FROM, 0) :]
    return not state.rules.big_bad_wolf_loses_power or not any(on_werewolf_side(state, d.seat) for d in after)


def _held_fresh(state: State, card: Role) -> None:
    if card == Role.BIG_BAD_WOLF:
        state.memory[HELD_FROM] = len(state.deaths)


ROLE = declare(Role.BIG_BAD_WOLF, wolf=True, pack=True, power_left=keeps_power)
FRESH.add(ROLE, _held_fresh)
CUES = StepCues(BIG_BAD_WOLF, wake="big_bad_wolf.wake", act="big_bad_wolf.act", sleep="big_bad_wolf.sleep")
add_cues(ROLE, CUES.keys())


class BigBadWolfKill(Decision, step=BIG_BAD_WOLF):
    """The player the big bad wolf kills tonight (never nobody: with nobody to name he is not asked)."""

    target: int


def _may_kill(state: State, wolf: int, target: int) -> bool:
    return (
        target != wolf
        and target != state.tonight.victim
        and (state.rules.wolves_eat_wolves or not on_werewolf_side(state, target))
    )


def begin_big_bad_wolf(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.BIG_BAD_WOLF)
    if not seat:
        return None
    targets = tuple(s for s in prey(state, [seat]) if _may_kill(state, seat, s))
    if not targets:
        pretend(state, CUES)
        return None
    return pending_for(state, BIG_BAD_WOLF, [seat], targets=targets)


def check_big_bad_wolf(state: State, pending: Pending, decision: BigBadWolfKill) -> None:
    wolf, target = pending.seats[0], decision.target
    if not target:
        raise state.refuse("big_bad_wolf_pass", "the big bad wolf must kill while someone may be named")
    living_target(state, target)
    if target == wolf:
        raise state.refuse("big_bad_wolf_self", "the big bad wolf does not kill himself")
    if target == state.tonight.victim:
        raise state.refuse("big_bad_wolf_pack_victim", f"seat {target} is the pack's victim tonight")
    if not state.rules.wolves_eat_wolves and on_werewolf_side(state, target):
        raise state.refuse("wolves_eat_wolves", f"seat {target} is a werewolf (wolves_eat_wolves = false)")
    check_prey(state, pending, target)


def resolve_big_bad_wolf(state: State, pending: Pending, decision: BigBadWolfKill) -> None:
    state.tonight.marks[KILL] = decision.target
    state.emit(private("big_bad_wolf.kills", pending.seats[0], target=decision.target))
    state.emit(cue(CUES.sleep))


def _named_tonight(state: State) -> list[int]:
    named: int = state.tonight.marks.get(KILL, 0)
    return [named] if named else []


def _told(state: State, pending: Pending, decision: BigBadWolfKill) -> list[tuple[str, dict[str, Any]]]:
    return [("big_bad_wolf", {"target": decision.target})]


def _first_target(state: State, pending: Pending) -> BigBadWolfKill:
    return BigBadWolfKill(target=pending.targets[0])


add_attack(ROLE, BIG_BAD_WOLF, 16, _named_tonight)
add_night_step(ROLE, NightStep(BIG_BAD_WOLF, Role.BIG_BAD_WOLF, club=8.3, seeds=6.6))
register(
    ROLE,
    StepSpec(
        BIG_BAD_WOLF,
        begin_big_bad_wolf,
        Kind.NIGHT,
        BigBadWolfKill,
        check_big_bad_wolf,
        resolve_big_bad_wolf,
        told=_told,
        form=Form.SEATS,
        answer=seat_answer(BigBadWolfKill, "target"),
        default=_first_target,
        codecs=(field_codec(BIG_BAD_WOLF, Kind.NIGHT, BigBadWolfKill, "target", shape_seat),),
        reveals=frozenset({"big_bad_wolf.kills"}),
        cues=CUES,
    ),
)
