"""The event cards' registry: each card's module says for itself what it does when drawn, when
it may be drawn and when it ends; the draw (`draw.py`) and the moon (`moon.py`) read it and name
no card.

Rule 1: a card with no entry, or an entry that leaves a question unanswered, plays by its moon
        alone: always playable (its facts known), nothing done when drawn, a full-moon card gone
        at the next dawn, a fang-moon card in play until its trigger spends it, a dark-moon card
        to the end of the game.
Rule 2: `ends(state, played)` is asked at each dawn; `ends_on_draw` cards leave play when the
        next card is drawn (or would be, but none can be); `away(state, played)` tells whether
        the seats the card sent away are away now.
Rule 3: the core's questions that one card answers for itself (`hooks.py` asks every card in
        play and names none): `on_death` (what a death does under the card), `infects` (the
        werewolves' bite infects instead of killing), `check_heard` (what the table hears of
        the seer's check), `vote_weight` (what a voter's vote weighs), `neighbours_only` (powers reach only a
        player's neighbours: by day and, `tonight`, on this night), `acting_for` (the seat
        that acts for a role tonight: 0 nobody, None the card has no say), `spare_life` (whose
        spare life saves a seat from the werewolves, from the answer without the card),
        `shooter_card` (the card whose holder shoots when killed), `lovers_hate` (each lover
        votes for the other, and a lover's death parts them with no grief).
Rule 4: the steps a card adds to the core's moments, ordered by the card's `rank` where several
        may meet: `verdict_step` (a step before the hanging of a verdict: Heads or Tails' coin,
        the Pact; None: the card has a say but adds no step, the verdict still waits for the
        hanging), `second_vote` (a death by the vote calls another vote: Enthusiasm,
        Dissatisfaction; spent on the next death by the vote), `before_vote` (steps before the
        day's vote: Influences), `on_voted_out` (what a player voted out shows: the
        Executioner), `death_steps` (steps after the badge when players die; `late_steps` are
        their names, heard after last words), `pack` and `prey` (who wakes as the werewolves,
        whom they may eat: Gone Hunting, the Flood, Full Moon Rising), `announce_as` (the card
        read aloud under another name: the five Spiritualism cards).
Rule 5: what a card changed that outlasts it is kept in `MoonState.notes` under its module's own
        keys; its module answers for it with `add_lasting` (asked whenever the cards are on, the
        card in play or not): whose card is hidden, who sides with the werewolves, who lost his
        power, a win, who may not vote, what the public and each seat see, the replay summary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.deck import CARDS, InPlay
from engine.contents import Catalogue, Contents

if TYPE_CHECKING:
    from engine.outcome import WinReason
    from engine.roles import Role
    from engine.state import Player, State, Step


@dataclass(frozen=True, slots=True)
class CardRules:
    """What one card says of itself (see the module's rules)."""

    name: str
    effect: Callable[[State, InPlay], None] | None = None
    playable: Callable[[State], bool] | None = None
    ends: Callable[[State, InPlay], bool] | None = None
    ends_on_draw: bool = False
    away: Callable[[State, InPlay], bool] | None = None
    on_death: Callable[[State, InPlay, int, str], None] | None = None
    infects: Callable[[State, InPlay, int], bool] | None = None
    check_heard: Callable[[State, InPlay, list[str], str], None] | None = None
    vote_weight: Callable[[State, InPlay, int, float], float] | None = None
    neighbours_only: Callable[[State, InPlay, bool], bool] | None = None
    acting_for: Callable[[State, InPlay, Role], int | None] | None = None
    spare_life: Callable[[State, InPlay, int, Player | None], Player | None] | None = None
    shooter_card: Callable[[State, InPlay, Role], Role] | None = None
    lovers_hate: bool = False
    rank: int = 0
    verdict_step: Callable[[State, InPlay, int], Step | None] | None = None
    second_vote: Callable[[State, InPlay, int], bool] | None = None
    before_vote: Callable[[State, InPlay], list[Step]] | None = None
    on_voted_out: Callable[[State, InPlay, int], None] | None = None
    death_steps: Callable[[State, InPlay, list[int]], list[Step]] | None = None
    pack: Callable[[State, InPlay, list[int]], list[int]] | None = None
    prey: Callable[[State, InPlay, list[int]], list[int]] | None = None
    announce_as: str = ""
    late_steps: tuple[str, ...] = ()
    """Rule 4: the names of the steps `death_steps` adds that are heard after last words."""


def add_card(to: Contents, rules: CardRules) -> None:
    """Register the card `rules.name`'s own rules (once: a second entry for a name is an error)."""
    assert rules.name in CARDS, f"there is no event card {rules.name!r} in the deck"
    to.add(lambda catalogue: _put_card(catalogue, rules))


def _put_card(catalogue: Catalogue, rules: CardRules) -> None:
    """Rule 4: the catalogue's `late_steps` are the names of the steps cards add when players
    die, heard after last words."""
    assert rules.name not in catalogue.card_rules, f"the event card {rules.name!r} is registered twice"
    catalogue.card_rules[rules.name] = rules
    catalogue.late_steps.update(rules.late_steps)


def rules_in_play(state: State) -> list[tuple[CardRules, InPlay]]:
    """The registered rules of each card in play, with the card as played (none when the cards
    are off)."""
    if state.moon is None:
        return []
    found = []
    card_rules = state.catalogue.card_rules
    for played in state.moon.in_play:
        rules = card_rules.get(played.card)
        if rules is not None:
            found.append((rules, played))
    return found


def ranked_in_play(state: State, hook: str) -> list[tuple[CardRules, InPlay]]:
    """The cards in play that answer `hook` (a `CardRules` field), in their `rank` order."""
    found = [(rules, played) for rules, played in rules_in_play(state) if getattr(rules, hook) is not None]
    found.sort(key=lambda pair: pair[0].rank)
    return found


@dataclass(frozen=True, slots=True)
class Lasting:
    """Rule 5: what a card changed that outlasts it, answered by the card's module (`owner`)."""

    owner: str
    rank: int = 0
    """Its place among the others (a win is checked in rank order: the first found is told)."""
    hides_card: Callable[[State, int], bool] | None = None
    sides_with_werewolves: Callable[[State, int], bool] | None = None
    powerless: Callable[[State, int], bool] | None = None
    wins: Callable[[State, list[int], list[int]], WinReason | None] | None = None
    """(alive, the werewolves' side among them): the werewolves' win the card makes, if any."""
    no_vote: Callable[[State], Iterable[int]] | None = None
    public_view: Callable[[State], dict[str, Any]] | None = None
    seat_view: Callable[[State, int], dict[str, Any]] | None = None
    summary: Callable[[State], dict[str, Any]] | None = None
    """What `narrator replay --json` adds of the card (`engine.record`)."""


def add_lasting(to: Contents, lasting: Lasting) -> None:
    """Rule 5: a card's module answers for what it changed that outlasts it (once per owner)."""
    to.add(lambda catalogue: _put_lasting(catalogue.lasting, lasting))


def _put_lasting(known: list[Lasting], lasting: Lasting) -> None:
    assert all(each.owner != lasting.owner for each in known), f"{lasting.owner!r} is registered twice"
    known.append(lasting)
    known.sort(key=lambda each: each.rank)
