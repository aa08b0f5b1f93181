"""The pied piper (吹笛者): charms two living players a night not yet charmed (one when one is
left; with `piper_charms = "up_to_two"` none, one or two as he likes); the charmed wake together
and learn who is charmed."""

from __future__ import annotations

from typing import Any

from engine.cards import hooks
from engine.codecs import field_codec, shape_seats
from engine.deaths import add_win
from engine.decisions import Decision
from engine.events import cue, judge_only, private
from engine.night import NightStep, add_night_step
from engine.nightstep import (
    living_target,
    open_step,
    pending_for,
    pretend,
)
from engine.outcome import Winner, WinReason
from engine.roles import Role, declare
from engine.roles.cupid import named_lovers
from engine.script import StepCues, add_cues
from engine.seatviews import add_seat_part
from engine.state import IllegalDecision, Pending, State, Step
from engine.steps import Answer, Form, Kind, StepSpec, register, single

PIPER = "piper"
CUES = StepCues(PIPER, wake="piper.wake", act="piper.act", sleep="piper.sleep")
CHARMED = "charmed"
"""The charmed players' meeting (no decision: its lines `charmed.wake`, `charmed.sleep`)."""


class PiperChoice(Decision, step=PIPER):
    charmed: tuple[int, ...]


def begin_piper(state: State, step: Step) -> Pending | None:
    open_step(state, CUES)
    seat = state.acting(Role.PIPER)
    targets = tuple(s for s in state.alive() if s != seat and not state.player(s).charmed)
    if not seat or not targets:
        pretend(state, CUES)
        return None
    most = 1 if hooks.neighbours_only_tonight(state) else 2
    count = min(most, len(targets))
    if state.rules.piper_charms == "up_to_two":
        info = {"up_to": count}
        return pending_for(state, PIPER, [seat], targets=targets, count=count, allow_none=True, info=info)
    return pending_for(state, PIPER, [seat], targets=targets, count=count)


def up_to(pending: Pending) -> bool:
    """Whether the piper may charm fewer than `pending.count` tonight (`piper_charms`)."""
    return "up_to" in pending.info


def check_piper(state: State, pending: Pending, decision: PiperChoice) -> None:
    chosen = decision.charmed
    fewer = up_to(pending) and len(chosen) < pending.count
    if len(set(chosen)) != len(chosen) or (len(chosen) != pending.count and not fewer):
        many = f"at most {pending.count}" if up_to(pending) else str(pending.count)
        raise state.refuse("piper_count", f"the piper charms {many} different players, not {list(chosen)}")
    for target in chosen:
        living_target(state, target)
        if target == pending.seats[0]:
            raise state.refuse("piper_self", "the piper may not charm himself")
        if state.player(target).charmed:
            raise state.refuse("piper_charmed", f"seat {target} is already charmed")


def resolve_piper(state: State, pending: Pending, decision: PiperChoice) -> None:
    chosen = decision.charmed
    for target in chosen:
        state.player(target).charmed = True
    state.emit(private("piper.charmed", pending.seats[0], seats=sorted(chosen)))
    state.emit(cue(CUES.sleep))


def begin_charmed(state: State, step: Step) -> None:
    state.emit(cue("charmed.wake"))
    charmed = [p.seat for p in state.players if p.charmed]
    awake = frozenset(s for s in charmed if state.is_alive(s))
    if awake:
        state.memory[MET] = True
        state.emit(private("charmed", awake, seats=charmed))
    state.emit(judge_only("meeting", step=CHARMED), cue("charmed.sleep"))


def _charmed(seats: tuple[int, ...]) -> PiperChoice:
    return PiperChoice(charmed=seats)


def _default(state: State, pending: Pending) -> PiperChoice:
    """Time out: nobody charmed where the piper may charm fewer, else the first seats."""
    return _charmed(() if up_to(pending) else pending.targets[: pending.count])


def _told(state: State, pending: Pending, decision: PiperChoice) -> list[tuple[str, dict[str, Any]]]:
    if not decision.charmed:
        return [("charm_nobody", {})]
    return [("charm", {"seats": sorted(decision.charmed)})]


def _answer(pending: Pending, given: Answer) -> PiperChoice:
    """Exactly `pending.count` seats, or up to that many under `piper_charms = "up_to_two"`."""
    if len(given.seats) > pending.count or (len(given.seats) < pending.count and not up_to(pending)):
        raise IllegalDecision("wrong_count", f"name {pending.count} seats")
    return _charmed(given.seats)


MET = "piper.met"
"""`state.memory`: whether the charmed have met (then each knows the others)."""


def turned(state: State) -> bool:
    """A piper Cupid made a lover loses his power and plays for the lovers (RULES.md); so does
    one turned werewolf-side (an infection: RULES-CHARACTERS.md's `wolf_side_piper_powerless`)."""
    piper, named = state.seat_of(Role.PIPER), named_lovers(state)
    return (named is not None and piper in named) or (
        piper in state.turned and state.rules.wolf_side_piper_powerless
    )


def _piper_wins(state: State, alive: list[int]) -> tuple[Winner, WinReason] | None:
    """The piper wins when every other living player is charmed."""
    piper = state.seat_of(Role.PIPER)
    if piper and state.is_alive(piper) and not turned(state):
        if all(state.player(s).charmed for s in alive if s != piper):
            return Winner.PIPER, WinReason.ALL_CHARMED
    return None


def _seat_part(state: State, seat: int) -> dict[str, list[int]]:
    """The piper, and the charmed once they met, know who is charmed."""
    player = state.player(seat)
    if (player.charmed and state.memory.get(MET)) or player.card == Role.PIPER:
        return {"charmed": [p.seat for p in state.players if p.charmed]}
    return {}


ROLE = declare(Role.PIPER, power_left=lambda state: not turned(state))
add_win(ROLE, 2, _piper_wins)
add_seat_part(ROLE, _seat_part)


add_cues(ROLE, {**CUES.keys(), "charmed.wake": (), "charmed.sleep": ()})
add_night_step(ROLE, NightStep(PIPER, Role.PIPER, club=18, seeds=8))
add_night_step(ROLE, NightStep(CHARMED, Role.PIPER, club=18.5, seeds=9, meeting=True))
register(
    ROLE,
    StepSpec(
        PIPER,
        begin_piper,
        Kind.NIGHT,
        PiperChoice,
        check_piper,
        resolve_piper,
        told=_told,
        form=Form.SEATS,
        names=2,
        fewer=lambda rules: rules.piper_charms == "up_to_two",
        answer=single(_answer),
        default=_default,
        codecs=(field_codec(PIPER, Kind.NIGHT, PiperChoice, "charmed", shape_seats(), as_list=True),),
        reveals=frozenset({"piper.charmed"}),
        cues=CUES,
    ),
    StepSpec(CHARMED, begin_charmed, Kind.MEETING),
)
