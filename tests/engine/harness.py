"""A small harness: seat a table from a game record and play it through the engine."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game, state_of
from engine.record import parse_record, replay, summary
from engine.state import IllegalDecision
from tests.support.usual import STEPS

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("WEREWOLF_SHARED", ROOT.parent / "shared"))

CLASSIC_9 = '["werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager"]'


def play(record: str) -> dict[str, Any]:
    """The replay summary of a record written inline."""
    return summary(replay(parse_record(record)))


def game_of(record: str) -> Game:
    """The game after replaying a record written inline, which replays without a refusal."""
    played = replay(parse_record(record))
    assert played.error is None, played.error
    return played.game


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


def steps(game: Game) -> list[str]:
    """The steps decided so far, in order."""
    return [p.step for p, _ in game.history]


def answers(game: Game, seat: int) -> list[dict[str, Any]]:
    """The check answers `seat` was given (the `seer.result` events only it may see)."""
    return [dict(e.data) for e in game.events if e.kind == "seer.result" and e.audience == frozenset({seat})]


def told(game: Game, step: str) -> list[tuple[str, dict[str, Any]]]:
    """The review lines of `step`'s decisions so far (the game's own `told` waits for its end)."""
    spec = STEPS[step]
    assert spec.told is not None
    return [line for p, d in game.history if p.step == step for line in spec.told(state_of(game), p, d)]


def refused(game: Game, decision: Any, by: int | None = None) -> str:
    """The rule `decision` (from seat `by`) is refused by; it fails when it is accepted."""
    with pytest.raises(IllegalDecision) as error:
        game.check(decision, by=by)
    return error.value.rule
