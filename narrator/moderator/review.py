"""The post-game review (复盘): the game night by night, in full for phones, briefly aloud
(`narrator.phones.recap` writes it as sentences for the phones)."""

from __future__ import annotations

from typing import Any

from engine.decisions import (
    CupidChoice,
    GuardChoice,
    PiperChoice,
    SeerChoice,
    ThiefChoice,
    WerewolvesChoice,
    WitchChoice,
)
from engine.game import Game
from engine.views import night_by_night


def review(game: Game) -> dict[str, Any]:
    """Every card, and what happened in each phase: public only once the game is over."""
    state = game.state
    outcome = game.outcome()
    return {
        "cards": {p.seat: p.card.value for p in state.players},
        "dealt": {seat: role.value for seat, role in enumerate(state.setup.roles, start=1)},
        "lovers": list(state.lovers or []),
        "winner": outcome.winner.value if outcome else None,
        "ended": outcome.phase if outcome else None,
        "phases": night_by_night(game),
    }


def spoken_review(game: Game) -> list[tuple[str, dict[str, Any]]]:
    """The review as catalogue lines to say: each night's actions, briefly."""
    lines: list[tuple[str, dict[str, Any]]] = [("review.start", {})]
    for seat, role in review(game)["cards"].items():
        lines.append(("review.role", {"seat": seat, "role": role}))
    for pending, decision in game.history:
        kind, number = pending.phase.split()
        if kind != "night":
            continue
        said = _night_line(decision, pending.info.get("victim", 0))
        if said is None:
            continue
        night_line = ("review.night", {"night": int(number)})
        if night_line not in lines:
            lines.append(night_line)
        lines.extend(said)
    lines.append(("review.end", {}))
    return lines


def _night_line(decision: object, victim: int) -> list[tuple[str, dict[str, Any]]] | None:
    if isinstance(decision, ThiefChoice):
        return None
    if isinstance(decision, CupidChoice):
        return [("review.lovers", {"seats": sorted(decision.lovers)})]
    if isinstance(decision, GuardChoice) and decision.target:
        return [("review.guard", {"target": decision.target})]
    if isinstance(decision, SeerChoice) and decision.target:
        return [("review.seer", {"target": decision.target})]
    if isinstance(decision, WerewolvesChoice):
        if decision.victim:
            return [("review.kill", {"target": decision.victim})]
        return [("review.no_kill", {})]
    if isinstance(decision, WitchChoice):
        lines: list[tuple[str, dict[str, Any]]] = []
        if decision.heal:
            lines.append(("review.heal", {"target": victim}))
        if decision.poison:
            lines.append(("review.poison", {"target": decision.poison}))
        return lines or None
    if isinstance(decision, PiperChoice):
        return [("review.charm", {"seats": sorted(decision.charmed)})]
    return None
