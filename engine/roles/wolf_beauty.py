"""The wolf beauty (狼美人, RULES-CLUB.md): a werewolf of the pack who may not self-destruct nor be
named by the pack, and who each night, alone after the pack, charms another living player
(`wolf_beauty_charm`). When she dies — except by a duel (unless `duel_triggers_skills`) — her
latest charm dies in the same moment (cause `charm`), with no skill: at dawn with the night's
deaths, by day at once after her death."""

from __future__ import annotations

from engine.cards.nightsteps import add_shield
from engine.codecs import field_codec, shape_seat
from engine.deaths import add_alongside
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_dawn, add_night_step, lands_on, spared
from engine.nightstep import living_target, pending_for, told_seat, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import IllegalDecision, Pending, State, Step
from engine.steps import Form, Kind, StepSpec, register, seat_answer

ROLE = declare(Role.WOLF_BEAUTY, wolf=True, pack=True, self_destructs=False)
WOLF_BEAUTY = "wolf_beauty"
CUES = StepCues(WOLF_BEAUTY, wake="wolf_beauty.wake", act="wolf_beauty.act", sleep="wolf_beauty.sleep")
add_cues(ROLE, {**CUES.keys(), "wolf_beauty.link": ("seat", "target")})

CHARMED = "wolf_beauty.charmed"
"""`state.memory`: her latest charm (0: nobody yet)."""
LAST = "wolf_beauty.last"
"""`state.memory`: the seat she charmed last night (0: nobody), for `"required_no_repeat"`."""


AT_DAWN = "wolf_beauty.at_dawn"
"""`state.tonight.marks`: she died in the night's deaths, whose charm link dawn has resolved."""


class WolfBeautyCharm(Decision, step=WOLF_BEAUTY):
    """The player the wolf beauty charms tonight; 0: nobody (only with `"optional"`)."""

    target: int


def charmed(state: State) -> int:
    """Her latest charm (0: nobody)."""
    return int(state.memory.get(CHARMED, 0))


def _required(state: State) -> bool:
    return state.rules.wolf_beauty_charm == "required_no_repeat"


def begin_wolf_beauty(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.WOLF_BEAUTY)
    if not seat:
        state.memory[LAST] = 0
        return None
    barred = {seat, state.memory.get(LAST, 0)} if _required(state) else {seat}
    targets = tuple(s for s in state.alive() if s not in barred)
    return pending_for(state, WOLF_BEAUTY, [seat], targets=targets, allow_none=not _required(state))


def check_wolf_beauty(state: State, pending: Pending, decision: WolfBeautyCharm) -> None:
    target = decision.target
    if not target:
        if _required(state):
            raise state.refuse("wolf_beauty_nobody", "the wolf beauty must charm a player every night")
        return
    living_target(state, target)
    if target == pending.seats[0]:
        raise state.refuse("wolf_beauty_self", "the wolf beauty charms another player, not herself")
    if _required(state) and target == state.memory.get(LAST, 0):
        raise state.refuse(
            "wolf_beauty_repeat", f"the wolf beauty charmed seat {target} last night: not twice running"
        )


def resolve_wolf_beauty(state: State, pending: Pending, decision: WolfBeautyCharm) -> None:
    target = decision.target
    state.memory[LAST] = target
    if target:
        state.memory[CHARMED] = lands_on(state, target)
    state.emit(private("wolf_beauty.charms", pending.seats[0], target=target))
    state.emit(cue(CUES.sleep))


def _default(state: State, pending: Pending) -> Decision:
    """Time out: nobody, or (when she must charm) the first seat she may."""
    first = pending.targets[0] if pending.targets and not pending.allow_none else 0
    return WolfBeautyCharm(target=first)


def _links(state: State, cause: str) -> bool:
    return cause != "duel" or state.rules.duel_triggers_skills


def _charm_at_dawn(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 8: the wolf beauty dead tonight takes her latest charm (unless a night death
    spares it: the dreamwalker, the spirit knight)."""
    beauty, target = state.seat_of(Role.WOLF_BEAUTY), charmed(state)
    if beauty in deaths:
        state.tonight.marks[AT_DAWN] = True
    if beauty not in deaths or not target or not state.is_alive(target) or not _links(state, deaths[beauty]):
        return
    if not spared(state, target, "charm"):
        deaths.setdefault(target, "charm")


def _charm_by_day(state: State, seat: int, cause: str) -> list[tuple[int, str]]:
    """The wolf beauty dead by day (or of grief at dawn) takes her latest charm in the same
    moment (listed with her in seat order), before anything is triggered or the win checked;
    her card and the charmed seat are said. Her death among the night's deaths took it at dawn."""
    target = charmed(state)
    if state.player(seat).card != Role.WOLF_BEAUTY or not target or not state.is_alive(target):
        return []
    if state.tonight.marks.get(AT_DAWN) or not _links(state, cause):
        return []
    state.emit(cue("wolf_beauty.link", seat=seat, target=target))
    return [(target, "charm")]


def _not_prey(state: State, seat: int) -> IllegalDecision | None:
    if state.player(seat).card != Role.WOLF_BEAUTY:
        return None
    return state.refuse("wolf_beauty_knife", "the werewolves may not name the wolf beauty")


add_shield(ROLE, _not_prey)
add_dawn(ROLE, 8, _charm_at_dawn)
add_alongside(ROLE, _charm_by_day)
add_night_step(ROLE, NightStep(WOLF_BEAUTY, Role.WOLF_BEAUTY, club=9))
register(
    ROLE,
    StepSpec(
        WOLF_BEAUTY,
        begin_wolf_beauty,
        Kind.NIGHT,
        WolfBeautyCharm,
        check_wolf_beauty,
        resolve_wolf_beauty,
        told=told_seat("wolf_beauty", "target", "wolf_beauty_nobody"),
        form=Form.SEATS,
        answer=seat_answer(WolfBeautyCharm, "target"),
        default=_default,
        codecs=(field_codec(WOLF_BEAUTY, Kind.NIGHT, WolfBeautyCharm, "target", shape_seat),),
        reveals=frozenset({"wolf_beauty.charms"}),
        cues=CUES,
    ),
)
