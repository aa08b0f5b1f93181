"""Radiant Sunday (灿烂星期天): with `radiant_sunday = "lycanthropic_fascination"` the judge reads
Lycanthropic Fascination, whose rule (tonight's victims are infected, not killed) the core asks
of `hooks.bite_infects`."""

from __future__ import annotations

from engine.cards.moon import InPlay, moon_of
from engine.cards.registry import add_card
from engine.events import cue
from engine.state import State


def read_fascination(state: State, played: InPlay) -> None:
    if state.rules.cards.radiant_sunday == "lycanthropic_fascination":
        state.emit(cue("card.lycanthropic_fascination"))


def infects(state: State, played: InPlay, victim: int) -> bool:
    """Lycanthropic Fascination, on night D+1: a victim who is no werewolf and not yet infected
    is infected instead of killed."""
    return (
        not state.daytime
        and state.night == played.day + 1
        and state.rules.cards.radiant_sunday == "lycanthropic_fascination"
        and not state.is_werewolf(victim)
        and victim not in moon_of(state).infected
    )


add_card("radiant_sunday", effect=read_fascination, infects=infects)
