"""The phones' message catalogue: the page's words, errors and keypad prompts per locale.

The New Moon cards' full text on the page is the judge's own line for the card (the
narration catalogue's `lines.card` group), so the phones show what the judge reads aloud.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, Literal

from engine.rules import Rules

Locale = Literal["zh-CN", "zh-TW", "en"]
LOCALES: tuple[Locale, ...] = ("zh-CN", "zh-TW", "en")
DEFAULT_LOCALE: Locale = "zh-CN"

# The groups the page needs to draw itself; errors and keypad lines stay on the box.
PAGE_GROUPS = (
    "ui",
    "results",
    "roles",
    "winners",
    "steps",
    "cards",
    "questions",
    "facts",
    "asks",
    "told",
    "evening",
    "notes",
    "powers",
    "goals",
    "rulebook",
)


@cache
def _load(locale: Locale) -> dict[str, dict[str, str]]:
    text = (
        resources.files("narrator.phones").joinpath("locales", f"{locale}.toml").read_text(encoding="utf-8")
    )
    groups: dict[str, dict[str, str]] = tomllib.loads(text)
    return groups


def text(locale: Locale, key: str, **params: Any) -> str:
    """The line `group.name` in `locale`, with `params` filled in.

    A key missing from the catalogue is a programming error (KeyError): the three catalogues
    hold the same keys, which a test checks.
    """
    group, name = key.split(".", 1)
    line = _load(locale)[group][name]
    return line.format(**params) if params else line


@cache
def card_texts(locale: Locale) -> dict[str, str]:
    """The judge's line for each New Moon card and variant, card name → text."""
    source = resources.files("narrator").joinpath("catalogue", f"{locale}.toml").read_text(encoding="utf-8")
    lines: dict[str, str] = tomllib.loads(source)["lines"]["card"]
    return dict(lines)


def card_variants(rules: Rules) -> dict[str, str]:
    """The cards the judge reads as a variant under `rules` (card → the variant's line)."""
    cards = rules.cards
    chosen = {
        "bleak_monday": cards.bleak_monday == "surely_not_him" and "surely_not_him",
        "end_of_the_harvest": cards.end_of_the_harvest == "harvest_festival" and "harvest_festival",
        "radiant_sunday": cards.radiant_sunday == "lycanthropic_fascination" and "lycanthropic_fascination",
    }
    return {card: line for card, line in chosen.items() if line}


def page_strings(locale: Locale) -> dict[str, dict[str, str]]:
    """The words the phone page draws with, in `locale` (the same for every seat)."""
    catalogue = _load(locale)
    strings = {group: dict(catalogue[group]) for group in PAGE_GROUPS}
    strings["card_texts"] = card_texts(locale)
    return strings


def read_all() -> None:
    """Read every language's words now, as a table is made: read at the first phone's hello,
    they held up the event loop for tens of milliseconds."""
    for locale in LOCALES:
        _load(locale)
        card_texts(locale)


def has(locale: Locale, key: str) -> bool:
    """Whether the catalogue of `locale` holds the line `group.name`."""
    group, name = key.split(".", 1)
    return name in _load(locale).get(group, {})


def rule_message(locale: Locale, rule: str) -> str:
    """The player's-language answer to an `IllegalDecision` naming `rule`."""
    rules = _load(locale)["rules"]
    if rule in rules:
        return rules[rule]
    return rules["unknown"].format(rule=rule)


def keys(locale: Locale) -> set[str]:
    """Every key of the catalogue of `locale` (to check the catalogues agree)."""
    return {f"{group}.{name}" for group, lines in _load(locale).items() for name in lines}
