"""Somnambulism (梦游), a dark-moon card: the table hears the seer's answer said aloud, never
the target; each answer is kept for the review."""

from __future__ import annotations

from engine.cards.moon import InPlay, moon_of
from engine.cards.registry import add_card
from engine.events import cue
from engine.state import State


def sleepwalk(state: State, played: InPlay, results: list[str], result: str) -> None:
    for part in results:
        if part in ("werewolf", "not_werewolf"):
            state.emit(cue(f"somnambulism.{part}"))
        else:
            state.emit(cue("somnambulism.role", role=part))
    moon_of(state).sleepwalks.append((state.night, result))


add_card("somnambulism", check_heard=sleepwalk)
