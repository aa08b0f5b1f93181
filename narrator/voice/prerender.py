"""Pre-rendering the catalogue: every line with every value a table can give it, into the cache.

Lines without placeholders are rendered once. A placeholder takes every value it can have at a
table of `seats` players: each seat, each role, winner and direction, nights and days up to
`NIGHTS`, the timer's usual seconds. A list of seats is rendered for each single seat (the
common case: one death, one candidate); longer lists are rendered when first said.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from narrator.voice.catalogue import PLACEHOLDER_KINDS, Catalogue

# Nights and days a game usually lasts, and the seconds a speech timer calls out.
NIGHTS = 6
TIMER_SECONDS = (5, 10, 15, 20, 30, 60)


@dataclass(frozen=True, slots=True)
class LineToSay:
    """One line of the catalogue with one set of values."""

    key: str
    params: dict[str, object]


def placeholder_values(catalogue: Catalogue, name: str, seats: int) -> list[object]:
    """Every value placeholder `name` can take at a table of `seats` players."""
    kind = PLACEHOLDER_KINDS[name]
    if kind == "seat":
        return list(range(1, seats + 1))
    if kind == "seats":
        return [[seat] for seat in range(1, seats + 1)]
    if kind == "role":
        return list(catalogue.roles)
    if kind == "winner":
        return list(catalogue.winners)
    if kind == "direction":
        return list(catalogue.directions)
    if name == "count":
        return [seats]
    if name == "seconds":
        return list(TIMER_SECONDS)
    return list(range(1, NIGHTS + 1))


def lines_to_render(
    catalogue: Catalogue, seats: int = 12, keys: set[str] | None = None
) -> Iterator[LineToSay]:
    """Every line of the catalogue (or only `keys`) with every combination of values."""
    for key in catalogue.keys():
        if keys is not None and key not in keys:
            continue
        names = sorted(catalogue.placeholders(key))
        choices = [placeholder_values(catalogue, name, seats) for name in names]
        for values in itertools.product(*choices):
            yield LineToSay(key, dict(zip(names, values, strict=True)))


def prerender(
    lines: list[LineToSay],
    render: Callable[[LineToSay], object],
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Call `render` on each line, reporting `progress(done, total)`; returns lines done."""
    total = len(lines)
    for done, line in enumerate(lines, start=1):
        render(line)
        if progress is not None:
            progress(done, total)
    return total
