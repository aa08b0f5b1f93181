"""Setups: which card each seat holds, the seeds' suggested setups, and a seeded deal."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from engine.roles import Role, parse_role

MIN_SEATS, MAX_SEATS = 5, 24
USUAL_SEATS = range(8, 19)

# Seed 004's table: seats -> (werewolves, special roles, villagers).
SUGGESTED_004: dict[int, tuple[int, int, int]] = {
    8: (2, 3, 3),
    9: (3, 3, 3),
    10: (3, 3, 4),
    11: (3, 4, 4),
    12: (4, 4, 4),
    13: (4, 4, 5),
    14: (4, 5, 5),
    15: (5, 5, 5),
    16: (5, 5, 6),
    17: (5, 6, 6),
    18: (6, 6, 6),
}
# Seed 001's table: seats -> (werewolves, villagers); the one card left over is the seer.
SUGGESTED_001: dict[int, tuple[int, int]] = {
    8: (2, 5),
    9: (2, 6),
    10: (2, 7),
    11: (2, 8),
    12: (3, 8),
    13: (3, 9),
    14: (3, 10),
    15: (3, 11),
    16: (3, 12),
    17: (3, 13),
    18: (4, 13),
}
# The special roles a suggested setup takes, in this order.
SPECIALS_IN_ORDER = (Role.SEER, Role.WITCH, Role.HUNTER, Role.GUARD, Role.IDIOT, Role.ELDER)
MULTIPLE_ALLOWED = frozenset({Role.WEREWOLF, Role.VILLAGER})
DEALT_TOGETHER = {Role.TWO_SISTERS: 2, Role.THREE_BROTHERS: 3}
"""Cards dealt as a set, all of them or none, never face down (RULES-CHARACTERS.md)."""
NEVER_EXTRA = frozenset({Role.PREJUDICED_MANIPULATOR, Role.ACTOR})
"""Cards never left face down for a thief (RULES-CHARACTERS.md: the manipulator's groups, the
actor's cards)."""
NEVER_ACTOR_CARD = frozenset(
    {
        Role.THIEF,
        Role.ACTOR,
        Role.DEVOTED_SERVANT,
        Role.VILLAGER,
        Role.VILLAGER_VILLAGER,
        Role.TWO_SISTERS,
        Role.THREE_BROTHERS,
        Role.PREJUDICED_MANIPULATOR,
        Role.ANGEL,
    }
)
"""Cards never among the actor's face-up cards, with every werewolf-side card
(RULES-CHARACTERS.md's Actor)."""
DRAWN_ACTOR_CARDS = (Role.SEER, Role.WITCH, Role.HUNTER, Role.GUARD, Role.IDIOT, Role.ELDER, Role.SCAPEGOAT)
"""The cards an actor's face-up cards are drawn from when a deal names none (`draw_actor_cards`)."""
ACTOR_CARDS = 3
"""How many face-up cards an actor is dealt when the deal names none (RULES-CHARACTERS.md)."""


class SetupError(ValueError):
    """A setup the engine cannot play; the message says what is wrong."""


class SeatFacts(BaseModel):
    """What a player told the table at joining, for the New Moon event cards. Every fact is
    optional: None means declined (or never asked); `age` is in years."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    age: int | None = None
    gender: Literal["male", "female"] | None = None
    glasses: bool | None = None
    jewelry: bool | None = None
    jeans: bool | None = None
    black_top: bool | None = None
    smoker: bool | None = None
    lives_here: bool | None = None
    studies_well: bool | None = None


class Setup(BaseModel):
    """The cards of one game: `roles[i]` is dealt to seat i+1; `extra_cards` lie face down.

    For the New Moon event cards: `event_seed` seeds the shuffle of the event deck and every
    draw, coin and roll of the game; `facts` holds what each seat told at joining (a seat
    missing here told nothing).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: int
    roles: tuple[Role, ...]
    extra_cards: tuple[Role, ...] = ()
    event_seed: int = 0
    facts: Mapping[int, SeatFacts] = {}
    actor_cards: tuple[Role, ...] = ()
    """The actor's face-up cards (1 to 5; RULES-CHARACTERS.md's `actor_cards`); drawn from the
    deal's own seed when a seat holds the actor and none are given (`draw_actor_cards`)."""
    groups: tuple[str, ...] = ()
    """The prejudiced manipulator's two public groups, one label ("a" or "b") per seat; drawn
    from the deal's own seed when a seat holds him and none are given (`draw_groups`)."""

    @field_validator("roles", "extra_cards", "actor_cards", mode="before")
    @classmethod
    def _known_roles(cls, value: object) -> object:
        if isinstance(value, (list, tuple)):
            return tuple(parse_role(v) if isinstance(v, str) else v for v in value)
        return value

    @model_validator(mode="before")
    @classmethod
    def _drawn_groups(cls, data: object) -> object:
        if isinstance(data, dict) and not data.get("groups"):
            roles = data.get("roles")
            if isinstance(roles, (list, tuple)) and Role.PREJUDICED_MANIPULATOR.value in roles:
                return {**data, "groups": draw_groups(len(roles), int(data.get("event_seed") or 0))}
        return data

    @model_validator(mode="before")
    @classmethod
    def _drawn_actor_cards(cls, data: object) -> object:
        if isinstance(data, dict) and not data.get("actor_cards"):
            roles, extra = data.get("roles"), data.get("extra_cards") or ()
            if isinstance(roles, (list, tuple)) and Role.ACTOR.value in roles:
                deck = [str(card) for card in (*roles, *extra)]
                return {**data, "actor_cards": draw_actor_cards(deck, int(data.get("event_seed") or 0))}
        return data

    @model_validator(mode="after")
    def _playable(self) -> Setup:
        problems = [
            str(problem)
            for problem in setup_problems(self.seats, self.roles, self.extra_cards, self.actor_cards)
        ]
        problems += groups_problems(self.seats, self.roles, self.groups)
        problems += actor_cards_problems(self.roles, self.actor_cards)
        problems += [
            f"facts for seat {seat}: there is no such seat"
            for seat in self.facts
            if not 1 <= seat <= self.seats
        ]
        if problems:
            raise SetupError("; ".join(problems))
        return self

    @property
    def deck(self) -> tuple[Role, ...]:
        """Every card in the game, the face-down ones and the actor's face-up ones included."""
        return self.roles + self.extra_cards + self.actor_cards

    def warnings(self) -> list[str]:
        """Things a table should know but that do not stop the game."""
        notes = []
        if self.seats not in USUAL_SEATS:
            notes.append(f"{self.seats} seats: the game is made for 8 to 18")
        if Role.SEER not in self.deck:
            notes.append("no seer card: the village plays without a seer")
        return notes


class SetupProblem(BaseModel):
    """One reason a setup cannot be played: `code` names it (a phone says it in its language,
    `setup.<code>` with `params`), `str()` says it in English."""

    model_config = ConfigDict(frozen=True)

    code: str
    params: dict[str, int | str] = {}

    def __str__(self) -> str:
        return PROBLEMS[self.code].format(**self.params)


PROBLEMS: dict[str, str] = {
    "seats_range": "{seats} seats: the engine plays {low} to {high}",
    "more_seats": "more seats than cards: {seats} seats but {cards} roles",
    "more_cards": "more cards than seats: {seats} seats but {cards} roles",
    "deck_size": "{seats} seats need {expected} cards, not {cards}",
    "deck_size_thief": (
        "{seats} seats need {expected} cards (a thief's game has two extra cards), not {cards}"
    ),
    "thief_cards": "a thief needs its two extra face-down cards, and there are {cards}",
    "extra_without_thief": "extra face-down cards are only for a game with a thief",
    "set_count": "{count} {role} cards: they are dealt {together} together",
    "set_face_down": "a {role} card is never left face down",
    "one_only": "{count} {role} cards: a game has at most one",
    "no_werewolf": "no werewolf card",
    "all_werewolves": "every seat is a werewolf",
}
"""Every problem's English words, by code."""


def setup_problems(
    seats: int, roles: Sequence[Role], extra: Sequence[Role], actor: Sequence[Role] = ()
) -> list[SetupProblem]:
    """Every reason this setup cannot be played (empty when it can); `actor` is the actor's
    face-up cards, each a card of the game like any other (at most one of each)."""
    problems = []
    if not MIN_SEATS <= seats <= MAX_SEATS:
        problems.append(
            SetupProblem(code="seats_range", params={"seats": seats, "low": MIN_SEATS, "high": MAX_SEATS})
        )
    if len(roles) != seats:
        code = "more_seats" if len(roles) < seats else "more_cards"
        problems.append(SetupProblem(code=code, params={"seats": seats, "cards": len(roles)}))
    deck = list(roles) + list(extra) + list(actor)
    if Role.THIEF in deck and len(extra) != 2:
        problems.append(SetupProblem(code="thief_cards", params={"cards": len(extra)}))
    if Role.THIEF not in deck and extra:
        problems.append(SetupProblem(code="extra_without_thief"))
    for role, count in Counter(deck).items():
        if role in DEALT_TOGETHER:
            if count != DEALT_TOGETHER[role]:
                together = DEALT_TOGETHER[role]
                params = {"count": count, "role": role.value, "together": together}
                problems.append(SetupProblem(code="set_count", params=params))
            if role in extra:
                problems.append(SetupProblem(code="set_face_down", params={"role": role.value}))
        elif role in NEVER_EXTRA and role in extra:
            problems.append(SetupProblem(code="set_face_down", params={"role": role.value}))
        elif count > 1 and role not in MULTIPLE_ALLOWED:
            problems.append(SetupProblem(code="one_only", params={"count": count, "role": role.value}))
    if Role.WEREWOLF not in roles and Role.WEREWOLF not in extra:
        problems.append(SetupProblem(code="no_werewolf"))
    elif all(role == Role.WEREWOLF for role in roles):
        problems.append(SetupProblem(code="all_werewolves"))
    return problems


def deck_problems(deck: Sequence[Role], seats: int) -> list[SetupProblem]:
    """Every reason the cards `deck` cannot be dealt to `seats` seats (empty when they can):
    as many cards as seats, two more with a thief, then `setup_problems` of the deal."""
    cards = list(deck)
    expected = seats + 2 if Role.THIEF in cards else seats
    if len(cards) != expected:
        code = "deck_size_thief" if Role.THIEF in cards else "deck_size"
        return [SetupProblem(code=code, params={"seats": seats, "expected": expected, "cards": len(cards)})]
    down = face_down(cards, seats)
    roles = [card for i, card in enumerate(cards) if i not in down]
    return setup_problems(seats, roles, [cards[i] for i in sorted(down)])


def face_down(cards: Sequence[Role], seats: int) -> set[int]:
    """Which of `cards` (in their order) lie face down when dealt to `seats` seats: the last
    that may (never a card of a set, `DEALT_TOGETHER`, nor one never left face down, `NEVER_EXTRA`), as
    many as the cards beyond the seats."""
    may_lie = [i for i, card in enumerate(cards) if card not in DEALT_TOGETHER and card not in NEVER_EXTRA]
    return set(may_lie[len(may_lie) - (len(cards) - seats) :]) if len(cards) > seats else set()


def draw_actor_cards(deck: Sequence[str], seed: int) -> tuple[Role, ...]:
    """The actor's face-up cards of a deal that names none: `ACTOR_CARDS` of `DRAWN_ACTOR_CARDS`
    not in `deck` (role ids), drawn by a generator seeded with the deal's own seed (the same deal
    draws the same)."""
    free = [card for card in DRAWN_ACTOR_CARDS if card.value not in deck]
    random.Random(f"actor:{seed}").shuffle(free)
    return tuple(free[:ACTOR_CARDS])


def actor_cards_problems(roles: Sequence[Role], cards: Sequence[Role]) -> list[str]:
    """Why the actor's face-up `cards` do not fit (empty when they do): 1 to 5, only with an
    actor at a seat, none of `NEVER_ACTOR_CARD` nor a werewolf-side card."""
    if not cards:
        return []
    from engine.catalog import usual  # the cards' teams are the catalogue's (built after setups)

    if Role.ACTOR not in roles:
        return ["actor_cards are dealt only for a game with an actor at a seat"]
    problems = [] if 1 <= len(cards) <= 5 else [f"an actor is dealt 1 to 5 face-up cards, not {len(cards)}"]
    never = NEVER_ACTOR_CARD | usual().wolf_team
    return problems + [f"{card.value} is never one of the actor's cards" for card in cards if card in never]


GROUPS = ("a", "b")
"""The labels of the prejudiced manipulator's two groups (RULES-CHARACTERS.md's `groups`)."""


def draw_groups(seats: int, seed: int) -> tuple[str, ...]:
    """The two groups of a deal that names none: the seats shuffled by a generator seeded with
    the deal's own seed (`Setup.event_seed`: the same deal draws the same), the first half (the
    larger when the seats are odd) "a", the rest "b". Never with the cards: public groups that
    followed the cards as dealt would tell who could hold what."""
    order = list(range(seats))
    random.Random(f"groups:{seed}").shuffle(order)
    half = set(order[: (seats + 1) // 2])
    return tuple(GROUPS[0] if seat in half else GROUPS[1] for seat in range(seats))


def groups_problems(seats: int, roles: Sequence[Role], groups: Sequence[str]) -> list[str]:
    """Why `groups` do not fit (empty when they do): one label per seat, both labels used,
    and only with a prejudiced manipulator dealt to a seat."""
    if not groups:
        return []
    if Role.PREJUDICED_MANIPULATOR not in roles:
        return ["groups are drawn only for a game with a prejudiced manipulator at a seat"]
    if len(groups) != seats or set(groups) != set(GROUPS):
        return [f'groups must give each of the {seats} seats "a" or "b", both used']
    return []


def suggested_roles(seats: int, table: str = "004") -> list[Role]:
    """The seeds' suggested cards for 8–18 seats (table "004", the default, or "001")."""
    if table == "004":
        if seats not in SUGGESTED_004:
            raise SetupError(
                f"the suggested cards are for 8 to 18 seats, not {seats}: name the cards yourself"
            )
        wolves, specials, villagers = SUGGESTED_004[seats]
        return [Role.WEREWOLF] * wolves + list(SPECIALS_IN_ORDER[:specials]) + [Role.VILLAGER] * villagers
    if table == "001":
        if seats not in SUGGESTED_001:
            raise SetupError(
                f"the suggested cards (table 001) are for 8 to 18 seats, not {seats}: name the cards yourself"
            )
        wolves, villagers = SUGGESTED_001[seats]
        return [Role.WEREWOLF] * wolves + [Role.SEER] + [Role.VILLAGER] * villagers
    raise SetupError(f"unknown setup table {table!r} (known: 004, 001)")


def deal(
    deck: Sequence[Role | str], seats: int, seed: int | None = None, actor_cards: Sequence[Role] = ()
) -> Setup:
    """Shuffle `deck` with a seeded generator and deal it; with a thief, two cards stay down:
    the last two of the shuffled cards that may (never a card of a set, `DEALT_TOGETHER`, nor
    one of `NEVER_EXTRA`). `actor_cards`: the actor's face-up cards (drawn when none)."""
    cards = [parse_role(c) if isinstance(c, str) else c for c in deck]
    problems = deck_problems(cards, seats)
    if problems and problems[0].code.startswith("deck_size"):
        raise SetupError(str(problems[0]))
    rng = random.Random(seed)
    rng.shuffle(cards)
    down = face_down(cards, seats)
    return Setup(
        seats=seats,
        roles=tuple(card for i, card in enumerate(cards) if i not in down),
        extra_cards=tuple(card for i, card in enumerate(cards) if i in down),
        event_seed=rng.randrange(2**31),
        actor_cards=tuple(actor_cards),
    )
