"""The hunter (猎人): killed by the werewolves or the vote with his power, he shoots a living player
(or passes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import hooks
from engine.cards.limits import check_hunter as hunter_limits
from engine.cards.moon import shooter_card
from engine.codecs import field_codec, shape_bool, shape_seat
from engine.contents import Contents
from engine.deaths import add_trigger, death_events, kill_by_day
from engine.decisions import Decision
from engine.events import cue
from engine.night import WEREWOLF_ATTACKS, NightStep, add_night_step, poisoned_tonight
from engine.nightstep import pending_for, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step, living
from engine.steps import Form, Kind, StepSpec, never_refused, nobody, register, seat_answer, single

ROLE = declare(Role.HUNTER)


class HunterShot(Decision, step="hunter"):
    target: int


SHOT_BY = WEREWOLF_ATTACKS | {"vote", "hunter", "wolf_king"}
"""The deaths after which a hunter shoots (RULES.md: the werewolves, the vote; RULES-CLUB.md:
also a shot; RULES-CHARACTERS.md: every werewolf attack)."""


def shoots(state: State, seat: int, cause: str) -> bool:
    """Whether the card at `seat`, dead of `cause`, may shoot: with its power, and not when
    its night power was void the night it died."""
    taken = cause == "white_wolf_king" and state.rules.white_wolf_king_victim_shoots
    if cause not in SHOT_BY and not taken:
        return False
    return state.card_has_power(seat) and not (cause in WEREWOLF_ATTACKS and seat in state.tonight.blocked)


def _hunter_shoots(state: State, seat: int, cause: str) -> Step | None:
    card = shooter_card(state) if state.moon is not None else Role.HUNTER
    if state.player(seat).card == card and shoots(state, seat, cause):
        return Step("hunter", {"seat": seat})
    return None


def begin_hunter(state: State, step: Step) -> Pending:
    seat = step.args["seat"]
    state.emit(cue("hunter.shoot", seat=seat))
    targets = hooks.within_reach(state, seat, tuple(state.alive()), tonight=False)
    return Pending(state.phase, "hunter", "hunter", (seat,), targets, allow_none=True)


def check_hunter(state: State, pending: Pending, decision: HunterShot) -> None:
    if decision.target:
        living(state, decision.target, "dead_target", "target")
        hunter_limits(state, pending, decision.target)


def resolve_hunter(state: State, pending: Pending, decision: HunterShot) -> None:
    seat, target = pending.seats[0], decision.target
    if not target:
        state.emit(cue("hunter.declines", seat=seat))
        return
    state.emit(cue("hunter.shot", seat=seat, target=target), *death_events(state, [target]))
    kill_by_day(state, [(target, "hunter")], triggered=True)


register(
    ROLE,
    StepSpec(
        "hunter",
        begin_hunter,
        Kind.DAY,
        HunterShot,
        check_hunter,
        resolve_hunter,
        form=Form.SEATS,
        answer=seat_answer(HunterShot, "target"),
        default=nobody(HunterShot, "target"),
        codecs=(field_codec("hunter", Kind.DAY, HunterShot, "target", shape_seat, repeated=True),),
    ),
)
add_trigger(ROLE, _hunter_shoots)


# The night's shot status (RULES-CLUB.md, night step 17, `shot_status_signal`): the hunter, then
# the wolf king, is shown whether he could shoot if he died tonight; he decides nothing.


HUNTER_STATUS = "hunter_status"
STATUS_CUES = StepCues(
    HUNTER_STATUS, wake="hunter_status.wake", act="hunter_status.act", sleep="hunter_status.sleep"
)


class HunterStatus(Decision, step=HUNTER_STATUS):
    """The hunter saw his shot status (👍/👎); his touch decides nothing."""

    seen: bool = True


def shot_status_step(
    to: Contents,
    cues: StepCues,
    card: Role,
    could_shoot: Callable[[State, int], bool],
    decision: type[Decision],
) -> StepSpec[Any]:
    """The night step that shows the holder of `card` his shot status (nothing narrated when
    `shot_status_signal` is off; pretended for a dead or void holder)."""
    add_cues(to, cues.keys())
    name = cues.step

    def begin(state: State, step: Step) -> Pending | None:
        if not state.rules.shot_status_signal:
            return None
        seat = wake(state, cues, card)
        if not seat:
            return None
        status = "👍" if could_shoot(state, seat) else "👎"
        return pending_for(state, name, [seat], info={"status": status})

    def resolve(state: State, pending: Pending, made: Decision) -> None:
        state.emit(cue(cues.sleep))

    return StepSpec(
        name,
        begin,
        Kind.NIGHT,
        decision,
        never_refused,
        resolve,
        form=Form.NOTICE,
        answer=single(lambda pending, given: decision.model_validate({"seen": True})),
        default=lambda state, pending: decision.model_validate({"seen": True}),
        codecs=(field_codec(name, Kind.NIGHT, decision, "seen", shape_bool),),
        cues=cues,
    )


def _hunter_could_shoot(state: State, seat: int) -> bool:
    return not poisoned_tonight(state, seat) and shoots(state, seat, "werewolves")


add_night_step(ROLE, NightStep(HUNTER_STATUS, Role.HUNTER, club=17))
register(ROLE, shot_status_step(ROLE, STATUS_CUES, Role.HUNTER, _hunter_could_shoot, HunterStatus))
