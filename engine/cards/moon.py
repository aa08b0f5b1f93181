"""The state of the New Moon event cards in a game, and the questions the rules ask of it.

Rule 1: a full-moon card drawn on day D lasts day D and night D+1: it is gone at dawn of day
        D+1; a card's own module may say otherwise (`registry.add_card(ends=..., ends_on_draw=...)`:
        Luncheon and the Ball with `next_card` last until the next morning a card is drawn, or
        would be but the deck has none left; the Executioner lasts while there is one).
Rule 2: a fang-moon card waits in play until its trigger, acts once and is spent; the Little
        Rascal is away on day D and night D+1 and votes three times on day D+1; Full Moon Rising
        acts on night D+1.
Rule 3: a dark-moon card stays in play to the end of the game.
Rule 4: players sent away (each away card says when: `add_card(away=...)`) neither speak nor
        vote and nobody may vote for them; those away at night (Ball, Gone Hunting, Rascal) are
        not eaten by the werewolves, and a werewolf among them does not eat.
Rule 5: every query here answers as if no card were in play when `state.moon` is None
        (`events = "off"`), so the rest of the engine behaves exactly as without the cards."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine.cards.deck import CARDS, Moon
from engine.cards.deck import InPlay as InPlay  # where the cards' modules look for it
from engine.cards.deck import MoonState as MoonState
from engine.contents import Contents
from engine.roles import Role
from engine.state import answer_for_cards

if TYPE_CHECKING:
    from engine.state import Player, State


def moon_of(state: State) -> MoonState:
    """The cards' state of a game whose cards are on (a card's step runs only then)."""
    assert state.moon is not None, "the event cards are off"
    return state.moon


def notes(state: State) -> dict[str, Any]:
    """The cards' lasting notes (empty when the cards are off: nothing to keep or read)."""
    return state.moon.notes if state.moon is not None else {}


def roll(moon: MoonState) -> random.Random:
    """The seeded generator for the next draw, coin or roll of the game."""
    rng = random.Random(f"new-moon:{moon.seed}:{moon.rolls}")
    moon.rolls += 1
    return rng


def new_moon(state: State) -> MoonState:
    """The event deck shuffled with the setup's seed; the table's dark-moon cards in play."""
    cards = state.rules.cards
    pile = [c for c in cards.event_deck if c not in cards.dark_moon]
    moon = MoonState(seed=state.setup.event_seed, pile=pile)
    roll(moon).shuffle(moon.pile)
    moon.in_play = [InPlay(card, 0) for card in cards.dark_moon]
    return moon


# Which cards are in play now


def card_in_play(state: State, card: str) -> InPlay | None:
    """The card `card` if it is in play now (its effect may still wait on the time)."""
    if state.moon is None:
        return None
    return next((p for p in state.moon.in_play if p.card == card), None)


def in_play(state: State, card: str) -> bool:
    return card_in_play(state, card) is not None


def spend(state: State, card: str) -> None:
    """Take `card` out of play (a fang-moon card that acted, a card replaced)."""
    assert state.moon is not None
    found = card_in_play(state, card)
    if found is not None:
        state.moon.in_play.remove(found)
        state.moon.discard.append(card)


def expire_at_dawn(state: State) -> None:
    """Rule 1 and Rule 2: the cards whose round is over leave play."""
    moon = state.moon
    if moon is None:
        return
    for played in list(moon.in_play):
        if _over(state, played):
            spend(state, played.card)


def _over(state: State, played: InPlay) -> bool:
    rules = state.catalogue.card_rules.get(played.card)
    if rules is not None and rules.ends is not None:
        return rules.ends(state, played)
    return CARDS[played.card].moon == Moon.FULL and state.day > played.day


def expire_on_draw(state: State) -> None:
    """The cards that last until the next card is drawn (or would be) leave play (those the
    table put in play at the start stay)."""
    moon = state.moon
    assert moon is not None
    for played in list(moon.in_play):
        rules = state.catalogue.card_rules.get(played.card)
        if rules is not None and rules.ends_on_draw and played.day:
            spend(state, played.card)


def tonight_after(state: State, card: str) -> bool:
    """Whether this night is the night after the day `card` was drawn (night D+1)."""
    played = card_in_play(state, card)
    return played is not None and night_after(state, played)


def night_after(state: State, played: InPlay) -> bool:
    """Whether this night is the night after the day `played` was drawn (night D+1)."""
    return not state.daytime and state.night == played.day + 1


# Rule 4: away, and who may vote


def away(state: State) -> frozenset[int]:
    """The living players away now, as each card that sent players away says (by day, those of
    every away card; by night, only some)."""
    if state.moon is None:
        return frozenset()
    seats: set[int] = set()
    for played in state.moon.in_play:
        rules = state.catalogue.card_rules.get(played.card)
        if rules is not None and rules.away is not None and rules.away(state, played):
            seats.update(played.seats)
    return frozenset(s for s in seats if state.is_alive(s))


def no_vote(state: State) -> frozenset[int]:
    """Living players who may not vote today because of a card: away, or reported."""
    if state.moon is None:
        return frozenset()
    kept = {
        seat
        for lasting in state.catalogue.lasting
        if lasting.no_vote is not None
        for seat in lasting.no_vote(state)
    }
    return away(state) | kept


def vote_weight(state: State, voter: int, weight: float) -> float:
    """The weight of `voter`'s vote, as the cards in play say (the little rascal's)."""
    if state.moon is None:
        return weight
    for played in state.moon.in_play:
        rules = state.catalogue.card_rules.get(played.card)
        if rules is not None and rules.vote_weight is not None:
            weight = rules.vote_weight(state, played, voter, weight)
    return weight


# Seats around the table


def left_of(state: State, seat: int) -> int:
    """The first living player on the left of `seat` (the next seat clockwise)."""
    n = len(state.players)
    for step in range(1, n + 1):
        other = (seat - 1 + step) % n + 1
        if other != seat and state.is_alive(other):
            return other
    return 0


def right_of(state: State, seat: int) -> int:
    n = len(state.players)
    for step in range(1, n + 1):
        other = (seat - 1 - step) % n + 1
        if other != seat and state.is_alive(other):
            return other
    return 0


def neighbours(state: State, seat: int) -> tuple[int, ...]:
    """The living players on each side of `seat` (one when only two are alive)."""
    return tuple(sorted({s for s in (left_of(state, seat), right_of(state, seat)) if s}))


def last_dead(state: State) -> int:
    """The player who died last and is still dead (0 when nobody is dead)."""
    for death in reversed(state.deaths):
        if not state.is_alive(death.seat):
            return death.seat
    return 0


def fact(state: State, seat: int, name: str) -> object:
    facts = state.setup.facts.get(seat)
    return getattr(facts, name) if facts is not None else None


# Teams: the double agent sides with the werewolves


def on_werewolf_side(state: State, seat: int) -> bool:
    return state.is_werewolf(seat) or sides_with_werewolves(state, seat)


def sides_with_werewolves(state: State, seat: int) -> bool:
    """Whether a card put `seat`, no werewolf, on the werewolves' side (the double agent)."""
    return state.moon is not None and any(
        lasting.sides_with_werewolves is not None and lasting.sides_with_werewolves(state, seat)
        for lasting in state.catalogue.lasting
    )


def hides_card(state: State, seat: int) -> bool:
    """Whether a card keeps the card of `seat` from the table (Burial, the Executioner)."""
    return state.moon is not None and any(
        lasting.hides_card is not None and lasting.hides_card(state, seat)
        for lasting in state.catalogue.lasting
    )


def powerless(state: State, seat: int) -> bool:
    """Whether a card took the power of `seat` for good (Lycanthropic Fascination's infected)."""
    return state.moon is not None and any(
        lasting.powerless is not None and lasting.powerless(state, seat)
        for lasting in state.catalogue.lasting
    )


def shooter_card(state: State) -> Role:
    """The card whose holder shoots when killed: the hunter's, unless a card in play says
    otherwise (April Fools: the little girl's)."""
    card = Role.HUNTER
    if state.moon is None:
        return card
    for played in state.moon.in_play:
        rules = state.catalogue.card_rules.get(played.card)
        if rules is not None and rules.shooter_card is not None:
            card = rules.shooter_card(state, played, card)
    return card


def acting_for(state: State, role: Role) -> int | None:
    """The seat that acts for `role` tonight under a card in play (0: nobody), or None: no card
    has a say (Full Moon Rising, April Fools)."""
    if state.moon is None:
        return None
    for played in state.moon.in_play:
        rules = state.catalogue.card_rules.get(played.card)
        if rules is not None and rules.acting_for is not None:
            seat = rules.acting_for(state, played, role)
            if seat is not None:
                return seat
    return None


def spare_life(state: State, seat: int) -> Player | None:
    """The player whose spare life saves `seat` from the werewolves tonight: the holder's own,
    unless a card in play says otherwise (April Fools)."""
    player = state.player(seat)
    spare = player if player.lives > 1 else None
    if state.moon is None:
        return spare
    for played in state.moon.in_play:
        rules = state.catalogue.card_rules.get(played.card)
        if rules is not None and rules.spare_life is not None:
            spare = rules.spare_life(state, played, seat, spare)
    return spare


CORE = Contents("moon")
answer_for_cards(CORE, powerless, acting_for)
