"""Random setups and rule settings, for playthrough tests and benchmarks."""

from __future__ import annotations

import random
import typing

from engine.cards.deck import DARK_MOON, DECK_000, FACTS
from engine.roles import Role
from engine.rules import CardRules, Rules, make_rules
from engine.setup import DEALT_TOGETHER, Setup, deal

SPECIALS = [
    Role.SEER,
    Role.WITCH,
    Role.HUNTER,
    Role.GUARD,
    Role.CUPID,
    Role.LITTLE_GIRL,
    Role.THIEF,
    Role.IDIOT,
    Role.ELDER,
    Role.SCAPEGOAT,
    Role.PIPER,
]
CHARACTERS = [
    Role.RAVEN,
    Role.BEAR_TAMER,
    Role.FOX,
    Role.VILLAGER_VILLAGER,
    Role.TWO_SISTERS,
    Role.THREE_BROTHERS,
    Role.BIG_BAD_WOLF,
    Role.WHITE_WEREWOLF,
    Role.WOLF_HOUND,
    Role.ACCURSED_WOLF_FATHER,
    Role.ANGEL,
    Role.PREJUDICED_MANIPULATOR,
    Role.STUTTERING_JUDGE,
    Role.DEVOTED_SERVANT,
    Role.ACTOR,
]
"""RULES-CHARACTERS.md's cards the engine plays, dealt by the playthroughs beside RULES.md's
(`random_setup(..., specials=SPECIALS + CHARACTERS)`; the other tests draw as before them)."""
CLUB_MORE = [Role.ECLIPSE_WOLF_QUEEN, Role.SEQUENCE_PRINCE, Role.WARDEN, Role.POISONER]
CLUB_MORE += [Role.DANCER, Role.MASQUERADE]
"""RULES-CLUB-MORE.md's cards the playthroughs deal in any deck too (`tests/engine/test_playthrough.py`;
every board's own games are `tests/engine/test_boards_random.py`'s)."""


def random_setup(rng: random.Random, seats: int | None = None, specials: list[Role] = SPECIALS) -> Setup:
    n = seats or rng.randint(5, 18)
    wolves = max(1, min(n - 2, n // 4 + rng.randint(-1, 1)))
    picked = rng.sample(specials, rng.randint(0, min(len(specials), n - wolves - 1)))
    deck = [Role.WEREWOLF] * wolves
    for card in picked:  # a set (the sisters, the brothers) whole, while it fits
        together = DEALT_TOGETHER.get(card, 1)
        if len(deck) + together <= n - 1:
            deck += [card] * together
    deck += [Role.VILLAGER] * (n - len(deck))
    if Role.THIEF in deck:
        deck += rng.sample([Role.WEREWOLF, Role.WEREWOLF, Role.VILLAGER, Role.VILLAGER], 2)
    return deal(deck, n, seed=rng.randrange(2**32))


LATER = ("dance_repeat",)
"""Settings added after the playthroughs' seeds were fixed: drawn by `random_rules` from a
generator of their own (seeded by the settings drawn before), so the games keep their seeds."""


def random_rules(rng: random.Random) -> Rules:
    settings: dict[str, object] = {}
    for name, field in Rules.model_fields.items():
        if name in ("speech_seconds", "last_speech_seconds", "events", *LATER):
            continue
        choices = _choices(field.annotation)
        if choices:
            settings[name] = rng.choice(choices)
    later = random.Random(repr(sorted(settings.items())))
    for name in LATER:
        settings[name] = later.choice(_choices(Rules.model_fields[name].annotation))
    return make_rules(settings)


def _choices(annotation: object) -> list[object]:
    if annotation is bool:
        return [True, False]
    values: list[object] = []
    for arg in typing.get_args(annotation):
        if arg is bool:
            values += [True, False]
        elif typing.get_origin(arg) is typing.Literal:
            values += list(typing.get_args(arg))
        else:
            values.append(arg)
    if typing.get_origin(annotation) is typing.Literal:
        values = list(typing.get_args(annotation))
    return values


# The New Moon event cards: new functions, so that the games above keep their seeds.


def random_event_setup(rng: random.Random, seats: int | None = None) -> Setup:
    """A random setup whose players told random facts (each fact declined now and then)."""
    setup = random_setup(rng, seats)
    facts: dict[int, dict[str, object]] = {}
    for seat in range(1, setup.seats + 1):
        told: dict[str, object] = {}
        for name in FACTS:
            if rng.random() < 0.1:
                continue
            if name == "age":
                told[name] = rng.randint(8, 80)
            elif name == "gender":
                told[name] = rng.choice(["male", "female"])
            else:
                told[name] = rng.random() < 0.5
        facts[seat] = told
    data = setup.model_dump()
    data.update(event_seed=rng.randrange(2**31), facts=facts)
    return Setup.model_validate(data)


def random_event_rules(rng: random.Random) -> Rules:
    """Random rules with the event cards on, random card settings and a random deck."""
    settings: dict[str, object] = dict(random_rules(rng).model_dump(exclude={"cards"}))
    settings["events"] = rng.choice(["peaceful_nights", "every_morning", "every_morning"])
    for name, field in CardRules.model_fields.items():
        choices = _choices(field.annotation)
        if choices:
            settings[name] = rng.choice(choices)
    deck = [*DECK_000, "executioner"]
    if rng.random() < 0.5:
        deck = rng.sample(deck, rng.randint(1, 8))
    settings["event_deck"] = deck
    settings["dark_moon"] = rng.sample(DARK_MOON, rng.randint(0, 2))
    return make_rules(settings)
