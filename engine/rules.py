"""Rule settings: one frozen model with every setting of RULES.md, and named presets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from engine.cards.deck import CARDS, DARK_MOON, DECK_000, Moon


class RuleError(ValueError):
    """An unknown setting, a value a setting does not take, or an unknown preset."""


class CardRules(BaseModel):
    """The settings of the New Moon event cards (`docs/events.md`); read only when `events` is
    on. Where seeds 000 and 001 word a card differently, the default is 000's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    event_deck: tuple[str, ...] = DECK_000
    """The cards that may be drawn: seed 000's deck by default (add "executioner" for 001's)."""
    dark_moon: tuple[str, ...] = ()
    """Dark-moon cards the table puts in play at the start (seed 000: one or two)."""
    bleak_monday: Literal["plain", "surely_not_him"] = "plain"
    surely_not_him: Literal["chain", "clockwise"] = "chain"
    """Who vouches next: the one just vouched for [000], or the next seat clockwise [001]."""
    end_of_the_harvest: Literal["plain", "harvest_festival"] = "plain"
    harvest_scapegoat: Literal["neighbour_dies", "dies_for_neighbour"] = "neighbour_dies"
    radiant_sunday: Literal["plain", "lycanthropic_fascination"] = "plain"
    spiritualism: Literal["four_questions", "three_questions"] = "four_questions"
    """[000] the medium is left of the last dead, four questions a card; [001] that player
    names the medium, three questions a card."""
    luncheon_until: Literal["dusk", "next_card"] = "dusk"
    ball_until: Literal["dawn", "next_card"] = "dawn"
    gone_hunting: Literal["werewolves_stay_out", "no_kill"] = "werewolves_stay_out"
    """A hunting werewolf does not eat [000], or no werewolf eats that night [001]."""
    woodland_witch: Literal["if_woman", "always"] = "if_woman"
    pact: Literal["choice", "always"] = "choice"
    backfire: Literal["convert", "convert_or_wolf_dies"] = "convert"
    saint_philippe: Literal["always", "if_sheriff"] = "always"

    @field_validator("event_deck", "dark_moon", mode="before")
    @classmethod
    def _card_names(cls, value: object) -> object:
        if isinstance(value, list):
            value = tuple(value)
        if isinstance(value, tuple):
            unknown = [v for v in value if v not in CARDS]
            if unknown:
                raise ValueError(f"unknown event card(s) {unknown} (known: {', '.join(CARDS)})")
            if len(set(value)) != len(value):
                raise ValueError("a card is listed twice")
        return value

    @field_validator("dark_moon", mode="after")
    @classmethod
    def _dark_moon_cards(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        wrong = [c for c in value if CARDS[c].moon != Moon.DARK]
        if wrong:
            raise ValueError(f"{wrong} are not dark-moon cards (those are {', '.join(DARK_MOON)})")
        return value


CARD_SETTINGS = frozenset(CardRules.model_fields)


class Rules(BaseModel):
    """Every rule setting; the defaults are RULES.md's defaults (the `seeds` preset)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    night_order: Literal["guard_first", "seer_first", "club"] = "guard_first"
    """RULES.md's order (guard or seer first), or RULES-CLUB.md's one order for every role."""
    seer_sees: Literal["faction", "role"] = "faction"
    witch_self_heal: bool | Literal["first_night"] = True
    witch_both_same_night: bool = True
    witch_potions: Literal["both", "one_below_10"] = "both"
    guard_and_heal: Literal["survives", "dies", "hidden"] = "survives"
    lovers_see: Literal["seat", "faction", "role"] = "seat"
    thief_must_take: bool | Literal["wolf_card"] = False
    """Whether the thief must take a face-down card: `false` (he may keep his own unless both
    are wolf-team cards), `true` (always) or `"wolf_card"` (always, and the wolf-team card when
    one lies there: RULES-CLUB-MORE.md)."""
    sheriff: bool = True
    sheriff_election: Literal["before_deaths", "after_discussion"] = "before_deaths"
    sheriff_weight: float = 2
    """How many votes the sheriff's vote counts for: 2 [000, 002, 003] or 1.5 [004]."""
    reveal_on_death: bool = True
    last_words: Literal["none", "first_night", "all", "club"] = "none"
    speech_seconds: int = 90
    last_speech_seconds: int = 120
    self_destruct: bool = True
    vote_tie: Literal["none", "revote", "sheriff"] = "none"
    win: Literal["all", "side"] = "all"
    parity: bool = False
    # RULES-CLUB.md (the `chinese-club` preset); the defaults keep RULES.md's game.
    witch_sees_victim: Literal["always", "while_antidote"] = "always"
    badge_swallow: Literal["double", "single"] = "double"
    """A self-destruct in the election: the badge is lost at the second (双爆吞警徽) or the first."""
    simultaneous_win: Literal["villagers", "werewolves"] = "villagers"
    revote_voters: Literal["all", "others"] = "all"
    sheriff_runoff_voters: Literal["all_but_tied", "non_candidates"] = "all_but_tied"
    sheriff_speech_from: Literal["sheriff", "victim_or_sheriff"] = "sheriff"
    self_destruct_last_words: bool | Literal["first_day"] = False
    idiot_votable_after_reveal: bool = True
    shot_status_signal: bool = False
    win_check: Literal["after_triggers", "before_triggers"] = "after_triggers"
    wolf_king_shoots_when_shot: bool = True
    white_wolf_king_victim_shoots: bool = True
    wolf_beauty_charm: Literal["optional", "required_no_repeat"] = "optional"
    spirit_knight_reflect: Literal["once", "always"] = "once"
    spirit_knight_shot: Literal["dies", "immune"] = "dies"
    fear_notice: Literal["told", "silent"] = "told"
    duel_triggers_skills: bool = False
    wolf_robot_learns: Literal["night_1", "any_night"] = "night_1"
    magician_swaps: Literal["every_night", "once_per_game"] = "every_night"
    piper_charms: Literal["two", "up_to_two"] = "two"
    """Each night the piper charms two players (one when one is left) [RULES], or none, one or
    two as he likes (RULES-CLUB-MORE.md, the `chinese-club` preset)."""
    # RULES-CHARACTERS.md's raven (乌鸦; RULES-CLUB-MORE.md deals it too)
    raven_votes: Literal[2, 1] = 2
    """How many votes (each of weight 1) the raven's mark starts the marked player with."""
    raven_self: bool = True
    """Whether the raven may mark himself."""
    raven_repeat: bool = True
    """Whether the raven may mark the player he marked the night before."""
    raven_in_revote: bool = False
    """Whether the mark counts in the tie's revote or PK too, when the marked player is tied."""
    # RULES-CHARACTERS.md's bear tamer (驯熊师)
    infected_bear_growls: bool = True
    """Whether a bear tamer on the werewolves' side always growls."""
    # RULES-CHARACTERS.md's fox (狐狸)
    fox_loses_power: bool = True
    """Whether a sniff that finds no werewolf takes the fox's power for good."""
    # RULES-CHARACTERS.md's two sisters (两姐妹) and three brothers (三兄弟)
    sisters_nights: Literal["odd", "every", "first"] = "odd"
    """The nights the sisters meet: 1, 3, 5…; every night; the first only."""
    brothers_nights: Literal["odd", "every", "first"] = "odd"
    """The nights the brothers meet, as `sisters_nights`."""
    # RULES-CHARACTERS.md's stuttering judge (口吃法官)
    judge_second_votes: Literal[1, 2, 3, 4, 5] = 1
    """How many second votes the stuttering judge may call in a game (one a day at most)."""
    # RULES-CHARACTERS.md's devoted servant (忠仆)
    servant_swaps: Literal["any_death", "vote"] = "any_death"
    """Whose card the devoted servant may take: any player whose death is announced, or only
    the player just voted out."""
    # RULES-CHARACTERS.md's rusty sword knight (锈剑骑士)
    rusty_sword_death: Literal["dusk", "dawn"] = "dusk"
    """When the rusted werewolf dies: at the end of that day, after its votes; or at the end of
    the next night, among its victims."""
    rusty_sword_side: Literal["higher", "lower"] = "higher"
    """Which way his left is: the next seat upward, or the seat below."""
    # RULES-CHARACTERS.md's werewolf cards
    wolves_eat_wolves: bool = True
    """Whether a werewolf attack may name a werewolf-side player (the pack, the big bad wolf); a
    wolf never names himself."""
    big_bad_wolf_loses_power: bool = True
    """Whether, from the night after any werewolf-side death, the big bad wolf only wakes with
    the pack."""
    white_werewolf_nights: Literal["odd", "even", "every"] = "odd"
    """The nights the white werewolf may kill a werewolf: 1, 3, 5…; 2, 4, 6…; every night."""
    white_werewolf_team: Literal["wolves", "alone"] = "wolves"
    """Whether the white werewolf counts as a werewolf for the pack's win and the village's, or
    belongs to no team (both need him dead)."""
    # RULES-CHARACTERS.md's wild child (野孩子; RULES-CLUB-MORE.md deals it too)
    wild_child_trigger: Literal["any_death", "vote"] = "any_death"
    """Which death of his model turns the wild child: any, or only the vote's (cause `vote`)."""
    wild_child_announced: bool = False
    """Whether the judge says that the wild child turned (never who)."""
    # RULES-CHARACTERS.md's wolf-hound (狼狗) and accursed wolf-father (种狼)
    wolf_hound_announced: bool = False
    """Whether the judge says the wolf-hound's side in the morning after his pick (never who)."""
    wolf_hound_random: bool = False
    """Whether the wolf-hound's side is drawn (from the deal) instead of chosen."""
    infect_guarded: Literal["infects", "fails"] = "infects"
    """A guarded victim of the wolf-father's infection: infected all the same; or neither dies
    nor turns (the infection is spent)."""
    wolf_side_piper_powerless: bool = True
    """Whether a piper turned werewolf-side (infected) charms and wins no more."""
    # RULES-CHARACTERS.md's angel (天使) and prejudiced manipulator
    angel_wins_on: Literal["vote_or_wolves", "any_death"] = "vote_or_wolves"
    """Which death in day 0 or night 1 makes the angel win: a day-0 vote (its revote, the judge's
    vote) or a werewolf attack on night 1; or any death."""
    wolf_side_manipulator_powerless: bool = True
    """Whether a prejudiced manipulator turned werewolf-side (infected) wins no more."""
    # RULES-CHARACTERS.md's actor (演员)
    wolf_side_actor_powerless: bool = True
    """Whether an actor turned werewolf-side takes no more cards."""
    # RULES-CLUB-MORE.md's slacker (混血儿)
    slacker_blocks_wolves: bool = True
    """Whether the werewolves cannot win while the slacker lives, whatever his side."""
    # RULES-CLUB-MORE.md's cursed fox (咒狐)
    cursed_fox_poison: Literal["immune", "dies"] = "immune"
    """Whether the witch's poison does nothing to the cursed fox (the potion spent) or kills him."""
    # RULES-CLUB-MORE.md's dancer (舞者)
    dance_repeat: Literal["never", "allowed"] = "never"
    """Whether a player may dance again: nobody dances twice a game (the dancer included), or
    anyone living may be named every night."""
    events: Literal["off", "peaceful_nights", "every_morning"] = "off"
    """When a New Moon event card is drawn: never; the morning after a night with no death
    [003]; every morning."""
    cards: CardRules = CardRules()
    """The event cards' settings; a record or `make_rules` names them flat (`dark_moon = …`)."""

    @field_validator("sheriff_weight", mode="before")
    @classmethod
    def _two_or_one_and_a_half(cls, value: object) -> object:
        if isinstance(value, bool) or value not in (2, 1.5):
            raise ValueError("Input should be 2 or 1.5")
        return float(value)


PRESETS: dict[str, dict[str, Any]] = {
    "seeds": {},
    "chinese-club": {
        "sheriff": True,
        "sheriff_election": "before_deaths",
        "sheriff_weight": 1.5,
        "win": "side",
        "guard_and_heal": "dies",
        "witch_both_same_night": False,
        "witch_self_heal": "first_night",
        "self_destruct": True,
        "vote_tie": "revote",
        "parity": False,
        "reveal_on_death": False,
        "night_order": "club",
        "last_words": "club",
        "witch_sees_victim": "while_antidote",
        "badge_swallow": "double",
        "simultaneous_win": "werewolves",
        "revote_voters": "others",
        "sheriff_runoff_voters": "non_candidates",
        "sheriff_speech_from": "sheriff",
        "self_destruct_last_words": False,
        "idiot_votable_after_reveal": False,
        "shot_status_signal": True,
        "win_check": "before_triggers",
        "piper_charms": "up_to_two",
        "thief_must_take": "wolf_card",
        "raven_votes": 1,
        "raven_repeat": False,
        "raven_in_revote": True,
        "wild_child_trigger": "vote",
    },
}

PRESET_ALIASES: dict[str, str] = {
    "seeds": "seeds",
    "default": "seeds",
    "chinese-club": "chinese-club",
    "chinese_club": "chinese-club",
    "club": "chinese-club",
    "屠边": "chinese-club",
}


def find_preset(name: str) -> str:
    """The canonical name of the preset called `name` (any of its names, any case)."""
    key = PRESET_ALIASES.get(name.strip().lower()) or PRESET_ALIASES.get(name.strip())
    if key is None:
        known = ", ".join(sorted(PRESET_ALIASES))
        raise RuleError(f"unknown rule preset {name!r} (known: {known})")
    return key


def make_rules(settings: Mapping[str, Any] | None = None, preset: str = "seeds") -> Rules:
    """Rules from a preset with `settings` on top; a RuleError names any bad setting or value."""
    values = dict(PRESETS[find_preset(preset)])
    cards: dict[str, Any] = {}
    for name, value in (settings or {}).items():
        if name in CARD_SETTINGS:
            cards[name] = tuple(value) if isinstance(value, list) else value
        elif name == "cards" and isinstance(value, Mapping):
            cards.update({k: tuple(v) if isinstance(v, list) else v for k, v in value.items()})
        elif name not in Rules.model_fields:
            known = ", ".join([n for n in Rules.model_fields if n != "cards"] + sorted(CARD_SETTINGS))
            raise RuleError(f"unknown rule setting {name!r} (known settings: {known})")
        else:
            values[name] = value
    if cards:
        values["cards"] = cards
    try:
        rules = Rules.model_validate(values, strict=True)
    except ValidationError as error:
        problems = []
        for item in error.errors():
            loc = [str(part) for part in item["loc"]]
            name = loc[1] if loc[0] == "cards" and len(loc) > 1 else loc[0]
            value = cards.get(name) if loc[0] == "cards" else values.get(name)
            message = str(item["msg"]).removeprefix("Value error, ")
            problems.append(f"rule setting {name!r} cannot be {_plain(value)!r}: {message}")
        raise RuleError("; ".join(problems)) from None
    if rules.events == "off" and rules.cards.dark_moon:
        raise RuleError("rule setting 'dark_moon' needs the event cards on ('events' is 'off')")
    return rules


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def card_settings(rules: Rules) -> dict[str, Any]:
    """The event-card settings that differ from the defaults, by their flat names."""
    default = CardRules()
    return {
        name: _plain(getattr(rules.cards, name))
        for name in CardRules.model_fields
        if getattr(rules.cards, name) != getattr(default, name)
    }
