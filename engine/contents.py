"""What one module adds to the engine — its steps, day actions, cues, night steps, hooks, an
event card's rules — held as a value the module names (`ROLE = declare(...)` for a role,
`CARD = Contents("flood")` for an event card, `CORE = Contents("day")` for the core's own
modules), and put in place by `engine.catalog.build`, module by module in the catalogue's
order. Importing a module adds nothing anywhere.

The owner of what a module adds is the `Contents` it is added to: a role's hooks are asked only
in games whose deck holds that role; an owner of None (the core, an event card) is asked in
every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

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
