"""The post-game review (复盘) as the phones show it: sentences in the phone's language.

Rule 1: one sentence a phase, from the `recap` lines of the phones' catalogue ("第一夜，狼人杀
        了3号，女巫救了他，平安夜，没有人死亡。"): never the steps' titles, never ASCII
        punctuation in Chinese.
Rule 2: a night tells what each role did (nobody: said too) and who died; a day tells the
        election (who was elected, or nobody), each vote as tallies ("5号得4票"), where the
        badge went, and who was voted out, shot or self-destructed. Steps of the New Moon cards
        are told by the deaths they caused.
Rule 3: a shot names the card that shot, from the judge's line that said it (`SHOTS`): the
        wolf robot's copied shot kills with the copied card's cause (the hunter's, the wolf
        king's: what the rules read), but it was the wolf robot who shot.
"""

from __future__ import annotations

from engine.game import Game
from engine.phase import Phase
from engine.views import public_view
from narrator.phones.catalogue import Locale, has, text
from narrator.voice.numbers import read_number


def written_review(game: Game, locale: Locale) -> list[str]:
    """The review as sentences to read on a phone in `locale`, one per phase (Rule 1)."""
    phases: dict[str, list[str]] = {}
    for pending, _, told in game.told():
        clauses = phases.setdefault(pending.phase, [])
        for key, params in told:
            clauses.append(_clause(locale, key, params, clauses))
    for name, clauses in _days(game, locale).items():
        phases.setdefault(name, []).extend(clauses)
    deaths: dict[str, list[tuple[int, str]]] = {}
    shooters = _shooters(game)
    for death in public_view(game).deaths:
        cause = death.get("cause", "")
        cause = shooters.get(death["seat"], cause) if cause in SHOT_CAUSES else cause
        deaths.setdefault(death["phase"], []).append((death["seat"], cause))
        phases.setdefault(death["phase"], [])
    sentences = []
    for name in sorted(phases, key=_phase_order):
        phase = Phase.parse(name)
        clauses = [_line(locale, phase.kind, **{phase.kind: phase.number}), *phases[name]]
        clauses += _deaths(locale, phase.kind, deaths.get(name, []))
        sentence = _line(locale, "comma").join(clauses) + _line(locale, "stop")
        sentences.append(sentence[:1].upper() + sentence[1:])
    return sentences


SHOTS = {"hunter.shot": "hunter", "wolf_king.shot": "wolf_king", "wolf_robot.shot": "wolf_robot"}
"""The judge's line of a shot → the card that shot, its death cause in the review (Rule 3)."""
SHOT_CAUSES = frozenset(SHOTS.values())


def _shooters(game: Game) -> dict[int, str]:
    """Each seat shot → the card that shot it, as the judge said it (Rule 3)."""
    return {
        int(event.data["target"]): SHOTS[event.data["key"]]
        for event in game.events
        if event.kind == "cue" and event.data["key"] in SHOTS and event.data.get("target")
    }


DAY_CUES = ("sheriff.elected", "sheriff.none", "badge.passed", "badge.destroyed")
"""The public lines of a day that the review tells (besides the votes and the deaths)."""


def _days(game: Game, locale: Locale) -> dict[str, list[str]]:
    """What each day's public events say: the election, the votes counted, the badge (Rule 2)."""
    days: dict[str, list[str]] = {}
    phase = ""
    for event in game.events:
        data = event.data
        if event.kind == "cue" and data["key"] in ("night.falls", "day.breaks"):
            phase = f"night {data['night']}" if data["key"] == "night.falls" else f"day {data['day']}"
        elif phase.startswith("day") and event.audience is None:
            if event.kind == "cue" and data["key"] in DAY_CUES:
                params = {k: v for k, v in data.items() if k == "seat"}
                days.setdefault(phase, []).append(_line(locale, data["key"].replace(".", "_"), **params))
            elif event.kind in ("votes", "sheriff.votes"):
                days.setdefault(phase, []).append(_tally(locale, event.kind, data["votes"]))
    return days


def _tally(locale: Locale, kind: str, votes: dict[str, int | list[int]]) -> str:
    """A vote as counts, most votes first: "放逐投票结果：5号得4票、3号得1票" (abstentions left
    out; a voter who names several seats, as some event cards ask, counts for each)."""
    counts: dict[int, int] = {}
    for named in votes.values():
        for target in named if isinstance(named, list) else [named]:
            if target:
                counts[int(target)] = counts.get(int(target), 0) + 1
    if not counts:
        return _line(locale, "votes_none")
    ranked = sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
    items = [text(locale, "recap.vote_item", target=_seat(locale, t), count=n) for t, n in ranked]
    key = "sheriff_votes" if kind == "sheriff.votes" else "votes"
    return text(locale, f"recap.{key}", tally=text(locale, "recap.list_separator").join(items))


def _clause(locale: Locale, key: str, params: dict[str, object], before: list[str]) -> str:
    """The clause saying `key`; a heal of the victim just named says "him"."""
    if key == "heal" and before and before[-1] == _line(locale, "kill", target=params["target"]):
        return _line(locale, "heal_them")
    return _line(locale, key, **params)


def _deaths(locale: Locale, kind: str, deaths: list[tuple[int, str]]) -> list[str]:
    if not deaths:
        return [_line(locale, f"{kind}_no_death")]
    if kind == "night":
        return [_line(locale, "died", seats=[seat for seat, _ in deaths])]
    return [
        _line(locale, f"cause_{cause}" if has(locale, f"recap.cause_{cause}") else "out", seat=seat)
        for seat, cause in deaths
    ]


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


def _phase_order(name: str) -> tuple[int, int]:
    phase = Phase.parse(name)
    return phase.number, 0 if phase.night else 1
