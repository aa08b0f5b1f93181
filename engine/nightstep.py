"""What every role's night step shares: waking, pretending, the pending decision, a living
target, and the answers and review lines that several steps write alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.decisions import Decision
from engine.events import cue, judge_only, private
from engine.fresh import first_night_for
from engine.roles import Role
from engine.script import StepCues
from engine.state import IllegalDecision, Pending, State
from engine.steps import Answer, Parts, single


def open_step(state: State, cues: StepCues) -> None:
    state.emit(cue(cues.wake), cue(cues.act))


def pretend(state: State, cues: StepCues) -> None:
    state.emit(judge_only("pretend", step=cues.step), cue(cues.sleep))


def wake(state: State, cues: StepCues, role: Role) -> int:
    """Read the step's wake and act lines; the seat that acts, or 0 (the step is pretended).

    A holder whose power is void tonight (`state.tonight.blocked`: feared, sealed) decides
    nothing: the step is pretended, and he is told why (`blocked`, with what blocks him: the
    `BLOCKED_BY` mark) — unless the rules keep it from him (the nightmare's `fear_notice =
    "silent"`): then he acts as usual and his decision does nothing (`void`)."""
    open_step(state, cues)
    seat = state.acting(role)
    if seat and seat in state.tonight.blocked:
        by = str(state.tonight.marks.get(BLOCKED_BY, {}).get(seat, ""))
        if by == "nightmare" and state.rules.fear_notice == "silent":
            return seat  # he acts, not told; his decision does nothing (`void`)
        state.emit(private("blocked", seat, step=cues.step, by=by, night=state.night))
        seat = 0
    if not seat:
        pretend(state, cues)
    return seat


def wake_first(state: State, cues: StepCues, role: Role) -> int:
    """`wake` for a step of the first night (`NightStep.late`): on a later night only a holder
    who got the card since the last night acts (an actor's, a servant's: `fresh.first_night_for`);
    otherwise the step is pretended."""
    seat = wake(state, cues, role)
    if seat and not first_night_for(state, seat):
        pretend(state, cues)
        return 0
    return seat


def void(state: State, pending: Pending) -> bool:
    """Whether the night decision `pending` does nothing: every seat that owes it is void
    tonight (a holder feared without being told): nothing happens, nothing is spent."""
    blocked = state.tonight.blocked
    return bool(blocked) and not state.daytime and all(seat in blocked for seat in pending.seats)


BLOCKED_BY = "blocked_by"
"""`state.tonight.marks`: seat → what voids its power tonight ("nightmare", "blood_moon")."""


def pending_for(state: State, name: str, seats: list[int], **fields: object) -> Pending:
    return Pending(phase=state.phase, step=name, key=name, seats=tuple(seats), **fields)  # type: ignore[arg-type]


def living_target(state: State, target: int) -> None:
    if not state.is_seat(target):
        raise state.refuse("no_such_seat", f"there is no seat {target}")
    if not state.players[target - 1].alive:
        raise state.refuse("dead_target", f"seat {target} is dead")


def count_answer(make: Callable[[tuple[int, ...]], Decision]) -> Parts:
    """The answer of a step that names exactly `pending.count` seats, made into its decision."""

    def answer(pending: Pending, given: Answer) -> Decision:
        if len(given.seats) != pending.count:
            raise IllegalDecision("wrong_count", f"name {pending.count} seats")
        return make(given.seats)

    return single(answer)


def first_targets(make: Callable[[tuple[int, ...]], Decision]) -> Callable[[State, Pending], Decision]:
    """The default of such a step: the first seats it may name."""

    def default(state: State, pending: Pending) -> Decision:
        return make(pending.targets[: pending.count])

    return default


def told_seats(
    name: str, field: str
) -> Callable[[State, Pending, Decision], list[tuple[str, dict[str, Any]]]]:
    """The review line of a decision naming several seats in `field` (the lovers, the charmed)."""

    def told(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
        return [(name, {"seats": sorted(getattr(decision, field))})]

    return told


def told_seat(
    name: str, field: str, nobody: str
) -> Callable[[State, Pending, Decision], list[tuple[str, dict[str, Any]]]]:
    """The review line of a decision naming one seat in `field` (`nobody` for none)."""

    def told(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
        seat = getattr(decision, field)
        return [(name, {"target": seat})] if seat else [(nobody, {})]

    return told
