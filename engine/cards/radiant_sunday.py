"""Radiant Sunday (灿烂星期天): with `radiant_sunday = "lycanthropic_fascination"` the judge reads
Lycanthropic Fascination, whose rule (tonight's victims are infected, not killed) the core asks
of `hooks.bite_infects`: the infected lose any power for good, and the werewolves win once at
most one living player outside their side is uninfected."""

from __future__ import annotations

from engine.cards.moon import InPlay, notes
from engine.cards.registry import CardRules, Lasting, add_card, add_lasting
from engine.contents import Contents
from engine.events import cue
from engine.outcome import WinReason
from engine.state import State

CARD = Contents("radiant_sunday")


INFECTED = "radiant_sunday.infected"
"""`MoonState.notes`: the seats infected, in order."""


def infected(state: State) -> list[int]:
    seats: list[int] = notes(state).get(INFECTED, [])
    return seats


def read_fascination(state: State, played: InPlay) -> None:
    if state.rules.cards.radiant_sunday == "lycanthropic_fascination":
        state.emit(cue("card.lycanthropic_fascination"))


def infects(state: State, played: InPlay, victim: int) -> bool:
    """Lycanthropic Fascination, on night D+1: a victim who is no werewolf and not yet infected
    is infected (and kept so) instead of killed."""
    if (
        not state.daytime
        and state.night == played.day + 1
        and state.rules.cards.radiant_sunday == "lycanthropic_fascination"
        and not state.is_werewolf(victim)
        and victim not in infected(state)
    ):
        notes(state).setdefault(INFECTED, []).append(victim)
        return True
    return False


def _all_infected(state: State, alive: list[int], side: list[int]) -> WinReason | None:
    """At most one living player outside the werewolves' side is uninfected."""
    seats = infected(state)
    if seats and len([s for s in alive if s not in side and s not in seats]) <= 1:
        return WinReason.ALL_INFECTED
    return None


add_card(CARD, CardRules("radiant_sunday", effect=read_fascination, infects=infects))
add_lasting(
    CARD,
    Lasting(
        "radiant_sunday",
        rank=2,  # after the ally's win: everyone alive on the werewolves' side is told as such
        powerless=lambda state, seat: seat in infected(state),
        wins=_all_infected,
        seat_view=lambda state, seat: {"infected": True} if seat in infected(state) else {},
        summary=lambda state: {"infected": sorted(infected(state))},
    ),
)
