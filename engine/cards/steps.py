"""Every agenda step the event cards add, by name, with its begin and decide handlers."""

from __future__ import annotations

from engine.cards.daysteps import DAY_CARD_HANDLERS
from engine.cards.draw import (
    begin_coin,
    begin_event,
    begin_potion,
    decide_coin,
    decide_event,
    decide_potion,
)
from engine.cards.nightsteps import NIGHT_CARD_HANDLERS
from engine.night import Begin, Decide

CARD_HANDLERS: dict[str, tuple[Begin, Decide | None]] = {
    "event": (begin_event, decide_event),
    "coin": (begin_coin, decide_coin),
    "potion": (begin_potion, decide_potion),
    **DAY_CARD_HANDLERS,
    **NIGHT_CARD_HANDLERS,
}
