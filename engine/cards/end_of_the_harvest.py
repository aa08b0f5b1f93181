"""End of the Harvest (丰收结束): with `end_of_the_harvest = "harvest_festival"` the judge reads
the Harvest Festival, whose rule (powers reach only neighbours, this round) the core asks of
`hooks.py` and `limits.py`."""

from __future__ import annotations

from engine.cards.moon import InPlay
from engine.cards.registry import add_card
from engine.events import cue
from engine.state import State


def read_festival(state: State, played: InPlay) -> None:
    if state.rules.cards.end_of_the_harvest == "harvest_festival":
        state.emit(cue("card.harvest_festival"))


add_card("end_of_the_harvest", effect=read_festival)
