"""Burial (埋葬), a dark-moon card: the card of a werewolf victim is not shown to the table
(`moon.hides_card`)."""

from __future__ import annotations

from engine.cards.moon import InPlay, moon_of
from engine.cards.registry import add_card
from engine.state import State


def bury(state: State, played: InPlay, seat: int, cause: str) -> None:
    if cause == "werewolves":
        moon_of(state).buried.append(seat)


add_card("burial", on_death=bury)
