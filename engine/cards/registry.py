"""The event cards' registry: each card's module says for itself what it does when drawn, when
it may be drawn and when it ends; the draw (`draw.py`) and the moon (`moon.py`) read it and name
no card.

Rule 1: a card with no entry, or an entry that leaves a question unanswered, plays by its moon
        alone: always playable (its facts known), nothing done when drawn, a full-moon card gone
        at the next dawn, a fang-moon card in play until its trigger spends it, a dark-moon card
        to the end of the game.
Rule 2: `ends(state, played)` is asked at each dawn; `ends_on_draw` cards leave play when the
        next card is drawn (or would be, but none can be); `away(state, played)` tells whether
        the seats the card sent away are away now; `spoken_rule` cards set a rule the table may
        report breaking on the day they are drawn.
Rule 3: the core's questions that one card answers for itself (`hooks.py` asks every card in
        play and names none): `on_death` (what a death does under the card), `infects` (the
        werewolves' bite infects instead of killing), `check_heard` (what the table hears of
        the seer's check), `names_first_voter` (the last dead names who votes first),
        `vote_weight` (what a voter's vote weighs), `neighbours_only` (powers reach only a
        player's neighbours: by day and, `tonight`, on this night), `acting_for` (the seat
        that acts for a role tonight: 0 nobody, None the card has no say), `spare_life` (whose
        spare life saves a seat from the werewolves, from the answer without the card),
        `shooter_card` (the card whose holder shoots when killed), `lovers_hate` (each lover
        votes for the other, and a lover's death parts them with no grief).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards.deck import CARDS

if TYPE_CHECKING:
    from engine.cards.moon import InPlay
    from engine.roles import Role
    from engine.state import Player, State


@dataclass(frozen=True, slots=True)
class CardRules:
    """What one card says of itself (see the module's rules)."""

    name: str
    effect: Callable[[State, InPlay], None] | None = None
    playable: Callable[[State], bool] | None = None
    ends: Callable[[State, InPlay], bool] | None = None
    ends_on_draw: bool = False
    away: Callable[[State, InPlay], bool] | None = None
    spoken_rule: bool = False
    on_death: Callable[[State, InPlay, int, str], None] | None = None
    infects: Callable[[State, InPlay, int], bool] | None = None
    check_heard: Callable[[State, InPlay, list[str], str], None] | None = None
    names_first_voter: bool = False
    vote_weight: Callable[[State, InPlay, int, float], float] | None = None
    neighbours_only: Callable[[State, InPlay, bool], bool] | None = None
    acting_for: Callable[[State, InPlay, Role], int | None] | None = None
    spare_life: Callable[[State, InPlay, int, Player | None], Player | None] | None = None
    shooter_card: Callable[[State, InPlay, Role], Role] | None = None
    lovers_hate: bool = False


CARD_RULES: dict[str, CardRules] = {}


def add_card(
    name: str,
    *,
    effect: Callable[[State, InPlay], None] | None = None,
    playable: Callable[[State], bool] | None = None,
    ends: Callable[[State, InPlay], bool] | None = None,
    ends_on_draw: bool = False,
    away: Callable[[State, InPlay], bool] | None = None,
    spoken_rule: bool = False,
    on_death: Callable[[State, InPlay, int, str], None] | None = None,
    infects: Callable[[State, InPlay, int], bool] | None = None,
    check_heard: Callable[[State, InPlay, list[str], str], None] | None = None,
    names_first_voter: bool = False,
    vote_weight: Callable[[State, InPlay, int, float], float] | None = None,
    neighbours_only: Callable[[State, InPlay, bool], bool] | None = None,
    acting_for: Callable[[State, InPlay, Role], int | None] | None = None,
    spare_life: Callable[[State, InPlay, int, Player | None], Player | None] | None = None,
    shooter_card: Callable[[State, InPlay, Role], Role] | None = None,
    lovers_hate: bool = False,
) -> None:
    """Register the card `name`'s own rules (once: a second entry for a name is an error)."""
    assert name in CARDS, f"there is no event card {name!r} in the deck"
    assert name not in CARD_RULES, f"the event card {name!r} is registered twice"
    CARD_RULES[name] = CardRules(
        name,
        effect,
        playable,
        ends,
        ends_on_draw,
        away,
        spoken_rule,
        on_death,
        infects,
        check_heard,
        names_first_voter,
        vote_weight,
        neighbours_only,
        acting_for,
        spare_life,
        shooter_card,
        lovers_hate,
    )


def rules_in_play(state: State) -> list[tuple[CardRules, InPlay]]:
    """The registered rules of each card in play, with the card as played (none when the cards
    are off)."""
    if state.moon is None:
        return []
    found = []
    for played in state.moon.in_play:
        rules = CARD_RULES.get(played.card)
        if rules is not None:
            found.append((rules, played))
    return found
