"""Heads or Tails (正面或反面): after each of today's verdicts the box tosses a coin (a chance
step): heads, the verdict is void; tails, it is carried out. Its coin comes first among the
steps of a verdict (a void verdict offers no pact)."""

from __future__ import annotations

from typing import Literal

from engine.cards.moon import InPlay, moon_of, roll
from engine.cards.registry import CardRules, add_card
from engine.codecs import field_codec, shape_one_of
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue
from engine.state import Pending, State, Step
from engine.steps import Kind, Share, StepSpec, never_refused, register

CARD = Contents("heads_or_tails")


class CoinToss(Decision, step="coin"):
    """Heads or Tails: heads, the condemned is spared; tails, the verdict stands."""

    side: Literal["heads", "tails"]


COIN_LINES = {"heads": "coin.heads", "tails": "coin.tails"}
"""Each side of the coin → the line that says it."""


def begin_coin(state: State, step: Step) -> Pending:
    side = roll(moon_of(state)).choice(("heads", "tails"))
    return Pending(state.phase, "coin", "coin", (), info={"drawn": side, "seat": step.args["seat"]})


def resolve_coin(state: State, pending: Pending, decision: CoinToss) -> None:
    seat = pending.info["seat"]
    moon_of(state).chance.append((state.phase, "coin", decision.side))
    state.emit(cue(COIN_LINES[decision.side], seat=seat))
    if decision.side == "heads":
        # The verdict is void: the steps carrying it out (the later verdict steps, the
        # hanging) are dropped.
        state.agenda[:] = [
            s for s in state.agenda if not (s.name in ("pact", "hang") and s.args.get("seat") == seat)
        ]


def _toss(state: State, played: InPlay, seat: int) -> Step:
    return Step("coin", {"seat": seat})


register(
    CARD,
    StepSpec(
        "coin",
        begin_coin,
        Kind.CHANCE,
        CoinToss,
        never_refused,
        resolve_coin,
        share=Share.NOBODY,
        codecs=(
            field_codec("coin", Kind.DAY, CoinToss, "side", shape_one_of("heads", "tails"), repeated=True),
        ),
    ),
)
add_card(CARD, CardRules("heads_or_tails", rank=1, verdict_step=_toss))
