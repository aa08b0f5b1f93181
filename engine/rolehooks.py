"""The hooks roles add to the core (who a night death spares, what dawn adds, what a death
triggers …), each kept with the role whose module added it, so that a game asks only the hooks
of the cards in its deck: a table without the club's cards pays nothing for them.

A hook added by a module named after a role (`engine.roles.wolf_robot`) belongs to that role;
any other module's hook (the core's, an event card's) is asked in every game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.roles import ROLE_NAMES, Role

if TYPE_CHECKING:
    from engine.state import State

F = TypeVar("F", bound=Callable[..., Any])

REGISTRIES: list[RoleHooks[Any]] = []


class RoleHooks(Generic[F]):
    """One kind of hook: `add` it from a role's module; `of(state)` the hooks of the game's deck
    (computed once a game, by `install`), in the order added, or by `rank` when given."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._entries: list[tuple[float, Role | None, F]] = []
        REGISTRIES.append(self)

    def add(self, hook: F, rank: float = 0.0) -> None:
        module = sys._getframe(2).f_globals.get("__name__", "")
        last = module.rsplit(".", 1)[-1]
        role = Role(last) if module.startswith("engine.roles.") and last in ROLE_NAMES else None
        self._entries.append((rank, role, hook))
        self._entries.sort(key=lambda entry: entry[0])
        _BY_DECK.clear()

    def of(self, state: State) -> tuple[F, ...]:
        hooks: tuple[F, ...] = state.hooks[self.name]
        return hooks

    def for_deck(self, deck: frozenset[Role]) -> tuple[F, ...]:
        return tuple(hook for _, role, hook in self._entries if role is None or role in deck)


_BY_DECK: dict[frozenset[Role], dict[str, tuple[Any, ...]]] = {}
"""The hooks of each deck seen, made once (a hook added later clears it)."""


def install(state: State) -> None:
    """The hooks of `state`'s deck, once for the game."""
    deck = frozenset(state.setup.deck)
    made = _BY_DECK.get(deck)
    if made is None:
        made = _BY_DECK[deck] = {registry.name: registry.for_deck(deck) for registry in REGISTRIES}
    state.hooks = made
