"""The hooks roles add to the core (who a night death spares, what dawn adds, what a death
triggers …), each kept with the role whose module added it, so that a game asks only the hooks
of the cards in its deck: a table without the club's cards pays nothing for them.

A hook belongs to the `Contents` it is added to: a role's (`declare`) is asked only when the
role is in the deck; one without an owner (the core's, an event card's) in every game. The
catalogue keeps each kind's hooks (`Catalogue.hooks`, by the kind's name).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.contents import Catalogue, Contents
from engine.roles import Role

if TYPE_CHECKING:
    from engine.state import State

F = TypeVar("F", bound=Callable[..., Any])


class RoleHooks(Generic[F]):
    """One kind of hook, named `name` (one name per kind): a module `add`s it to its
    `Contents`; `of(state)` the hooks of the game's deck (computed once per catalogue and deck,
    by `install`), by `rank`, then in the catalogue's order."""

    def __init__(self, name: str) -> None:
        self.name = name

    def add(self, to: Contents, hook: F, rank: float = 0.0) -> None:
        """`hook`, owned by `to`'s role (None: every game), installed when a catalogue is built."""
        to.add(lambda catalogue: self._put(catalogue, to.owner, hook, rank))

    def _put(self, catalogue: Catalogue, owner: Role | None, hook: F, rank: float) -> None:
        entries = catalogue.hooks.setdefault(self.name, [])
        entries.append((rank, owner, hook))
        entries.sort(key=lambda entry: entry[0])

    def of(self, state: State) -> tuple[F, ...]:
        hooks: tuple[F, ...] = state.hooks.get(self.name, ())
        return hooks

    def for_deck(self, catalogue: Catalogue, deck: frozenset[Role]) -> tuple[F, ...]:
        """The hooks of this kind in `catalogue` that a game of `deck` asks."""
        return _for_deck(catalogue.hooks.get(self.name, ()), deck)


def _for_deck(entries: Any, deck: frozenset[Role]) -> tuple[Any, ...]:
    return tuple(hook for _, role, hook in entries if role is None or role in deck)


def install(state: State) -> None:
    """The hooks of `state`'s deck, once per catalogue and deck."""
    deck = frozenset(state.setup.deck)
    catalogue = state.catalogue
    made = catalogue.by_deck.get(deck)
    if made is None:
        made = catalogue.by_deck[deck] = {
            name: _for_deck(entries, deck) for name, entries in catalogue.hooks.items()
        }
    state.hooks = made
