"""The post-game review (复盘): the game night by night, in full for phones, briefly aloud
(`narrator.phones.recap` writes it as sentences for the phones)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.game import Game
from engine.views import night_by_night, public_view


def review(game: Game) -> dict[str, Any]:
    """Every card, and what happened in each phase: public only once the game is over."""
    public = public_view(game)
    outcome = game.outcome()
    return {
        "cards": dict(public.cards or {}),
        "dealt": {seat: role.value for seat, role in enumerate(game.setup.roles, start=1)},
        "lovers": list(public.lovers or []),
        "winner": outcome.winner.value if outcome else None,
        "ended": outcome.phase if outcome else None,
        "phases": night_by_night(game),
    }


def spoken_review(game: Game, has_line: Callable[[str], bool]) -> list[tuple[str, dict[str, Any]]]:
    """The review as catalogue lines to say: every card, then each night's actions, briefly
    (those the catalogue's `review` group has a line for)."""
    lines: list[tuple[str, dict[str, Any]]] = [("review.start", {})]
    for seat, role in review(game)["cards"].items():
        lines.append(("review.role", {"seat": seat, "role": role}))
    for pending, _, told in game.told():
        if not pending.phase.night:
            continue
        said = [(f"review.{key}", params) for key, params in told if has_line(f"review.{key}")]
        night_line = ("review.night", {"night": pending.phase.number})
        if said and night_line not in lines:
            lines.append(night_line)
        lines.extend(said)
    lines.append(("review.end", {}))
    return lines
