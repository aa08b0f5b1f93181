"""Luncheon for Seniors (老人午餐): the older half of the living players is away by day (the day
of the draw only with `luncheon_until = "dusk"`; until the next card with `"next_card"`)."""

from __future__ import annotations

from engine.cards.away_cards import half, send_away
from engine.cards.moon import InPlay
from engine.cards.registry import CardRules, add_card
from engine.contents import Contents
from engine.state import State

CARD = Contents("luncheon")


def lunch(state: State, played: InPlay) -> None:
    send_away(state, played, half(state, older=True), "away.luncheon")


def ends(state: State, played: InPlay) -> bool:
    return state.rules.cards.luncheon_until != "next_card" and state.day > played.day


def away(state: State, played: InPlay) -> bool:
    if not state.daytime:
        return False
    return state.day == played.day if state.rules.cards.luncheon_until == "dusk" else True


add_card(CARD, CardRules("luncheon_for_seniors", effect=lunch, ends=ends, ends_on_draw=True, away=away))
