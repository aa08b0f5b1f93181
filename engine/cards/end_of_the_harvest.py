"""End of the Harvest (丰收结束): with `end_of_the_harvest = "harvest_festival"` the judge reads
the Harvest Festival: powers reach only neighbours, this round (the core asks
`hooks.neighbours_only`; what each power then does is the role's or `hooks.py`'s)."""

from __future__ import annotations

from engine.cards.moon import InPlay
from engine.cards.registry import CardRules, add_card
from engine.contents import Contents
from engine.events import cue
from engine.state import State

CARD = Contents("end_of_the_harvest")


def read_festival(state: State, played: InPlay) -> None:
    if state.rules.cards.end_of_the_harvest == "harvest_festival":
        state.emit(cue("card.harvest_festival"))


def festival(state: State, played: InPlay, tonight: bool) -> bool:
    """The Harvest Festival: powers reach only neighbours while the card is in play (`tonight`:
    on its night, D+1)."""
    if state.rules.cards.end_of_the_harvest != "harvest_festival":
        return False
    return not tonight or (not state.daytime and state.night == played.day + 1)


add_card(CARD, CardRules("end_of_the_harvest", effect=read_festival, neighbours_only=festival))
