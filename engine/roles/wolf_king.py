"""The wolf king (狼王, RULES-CLUB.md): a werewolf of the pack who, killed by the werewolves, the
vote or (`wolf_king_shoots_when_shot`) a shot, may shoot one living player; never when
poisoned, self-destructed, dueled, hunted, dream- or charm-killed, or void that night. With
`shot_status_signal` he is shown each night whether he could shoot (👍/👎)."""

from __future__ import annotations

from engine.codecs import field_codec, shape_seat
from engine.deaths import add_trigger, death_events, kill_by_day
from engine.decisions import Decision
from engine.events import cue
from engine.night import NightStep, add_night_step, poisoned_tonight
from engine.roles import Role, declare
from engine.roles.hunter import shot_status_step
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step, living
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.WOLF_KING, wolf=True, pack=True)
add_cues(
    ROLE,
    {
        "wolf_king.shoot": ("seat",),
        "wolf_king.shot": ("seat", "target"),
        "wolf_king.declines": ("seat",),
    },
)

KNIFE_OR_VOTE = frozenset({"werewolves", "vote"})
SHOT = frozenset({"hunter", "wolf_king"})


class WolfKingShot(Decision, step="wolf_king"):
    """The seat the dying wolf king shoots; 0: he does not."""

    target: int


WOLF_KING_STATUS = "wolf_king_status"
STATUS_CUES = StepCues(
    WOLF_KING_STATUS, wake="wolf_king_status.wake", act="wolf_king_status.act", sleep="wolf_king_status.sleep"
)


class WolfKingStatus(Decision, step=WOLF_KING_STATUS):
    """The wolf king saw his shot status (👍/👎); his touch decides nothing."""

    seen: bool = True


def shoots(state: State, seat: int, cause: str) -> bool:
    """Whether the wolf king at `seat`, dead of `cause`, shoots."""
    if cause == "werewolves":
        return seat not in state.tonight.blocked
    if cause in SHOT:
        return state.rules.wolf_king_shoots_when_shot
    if cause == "white_wolf_king":
        return state.rules.white_wolf_king_victim_shoots
    if cause == "duel":
        return state.rules.duel_triggers_skills
    return cause == "vote"


def _trigger(state: State, seat: int, cause: str) -> Step | None:
    if state.player(seat).card == Role.WOLF_KING and shoots(state, seat, cause):
        return Step("wolf_king", {"seat": seat})
    return None


def begin_wolf_king(state: State, step: Step) -> Pending:
    seat = step.args["seat"]
    state.emit(cue("wolf_king.shoot", seat=seat))
    return Pending(state.phase, "wolf_king", "wolf_king", (seat,), tuple(state.alive()), allow_none=True)


def check_wolf_king(state: State, pending: Pending, decision: WolfKingShot) -> None:
    if decision.target:
        living(state, decision.target, "dead_target", "target")


def resolve_wolf_king(state: State, pending: Pending, decision: WolfKingShot) -> None:
    seat, target = pending.seats[0], decision.target
    if not target:
        state.emit(cue("wolf_king.declines", seat=seat))
        return
    state.emit(cue("wolf_king.shot", seat=seat, target=target), *death_events(state, [target]))
    kill_by_day(state, [(target, "wolf_king")], triggered=True)


def _could_shoot(state: State, seat: int) -> bool:
    """The night's signal: he would shoot if the werewolves killed him tonight."""
    return not poisoned_tonight(state, seat) and shoots(state, seat, "werewolves")


add_trigger(ROLE, _trigger)
add_night_step(ROLE, NightStep(WOLF_KING_STATUS, Role.WOLF_KING, club=17.5))
register(
    ROLE,
    StepSpec(
        "wolf_king",
        begin_wolf_king,
        Kind.DAY,
        WolfKingShot,
        check_wolf_king,
        resolve_wolf_king,
        form=Form.SEATS,
        answer=seat_answer(WolfKingShot, "target"),
        default=nobody(WolfKingShot, "target"),
        codecs=(field_codec("wolf_king", Kind.DAY, WolfKingShot, "target", shape_seat, repeated=True),),
    ),
    shot_status_step(ROLE, STATUS_CUES, Role.WOLF_KING, _could_shoot, WolfKingStatus),
)
