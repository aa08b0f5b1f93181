"""The masquerade (假面, RULES-CLUB-MORE.md; 假面舞会): a wolf alone who, from night 2, asks whether
a player dances tonight and gives one player tonight's mask.

Rule 1: he never meets the pack nor it him, may not self-destruct, may be knifed; once no other
        card of the werewolves' team lives he chooses the kill alone (a lone killer, at the
        pack's step, record key `werewolves`). Poison does nothing to him (the potion is spent).
Rule 2: at 10a, after the dancer, he may name one living player, himself allowed, and is told
        "yes" when that player dances tonight (where the dance lands), else "no" (no dance
        tonight: "no"); then he may give one living player, himself allowed, tonight's mask
        (`engine.roles.dancer.MASKED`: the masked dancer counts for the other faction; no dance:
        it does nothing). Either may be 0; neither may name the seat he named for it the night
        before.
Rule 3: the two choices are two steps of one record key: `masquerade = { check = s, mask = s }`.
"""

from __future__ import annotations

from typing import Any

from engine.codecs import ShapeError
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step, add_spared, lands_on
from engine.nightstep import living_target, told_seat, wake
from engine.outputs import add_output
from engine.roles import Role, declare
from engine.roles.dancer import MASKED, pool
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Begin, Codec, Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.MASQUERADE, wolf=True, pack=False, lone_killer=True, self_destructs=False)

MASQUERADE = "masquerade"
"""The check's step and the record key of both steps."""
MASK = "masquerade_mask"
CHECK_CUES = StepCues(MASQUERADE, wake="masquerade.wake", act="masquerade.act", sleep="masquerade.told")
MASK_CUES = StepCues(MASK, wake="masquerade.mask_wake", act="masquerade.mask_act", sleep="masquerade.sleep")
add_cues(ROLE, {**CHECK_CUES.keys(), **MASK_CUES.keys()})

ANSWERS = "masquerade.answers"
"""`state.memory`: every check, (night, target, "yes" | "no"), in order."""
LAST = "masquerade.last"
"""`state.memory`: {"check": (night, seat), "mask": (night, seat)}, his last choice of each."""
IN_POOL, NOT_IN_POOL = "in_pool", "not_in_pool"
"""The answer as his phone says it (a `seer.result`'s `result`)."""


class MasqueradeCheck(Decision, step=MASQUERADE):
    """The seat he asks about tonight; 0: nobody."""

    target: int


class MasqueradeMask(Decision, step=MASK, key=MASQUERADE):
    """The seat he masks tonight; 0: nobody."""

    target: int


def last_named(state: State, what: str) -> int:
    """The seat he named for `what` ("check", "mask") last night, 0 for none (Rule 2's ban)."""
    night, seat = state.memory.get(LAST, {}).get(what, (0, 0))
    return int(seat) if night == state.night - 1 else 0


def _remember(state: State, what: str, seat: int) -> None:
    state.memory[LAST] = {**state.memory.get(LAST, {}), what: (state.night, seat)}


def _begin(cues: StepCues, what: str) -> Begin:
    def begin(state: State, step: Step) -> Pending | None:
        seat = wake(state, cues, Role.MASQUERADE)
        if not seat:
            return None
        last = last_named(state, what)
        targets = tuple(s for s in state.alive() if s != last)
        return Pending(state.phase, cues.step, MASQUERADE, (seat,), targets, allow_none=True)

    return begin


def check_check(state: State, pending: Pending, decision: MasqueradeCheck) -> None:
    if decision.target:
        living_target(state, decision.target)
        if decision.target == last_named(state, "check"):
            raise state.refuse("masquerade_check_repeat", f"seat {decision.target} was checked last night")


def check_mask(state: State, pending: Pending, decision: MasqueradeMask) -> None:
    if decision.target:
        living_target(state, decision.target)
        if decision.target == last_named(state, "mask"):
            raise state.refuse("masquerade_mask_repeat", f"seat {decision.target} was masked last night")


def resolve_check(state: State, pending: Pending, decision: MasqueradeCheck) -> None:
    target = decision.target
    _remember(state, "check", target)
    if target:
        found = lands_on(state, target) in pool(state)
        state.memory[ANSWERS] = [
            *state.memory.get(ANSWERS, []),
            (state.night, target, "yes" if found else "no"),
        ]
        result = IN_POOL if found else NOT_IN_POOL
        state.emit(private("seer.result", pending.seats[0], night=state.night, target=target, result=result))
    state.emit(cue(CHECK_CUES.sleep))


def resolve_mask(state: State, pending: Pending, decision: MasqueradeMask) -> None:
    _remember(state, "mask", decision.target)
    state.tonight.marks[MASKED] = decision.target
    state.emit(private("masquerade.masks", pending.seats[0], target=decision.target))
    state.emit(cue(MASK_CUES.sleep))


def _spared(state: State, seat: int, cause: str) -> bool:
    """Rule 1: the poison does nothing to him."""
    return cause == "poison" and state.player(seat).card == Role.MASQUERADE


def told_check(state: State, pending: Pending, decision: MasqueradeCheck) -> list[tuple[str, dict[str, Any]]]:
    if not decision.target:
        return [("masquerade_nobody", {})]
    night = pending.phase.number
    answer = next(a for n, t, a in state.memory.get(ANSWERS, []) if (n, t) == (night, decision.target))
    return [("masquerade_yes" if answer == "yes" else "masquerade_no", {"target": decision.target})]


def _codec() -> Codec[Any]:
    """Rule 3: one table, `check` read by the check's step, `mask` by the mask's; a seat left
    out is 0."""

    def shape(value: object) -> None:
        if not isinstance(value, dict) or set(value) - {"check", "mask"}:
            raise ShapeError("must be a table of check and mask")
        for part in ("check", "mask"):
            seat = value.get(part, 0)
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise ShapeError("must be a seat number", part)

    def read(value: Any, pending: Pending) -> Decision:
        if pending.step == MASK:
            return MasqueradeMask(target=value.get("mask", 0))
        return MasqueradeCheck(target=value.get("check", 0))

    def write(made: Decision, pending: Pending, old: Any) -> Any:
        part = "mask" if isinstance(made, MasqueradeMask) else "check"
        return {**(old or {}), part: getattr(made, "target", 0)}

    return Codec(MASQUERADE, Kind.NIGHT, read, write, shape)


def _answers(state: State) -> dict[str, Any]:
    answers = state.memory.get(ANSWERS, [])
    return {MASQUERADE: [{"night": n, "target": t, "result": a} for n, t, a in answers]} if answers else {}


CODEC = _codec()
add_spared(ROLE, _spared)
add_output(ROLE, _answers)
add_night_step(ROLE, NightStep(MASQUERADE, Role.MASQUERADE, club=10.5, from_night=2))
add_night_step(ROLE, NightStep(MASK, Role.MASQUERADE, club=10.6, from_night=2))
register(
    ROLE,
    StepSpec(
        MASQUERADE,
        _begin(CHECK_CUES, "check"),
        Kind.NIGHT,
        MasqueradeCheck,
        check_check,
        resolve_check,
        told=told_check,
        form=Form.SEATS,
        answer=seat_answer(MasqueradeCheck, "target"),
        default=nobody(MasqueradeCheck, "target"),
        codecs=(CODEC,),
        reveals=frozenset({"seer.result"}),
        cues=CHECK_CUES,
    ),
    StepSpec(
        MASK,
        _begin(MASK_CUES, "mask"),
        Kind.NIGHT,
        MasqueradeMask,
        check_mask,
        resolve_mask,
        told=told_seat("masquerade_mask", "target", "masquerade_mask_nobody"),
        form=Form.SEATS,
        answer=seat_answer(MasqueradeMask, "target"),
        default=nobody(MasqueradeMask, "target"),
        codecs=(CODEC,),
        reveals=frozenset({"masquerade.masks"}),
        cues=MASK_CUES,
    ),
)
