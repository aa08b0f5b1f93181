"""The hooks roles add to the core (who a night death spares, what dawn adds, what a death
triggers …), each kept with the role whose module added it, so that a game asks only the hooks
of the cards in its deck: a table without the club's cards pays nothing for them.

A hook belongs to the `Contents` it is added to: a role's (`declare`) is asked only when the
role is in the deck; one without an owner (the core's, an event card's) in every game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.contents import Contents, registry
from engine.roles import Role

if TYPE_CHECKING:
    from engine.state import State

F = TypeVar("F", bound=Callable[..., Any])

KINDS: list[RoleHooks[Any]] = []
"""Every kind of hook (one `RoleHooks` each, made at import)."""


class RoleHooks(Generic[F]):
    """One kind of hook: a module `add`s it to its `Contents`; `of(state)` the hooks of the
    game's deck (computed once a game, by `install`), by `rank`, then in the catalogue's order."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._entries: list[tuple[float, Role | None, F]] = registry([])
        KINDS.append(self)

    def add(self, to: Contents, hook: F, rank: float = 0.0) -> None:
        """`hook`, owned by `to`'s role (None: every game), put in place when the catalogue is
        built."""
        to.add(lambda: self._put(to.owner, hook, rank))

    def _put(self, owner: Role | None, hook: F, rank: float) -> None:
        self._entries.append((rank, owner, hook))
        self._entries.sort(key=lambda entry: entry[0])
        _BY_DECK.clear()

    def of(self, state: State) -> tuple[F, ...]:
        hooks: tuple[F, ...] = state.hooks[self.name]
        return hooks

    def for_deck(self, deck: frozenset[Role]) -> tuple[F, ...]:
        return tuple(hook for _, role, hook in self._entries if role is None or role in deck)


_BY_DECK: dict[frozenset[Role], dict[str, tuple[Any, ...]]] = registry({})
"""The hooks of each deck seen, made once (a hook added later clears it)."""


def install(state: State) -> None:
    """The hooks of `state`'s deck, once for the game."""
    deck = frozenset(state.setup.deck)
    made = _BY_DECK.get(deck)
    if made is None:
        made = _BY_DECK[deck] = {hooks.name: hooks.for_deck(deck) for hooks in KINDS}
    state.hooks = made
