"""Saturday Evening Ball (周六晚舞会): the younger half of the living players is away by day and
by night (until the next card with `ball_until = "next_card"`)."""

from __future__ import annotations

from engine.cards.away_cards import half, send_away
from engine.cards.moon import InPlay
from engine.cards.registry import CardRules, add_card
from engine.contents import Contents
from engine.state import State

CARD = Contents("ball")


def dance(state: State, played: InPlay) -> None:
    send_away(state, played, half(state, older=False), "away.ball")


def ends(state: State, played: InPlay) -> bool:
    return state.rules.cards.ball_until != "next_card" and state.day > played.day


add_card(
    CARD,
    CardRules(
        "saturday_evening_ball", effect=dance, ends=ends, ends_on_draw=True, away=lambda state, played: True
    ),
)
