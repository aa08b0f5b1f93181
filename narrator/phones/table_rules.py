"""The rules a table argues about and its timers, as the host's phone offers them before the
deal: each setting's choices in plain words with the default marked and one line on what it
does, the timers in seconds; the host's choice checked; the change as the judge says it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.rules import Rules
from narrator.phones.catalogue import Locale, text
from narrator.phones.messages import Refusal

CHOICES: dict[str, tuple[bool | str, ...]] = {
    "witch_self_heal": (True, "first_night", False),
    "guard_and_heal": ("survives", "dies", "hidden"),
    "sheriff": (True, False),
    "last_words": ("none", "first_night", "all", "club"),
    "win": ("all", "side"),
    "vote_tie": ("none", "revote", "sheriff"),
}
"""Each setting the host may choose (an `engine.rules.Rules` field) and the values offered."""
TIMERS = ("speech", "last_speech", "decision")
"""The timers the host may set (`narrator.timing.Timers` fields), in seconds."""
SECONDS = (10, 600)  # the least and most seconds a timer may be given
DEFAULT = Rules()  # the default each choice marks: RULES.md's
LANGUAGES: dict[Locale, str] = {"zh-CN": "普通话（简体）", "zh-TW": "國語（繁體）", "en": "English"}
"""The judge's languages the host may pick, each named in itself."""


def value_key(value: object) -> str:
    """A setting's value as the page and the catalogues name it ("true", "first_night")."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def offered_table(rules: Rules, timers: Mapping[str, float], locale: Locale) -> dict[str, Any]:
    """The rules and timers the host may set, in `locale`, with the table's current values."""
    return {
        "rules": [
            {
                "name": name,
                "title": text(locale, f"choices.{name}"),
                "help": text(locale, f"choices.{name}_help"),
                "value": value_key(getattr(rules, name)),
                "options": [
                    {
                        "value": value_key(value),
                        "label": text(locale, f"choices.{name}_{value_key(value)}"),
                        "default": value == getattr(DEFAULT, name),
                    }
                    for value in values
                ],
            }
            for name, values in CHOICES.items()
        ],
        "timers": [
            {"name": name, "title": text(locale, f"choices.{name}_seconds"), "seconds": int(timers[name])}
            for name in TIMERS
        ],
    }


def chosen_rules(asked: Mapping[str, str]) -> dict[str, bool | str]:
    """The host's rule choices (setting → value's name) as settings; Refusal "rule_unknown"
    for a setting not offered or a value it does not take."""
    settings: dict[str, bool | str] = {}
    for name, key in asked.items():
        values = {value_key(value): value for value in CHOICES.get(name, ())}
        if key not in values:
            raise Refusal("rule_unknown")
        settings[name] = values[key]
    return settings


def chosen_timers(asked: Mapping[str, int]) -> dict[str, float]:
    """The host's timers (name → seconds) as `Timers` fields; Refusal "timer_unknown" for a
    timer not offered or seconds out of `SECONDS`."""
    if any(name not in TIMERS or not SECONDS[0] <= seconds <= SECONDS[1] for name, seconds in asked.items()):
        raise Refusal("timer_unknown", low=SECONDS[0], high=SECONDS[1])
    return {name: float(seconds) for name, seconds in asked.items()}


def changes(rules: Rules, line: Callable[[str, str], str]) -> list[str]:
    """The table's rules that differ from the defaults, each as `line(setting, choice)` says it
    (the choice's key `<setting>_<value>`, in the judge's or a phone's language)."""
    return [
        line(name, f"{name}_{value_key(getattr(rules, name))}")
        for name in CHOICES
        if getattr(rules, name) != getattr(DEFAULT, name)
    ]


def offered_language(
    now: Locale, voice: str, voices: Mapping[str, tuple[Locale, ...]], locale: Locale
) -> dict[str, Any]:
    """The judge's languages and voices the host may pick (each voice with the languages it
    speaks), with the ones he has now, in `locale`."""
    return {
        "value": now,
        "options": [{"value": code, "label": name} for code, name in LANGUAGES.items()],
        "voice": voice,
        "voices": [
            {"value": name, "label": text(locale, f"ui.voice_{name}"), "languages": list(spoken)}
            for name, spoken in voices.items()
        ],
    }
