"""What `narrator play` is told: the embedded default that just works, a TOML file, options."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from engine.boards import PRESET, find_board
from engine.roles import Role
from engine.rules import Rules, find_preset, make_rules
from engine.setup import Setup, SetupError, deal, suggested_roles
from narrator.satellite.address import SatelliteAddress
from narrator.timing import Timers


class ConfigError(ValueError):
    """A config file or option that cannot be used; the message names it."""


class PlayConfig(BaseModel):
    """A table's settings. Defaults: nine seats, the seeds' suggested setup and rules,
    Mandarin, phones on port 8000, listening on when a model is installed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: int = 9
    setup: Literal["auto"] | list[str] = "auto"
    extra_cards: list[str] = []
    preset: str = "seeds"
    rules: dict[str, Any] = {}
    locale: str = "zh-CN"
    voice_pack: Path | None = None
    voice: Literal["espeak", "neural"] = "espeak"
    output_device: int | str | None = None
    input_device: int | str | None = None
    satellite: str | None = None
    """A voice satellite as the judge's speaker: an ESPHome voice device, `esphome://HOST[:PORT]`,
    or a Wyoming satellite, `tcp://HOST:PORT`, its microphone too (`narrator devices` lists
    those found on the LAN)."""
    satellite_key: str | None = None
    """The ESPHome device's API encryption key (base64, its `api: encryption: key:`), when it has one."""
    listen: bool = True
    model: Path | None = None
    host: str = "0.0.0.0"
    port: int = 8000
    timers: Timers = Timers()
    store: Path | None = None
    seed: int | None = None
    board: str | None = None
    """A board (`narrator boards`) by any of its names, kept by its id: its cards and seats, and
    its rules (the chinese-club preset and its witch rule) with `rules` on top."""

    @field_validator("satellite")
    @classmethod
    def _satellite_address(cls, value: str | None) -> str | None:
        return None if value is None else str(SatelliteAddress.parse(value))

    @model_validator(mode="before")
    @classmethod
    def _board_sets_the_seats(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("board"), str):
            board = find_board(data["board"])
            return {"seats": board.seats, **data, "board": board.id}
        return data

    def table(self) -> tuple[Setup, Rules]:
        """The dealt setup and the rules (a seeded deal when `seed` is set)."""
        if self.board is not None:
            board = find_board(self.board)
            if self.seats != board.seats:
                raise ConfigError(
                    f"board {board.id!r} ({board.name}) is for {board.seats} seats, not {self.seats}"
                )
            if self.setup != "auto" or self.extra_cards:
                raise ConfigError(
                    f"board {board.id!r} deals its own cards: give a board or a setup, not both"
                )
            if "preset" in self.model_fields_set and find_preset(self.preset) != PRESET:
                raise ConfigError(f"a board plays the {PRESET} preset, not {self.preset!r}")
            return board.deal(self.seed), board.rules(self.rules)
        rules = make_rules(self.rules, preset=self.preset)
        deck = suggested_roles(self.seats) if self.setup == "auto" else list(self.setup)
        deck += self.extra_cards
        return deal(deck, self.seats, seed=self.seed), rules

    def with_seats(self, seats: int) -> PlayConfig:
        """These settings for a bare seat count: the judge's default cards for `seats` (as
        `narrator play --seats N`), the preset and rules as they are, no board."""
        settings = self.model_dump(exclude_unset=True)
        settings.pop("board", None)
        return PlayConfig.model_validate({**settings, "seats": seats, "setup": "auto", "extra_cards": []})

    def timers_for(self, rules: Rules) -> Timers:
        """The timers, with the speech times of the rules unless the timers set their own."""
        update = {}
        if "speech" not in self.timers.model_fields_set:
            update["speech"] = float(rules.speech_seconds)
        if "last_speech" not in self.timers.model_fields_set:
            update["last_speech"] = float(rules.last_speech_seconds)
        return self.timers.model_copy(update=update)


CARDS = ("seats", "board", "setup", "extra_cards", "preset")  # the settings that deal the cards


def on_kept(data: Mapping[str, Any], kept: Mapping[str, Any]) -> dict[str, Any]:
    """The settings `data` (the file and options) on top of the box's kept setup `kept` (the
    table the host's phone last set: `Store.remembered`): the cards as `data` gives them
    when it names any (seats, board, cards or preset), else as kept; the rules and timers
    kept under those `data` gives; the judge's language and voice as kept unless `data` gives
    them."""
    merged = dict(data)
    if not any(name in data for name in CARDS):
        merged |= {name: kept[name] for name in CARDS if name in kept}
    for name in ("rules", "timers"):
        if name in kept:
            merged[name] = {**kept[name], **data.get(name, {})}
    for name in ("locale", "voice"):
        if name in kept and name not in data:
            merged[name] = kept[name]
    return merged


def load_config(path: Path | None, kept: Mapping[str, Any] | None = None, **overrides: Any) -> PlayConfig:
    """The config of `path` (TOML; none: the defaults) with the options given on top, both on
    top of the box's kept setup (`on_kept`)."""
    data: dict[str, Any] = {}
    if path is not None:
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise ConfigError(f"{path}: {error}") from None
    data.update({k: v for k, v in overrides.items() if v is not None})
    data = on_kept(data, kept or {})
    try:
        config = PlayConfig.model_validate(data)
        config.table()
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        message = str(first["msg"]).removeprefix("Value error, ")
        raise ConfigError(f"setting {where!r}: {message}" if where else message) from None
    except SetupError as error:
        raise ConfigError(str(error) + setup_hint() if config.setup == "auto" else str(error)) from None
    except ValueError as error:
        raise ConfigError(str(error)) from None
    return config


def setup_hint() -> str:
    """How to name the cards, and which there are (after a seat count with no suggested cards)."""
    cards = ", ".join(role.value for role in Role)
    return (
        ", one card per seat: --setup werewolf,werewolf,seer,witch,villager,… "
        f"(or setup = [...] in the settings file); the cards: {cards}"
    )
