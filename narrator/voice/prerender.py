"""Pre-rendering the catalogue: every line with every value a table can give it, into the cache.

Lines without placeholders are rendered once. A placeholder takes every value it can have at a
table of `seats` players: each seat, each role, winner and direction, nights and days up to
`NIGHTS`, the timer's usual seconds. A list of seats is rendered for each single seat (the
common case: one death, one candidate); longer lists are rendered when first said.

A rendered voice pack (`pack_jobs`, `fill_pack`) holds every line without a seat whole, with
every value (the player count of every table size), and the pieces from which every line with
seats is composed (`compose.py`): the words around the seats, and every seat up to `seats`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.setup import MIN_SEATS
from narrator.voice.catalogue import PLACEHOLDER_KINDS, Catalogue
from narrator.voice.clips import Clip
from narrator.voice.compose import line_pieces, value_pieces
from narrator.voice.pack import VoicePack

# Nights and days a game usually lasts, and the seconds a speech timer calls out.
NIGHTS = 6
TIMER_SECONDS = (5, 10, 15, 20, 30, 60)
# Lines rendered into a pack between two saves of its manifest.
SAVE_EVERY = 25
Job = TypeVar("Job")


@dataclass(frozen=True, slots=True)
class LineToSay:
    """One line of the catalogue with one set of values."""

    key: str
    params: dict[str, object]


def placeholder_values(
    catalogue: Catalogue, name: str, seats: int, counts: Sequence[int] | None = None
) -> list[object]:
    """Every value placeholder `name` can take at a table of `seats` players (`counts`: the
    player counts to read, default only `seats`)."""
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
        return list(counts) if counts is not None else [seats]
    if name == "seconds":
        return list(TIMER_SECONDS)
    if kind == "votes":  # whole and half counts, up to every seat's vote and the sheriff's extra
        return [n / 2 for n in range(2, 2 * seats + 2)]
    return list(range(1, NIGHTS + 1))


def lines_to_render(
    catalogue: Catalogue,
    seats: int = 12,
    keys: set[str] | None = None,
    counts: Sequence[int] | None = None,
) -> Iterator[LineToSay]:
    """Every line of the catalogue (or only `keys`) with every combination of values."""
    for key in catalogue.keys():
        if keys is not None and key not in keys:
            continue
        names = sorted(catalogue.placeholders(key))
        choices = [placeholder_values(catalogue, name, seats, counts) for name in names]
        if has_counts(catalogue, key):  # each value once, the others at their first: no product
            first = [values[0] for values in choices]
            yield LineToSay(key, dict(zip(names, first, strict=True)))
            for at, each in enumerate(choices):
                for value in each[1:]:
                    varied = [*first[:at], value, *first[at + 1 :]]
                    yield LineToSay(key, dict(zip(names, varied, strict=True)))
            continue
        for values in itertools.product(*choices):
            yield LineToSay(key, dict(zip(names, values, strict=True)))


def prerender(
    lines: list[Job],
    render: Callable[[Job], object],
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Call `render` on each line, reporting `progress(done, total)`; returns lines done."""
    total = len(lines)
    for done, line in enumerate(lines, start=1):
        render(line)
        if progress is not None:
            progress(done, total)
    return total


@dataclass(frozen=True, slots=True)
class PackJob:
    """One clip of a rendered voice pack: a whole `line` saying `text`, or (no line) a piece."""

    text: str
    line: LineToSay | None = None


def has_seats(catalogue: Catalogue, key: str) -> bool:
    """Whether line `key` reads a seat or a list of seats."""
    return any(PLACEHOLDER_KINDS[name] in ("seat", "seats") for name in catalogue.placeholders(key))


def has_counts(catalogue: Catalogue, key: str) -> bool:
    """Whether line `key` reads several numbers (a deck's count of each camp): too many
    combinations to render whole, so it is composed from pieces like a line with seats, and
    `lines_to_render` gives each number's every value once, not every combination."""
    return sum(PLACEHOLDER_KINDS[name] in ("number", "votes") for name in catalogue.placeholders(key)) > 1


def pack_jobs(catalogue: Catalogue, seats: int = 18) -> list[PackJob]:
    """Every clip of a rendered pack for tables of up to `seats` players: the lines without a
    seat whole (counts from the engine's smallest table to `seats`), then each piece of the
    lines with seats once, for every seat 1..`seats`."""
    counts = range(min(MIN_SEATS, seats), seats + 1)
    jobs: list[PackJob] = []
    pieces: dict[str, None] = {}
    for line in lines_to_render(catalogue, seats=seats, counts=counts):
        if has_seats(catalogue, line.key) or has_counts(catalogue, line.key):
            pieces.update(dict.fromkeys(line_pieces(catalogue, line.key, line.params)))
        else:
            jobs.append(PackJob(catalogue.text(line.key, **line.params), line))
    # Lists of seats: "没有人", and the words between seats ("、", "和").
    for seat_list in ([], [1, 2, 3]):
        pieces.update(dict.fromkeys(p for p in value_pieces(catalogue, "seats", seat_list) if p.strip()))
    jobs += [PackJob(text) for text in pieces]
    return jobs


def fill_pack(
    pack: VoicePack,
    jobs: list[PackJob],
    synthesise: Callable[[str, bool], Clip],
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Render into `pack` each job it lacks; returns how many were rendered.

    `synthesise(text, ending)` makes a clip: a whole line ends with a breath (`ending`), a
    piece does not. The pack's manifest is saved every `SAVE_EVERY` lines and at the end.
    """
    rendered = 0

    def render(job: PackJob) -> None:
        nonlocal rendered
        line = job.line
        if line is None:
            if not pack.has_piece(job.text):
                pack.add_piece(job.text, synthesise(job.text, False))
                rendered += 1
            return
        if not pack.has(line.key, line.params, job.text):
            pack.add(line.key, line.params, job.text, synthesise(job.text, True))
            rendered += 1
            if rendered % SAVE_EVERY == 0:
                pack.save()

    try:
        prerender(jobs, render, progress)
    finally:
        pack.save()
    return rendered
