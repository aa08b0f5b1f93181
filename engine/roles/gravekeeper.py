"""The gravekeeper (守墓人, RULES-CLUB.md): woken every night, decides nothing, and is shown the
seer's view (a werewolf or not) of the player the previous day's vote exiled; nobody on night 1
and after a day with no exile."""

from __future__ import annotations

from typing import Any

from engine.codecs import field_codec, shape_bool
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step
from engine.nightstep import pending_for, wake
from engine.phase import Phase
from engine.roles import Role, declare
from engine.roles.blood_moon import kept_exile
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, never_refused, register, single

ROLE = declare(Role.GRAVEKEEPER, god=True)

GRAVEKEEPER = "gravekeeper"
CUES = StepCues(GRAVEKEEPER, wake="gravekeeper.wake", act="gravekeeper.act", sleep="gravekeeper.sleep")
add_cues(ROLE, CUES.keys())


class GravekeeperSeen(Decision, step=GRAVEKEEPER):
    """The gravekeeper saw what he is shown; his touch decides nothing."""

    seen: bool = True


def exiled(state: State) -> int:
    """The seat the vote of the day before tonight removed (0: none, or night 1); a blood moon
    kept alive until dawn counts as removed."""
    day = Phase("day", state.night - 1)
    return next((d.seat for d in state.deaths if d.cause == "vote" and d.phase == day), 0) or kept_exile(
        state, day.number
    )


def begin_gravekeeper(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.GRAVEKEEPER)
    if not seat:
        return None
    target = exiled(state)
    if not target:
        return pending_for(state, GRAVEKEEPER, [seat], info={"result": "no_exile"})
    card = state.player(target).card
    seen = "werewolf" if card in state.catalogue.seen_as_wolf or target in state.turned else "not_werewolf"
    return pending_for(state, GRAVEKEEPER, [seat], info={"target": target, "result": seen})


def resolve_gravekeeper(state: State, pending: Pending, decision: Decision) -> None:
    target = pending.info.get("target", 0)
    if target:
        seat, result = pending.seats[0], pending.info["result"]
        state.emit(private("seer.result", seat, night=state.night, target=target, result=result))
    state.emit(cue(CUES.sleep))


def _told(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    target = pending.info.get("target", 0)
    if not target:
        return [("gravekeeper_nobody", {})]
    good = pending.info["result"] == "not_werewolf"
    return [("gravekeeper_good" if good else "gravekeeper_werewolf", {"target": target})]


def _seen(state: State, pending: Pending) -> Decision:
    return GravekeeperSeen()


add_night_step(ROLE, NightStep(GRAVEKEEPER, Role.GRAVEKEEPER, club=16))
register(
    ROLE,
    StepSpec(
        GRAVEKEEPER,
        begin_gravekeeper,
        Kind.NIGHT,
        GravekeeperSeen,
        never_refused,
        resolve_gravekeeper,
        told=_told,
        form=Form.NOTICE,
        answer=single(lambda pending, given: GravekeeperSeen()),
        default=_seen,
        codecs=(field_codec(GRAVEKEEPER, Kind.NIGHT, GravekeeperSeen, "seen", shape_bool),),
        reveals=frozenset({"seer.result"}),
        cues=CUES,
    ),
)
