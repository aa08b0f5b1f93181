"""A board's face-down cards (底牌): which cards may lie face down, and the dealer that draws the
split (RULES-CLUB-MORE.md, Face-down cards).

Rule 1: a board says how many cards lie face down, the roles never among them and at most how
        many wolf-team cards; a split that breaks one is refused with every reason.
Rule 2: the dealer draws the face-down cards uniformly among the legal splits, equal cards
        counted as distinct (five villagers are five cards), then shuffles the rest to the seats.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.catalog import usual
from engine.roles import Role
from engine.setup import Setup


@dataclass(frozen=True, slots=True)
class FaceDown:
    """The cards a board leaves face down: how many, the roles never among them, and at most
    how many wolf-team cards (None: any number)."""

    count: int
    never: tuple[str, ...] = ()
    most_wolf_team: int | None = None

    def problems(self, cards: Sequence[Role]) -> list[str]:
        """Why `cards` cannot lie face down (empty: they can; Rule 1)."""
        problems = []
        if len(cards) != self.count:
            problems.append(f"{self.count} cards lie face down, not {len(cards)}")
        problems += [f"{card.value} never lies face down" for card in cards if card.value in self.never]
        wolves = sum(card in usual().wolf_team for card in cards)
        if self.most_wolf_team is not None and wolves > self.most_wolf_team:
            problems.append(f"at most {self.most_wolf_team} wolf-team card lies face down, not {wolves}")
        return problems

    def legal_splits(self, cards: Sequence[Role]) -> list[tuple[int, ...]]:
        """Every legal choice of face-down cards among `cards`, as indices (Rule 2: equal cards
        are distinct)."""
        return [
            down
            for down in itertools.combinations(range(len(cards)), self.count)
            if not self.problems([cards[n] for n in down])
        ]

    def deal(self, cards: Sequence[Role], seed: int | None = None) -> Setup:
        """`cards` dealt: the face-down ones drawn uniformly among the legal splits, the rest
        shuffled to the seats (Rule 2; a seeded deal when `seed` is set)."""
        rng = random.Random(seed)
        down = rng.choice(self.legal_splits(cards))
        extra = [cards[n] for n in down]
        seated = [card for n, card in enumerate(cards) if n not in down]
        rng.shuffle(extra)
        rng.shuffle(seated)
        return Setup(
            seats=len(seated),
            roles=tuple(seated),
            extra_cards=tuple(extra),
            event_seed=rng.randrange(2**31),
        )
