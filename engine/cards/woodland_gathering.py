"""Woodland Gathering (林中聚会): the women (and the witch with `woodland_witch = "always"`) are
away on the day of the draw; the witch gets back a potion she used (the heal first)."""

from __future__ import annotations

from engine.cards.away_cards import of_gender, send_away
from engine.cards.moon import InPlay
from engine.cards.registry import CardRules, add_card
from engine.contents import Contents
from engine.events import cue, private
from engine.roles import Role
from engine.roles.witch import potions, set_potions
from engine.state import State

CARD = Contents("woodland_gathering")


def gather(state: State, played: InPlay) -> None:
    seats = set(of_gender(state, "female"))
    witch = state.seat_of(Role.WITCH)
    if state.rules.cards.woodland_witch == "always":
        seats.add(witch)
    send_away(state, played, tuple(sorted(seats)), "away.woodland")
    heal, poison = potions(state)
    if heal and poison:
        return
    heal, poison = (True, poison) if not heal else (heal, True)
    set_potions(state, heal=heal, poison=poison)
    state.emit(cue("woodland.potion"))
    state.emit(private("witch.potions", witch, heal=heal, poison=poison))


def witch_can_gather(state: State) -> bool:
    """Played only while the witch lives and is not cursed."""
    witch = state.seat_of(Role.WITCH)
    return bool(witch) and state.is_alive(witch) and not state.cursed


def away(state: State, played: InPlay) -> bool:
    return state.daytime and state.day == played.day


add_card(CARD, CardRules("woodland_gathering", effect=gather, playable=witch_can_gather, away=away))
