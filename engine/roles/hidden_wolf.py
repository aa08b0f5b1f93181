"""The hidden wolf (隐狼, RULES-CLUB.md): a wolf the seer sees as good, who never meets the pack
nor may self-destruct. On night 1, right after the pack's step, he alone is woken and shown the
pack's seats (they are not shown his); once no pack card lives he chooses the kill alone
(`declare(lone_killer=True)`)."""

from __future__ import annotations

from typing import Any

from engine.codecs import field_codec, shape_bool
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step
from engine.nightstep import pending_for, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, never_refused, register, single

ROLE = declare(
    Role.HIDDEN_WOLF, wolf=True, pack=False, seen_as_wolf=False, self_destructs=False, lone_killer=True
)
HIDDEN_WOLF = "hidden_wolf"
CUES = StepCues(HIDDEN_WOLF, wake="hidden_wolf.wake", act="hidden_wolf.act", sleep="hidden_wolf.sleep")
add_cues(ROLE, CUES.keys())


class HiddenWolfSeen(Decision, step=HIDDEN_WOLF):
    """The hidden wolf saw the pack's seats; his touch decides nothing."""

    seen: bool = True


def begin_hidden_wolf(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.HIDDEN_WOLF)
    if not seat:
        return None
    pack = [p.seat for p in state.players if p.alive and p.card in state.catalogue.pack]
    return pending_for(state, HIDDEN_WOLF, [seat], info={"seats": pack})


def resolve_hidden_wolf(state: State, pending: Pending, decision: Decision) -> None:
    state.emit(private("hidden_wolf.pack", pending.seats[0], seats=list(pending.info["seats"])))
    state.emit(cue(CUES.sleep))


def _told(state: State, pending: Pending, decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    return [("hidden_wolf", {"seats": list(pending.info["seats"])})]


def _seen(state: State, pending: Pending) -> Decision:
    return HiddenWolfSeen()


add_night_step(ROLE, NightStep(HIDDEN_WOLF, Role.HIDDEN_WOLF, club=8.5, first_night_only=True))
register(
    ROLE,
    StepSpec(
        HIDDEN_WOLF,
        begin_hidden_wolf,
        Kind.NIGHT,
        HiddenWolfSeen,
        never_refused,
        resolve_hidden_wolf,
        told=_told,
        form=Form.NOTICE,
        answer=single(lambda pending, given: HiddenWolfSeen()),
        default=_seen,
        codecs=(field_codec(HIDDEN_WOLF, Kind.NIGHT, HiddenWolfSeen, "seen", shape_bool),),
        reveals=frozenset({"hidden_wolf.pack"}),
        cues=CUES,
    ),
)
