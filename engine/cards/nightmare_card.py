"""The Nightmare card (噩梦; not the club's nightmare role, `engine/roles/nightmare.py`): no
debate today; starting on the left of the last dead, everyone accuses someone in turn, and the
most accused dies: every voter must accuse (`must_vote`)."""

from __future__ import annotations

from engine.cards.agenda import replace_step
from engine.cards.moon import InPlay, last_dead, left_of
from engine.cards.registry import CardRules, add_card
from engine.contents import Contents
from engine.events import cue
from engine.state import State, Step

CARD = Contents("nightmare_card")


def dream(state: State, played: InPlay) -> None:
    first = left_of(state, last_dead(state)) or state.alive()[0]
    state.emit(cue("nightmare.start", seat=first))
    replace_step(state, "discussion")
    replace_step(state, "vote", Step("vote", {"must_vote": True}))


add_card(CARD, CardRules("nightmare", effect=dream))
