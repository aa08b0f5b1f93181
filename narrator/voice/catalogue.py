"""The judge's script catalogues: one editable TOML file per locale, rendered line by line.

A catalogue file (`narrator/catalogue/<locale>.toml`) has these tables:

- `[lines.<group>]`: `<name> = "text with {placeholders}"`; the line key is `<group>.<name>`
  (e.g. `[lines.seer] wake = …` is the key `seer.wake`). Every key of `engine.script.CUES`
  must be there; more lines of the narrator's own (timers, reminders, the review) may follow.
- `[roles]`, `[winners]`, `[directions]`: the words for the engine's values.
- `[words]`: how numbers, seats and lists of seats are read (see `Wording`).
- `[voice]`: the espeak-ng voice, its text front end and its rate (see `VoiceSettings`).
- `[notices]`: short messages printed for the table (no output device, …).
- `[box]`: what the box says as text, never rendered ahead, as it holds what only this box
  knows (the join address, the host's PIN), and how it reads their digits there: `pin`
  takes `{pin}`, `join_address` takes `{address}` and `{port}`, each read digit by digit
  (`narrator.moderator.host_pin`).

Placeholders are typed by name (`PLACEHOLDER_KINDS`), so a line reads a value as a person
would: `{seat}` → "5号" / "seat five", `{seats}` → "3号、5号和7号" / "seats three, five and
seven", `{role}` → "预言家" / "seer", a number → "第一夜" / "night one", a count of votes
(`{votes}`, the sheriff's may leave a half) → "六点五" / "six and a half".
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from narrator.voice.numbers import read_number, read_votes

LOCALES: tuple[str, ...] = ("zh-CN", "zh-TW", "en")
DEFAULT_LOCALE = "zh-CN"

# Every placeholder a line may hold, and how its value is read.
PLACEHOLDER_KINDS: dict[str, str] = {
    "seat": "seat",
    "target": "seat",
    "seats": "seats",
    "night": "number",
    "day": "number",
    "count": "number",
    "votes": "votes",
    "seconds": "number",
    "role": "role",
    "winner": "winner",
    "direction": "direction",
    "wolves": "number",  # a deck's cards of each camp (`engine.balance`)
    "gods": "number",
    "villagers": "number",
    "others": "number",
}


class CatalogueError(ValueError):
    """A catalogue file that cannot be used: a bad placeholder, a missing table or word."""


class UnknownLine(KeyError):
    """A line key that the catalogue does not hold."""


@dataclass(frozen=True, slots=True)
class Wording:
    """How a locale reads numbers and seats; the `[words]` table of a catalogue.

    `seat` and `seat_in_list` take `{n}` (the seat in digits) and `{word}` (the number read in
    the locale's `numbers` style); `seats` takes `{list}`, the seats joined by `list_separator`
    with `list_last` before the last one. A list of one seat reads as `seat`; an empty list
    reads as `nobody`.
    """

    numbers: str
    seat: str
    seat_in_list: str
    seats: str
    list_separator: str
    list_last: str
    nobody: str

    def number(self, n: int) -> str:
        return read_number(n, self.numbers)

    def one_seat(self, seat: int, template: str | None = None) -> str:
        return (template or self.seat).format(n=seat, word=self.number(seat))

    def seat_list(self, seats: Iterable[int]) -> str:
        seats = list(seats)
        if not seats:
            return self.nobody
        if len(seats) == 1:
            return self.one_seat(seats[0])
        items = [self.one_seat(s, self.seat_in_list) for s in seats]
        joined = self.list_separator.join(items[:-1]) + self.list_last + items[-1]
        return self.seats.format(list=joined)


@dataclass(frozen=True, slots=True)
class VoiceSettings:
    """The synthetic voice of a locale; the `[voice]` table of a catalogue.

    `espeak`: an espeak-ng voice id (`espeak-ng --voices`); `front_end`: "plain" (the text as
    it is) or "pinyin" (Hanzi turned into tone-numbered pinyin first); `rate`: words a minute.
    """

    espeak: str
    front_end: str = "plain"
    rate: int = 170


@dataclass(frozen=True)
class Catalogue:
    """Every line of one locale, and the words to fill their placeholders."""

    locale: str
    lines: Mapping[str, str]
    roles: Mapping[str, str]
    winners: Mapping[str, str]
    directions: Mapping[str, str]
    words: Wording
    voice: VoiceSettings
    notices: Mapping[str, str]
    box: Mapping[str, str]

    def __contains__(self, key: object) -> bool:
        return key in self.lines

    def keys(self) -> list[str]:
        return list(self.lines)

    def placeholders(self, key: str) -> set[str]:
        """The placeholder names of the line `key`."""
        return set(_placeholders(self._template(key)))

    def text(self, key: str, /, **params: object) -> str:
        """The line `key` with its placeholders filled from `params`.

        Raises `UnknownLine` for a key not in the catalogue and `CatalogueError` when a
        placeholder has no value or a value cannot be read (an unknown role, a seat that is not
        a number). Parameters the line does not use are ignored.
        """
        template = self._template(key)
        values: dict[str, str] = {}
        for name in _placeholders(template):
            if name not in params:
                raise CatalogueError(f"line {key!r} needs a value for {{{name}}}")
            values[name] = self.read(name, params[name])
        text = template.format_map(values)
        return text[:1].upper() + text[1:]

    def read(self, name: str, value: object) -> str:
        """The value of placeholder `name` as the locale reads it."""
        kind = PLACEHOLDER_KINDS[name]
        try:
            if kind == "seat":
                return self.words.one_seat(_whole(value))
            if kind == "seats":
                if not isinstance(value, Iterable) or isinstance(value, str | bytes):
                    raise TypeError(f"a list of seats, not {value!r}")
                return self.words.seat_list(_whole(v) for v in value)
            if kind == "number":
                return self.words.number(_whole(value))
            if kind == "votes":
                if isinstance(value, bool) or not isinstance(value, int | float):
                    raise TypeError(f"a count of votes, not {value!r}")
                return read_votes(value, self.words.numbers)
            table = {"role": self.roles, "winner": self.winners, "direction": self.directions}
            return table[kind][str(value)]
        except (KeyError, TypeError, ValueError) as error:
            raise CatalogueError(f"{self.locale}: cannot read {{{name}}} = {value!r}: {error}") from None

    def _template(self, key: str) -> str:
        try:
            return self.lines[key]
        except KeyError:
            raise UnknownLine(f"no line {key!r} in the {self.locale} catalogue") from None


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a whole number, not {value!r}")
    return value


def _placeholders(template: str) -> list[str]:
    return [field for _, field, _, _ in string.Formatter().parse(template) if field is not None]


def _flatten(table: Mapping[str, object], prefix: str = "") -> dict[str, str]:
    lines: dict[str, str] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            lines.update(_flatten(value, f"{key}."))
        elif isinstance(value, str):
            lines[key] = value
        else:
            raise CatalogueError(f"line {key!r} must be text, not {value!r}")
    return lines


def _check_template(locale: str, key: str, template: str) -> None:
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as error:
        raise CatalogueError(f"{locale}: line {key!r} is not a valid template: {error}") from None
    for _, field, spec, conversion in parsed:
        if field is None:
            continue
        if field not in PLACEHOLDER_KINDS:
            known = ", ".join(sorted(PLACEHOLDER_KINDS))
            raise CatalogueError(
                f"{locale}: line {key!r} has unknown placeholder {{{field}}} (known: {known})"
            )
        if spec or conversion:
            raise CatalogueError(f"{locale}: line {key!r}: write {{{field}}} with no format")


def _words(table: Mapping[str, Any]) -> dict[str, str]:
    return {str(k): str(v) for k, v in table.items()}


def catalogue_path(locale: str) -> Path:
    """The packaged catalogue file of `locale`."""
    if locale not in LOCALES:
        raise CatalogueError(f"unknown locale {locale!r} (known: {', '.join(LOCALES)})")
    return Path(str(resources.files("narrator") / "catalogue" / f"{locale}.toml"))


def _table(locale: str, data: Mapping[str, object], name: str) -> Mapping[str, Any]:
    table = data.get(name, {} if name in ("notices", "box") else None)
    if not isinstance(table, Mapping):
        raise CatalogueError(f"{locale}: the catalogue has no table [{name}]")
    return table


def parse_catalogue(locale: str, data: Mapping[str, object]) -> Catalogue:
    """A catalogue from the tables of a parsed TOML file; every template is checked."""
    lines = _flatten(_table(locale, data, "lines"))
    try:
        words = Wording(**_table(locale, data, "words"))
        voice = VoiceSettings(**_table(locale, data, "voice"))
        read_number(1, words.numbers)
    except (TypeError, ValueError) as error:
        raise CatalogueError(f"{locale}: {error}") from None
    for key, template in lines.items():
        _check_template(locale, key, template)
    return Catalogue(
        locale=locale,
        lines=lines,
        roles=_words(_table(locale, data, "roles")),
        winners=_words(_table(locale, data, "winners")),
        directions=_words(_table(locale, data, "directions")),
        words=words,
        voice=voice,
        notices=_words(_table(locale, data, "notices")),
        box=_words(_table(locale, data, "box")),
    )


def load_catalogue(locale: str = DEFAULT_LOCALE, path: Path | None = None) -> Catalogue:
    """The catalogue of `locale`, from `path` or the packaged file."""
    source = path or catalogue_path(locale)
    try:
        with open(source, "rb") as file:
            data = tomllib.load(file)
    except tomllib.TOMLDecodeError as error:
        raise CatalogueError(f"{source}: {error}") from None
    return parse_catalogue(locale, data)
