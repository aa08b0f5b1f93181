"""The demon hunter (猎魔人, RULES-CLUB.md): from night 2 he may hunt one other living player (the
same one again allowed). At dawn (resolution step 5) a wolf-team target dies, else the demon
hunter dies, cause `hunt`; no heal or guard stops it. Poison does nothing to him."""

from __future__ import annotations

from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_dawn, add_night_step, add_spared, lands_on, spared
from engine.nightstep import living_target, pending_for, told_seat, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.DEMON_HUNTER, god=True)

DEMON_HUNTER = "demon_hunter"
CUES = StepCues(DEMON_HUNTER, wake="demon_hunter.wake", act="demon_hunter.act", sleep="demon_hunter.sleep")
add_cues(ROLE, CUES.keys())

HUNT = "demon_hunter.hunt"
"""`state.tonight.marks` key: (the demon hunter's seat, the seat he hunts) tonight."""


class DemonHunterHunt(Decision, step=DEMON_HUNTER):
    """The seat the demon hunter hunts tonight; 0: nobody."""

    target: int


def begin_demon_hunter(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.DEMON_HUNTER)
    if not seat:
        return None
    targets = tuple(s for s in state.alive() if s != seat)
    return pending_for(state, DEMON_HUNTER, [seat], targets=targets, allow_none=True)


def check_demon_hunter(state: State, pending: Pending, decision: DemonHunterHunt) -> None:
    if decision.target:
        living_target(state, decision.target)
        if decision.target == pending.seats[0]:
            raise state.refuse("demon_hunter_self", "the demon hunter hunts another player, not himself")


def resolve_demon_hunter(state: State, pending: Pending, decision: DemonHunterHunt) -> None:
    seat, target = pending.seats[0], decision.target
    if target:
        state.tonight.marks[HUNT] = (seat, target)
        state.emit(private("demon_hunter.hunts", seat, night=state.night, target=target))
    state.emit(cue(CUES.sleep))


def _hunt(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 5: the hunted wolf, or the demon hunter, dies (cause `hunt`, which outranks
    the knife: a hunted wolf king does not shoot). A feared or sealed demon hunter hunts nobody
    (his step is pretended)."""
    hunt = state.tonight.marks.get(HUNT)
    if hunt is None:
        return
    seat, target = hunt[0], lands_on(state, hunt[1])
    dies = target if state.is_werewolf(target) else seat
    if deaths.get(dies, "werewolves") == "werewolves" and not spared(state, dies, "hunt"):
        deaths[dies] = "hunt"


def _poison_spares(state: State, seat: int, cause: str) -> bool:
    """Poison does nothing to the demon hunter (the potion is spent anyway)."""
    return cause == "poison" and state.player(seat).card == Role.DEMON_HUNTER


add_spared(ROLE, _poison_spares)
add_dawn(ROLE, 5, _hunt)
add_night_step(ROLE, NightStep(DEMON_HUNTER, Role.DEMON_HUNTER, club=15, from_night=2))
register(
    ROLE,
    StepSpec(
        DEMON_HUNTER,
        begin_demon_hunter,
        Kind.NIGHT,
        DemonHunterHunt,
        check_demon_hunter,
        resolve_demon_hunter,
        told=told_seat("demon_hunter", "target", "demon_hunter_nobody"),
        form=Form.SEATS,
        answer=seat_answer(DemonHunterHunt, "target"),
        default=nobody(DemonHunterHunt, "target"),
        codecs=(field_codec(DEMON_HUNTER, Kind.NIGHT, DemonHunterHunt, "target", shape_seat),),
        reveals=frozenset({"demon_hunter.hunts"}),
        cues=CUES,
    ),
)
