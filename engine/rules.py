"""Rule settings: one frozen model with every setting of RULES.md, and named presets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator


class RuleError(ValueError):
    """An unknown setting, a value a setting does not take, or an unknown preset."""


class Rules(BaseModel):
    """Every rule setting; the defaults are RULES.md's defaults (the `seeds` preset)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    night_order: Literal["guard_first", "seer_first"] = "guard_first"
    seer_sees: Literal["faction", "role"] = "faction"
    witch_self_heal: bool | Literal["first_night"] = True
    witch_both_same_night: bool = True
    witch_potions: Literal["both", "one_below_10"] = "both"
    guard_and_heal: Literal["survives", "dies", "hidden"] = "survives"
    lovers_see: Literal["seat", "faction", "role"] = "seat"
    thief_must_take: bool = False
    sheriff: bool = True
    sheriff_election: Literal["before_deaths", "after_discussion"] = "before_deaths"
    sheriff_weight: float = 2
    """How many votes the sheriff's vote counts for: 2 [000, 002, 003] or 1.5 [004]."""
    reveal_on_death: bool = True
    last_words: Literal["none", "first_night", "all"] = "none"
    speech_seconds: int = 90
    last_speech_seconds: int = 120
    self_destruct: bool = True
    vote_tie: Literal["none", "revote", "sheriff"] = "none"
    win: Literal["all", "side"] = "all"
    parity: bool = False
    events: Literal["off"] = "off"

    @field_validator("sheriff_weight", mode="before")
    @classmethod
    def _two_or_one_and_a_half(cls, value: object) -> object:
        if isinstance(value, bool) or value not in (2, 1.5):
            raise ValueError("Input should be 2 or 1.5")
        return float(value)


PRESETS: dict[str, dict[str, Any]] = {
    "seeds": {},
    "chinese-club": {
        "witch_self_heal": "first_night",
        "witch_both_same_night": False,
        "guard_and_heal": "dies",
        "sheriff_weight": 1.5,
        "win": "side",
    },
}

PRESET_ALIASES: dict[str, str] = {
    "seeds": "seeds",
    "default": "seeds",
    "chinese-club": "chinese-club",
    "chinese_club": "chinese-club",
    "club": "chinese-club",
    "屠边": "chinese-club",
}


def find_preset(name: str) -> str:
    """The canonical name of the preset called `name` (any of its names, any case)."""
    key = PRESET_ALIASES.get(name.strip().lower()) or PRESET_ALIASES.get(name.strip())
    if key is None:
        known = ", ".join(sorted(PRESET_ALIASES))
        raise RuleError(f"unknown rule preset {name!r} (known: {known})")
    return key


def make_rules(settings: Mapping[str, Any] | None = None, preset: str = "seeds") -> Rules:
    """Rules from a preset with `settings` on top; a RuleError names any bad setting or value."""
    values = dict(PRESETS[find_preset(preset)])
    for name, value in (settings or {}).items():
        if name not in Rules.model_fields:
            known = ", ".join(Rules.model_fields)
            raise RuleError(f"unknown rule setting {name!r} (known settings: {known})")
        if name == "events" and value != "off":
            raise RuleError(
                f"rule setting 'events' = {value!r} is not supported yet: the New Moon event "
                "cards are not built (only 'off')"
            )
        values[name] = value
    try:
        return Rules.model_validate(values, strict=True)
    except ValidationError as error:
        problems = []
        for item in error.errors():
            name = ".".join(str(part) for part in item["loc"][:1])
            problems.append(
                f"rule setting {name!r} cannot be {values.get(name)!r}: {item['msg']}"
            )
        raise RuleError("; ".join(problems)) from None
