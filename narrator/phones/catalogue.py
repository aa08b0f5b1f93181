"""The phones' message catalogue: the page's words, errors and keypad prompts per locale."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, Literal

Locale = Literal["zh-CN", "zh-TW", "en"]
LOCALES: tuple[Locale, ...] = ("zh-CN", "zh-TW", "en")
DEFAULT_LOCALE: Locale = "zh-CN"

# The groups the page needs to draw itself; errors and keypad lines stay on the box.
PAGE_GROUPS = ("ui", "results", "roles", "winners", "steps")


@cache
def _load(locale: Locale) -> dict[str, dict[str, str]]:
    text = resources.files("narrator.phones").joinpath("locales", f"{locale}.toml").read_text(
        encoding="utf-8"
    )
    groups: dict[str, dict[str, str]] = tomllib.loads(text)
    return groups


def as_locale(value: object) -> Locale:
    """`value` when it names a known locale, else the default (zh-CN)."""
    for locale in LOCALES:
        if value == locale:
            return locale
    return DEFAULT_LOCALE


def text(locale: Locale, key: str, **params: Any) -> str:
    """The line `group.name` in `locale`, with `params` filled in.

    A key missing from the catalogue is a programming error (KeyError): the three catalogues
    hold the same keys, which a test checks.
    """
    group, name = key.split(".", 1)
    line = _load(locale)[group][name]
    return line.format(**params) if params else line


def page_strings(locale: Locale) -> dict[str, dict[str, str]]:
    """The words the phone page draws with, in `locale` (the same for every seat)."""
    catalogue = _load(locale)
    return {group: dict(catalogue[group]) for group in PAGE_GROUPS}


def rule_message(locale: Locale, rule: str) -> str:
    """The player's-language answer to an `IllegalDecision` naming `rule`."""
    rules = _load(locale)["rules"]
    if rule in rules:
        return rules[rule]
    return rules["unknown"].format(rule=rule)


def keys(locale: Locale) -> set[str]:
    """Every key of the catalogue of `locale` (to check the catalogues agree)."""
    return {f"{group}.{name}" for group, lines in _load(locale).items() for name in lines}
