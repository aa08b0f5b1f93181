"""Burial (埋葬), a dark-moon card: the card of a werewolf victim is not shown to the table
(`moon.hides_card`) until the game is over."""

from __future__ import annotations

from engine.cards.moon import InPlay, notes
from engine.cards.registry import CardRules, Lasting, add_card, add_lasting
from engine.contents import Contents
from engine.state import State

CARD = Contents("burial")


BURIED = "burial.buried"
"""`MoonState.notes`: the werewolf victims whose card is hidden."""


def bury(state: State, played: InPlay, seat: int, cause: str) -> None:
    if cause == "werewolves":
        notes(state).setdefault(BURIED, []).append(seat)


add_card(CARD, CardRules("burial", on_death=bury))
add_lasting(CARD, Lasting("burial", hides_card=lambda state, seat: seat in notes(state).get(BURIED, ())))
