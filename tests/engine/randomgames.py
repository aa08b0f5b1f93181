"""Random setups and rule settings, for playthrough tests and benchmarks."""

from __future__ import annotations

import random
import typing

from engine.roles import Role
from engine.rules import Rules, make_rules
from engine.setup import Setup, deal

SPECIALS = [
    Role.SEER, Role.WITCH, Role.HUNTER, Role.GUARD, Role.CUPID, Role.LITTLE_GIRL, Role.THIEF,
    Role.IDIOT, Role.ELDER, Role.SCAPEGOAT, Role.PIPER,
]


def random_setup(rng: random.Random, seats: int | None = None) -> Setup:
    n = seats or rng.randint(5, 18)
    wolves = max(1, min(n - 2, n // 4 + rng.randint(-1, 1)))
    specials = rng.sample(SPECIALS, rng.randint(0, min(len(SPECIALS), n - wolves - 1)))
    deck = [Role.WEREWOLF] * wolves + specials
    deck += [Role.VILLAGER] * (n - len(deck))
    if Role.THIEF in deck:
        deck += rng.sample([Role.WEREWOLF, Role.WEREWOLF, Role.VILLAGER, Role.VILLAGER], 2)
    return deal(deck, n, seed=rng.randrange(2**32))


def random_rules(rng: random.Random) -> Rules:
    settings: dict[str, object] = {}
    for name, field in Rules.model_fields.items():
        if name in ("speech_seconds", "last_speech_seconds", "events"):
            continue
        choices = _choices(field.annotation)
        if choices:
            settings[name] = rng.choice(choices)
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
