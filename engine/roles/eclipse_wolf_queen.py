"""The eclipse wolf queen (蚀时狼妃, RULES-CLUB-MORE.md; 永序之轮): a werewolf who locks one player a
night; a good player's night choice naming the locked seat is applied to its chooser.

Rule 1: she meets and kills with the pack and may self-destruct; the pack may name her.
Rule 2: at 3e, before every other power of the night, she may lock one living player, herself
        allowed, never the one she locked the night before (0: nobody).
Rule 3: tonight every night choice of a player not of the werewolves' team naming the locked
        seat is applied to its chooser as it is made (`night.chosen`), the witch's antidote
        excepted: the seer checks himself (told "good"), the guard guards himself, the witch
        poisons herself. Nobody is told of it; the guard's repeat ban reads the seat as named.
Rule 4: once a choice is reflected (the review tells each) her power is spent: from the next night her step is
        pretended on the same clock, and she is told why at it (`blocked`, by `"powerless"`).
"""

from __future__ import annotations

from typing import Any

from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step, add_reflect
from engine.nightstep import living_target, open_step, pending_for, pretend, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

REFLECTED = "eclipse_wolf_queen.reflected"
"""`state.memory`: every choice reflected, (night, chooser), in order (none: her power is whole)."""
LAST = "eclipse_wolf_queen.last"
"""`state.memory`: (night, seat) of her last lock."""
LOCKED = "eclipse_wolf_queen.locked"
"""`state.tonight.marks`: the seat locked tonight."""

ROLE = declare(
    Role.ECLIPSE_WOLF_QUEEN, wolf=True, pack=True, power_left=lambda state: not state.memory.get(REFLECTED)
)

LOCK = "eclipse_wolf_queen"
CUES = StepCues(
    LOCK, wake="eclipse_wolf_queen.wake", act="eclipse_wolf_queen.act", sleep="eclipse_wolf_queen.sleep"
)
add_cues(ROLE, CUES.keys())


class EclipseLock(Decision, step=LOCK):
    """The seat the eclipse wolf queen locks tonight; 0: nobody."""

    target: int


def last_locked(state: State) -> int:
    """The seat she locked last night (Rule 2's ban), 0 for none."""
    night, seat = state.memory.get(LAST, (0, 0))
    return int(seat) if night == state.night - 1 else 0


def begin_lock(state: State, step: Step) -> Pending | None:
    queen = state.seat_of(Role.ECLIPSE_WOLF_QUEEN)
    if state.memory.get(REFLECTED) and queen and state.is_alive(queen) and queen not in state.tonight.fallen:
        open_step(state, CUES)  # Rule 4: told why, on the pretended step's clock
        state.emit(private("blocked", queen, step=LOCK, by="powerless", night=state.night))
        pretend(state, CUES)
        return None
    seat = wake(state, CUES, Role.ECLIPSE_WOLF_QUEEN)
    if not seat:
        return None
    last = last_locked(state)
    targets = tuple(s for s in state.alive() if s != last)
    return pending_for(state, LOCK, [seat], targets=targets, allow_none=True, info={"last_locked": last})


def check_lock(state: State, pending: Pending, decision: EclipseLock) -> None:
    target = decision.target
    if target:
        living_target(state, target)
        if target == last_locked(state):
            raise state.refuse(
                "eclipse_wolf_queen_repeat", f"seat {target} was locked last night: not twice running"
            )


def resolve_lock(state: State, pending: Pending, decision: EclipseLock) -> None:
    target = decision.target
    state.tonight.marks[LOCKED] = target
    state.memory[LAST] = (state.night, target)
    state.emit(private("eclipse_wolf_queen.locks", pending.seats[0], target=target))
    state.emit(cue(CUES.sleep))


def told_lock(state: State, pending: Pending, decision: EclipseLock) -> list[tuple[str, dict[str, Any]]]:
    """The review: her lock, and each choice it reflected that night (its chooser)."""
    if not decision.target:
        return [("eclipse_wolf_queen_nobody", {})]
    night = pending.phase.number
    reflected = [chooser for n, chooser in state.memory.get(REFLECTED, []) if n == night]
    return [("eclipse_wolf_queen", {"target": decision.target})] + [
        ("eclipse_wolf_queen_reflected", {"target": chooser}) for chooser in reflected
    ]


def reflect(state: State, chooser: int, seat: int) -> int:
    """Rule 3: a choice by a player not of the werewolves' team naming the locked seat lands on
    its chooser; the first night one does spends her power (Rule 4)."""
    locked = state.tonight.marks.get(LOCKED, 0)
    if not locked or seat != locked or state.is_werewolf(chooser):
        return seat
    state.memory[REFLECTED] = [*state.memory.get(REFLECTED, []), (state.night, chooser)]
    return chooser


add_reflect(ROLE, reflect)
add_night_step(ROLE, NightStep(LOCK, Role.ECLIPSE_WOLF_QUEEN, club=3.5))
register(
    ROLE,
    StepSpec(
        LOCK,
        begin_lock,
        Kind.NIGHT,
        EclipseLock,
        check_lock,
        resolve_lock,
        told=told_lock,
        form=Form.SEATS,
        answer=seat_answer(EclipseLock, "target"),
        default=nobody(EclipseLock, "target"),
        codecs=(field_codec(LOCK, Kind.NIGHT, EclipseLock, "target", shape_seat),),
        reveals=frozenset({"eclipse_wolf_queen.locks"}),
        cues=CUES,
    ),
)
