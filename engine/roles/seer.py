"""The seer (预言家): checks one other living player a night and learns `seer_sees` of the card."""

from __future__ import annotations

from typing import Any

from engine.cards import hooks
from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step, aimed, chosen, lands_on, within_bind
from engine.nightstep import (
    living_target,
    pending_for,
    wake,
)
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.SEER)

SEER = "seer"
CUES = StepCues(SEER, wake="seer.wake", act="seer.act", sleep="seer.sleep")


class SeerChoice(Decision, step=SEER):
    target: int


def begin_seer(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.SEER)
    if not seat:
        return None
    targets = within_bind(state, seat, tuple([s for s in state.alive() if s != seat]))
    return pending_for(state, SEER, [seat], targets=targets, allow_none=True)


def check_seer(state: State, pending: Pending, decision: SeerChoice) -> None:
    seat, target = pending.seats[0], decision.target
    if target:
        living_target(state, target)
        if target == seat:
            raise state.refuse("seer_self", "the seer checks another player, not herself")
        aimed(state, seat, target)


def resolve_seer(state: State, pending: Pending, decision: SeerChoice) -> None:
    seat, target = pending.seats[0], decision.target
    if target:
        checked = lands_on(state, chosen(state, seat, target))
        results = sorted(seer_sees(state, s) for s in hooks.checked_seats(state, checked))
        result = "+".join(results)
        state.seer_results.append((state.night, target, result))
        state.emit(private("seer.result", seat, night=state.night, target=target, result=result))
        hooks.check_heard(state, results, result)
    state.emit(cue(CUES.sleep))


def seer_sees(state: State, target: int) -> str:
    """What the seer learns of `target`'s card, by `seer_sees`."""
    card = state.player(target).card
    if state.rules.seer_sees == "role":
        return card.value
    return "werewolf" if reads_as_werewolf(state, target) else "not_werewolf"


def reads_as_werewolf(state: State, seat: int) -> bool:
    """Whether a check of `seat` finds a werewolf (the seer's, the bear tamer's growl, the fox's
    sniff): a card shown as a werewolf, or a player turned to the werewolves (the wild child)."""
    return state.player(seat).card in state.catalogue.seen_as_wolf or seat in state.turned


def _told_seer(state: State, pending: Pending, decision: SeerChoice) -> list[tuple[str, dict[str, Any]]]:
    if not decision.target:
        return [("seer_nobody", {})]
    night, target = pending.phase.number, decision.target
    result = next((r for n, t, r in state.seer_results if n == night and t == target), "")
    if result in ("werewolf", "not_werewolf"):
        return [("seer_werewolf" if result == "werewolf" else "seer_good", {"target": target})]
    return [("seer_role", {"target": target, "role": result})] if result else [("seer", {"target": target})]


add_cues(ROLE, CUES.keys())
add_night_step(ROLE, NightStep(SEER, Role.SEER, club=13, seeds=5, seer_first=4))
register(
    ROLE,
    StepSpec(
        SEER,
        begin_seer,
        Kind.NIGHT,
        SeerChoice,
        check_seer,
        resolve_seer,
        told=_told_seer,
        form=Form.SEATS,
        answer=seat_answer(SeerChoice, "target"),
        default=nobody(SeerChoice, "target"),
        codecs=(field_codec(SEER, Kind.NIGHT, SeerChoice, "target", shape_seat),),
        reveals=frozenset({"seer.result"}),
        cues=CUES,
    ),
)
