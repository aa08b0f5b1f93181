"""A small harness: seat a table from a game record and play it through the engine."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from engine.game import Game, state_of
from engine.record import parse_record, replay, summary

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("WEREWOLF_SHARED", ROOT.parent / "shared"))

CLASSIC_9 = '["werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager"]'


def play(record: str) -> dict[str, Any]:
    """The replay summary of a record written inline."""
    return summary(replay(parse_record(record)))


def game_of(record: str) -> Game:
    """The game after replaying a record written inline."""
    return replay(parse_record(record)).game


def table(roles: str = CLASSIC_9, seats: int | None = None, rules: str = "", extra: str = "") -> str:
    """The [setup] and [rules] of a record; `roles` is a TOML list."""
    n = seats if seats is not None else roles.count('"') // 2
    text = f"[setup]\nseats = {n}\nroles = {roles}\n"
    if extra:
        text += f"extra_cards = {extra}\n"
    return text + f"[rules]\n{rules}\n"


def club(roles: str, rules: str = "") -> str:
    """The [setup] and [rules] of a club game (night_order club, no sheriff)."""
    return table(roles, rules='night_order = "club"\nsheriff = false\n' + rules)


def deaths(game: Game) -> list[tuple[int, str]]:
    """Every death so far, as (seat, cause)."""
    return [(d.seat, d.cause) for d in state_of(game).deaths]
