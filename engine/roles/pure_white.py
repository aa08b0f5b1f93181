"""The pure white (纯白之女, RULES-CLUB-MORE.md's step 13b): each night she checks one other living
player's exact card; from night 2 a wolf-team card she checks dies at that dawn (cause `check`).

Rule 1: she names any other living player or nobody (0); the same player again is allowed. She
        is told the exact card (the psychic's check), where a night choice lands.
Rule 2: night 1 is information only. From night 2 the checked seat dies at dawn (step 4a) when
        its card is wolf-team: neither guard nor antidote stops it, the witch is not told it;
        only a seat every night death spares (the dreamwalker) lives.
Rule 3: one seat, one death: `check` outranks the poison and the knife (`checked_death`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.night import NightStep, add_dawn, add_night_step, lands_on, spared
from engine.nightstep import living_target
from engine.roles import Role, declare
from engine.roles.psychic import ExactCardCheck, exact_card_step, told_check
from engine.script import StepCues, add_cues
from engine.state import Pending, State
from engine.steps import register

ROLE = declare(Role.PURE_WHITE, god=True)

PURE_WHITE = "pure_white"
CUES = StepCues(PURE_WHITE, wake="pure_white.wake", act="pure_white.act", sleep="pure_white.sleep")
add_cues(ROLE, CUES.keys())

CHECKED = "pure_white.checked"
"""`state.tonight.marks`: the seat her check landed on tonight."""

CHECK = "check"
"""The cause of a death by a check (纯白之女's, 狼巫's)."""
OUTRANKED = frozenset({"werewolves", "poison"})
"""The causes a `check` death takes the place of (RULES-CLUB-MORE.md, dawn: one seat, one death)."""


class PureWhiteCheck(ExactCardCheck, step=PURE_WHITE):
    """The seat the pure white checks; 0: nobody."""


def check_pure_white(state: State, pending: Pending, decision: PureWhiteCheck) -> None:
    if decision.target:
        living_target(state, decision.target)
        if decision.target == pending.seats[0]:
            raise state.refuse("pure_white_self", "the pure white checks another player, not herself")


def _keep(state: State, target: int) -> None:
    state.tonight.marks[CHECKED] = lands_on(state, target)


def checked_death(state: State, deaths: dict[int, str], seat: int) -> None:
    """`seat`, checked to death tonight, dies of `check` (Rules 2 and 3) unless spared."""
    if state.night >= 2 and deaths.get(seat, "poison") in OUTRANKED and not spared(state, seat, CHECK):
        deaths[seat] = CHECK


def _check_kills(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 4a: a wolf-team card she checked dies (Rule 2)."""
    seat = state.tonight.marks.get(CHECKED, 0)
    if seat and state.is_werewolf(seat):
        checked_death(state, deaths, seat)


Told = Callable[[State, Pending, Any], list[tuple[str, dict[str, Any]]]]


def told_check_death(name: str, killed: str) -> Told:
    """The review lines of the check of step `name`: the card told, then `killed` when the
    check killed the seat at that dawn."""
    told_card = told_check(name)

    def told(state: State, pending: Pending, decision: Any) -> list[tuple[str, dict[str, Any]]]:
        lines = told_card(state, pending, decision)
        night = pending.phase.number
        died = any(
            d.seat == decision.target and d.cause == CHECK and d.phase.number == night for d in state.deaths
        )
        return [*lines, (killed, {"target": decision.target})] if decision.target and died else lines

    return told


add_dawn(ROLE, 4.5, _check_kills)
add_night_step(ROLE, NightStep(PURE_WHITE, Role.PURE_WHITE, club=13.6))
register(
    ROLE,
    replace(
        exact_card_step(CUES, Role.PURE_WHITE, PureWhiteCheck, check_pure_white, after=_keep),
        told=told_check_death(PURE_WHITE, "pure_white_kills"),
    ),
)
