"""The New Moon event cards as data: each card's name, its moon (how long it lasts), and what
it needs to be played; the questions of the five Spiritualism cards.

A full-moon card lasts this round only: the day it is drawn and the night after, until the next
dawn. A fang-moon card waits for its trigger, acts once, and is spent. A dark-moon card lasts to
the end of the game. Names are the setting and record names; `docs/events.md` tells each one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.phase import Phase


class Moon(StrEnum):
    FULL = "full"
    FANG = "fang"
    DARK = "dark"


@dataclass(frozen=True, slots=True)
class Card:
    """An event card. `needs` names the facts every living player must have given (age,
    gender) for the card to be played; `seed` is the rule document that lists it."""

    name: str
    moon: Moon
    needs: frozenset[str] = frozenset()
    seed: str = "000"


def _card(name: str, moon: Moon, *needs: str, seed: str = "000") -> Card:
    return Card(name, moon, frozenset(needs), seed)


F, G, D = Moon.FULL, Moon.FANG, Moon.DARK

CARDS: dict[str, Card] = {
    card.name: card
    for card in (
        _card("miracle", F),
        _card("bleak_monday", F),
        _card("not_me_nor_wolf", F),
        _card("spiritualism_1", F),
        _card("spiritualism_2", F),
        _card("spiritualism_3", F),
        _card("spiritualism_4", F),
        _card("spiritualism_5", F),
        _card("luncheon_for_seniors", F, "age"),
        _card("end_of_the_harvest", F),
        _card("gone_hunting", F, "gender"),
        _card("pact_with_the_devil", F),
        _card("april_fools", F),
        _card("punishment", F),
        _card("great_distrust", F),
        _card("nightmare", F),
        _card("saint_philippe", F),
        _card("good_manners", F),
        _card("radiant_sunday", F),
        _card("heads_or_tails", F),
        _card("woodland_gathering", F, "gender"),
        _card("saturday_evening_ball", F, "age"),
        _card("eclipse", F),
        _card("flood", F, "gender"),
        _card("executioner", F, seed="001"),
        _card("specter", G),
        _card("little_rascal", G, "age"),
        _card("backfire", G),
        _card("enthusiasm", G),
        _card("dissatisfaction", G),
        _card("full_moon_rising", G),
        _card("influences", G),
        _card("burial", D),
        _card("touch_of_death", D),
        _card("somnambulism", D),
        _card("double_agent", D),
    )
}

# The deck of seed 000 (every card but seed 001's Executioner): the default `event_deck`.
DECK_000: tuple[str, ...] = tuple(name for name, card in CARDS.items() if card.seed == "000")
DARK_MOON: tuple[str, ...] = tuple(name for name, card in CARDS.items() if card.moon == Moon.DARK)
SPIRITUALISM: tuple[str, ...] = tuple(f"spiritualism_{n}" for n in range(1, 6))


# Spiritualism: the questions a medium may ask the ghost, and how many seats each names.


@dataclass(frozen=True, slots=True)
class Question:
    """A yes/no question for the ghost; `seats` is how many players the medium points at;
    `fact` is the player fact it is about (then only the table can know the answer when a
    player declined to give it)."""

    name: str
    seats: int = 0
    fact: str = ""


QUESTIONS: dict[str, Question] = {
    q.name: q
    for q in (
        Question("seer_found_werewolf"),
        Question("werewolves_adjacent"),
        Question("werewolf_jewelry", fact="jewelry"),
        Question("am_i_werewolf"),
        Question("same_team", seats=2),
        Question("werewolf_glasses", fact="glasses"),
        Question("witch_is_man", fact="gender"),
        Question("sheriff_plain_villager"),
        Question("werewolf_jeans", fact="jeans"),
        Question("werewolf_black_top", fact="black_top"),
        Question("all_werewolves_male", fact="gender"),
        Question("all_werewolves_female", fact="gender"),
        Question("am_i_plain_villager"),
        Question("sheriff_is_werewolf"),
        Question("werewolf_lives_here", fact="lives_here"),
        Question("werewolf_smoker", fact="smoker"),
        Question("werewolf_man", fact="gender"),
        Question("werewolf_woman", fact="gender"),
        Question("werewolf_beside", seats=1),
        Question("plain_villager", seats=1),
        Question("werewolf_studies_well", fact="studies_well"),
    )
}

# Seed 000's five cards, four questions each (the default, `spiritualism = "four_questions"`).
SPIRIT_QUESTIONS_000: dict[str, tuple[str, ...]] = {
    "spiritualism_1": ("seer_found_werewolf", "werewolves_adjacent", "werewolf_jewelry", "am_i_werewolf"),
    "spiritualism_2": ("same_team", "werewolf_glasses", "witch_is_man", "sheriff_plain_villager"),
    "spiritualism_3": (
        "werewolf_jeans",
        "werewolf_black_top",
        "all_werewolves_male",
        "all_werewolves_female",
    ),
    "spiritualism_4": (
        "am_i_plain_villager",
        "sheriff_is_werewolf",
        "werewolf_lives_here",
        "werewolf_smoker",
    ),
    "spiritualism_5": ("werewolf_man", "werewolf_woman", "werewolf_beside", "plain_villager"),
}
# Seed 001's five cards (`spiritualism = "three_questions"`).
SPIRIT_QUESTIONS_001: dict[str, tuple[str, ...]] = {
    "spiritualism_1": ("seer_found_werewolf", "werewolves_adjacent", "am_i_werewolf"),
    "spiritualism_2": ("werewolf_black_top", "all_werewolves_female"),
    "spiritualism_3": ("werewolf_man", "werewolf_beside", "plain_villager"),
    "spiritualism_4": ("same_team", "werewolf_glasses", "witch_is_man"),
    "spiritualism_5": ("am_i_plain_villager", "sheriff_is_werewolf", "werewolf_studies_well"),
}

# The facts a player may give at joining (each may be declined).
FACTS: tuple[str, ...] = (
    "age",
    "gender",
    "glasses",
    "jewelry",
    "jeans",
    "black_top",
    "smoker",
    "lives_here",
    "studies_well",
)


# The deck's state in a game (`State.moon`); what the cards do with it is `engine.cards.moon`'s.


@dataclass(slots=True)
class InPlay:
    """A card in play: drawn on `day` (0 = put in play by the table at the start); `seats` are
    the players it concerns (those sent away, the rascal)."""

    card: str
    day: int
    seats: tuple[int, ...] = ()


@dataclass(slots=True)
class MoonState:
    """The deck and the cards in play; what a card changed that outlasts a step is in `notes`,
    under keys its own module names and reads (`registry.add_lasting`).

    `rolls` counts the uses of the seeded generator (`roll`), so a replay draws the same cards,
    coins and potions; `chance` lists each outcome drawn (phase, record key, value) for the
    game record.
    """

    seed: int
    pile: list[str]
    discard: list[str] = field(default_factory=list)
    in_play: list[InPlay] = field(default_factory=list)
    rolls: int = 0
    played: list[tuple[int, str]] = field(default_factory=list)
    chance: list[tuple[Phase, str, str]] = field(default_factory=list)
    notes: dict[str, Any] = field(default_factory=dict)
