"""The post-game review (复盘): the game night by night, in full for phones, briefly aloud.

Rule 1: on the phones the review is written as sentences, one per phase, in the phone's
        language from the `recap` lines of the judge's catalogue ("第一夜，狼人杀了3号，女巫救
        了他，没有人死亡。"): never the steps' titles, never ASCII punctuation in Chinese.
Rule 2: a night tells what each role did (nobody: said too) and who died; a day tells who
        was voted out, shot or self-destructed. Steps of the New Moon cards are told by
        the deaths they caused.
"""

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
from engine.state import Pending
from engine.views import night_by_night
from narrator.voice.catalogue import Catalogue, load_catalogue


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


def written_review(game: Game, locale: str) -> list[str]:
    """The review as sentences to read on a phone in `locale`, one per phase (Rule 1)."""
    catalogue = load_catalogue(locale)
    phases: dict[str, list[str]] = {}
    for pending, decision in game.history:
        clauses = phases.setdefault(pending.phase, [])
        clauses.extend(_clauses(catalogue, pending, decision, clauses, game.state.seer_results))
    deaths: dict[str, list[tuple[int, str]]] = {}
    for death in game.state.deaths:
        deaths.setdefault(death.phase, []).append((death.seat, death.cause))
        phases.setdefault(death.phase, [])
    sentences = []
    for phase in sorted(phases, key=_phase_order):
        kind, number = phase.split()
        clauses = [_line(catalogue, f"recap.{kind}", **{kind: int(number)}), *phases[phase]]
        clauses += _deaths(catalogue, kind, deaths.get(phase, []))
        sentence = _line(catalogue, "recap.comma").join(clauses) + _line(catalogue, "recap.stop")
        sentences.append(sentence[:1].upper() + sentence[1:])
    return sentences


def _clauses(
    catalogue: Catalogue,
    pending: Pending,
    decision: object,
    before: list[str],
    seer_results: list[tuple[int, int, str]],
) -> list[str]:
    """What `decision` did, as clauses; `before` the phase's clauses so far (a heal of the
    victim just named says "him")."""

    def line(key: str, **params: object) -> str:
        return _line(catalogue, f"recap.{key}", **params)

    if isinstance(decision, ThiefChoice):
        cards = list(pending.info.get("cards", []))
        if decision.take and len(cards) >= decision.take:
            return [line("thief", role=cards[decision.take - 1])]
        return [line("thief_kept")]
    if isinstance(decision, CupidChoice):
        return [line("lovers", seats=sorted(decision.lovers))]
    if isinstance(decision, GuardChoice):
        return [line("guard", target=decision.target) if decision.target else line("guard_nobody")]
    if isinstance(decision, SeerChoice):
        if not decision.target:
            return [line("seer_nobody")]
        night = int(pending.phase.split()[1])
        result = next((r for n, t, r in seer_results if n == night and t == decision.target), None)
        return [_seer_line(catalogue, decision.target, result)]
    if isinstance(decision, WerewolvesChoice):
        return [line("kill", target=decision.victim) if decision.victim else line("no_kill")]
    if isinstance(decision, WitchChoice):
        victim = int(pending.info.get("victim", 0))
        said: list[str] = []
        if decision.heal:
            killed = bool(before) and victim and before[-1] == line("kill", target=victim)
            said.append(line("heal_them") if killed else line("heal", target=victim))
        if decision.poison:
            said.append(line("poison", target=decision.poison))
        return said or [line("no_potion")]
    if isinstance(decision, PiperChoice):
        return [line("charm", seats=sorted(decision.charmed))]
    return []


def _seer_line(catalogue: Catalogue, target: int, result: str | None) -> str:
    if result == "werewolf":
        return _line(catalogue, "recap.seer_werewolf", target=target)
    if result == "not_werewolf":
        return _line(catalogue, "recap.seer_good", target=target)
    if result in catalogue.roles:
        return _line(catalogue, "recap.seer_role", target=target, role=result)
    return _line(catalogue, "recap.seer", target=target)


def _deaths(catalogue: Catalogue, kind: str, deaths: list[tuple[int, str]]) -> list[str]:
    if not deaths:
        return [_line(catalogue, f"recap.{kind}_no_death")]
    if kind == "night":
        return [_line(catalogue, "recap.died", seats=[seat for seat, _ in deaths])]
    known = {"vote": "voted_out", "revote": "voted_out", "hunter": "shot", "self_destruct": "self_destructed"}
    return [_line(catalogue, f"recap.{known.get(cause, 'out')}", seat=seat) for seat, cause in deaths]


def _line(catalogue: Catalogue, key: str, **params: object) -> str:
    """A recap line with its placeholders read as the locale reads them, not capitalised
    (it is a clause inside a sentence)."""
    template = catalogue.lines[key]
    return template.format_map({name: catalogue.read(name, value) for name, value in params.items()})


def _phase_order(phase: str) -> tuple[int, int]:
    kind, number = phase.split()
    return int(number), 0 if kind == "night" else 1
