"""Gone Hunting (狩猎): the men are away by day and by night, this round."""

from __future__ import annotations

from engine.cards.away_cards import of_gender, send_away
from engine.cards.moon import InPlay
from engine.cards.registry import add_card
from engine.state import State


def hunt(state: State, played: InPlay) -> None:
    send_away(state, played, of_gender(state, "male"), "hunting")


add_card("gone_hunting", effect=hunt, away=lambda state, played: True)
