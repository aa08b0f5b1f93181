"""Somnambulism (梦游), a dark-moon card: the table hears the seer's answer said aloud, never
the target; each answer is kept for the review."""

from __future__ import annotations

from engine.cards.moon import InPlay, notes
from engine.cards.registry import CardRules, Lasting, add_card, add_lasting
from engine.contents import Contents
from engine.events import cue
from engine.state import State

CARD = Contents("somnambulism")


SLEEPWALKS = "somnambulism.sleepwalks"
"""`MoonState.notes`: (night, result) of each seer answer said aloud."""


def sleepwalks(state: State) -> list[tuple[int, str]]:
    said: list[tuple[int, str]] = notes(state).get(SLEEPWALKS, [])
    return said


SEEN_LINES = {"werewolf": "somnambulism.werewolf", "not_werewolf": "somnambulism.not_werewolf"}
"""The sleepwalker's result, when it is a side rather than a card → the line that says it."""


def sleepwalk(state: State, played: InPlay, results: list[str], result: str) -> None:
    for part in results:
        if part in SEEN_LINES:
            state.emit(cue(SEEN_LINES[part]))
        else:
            state.emit(cue("somnambulism.role", role=part))
    notes(state).setdefault(SLEEPWALKS, []).append((state.night, result))


add_card(CARD, CardRules("somnambulism", check_heard=sleepwalk))
add_lasting(
    CARD,
    Lasting(
        "somnambulism",
        public_view=lambda state: {"sleepwalker": [{"night": n, "result": r} for n, r in sleepwalks(state)]},
    ),
)
