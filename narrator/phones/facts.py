"""The facts about players that the New Moon event cards need, asked once on the phone at joining.

Rule 1: facts are asked only when the event cards are on, and only those the game's cards can
        use: the age and gender of the cards that need them, and the facts the Spiritualism
        questions of the deck are about.
Rule 2: every fact may be declined; a fact that was not asked is dropped, never kept.
"""

from __future__ import annotations

from engine.cards.deck import CARDS, FACTS, QUESTIONS, SPIRIT_QUESTIONS_000, SPIRIT_QUESTIONS_001
from engine.rules import Rules
from engine.setup import SeatFacts
from narrator.phones.messages import Facts


def facts_asked(rules: Rules) -> list[str]:
    """The facts to ask at joining under `rules` (Rule 1), in the engine's order."""
    if rules.events == "off":
        return []
    cards = set(rules.cards.event_deck) | set(rules.cards.dark_moon)
    wanted: set[str] = set()
    for card in cards:
        wanted |= CARDS[card].needs
    questions = SPIRIT_QUESTIONS_000 if rules.cards.spiritualism == "four_questions" else SPIRIT_QUESTIONS_001
    for card, asks in questions.items():
        if card in cards:
            wanted |= {QUESTIONS[ask].fact for ask in asks if QUESTIONS[ask].fact}
    return [name for name in FACTS if name in wanted]


def seat_facts(given: Facts | None, asked: list[str]) -> SeatFacts | None:
    """The facts a phone gave, keeping only those asked (Rule 2); None when it gave none."""
    if given is None:
        return None
    kept = {name: value for name, value in given.model_dump().items() if name in asked and value is not None}
    return SeatFacts(**kept) if kept else None
