"""One board (板子): its cards, seats and rules, how it deals, and the checks of its deal (the
boards themselves and their names are `engine.boards`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import engine.roles as roles_module
from engine.facedown import FaceDown
from engine.roles import Role
from engine.rules import Rules, make_rules
from engine.setup import Setup, SetupError, deal

PRESET = "chinese-club"


class BoardError(ValueError):
    """An unknown board (the message lists the boards), or one the engine cannot play yet."""


@dataclass(frozen=True, slots=True)
class Board:
    """One board: `cards` are (role id, count), the wolves first, then the special good roles,
    then the villagers; `names` are the Chinese names in simplified characters (the first is
    the board's name), `traditional` the same in traditional characters."""

    id: str
    names: tuple[str, ...]
    traditional: tuple[str, ...]
    english: str
    cards: tuple[tuple[str, int], ...]
    face_down: FaceDown | None = None
    """The cards left face down (None: every card is dealt to a seat)."""
    preset: str | None = PRESET
    """The rules' preset: the club's, or None for RULES.md's own (RULES-CHARACTERS.md's boards)."""
    settings: tuple[tuple[str, Any], ...] = ()
    """The board's own settings on top of the preset (咒狐乌鸦's `badge_swallow = "single"`)."""
    actor_cards: tuple[str, ...] = ()
    """The actor's face-up cards, by role id (RULES-CHARACTERS.md's `actor_cards`; none: no actor,
    or drawn by the deal)."""

    @property
    def name(self) -> str:
        """The board's name as a table says it (simplified characters)."""
        return self.names[0]

    @property
    def seats(self) -> int:
        down = self.face_down.count if self.face_down else 0
        return sum(count for _, count in self.cards) - down

    @property
    def deck(self) -> tuple[str, ...]:
        """Every card of the board, one per seat and one per face-down card, by role id."""
        return tuple(role for role, count in self.cards for _ in range(count))

    @property
    def witch_self_heal(self) -> bool | Literal["first_night"]:
        """RULES-CLUB.md's witch rule for the board's seat count (RULES.md's without a preset)."""
        if self.preset is None:
            return Rules().witch_self_heal
        return False if self.seats == 12 else "first_night"

    def missing_roles(self) -> tuple[str, ...]:
        """The board's roles the engine does not know yet (empty: the board is playable)."""
        known = roles_module.ROLE_NAMES
        return tuple(role for role, _ in self.cards if role not in known)

    @property
    def playable(self) -> bool:
        return not self.missing_roles()

    def roles(self) -> tuple[Role, ...]:
        """The deck as roles; BoardError naming the roles the engine lacks."""
        missing = self.missing_roles()
        if missing:
            raise BoardError(
                f"board {self.id!r} ({self.name}) cannot be played yet: the engine has no "
                f"{', '.join(missing)} card"
            )
        return tuple(Role(role) for role in self.deck)

    def rules(self, settings: Mapping[str, Any] | None = None) -> Rules:
        """The board's rules (Rule 1) with `settings` on top; RuleError for a bad setting."""
        own = dict(self.settings)
        if self.preset is None:
            return make_rules({**own, **(settings or {})})
        own = {"witch_self_heal": self.witch_self_heal, **own}
        return make_rules({**own, **(settings or {})}, preset=self.preset)

    def deal(self, seed: int | None = None) -> Setup:
        """The board's cards shuffled and dealt (a seeded deal when `seed` is set); with
        face-down cards, the split drawn first (Rule 4)."""
        if self.face_down is None:
            return deal(self.roles(), self.seats, seed=seed, actor_cards=tuple(map(Role, self.actor_cards)))
        setup = self.face_down.deal(self.roles(), seed)
        self.check(setup)
        return setup

    def legal_splits(self) -> list[tuple[int, ...]]:
        """Every legal choice of face-down cards, as indices into `deck` (Rule 4); empty for a
        board that deals every card."""
        return self.face_down.legal_splits(self.roles()) if self.face_down else []

    def check(self, setup: Setup) -> None:
        """SetupError unless `setup` holds the board's cards, its face-down ones split as the
        board says (a record names no board: a table that gives its own cards is checked by
        RULES.md's rules only)."""
        problems = []
        dealt = setup.roles + setup.extra_cards
        if sorted(card.value for card in dealt) != sorted(self.deck) or setup.seats != self.seats:
            problems.append(f"the cards are not board {self.id!r}'s")
        if self.actor_cards and sorted(card.value for card in setup.actor_cards) != sorted(self.actor_cards):
            problems.append(f"the actor's cards are not board {self.id!r}'s")
        if self.face_down is not None:
            problems += self.face_down.problems(setup.extra_cards)
        elif setup.extra_cards:
            problems.append(f"board {self.id!r} leaves no card face down")
        if problems:
            raise SetupError(f"board {self.id!r} ({self.name}): " + "; ".join(problems))


def board_of(
    id: str,
    names: str,
    traditional: str,
    english: str,
    *cards: tuple[str, int],
    face_down: FaceDown | None = None,
    preset: str | None = PRESET,
    settings: Mapping[str, Any] | None = None,
    actor_cards: tuple[str, ...] = (),
) -> Board:
    """A board with its simplified and traditional names each given as one string, split on
    spaces (the first is its name)."""
    own = tuple((settings or {}).items())
    return Board(
        id,
        tuple(names.split()),
        tuple(traditional.split()),
        english,
        tuple(cards),
        face_down,
        preset,
        own,
        actor_cards,
    )
