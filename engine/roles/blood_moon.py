"""The blood moon (血月使者, RULES-CLUB.md): a werewolf of the pack who may self-destruct like any
wolf; the night after his self-destruct every good-team power is sealed as if feared (the witch
is told no victim, a hunter killed that night does not shoot). Exiled as the last wolf he stays
until the next dawn, chooses that night's kill alone and dies at dawn (cause `vote`), counted
alive by the win check meanwhile."""

from __future__ import annotations

from engine.deaths import add_survives
from engine.events import judge_only
from engine.night import NightStep, add_dawn, add_night_step
from engine.nightstep import BLOCKED_BY
from engine.phase import Phase
from engine.roles import Role, declare
from engine.state import State, Step
from engine.steps import StepSpec, register

ROLE = declare(Role.BLOOD_MOON, wolf=True, pack=True)

KEPT = "blood_moon.kept"
"""`state.memory`: (seat, day) of the blood moon exiled as the last wolf, alive until dawn."""


def sealed_tonight(state: State) -> bool:
    """Whether the blood moon self-destructed the day before tonight."""
    day = Phase("day", state.night - 1)
    return any(
        d.cause == "self_destruct" and d.phase == day and state.player(d.seat).card == Role.BLOOD_MOON
        for d in state.deaths
    )


def begin_seal(state: State, step: Step) -> None:
    """First thing at night, unsaid: after his self-destruct every living good seat's night
    power is void (`state.tonight.blocked`, told as `blocked` by `"blood_moon"`); a sealed
    guard's night counts as no choice for his repeat ban (his module says so)."""
    if not sealed_tonight(state):
        return
    good = [seat for seat in state.alive() if not state.is_werewolf(seat)]
    state.tonight.blocked.update(good)
    by = state.tonight.marks.setdefault(BLOCKED_BY, {})
    for seat in good:
        by[seat] = "blood_moon"
    state.emit(judge_only("blood_moon.seal", seats=good))


def _kept(state: State, seat: int, cause: str) -> bool:
    """Exiled as the last living wolf-team card, he does not die yet: noted (`KEPT`) for the
    moderator alone (the table heard the exile)."""
    if cause != "vote" or state.player(seat).card != Role.BLOOD_MOON:
        return False
    if state.living_wolf_team() != [seat] or KEPT in state.memory:
        return False
    state.memory[KEPT] = (seat, state.day)
    state.emit(judge_only("blood_moon.stays", seat=seat))
    return True


def kept_exile(state: State, day: int) -> int:
    """The blood moon exiled on `day` and kept alive (0: none), whom a gravekeeper is shown."""
    kept = state.memory.get(KEPT)
    return int(kept[0]) if kept and kept[1] == day else 0


def _dies_at_dawn(state: State, deaths: dict[int, str]) -> None:
    """Dawn: the kept blood moon dies of the vote, whatever else reached him tonight."""
    kept = state.memory.get(KEPT)
    if kept and state.is_alive(kept[0]):
        deaths[kept[0]] = "vote"


add_survives(ROLE, _kept)
add_dawn(ROLE, 0, _dies_at_dawn)
add_night_step(ROLE, NightStep("blood_moon_seal", Role.BLOOD_MOON, club=0))
register(ROLE, StepSpec("blood_moon_seal", begin_seal))
