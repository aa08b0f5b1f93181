"""What one module adds to the engine — its steps, day actions, cues, night steps, hooks, an
event card's rules — held as a value the module names (`ROLE = declare(...)` for a role,
`CARD = Contents("flood")` for an event card, `CORE = Contents("day")` for the core's own
modules), and put in place by `engine.catalog`, module by module in the catalogue's order.
Importing a module adds nothing anywhere.

The registries the contents fill are declared here (`registry`): each starts, whenever a
catalogue is put in place, from what it held when declared, so none is emptied by hand.

The owner of what a module adds is the `Contents` it is added to: a role's hooks are asked only
in games whose deck holds that role; an owner of None (the core, an event card) is asked in
every game.
"""

from __future__ import annotations

import copy
from _collections_abc import dict_items, dict_keys, dict_values
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from engine.role import Role


@dataclass(eq=False)
class Contents:
    """What the module `name` adds, in the order it says it; `owner`: the role it belongs to."""

    name: str
    owner: Role | None = None
    adds: list[Callable[[], None]] = field(default_factory=list, repr=False)

    def add(self, install: Callable[[], None]) -> None:
        """`install()` puts one thing of the module in place, when the catalogue is built."""
        self.adds.append(install)

    def install(self) -> None:
        for install in self.adds:
            install()


# The registries: what the modules' contents fill, held by the catalogue in place.

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class _InPlace:
    """Which catalogue the registries hold (None until one is put in place), whether one is
    being put in place now, and how the usual one is put in place on first use (said by
    `engine.catalog`, which names every module)."""

    catalogue: object | None = None
    building: bool = False
    usual: Callable[[], object] | None = None


IN_PLACE = _InPlace()
_DECLARED: list[tuple[dict[Any, Any] | list[Any] | set[Any], Any]] = []
"""Each registry, with what it held when declared (filled by `registry`, at import only)."""


def _ready() -> None:
    """Put the usual catalogue in place if none is (a registry is read before any game)."""
    if IN_PLACE.catalogue is None and not IN_PLACE.building:
        if IN_PLACE.usual is None:
            raise RuntimeError("no catalogue is in place, and engine.catalog was not imported")
        IN_PLACE.usual()


class RegistryDict(dict[K, V]):
    """A dict registry: reading it first puts the usual catalogue in place (`registry`)."""

    __slots__ = ()

    def __getitem__(self, key: K) -> V:
        _ready()
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        _ready()
        return super().__contains__(key)

    def __iter__(self) -> Iterator[K]:
        _ready()
        return super().__iter__()

    def __len__(self) -> int:
        _ready()
        return super().__len__()

    def get(self, key: K, default: Any = None) -> Any:
        _ready()
        return super().get(key, default)

    def keys(self) -> dict_keys[K, V]:
        _ready()
        return super().keys()

    def values(self) -> dict_values[K, V]:
        _ready()
        return super().values()

    def items(self) -> dict_items[K, V]:
        _ready()
        return super().items()


class RegistryList(list[T]):
    """A list registry: reading it first puts the usual catalogue in place (`registry`)."""

    __slots__ = ()

    def __getitem__(self, index: Any) -> Any:
        _ready()
        return super().__getitem__(index)

    def __contains__(self, item: object) -> bool:
        _ready()
        return super().__contains__(item)

    def __iter__(self) -> Iterator[T]:
        _ready()
        return super().__iter__()

    def __reversed__(self) -> Iterator[T]:
        _ready()
        return super().__reversed__()

    def __len__(self) -> int:
        _ready()
        return super().__len__()


class RegistrySet(set[T]):
    """A set registry: reading it first puts the usual catalogue in place (`registry`)."""

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        _ready()
        return super().__contains__(item)

    def __iter__(self) -> Iterator[T]:
        _ready()
        return super().__iter__()

    def __len__(self) -> int:
        _ready()
        return super().__len__()

    def __sub__(self, other: AbstractSet[Any]) -> set[T]:
        _ready()
        return set(super().__sub__(other))

    def __or__(self, other: AbstractSet[Any]) -> set[Any]:
        _ready()
        return set(super().__or__(other))

    def __and__(self, other: AbstractSet[Any]) -> set[T]:
        _ready()
        return set(super().__and__(other))


@overload
def registry(start: dict[K, V]) -> dict[K, V]: ...
@overload
def registry(start: list[T]) -> list[T]: ...
@overload
def registry(start: set[T]) -> set[T]: ...
def registry(start: dict[Any, Any] | list[Any] | set[Any]) -> dict[Any, Any] | list[Any] | set[Any]:
    """A module's registry, holding `start` before any module adds to it: the catalogue put in
    place (`engine.catalog.Catalogue`) starts each registry from there and fills it, so nobody
    empties one by hand. Reading a registry while no catalogue is in place puts the usual one
    in place first: nothing is built at import, and nothing reads an empty registry."""
    made: dict[Any, Any] | list[Any] | set[Any]
    if isinstance(start, dict):
        made = RegistryDict(start)
    elif isinstance(start, list):
        made = RegistryList(start)
    else:
        made = RegistrySet(start)
    _DECLARED.append((made, copy.copy(start)))
    return made


def registries() -> list[dict[Any, Any] | list[Any] | set[Any]]:
    """Every registry declared so far (`registry`)."""
    return [made for made, _ in _DECLARED]


def put_in_place(catalogue: object, contents: Iterable[Contents]) -> None:
    """Start every registry from what it held when declared, then install `contents` in order:
    the registries hold `catalogue` from now on."""
    IN_PLACE.building = True
    try:
        for made, start in _DECLARED:
            if isinstance(made, dict):
                dict.clear(made)
                dict.update(made, start)
            elif isinstance(made, list):
                list.__setitem__(made, slice(None), start)
            else:
                set.clear(made)
                set.update(made, start)
        IN_PLACE.catalogue = None
        for each in contents:
            each.install()
        IN_PLACE.catalogue = catalogue
    finally:
        IN_PLACE.building = False
