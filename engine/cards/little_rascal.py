"""The Little Rascal (小淘气): the youngest living player is away on day D and night D+1, and
his vote counts three on day D+1 (`moon.vote_weight`); the card ends at dawn of day D+2."""

from __future__ import annotations

from engine.cards.away_cards import age
from engine.cards.moon import InPlay
from engine.cards.registry import CardRules, add_card
from engine.contents import Contents
from engine.events import cue
from engine.state import State

CARD = Contents("little_rascal")


def send_off(state: State, played: InPlay) -> None:
    youngest = min(state.alive(), key=lambda s: (age(state, s), s))
    played.seats = (youngest,)
    state.emit(cue("rascal.away", seat=youngest))


def away(state: State, played: InPlay) -> bool:
    return state.day == played.day if state.daytime else state.night == played.day + 1


def vote_weight(state: State, played: InPlay, voter: int, weight: float) -> float:
    """On the day he is back (D+1), the rascal's vote counts three."""
    return 3 if voter in played.seats and state.day == played.day + 1 else weight


add_card(
    CARD,
    CardRules(
        "little_rascal",
        effect=send_off,
        ends=lambda state, played: state.day > played.day + 1,
        away=away,
        vote_weight=vote_weight,
    ),
)
