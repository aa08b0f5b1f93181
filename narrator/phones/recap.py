"""The post-game review (复盘) as the phones show it: sentences in the phone's language.

Rule 1: one sentence a phase, from the `recap` lines of the phones' catalogue ("第一夜，狼人杀
        了3号，女巫救了他，平安夜，没有人死亡。"): never the steps' titles, never ASCII
        punctuation in Chinese.
Rule 2: a night tells what each role did (nobody: said too) and who died; a day tells who
        was voted out, shot or self-destructed. Steps of the New Moon cards are told by
        the deaths they caused.
"""

from __future__ import annotations

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
from engine.roles import ROLE_NAMES
from engine.state import Pending
from narrator.phones.catalogue import Locale, text
from narrator.voice.numbers import read_number


def written_review(game: Game, locale: Locale) -> list[str]:
    """The review as sentences to read on a phone in `locale`, one per phase (Rule 1)."""
    phases: dict[str, list[str]] = {}
    for pending, decision in game.history:
        clauses = phases.setdefault(pending.phase, [])
        clauses.extend(_clauses(locale, pending, decision, clauses, game.state.seer_results))
    deaths: dict[str, list[tuple[int, str]]] = {}
    for death in game.state.deaths:
        deaths.setdefault(death.phase, []).append((death.seat, death.cause))
        phases.setdefault(death.phase, [])
    sentences = []
    for phase in sorted(phases, key=_phase_order):
        kind, number = phase.split()
        clauses = [_line(locale, kind, **{kind: int(number)}), *phases[phase]]
        clauses += _deaths(locale, kind, deaths.get(phase, []))
        sentence = _line(locale, "comma").join(clauses) + _line(locale, "stop")
        sentences.append(sentence[:1].upper() + sentence[1:])
    return sentences


def _clauses(
    locale: Locale,
    pending: Pending,
    decision: object,
    before: list[str],
    seer_results: list[tuple[int, int, str]],
) -> list[str]:
    """What `decision` did, as clauses; `before` the phase's clauses so far (a heal of the
    victim just named says "him")."""

    def line(key: str, **params: object) -> str:
        return _line(locale, key, **params)

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
        if result in ("werewolf", "not_werewolf"):
            return [line("seer_werewolf" if result == "werewolf" else "seer_good", target=decision.target)]
        if result in ROLE_NAMES:
            return [line("seer_role", target=decision.target, role=result)]
        return [line("seer", target=decision.target)]
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


def _deaths(locale: Locale, kind: str, deaths: list[tuple[int, str]]) -> list[str]:
    if not deaths:
        return [_line(locale, f"{kind}_no_death")]
    if kind == "night":
        return [_line(locale, "died", seats=[seat for seat, _ in deaths])]
    known = {"vote": "voted_out", "revote": "voted_out", "hunter": "shot", "self_destruct": "self_destructed"}
    return [_line(locale, known.get(cause, "out"), seat=seat) for seat, cause in deaths]


def _line(locale: Locale, key: str, **params: object) -> str:
    """The `recap` line `key` of the phones' catalogue, its placeholders written out: a seat
    ("3号", "seat 3"), seats, a number as the locale writes it ("第一夜"), a card."""
    values: dict[str, str] = {}
    for name, value in params.items():
        if name in ("seat", "target"):
            values[name] = _seat(locale, int(str(value)))
        elif name == "seats":
            assert isinstance(value, list)
            values[name] = _seats(locale, value)
        elif name == "role":
            values[name] = text(locale, f"roles.{value}")
        else:
            values[name] = read_number(int(str(value)), text(locale, "recap.numbers"))
    return text(locale, f"recap.{key}", **values)


def _seat(locale: Locale, seat: int) -> str:
    return text(locale, "recap.seat", n=seat)


def _seats(locale: Locale, seats: list[int]) -> str:
    named = [_seat(locale, seat) for seat in seats]
    if len(named) < 2:
        return "".join(named)
    return text(locale, "recap.list_separator").join(named[:-1]) + text(locale, "recap.list_last") + named[-1]


def _phase_order(phase: str) -> tuple[int, int]:
    kind, number = phase.split()
    return int(number), 0 if kind == "night" else 1
