"""Drawing an event card and playing it (what it does, each card's own module says: `registry.py`).

Rule 1: a card is drawn on the morning after the night's deaths are announced: every morning
        (`events = "every_morning"`), or after a night in which nobody died
        (`"peaceful_nights"`, seed 003).
Rule 2: the box draws from its pile, shuffled once at the start with the game's seeded
        generator. A card that cannot be played now (a fact a player declined, no werewolf
        victim yet for Spiritualism, …) is passed over and stays in the pile for a later
        morning; the next playable card is drawn. A card played leaves the pile for good, so
        the deck runs out: then no card is drawn any more.
Rule 3: the draw and the Harvest witch's potion roll (and Heads or Tails' coin,
        `heads_or_tails.py`) are chance steps: a live game makes them itself
        (`Game(chance="auto")`); a replayed record may name them (`Game(chance="ask")`:
        `EventDraw`, `PotionRoll`), and a card named that cannot be played is an illegal
        decision.
"""

from __future__ import annotations

from typing import Literal

from engine.cards.deck import CARDS
from engine.cards.moon import InPlay, expire_on_draw, fact, moon_of, new_moon, roll
from engine.codecs import field_codec, shape_name, shape_one_of
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, judge_only, private
from engine.roles import Role
from engine.script import CARD_LINES
from engine.state import Pending, State, Step
from engine.steps import Codec, Kind, Share, StepSpec, never_refused, register

CARD = Contents("draw")


class EventDraw(Decision, step="event"):
    """The event card drawn this morning."""

    card: str


class PotionRoll(Decision, step="potion"):
    """Harvest Festival: what the witch's potion turns out to be."""

    result: Literal["heal", "villager", "werewolf", "poison"]


POTIONS = ("heal", "villager", "werewolf", "poison")
POTION_LINES = {
    "heal": "potion.heal",
    "villager": "potion.villager",
    "werewolf": "potion.werewolf",
    "poison": "potion.poison",
}
"""Each potion → the line that says what it did."""


def start_moon(state: State) -> None:
    """Shuffle the event deck; read the dark-moon cards the table put in play."""
    if state.rules.events == "off":
        return
    state.moon = new_moon(state)
    if state.moon.in_play:
        state.emit(cue("event.dark_moon"), *(cue(CARD_LINES[p.card]) for p in state.moon.in_play))


def draw_due(state: State) -> bool:
    """Rule 1: whether a card is drawn this morning."""
    if state.moon is None or state.rules.events == "off":
        return False
    return state.rules.events == "every_morning" or not state.night_victims


# Rule 2: which cards can be played now


def playable(state: State, card: str) -> bool:
    """Whether `card` can be played now (facts known, its subject exists)."""
    for name in CARDS[card].needs:
        if any(fact(state, seat, name) is None for seat in state.alive()):
            return False
    rules = state.catalogue.card_rules.get(card)
    return rules is None or rules.playable is None or rules.playable(state)


def natural_draw(state: State) -> str:
    """Rule 2: the first playable card of the pile ("" when none can be played)."""
    return next((card for card in moon_of(state).pile if playable(state, card)), "")


def begin_event(state: State, step: Step) -> Pending | None:
    card = natural_draw(state)
    if not card:
        expire_on_draw(state)
        state.emit(judge_only("no_event_card"))
        return None
    state.emit(cue("event.draw"))
    return Pending(state.phase, "event", "event", (), info={"drawn": card})


def check_event(state: State, pending: Pending, decision: EventDraw) -> None:
    moon, card = moon_of(state), decision.card
    if card not in CARDS:
        raise state.refuse("no_such_card", f"there is no event card {card!r}")
    if card not in moon.pile:
        why = "no longer in the pile" if card in state.rules.cards.event_deck else "not in this game's deck"
        raise state.refuse("card_not_in_deck", f"the event card {card!r} is {why}")
    if not playable(state, card):
        raise state.refuse("card_unplayable", f"the event card {card!r} cannot be played now")


def resolve_event(state: State, pending: Pending, decision: EventDraw) -> None:
    moon, card = moon_of(state), decision.card
    moon.pile.remove(card)
    expire_on_draw(state)
    moon.played.append((state.day, card))
    moon.chance.append((state.phase, "event", card))
    moon.in_play.append(InPlay(card, state.day))
    rules = state.catalogue.card_rules.get(card)
    state.emit(cue(CARD_LINES[rules.announce_as or card] if rules is not None else CARD_LINES[card]))
    if rules is not None and rules.effect is not None:
        rules.effect(state, moon.in_play[-1])


# Chance: the potion of the Harvest Festival


def begin_potion(state: State, step: Step) -> Pending:
    result = roll(moon_of(state)).choice(POTIONS)
    return Pending(state.phase, "potion", "potion", (), info={"drawn": result, **step.args})


def resolve_potion(state: State, pending: Pending, decision: PotionRoll) -> None:
    """The witch's potion, rolled: heal (she saves the victim), heal and turn the drinker into
    a plain villager or a werewolf, or poison (the drinker dies at dawn)."""
    moon_of(state).chance.append((state.phase, "potion", decision.result))
    target, result = pending.info["target"], decision.result
    state.emit(cue(POTION_LINES[result]))
    tonight = state.tonight
    if result == "poison":
        tonight.poisoned = target
        return
    if target == tonight.victim:
        tonight.healed = True
    if result in ("villager", "werewolf"):
        player = state.player(target)
        player.card = Role.VILLAGER if result == "villager" else Role.WEREWOLF
        player.lives = 1
        state.emit(private("card.changed", target, card=player.card.value))


# The registry (engine.steps): the box's chance steps.

register(
    CARD,
    StepSpec(
        "event",
        begin_event,
        Kind.CHANCE,
        EventDraw,
        check_event,
        resolve_event,
        share=Share.NOBODY,
        codecs=(
            Codec(
                "event",
                Kind.DAY,
                lambda value, pending: EventDraw(card=value),
                lambda made, pending, old: made.card,
                shape_name,
            ),
        ),
    ),
    StepSpec(
        "potion",
        begin_potion,
        Kind.CHANCE,
        PotionRoll,
        never_refused,
        resolve_potion,
        share=Share.NOBODY,
        codecs=(field_codec("potion", Kind.NIGHT, PotionRoll, "result", shape_one_of(*POTIONS)),),
    ),
)
