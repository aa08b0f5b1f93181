"""Saint Philippe (圣菲利普): the sheriff is dismissed and a new one is elected today (with the
sheriff on; with `saint_philippe = "always"` even when there is no sheriff)."""

from __future__ import annotations

from engine.cards.moon import InPlay
from engine.cards.registry import CardRules, add_card
from engine.contents import Contents
from engine.events import cue
from engine.state import State, Step

CARD = Contents("saint_philippe")


def dismiss(state: State, played: InPlay) -> None:
    if state.sheriff:
        state.emit(cue("philippe.dismissed", seat=state.sheriff))
        state.sheriff = 0
    state.election_due = True
    state.push(Step("sheriff_candidacy", {"key": "philippe"}))


def playable(state: State) -> bool:
    return state.rules.sheriff and (state.rules.cards.saint_philippe == "always" or state.sheriff != 0)


add_card(CARD, CardRules("saint_philippe", effect=dismiss, playable=playable))
