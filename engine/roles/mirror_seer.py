"""The mirror seer (灯影预言家, RULES-CLUB-MORE.md's steps 13 and 13a): a villager (民) who believes
he is the seer; he checks like one and is told the opposite of the seer's answer.

Rule 1: at the deal the two seer cards (the seer's, his) are labelled 1 and 2 at random, drawn
        from the deal itself (a generator seeded with the cards as dealt), so a record replays
        with the same labels and asks nobody. Each holder is told "预言家" and his label (his
        seat view), never which card he holds (`told_card`).
Rule 2: with him in the deck the seer's step is narrated as two: 预言家一 (13) then 预言家二
        (13a); the holder of the label acts at each, checking any other living player or
        nobody (0), where a night choice lands.
Rule 3: the seer is told what `seer_sees` shows; the mirror seer the opposite (wolf ↔ good).
        The seer sees him good (he is no wolf card); a knight's duel on him kills the knight.
"""

from __future__ import annotations

import random
from typing import Any

from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step, lands_on
from engine.nightstep import living_target, pending_for, wake
from engine.roles import Role, declare
from engine.roles.seer import seer_sees
from engine.script import StepCues, add_cues
from engine.seatviews import add_seat_part, add_told_card
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.MIRROR_SEER, plain=True)

SEER_ONE, SEER_TWO = "seer_one", "seer_two"
CUES = {
    SEER_ONE: StepCues(SEER_ONE, wake="seer_one.wake", act="seer_one.act", sleep="seer_one.sleep"),
    SEER_TWO: StepCues(SEER_TWO, wake="seer_two.wake", act="seer_two.act", sleep="seer_two.sleep"),
}
add_cues(ROLE, {**CUES[SEER_ONE].keys(), **CUES[SEER_TWO].keys()})

RESULTS = "mirror_seer.results"
"""`state.memory`: (night, target, result told) of every check the mirror seer made."""
OPPOSITE = {"werewolf": "not_werewolf", "not_werewolf": "werewolf"}


class SeerOneCheck(Decision, step=SEER_ONE):
    """The seat 预言家一 checks; 0: nobody."""

    target: int


class SeerTwoCheck(Decision, step=SEER_TWO):
    """The seat 预言家二 checks; 0: nobody."""

    target: int


def _holders(state: State) -> list[int]:
    """The seats holding the seer's card and the mirror seer's, in seat order."""
    return sorted(s for s in (state.seat_of(Role.SEER), state.seat_of(Role.MIRROR_SEER)) if s)


def label_of(state: State, seat: int) -> int:
    """The label (1, 2) of the seer card at `seat` (Rule 1); 0 when it holds none."""
    holders = _holders(state)
    if len(holders) < 2 or seat not in holders:
        return 0
    first = random.Random(",".join(card.value for card in state.setup.roles)).choice(holders)
    return 1 if seat == first else 2


def _holder(state: State, label: int) -> int:
    return next((s for s in _holders(state) if label_of(state, s) == label), 0)


def _slot(name: str, label: int) -> StepSpec[Any]:
    cues = CUES[name]
    decision = SeerOneCheck if label == 1 else SeerTwoCheck

    def begin(state: State, step: Step) -> Pending | None:
        holder = _holder(state, label)
        seat = wake(state, cues, state.player(holder).card if holder else Role.MIRROR_SEER)
        if not seat:
            return None
        targets = tuple(s for s in state.alive() if s != seat)
        return pending_for(state, name, [seat], targets=targets, allow_none=True)

    def check(state: State, pending: Pending, made: Any) -> None:
        if made.target:
            living_target(state, made.target)
            if made.target == pending.seats[0]:
                raise state.refuse("seer_self", "the seer checks another player, not herself")

    def resolve(state: State, pending: Pending, made: Any) -> None:
        seat, target = pending.seats[0], made.target
        if target:
            seen = seer_sees(state, lands_on(state, target))
            if state.player(seat).card == Role.MIRROR_SEER:
                result = OPPOSITE.get(seen, seen)
                state.memory.setdefault(RESULTS, []).append((state.night, target, result))
            else:
                result = seen
                state.seer_results.append((state.night, target, result))
            state.emit(private("seer.result", seat, night=state.night, target=target, result=result))
        state.emit(cue(cues.sleep))

    def told(state: State, pending: Pending, made: Any) -> list[tuple[str, dict[str, Any]]]:
        seat, night, target = pending.seats[0], pending.phase.number, made.target
        mirror = state.player(seat).card == Role.MIRROR_SEER
        if not target:
            return [("mirror_seer_nobody" if mirror else "seer_nobody", {})]
        results = state.memory.get(RESULTS, []) if mirror else state.seer_results
        result = next(r for n, t, r in results if (n, t) == (night, target))
        wolf = result == "werewolf"
        if mirror:
            return [("mirror_seer_werewolf" if wolf else "mirror_seer_good", {"target": target})]
        return [("seer_werewolf" if wolf else "seer_good", {"target": target})]

    return StepSpec(
        name,
        begin,
        Kind.NIGHT,
        decision,
        check,
        resolve,
        told=told,
        form=Form.SEATS,
        answer=seat_answer(decision, "target"),
        default=nobody(decision, "target"),
        codecs=(field_codec(name, Kind.NIGHT, decision, "target", shape_seat),),
        reveals=frozenset({"seer.result"}),
        cues=cues,
    )


def _told_card(state: State, seat: int) -> str | None:
    """What the mirror seer is told he holds while the game goes on: the seer's card."""
    if state.player(seat).card == Role.MIRROR_SEER and state.outcome is None:
        return Role.SEER.value
    return None


def _seat_part(state: State, seat: int) -> dict[str, Any]:
    label = label_of(state, seat)
    return {"seer_label": label} if label else {}


add_told_card(ROLE, _told_card)
add_seat_part(ROLE, _seat_part)
add_night_step(ROLE, NightStep(SEER_ONE, Role.MIRROR_SEER, club=13, replaces="seer"))
add_night_step(ROLE, NightStep(SEER_TWO, Role.MIRROR_SEER, club=13.3))
register(
    ROLE,
    _slot(SEER_ONE, 1),
    _slot(SEER_TWO, 2),
)
