"""The post-game review (复盘) as the phones show it: sentences in the phone's language.

Rule 1: one sentence a phase, from the `recap` lines of the phones' catalogue ("第一夜，狼人杀
        了3号，女巫救了他，平安夜，没有人死亡。"): never the steps' titles, never ASCII
        punctuation in Chinese.
Rule 2: a night tells what each role did (nobody: said too) and who died; a day tells, in
        its order, the election (who was elected, or nobody), each vote as tallies ("5号得4
        票", the sheriff's weight counted and named, a PK's count called one), where the badge
        went, and who was voted out, shot or self-destructed, where the judge said it. Steps
        of the New Moon cards are told by the deaths they caused.
Rule 3: a shot names the card that shot, from the judge's line that said it (`SHOTS`): the
        wolf robot's copied shot kills with the copied card's cause (the hunter's, the wolf
        king's: what the rules read), but it was the wolf robot who shot.
"""

from __future__ import annotations

from collections.abc import Mapping

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
    deaths: dict[str, list[tuple[int, str]]] = {}
    shooters = _shooters(game)
    for death in public_view(game).deaths:
        cause = death.get("cause", "")
        cause = shooters.get(death["seat"], cause) if cause in SHOT_CAUSES else cause
        deaths.setdefault(death["phase"], []).append((death["seat"], cause))
        phases.setdefault(death["phase"], [])
    told_deaths: set[str] = set()
    for name, clauses in _days(game, locale, deaths, told_deaths).items():
        phases.setdefault(name, []).extend(clauses)
    sentences = []
    for name in sorted(phases, key=_phase_order):
        phase = Phase.parse(name)
        clauses = [_line(locale, phase.kind, **{phase.kind: phase.number}), *phases[name]]
        left = deaths.get(name, [])
        if left or name not in told_deaths:
            clauses += _deaths(locale, phase.kind, left)
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
DEATH_CUES = frozenset(
    {
        "vote.out",
        "death.out",
        "self_destruct",
        "sheriff.self_destruct",
        "scapegoat.out",
        "hunter.shot",
        "wolf_king.shot",
        "wolf_robot.shot",
        "white_wolf_king.blow",
        "knight.wolf",
        "knight.good",
        "punishment.dies",
    }
)
"""The judge's lines that say a day's death as it happens: the review tells the death there,
in the day's order (a morning shot before the vote, Rule 2)."""


def _days(
    game: Game, locale: Locale, deaths: dict[str, list[tuple[int, str]]], told: set[str]
) -> dict[str, list[str]]:
    """What each day's public events say, in their order: the election, the votes counted (a
    revote, or the election's second count, is a PK), the badge, and each death where the judge said it, taken
    out of `deaths` (its phase added to `told`) (Rule 2)."""
    days: dict[str, list[str]] = {}
    phase = ""
    counted: dict[str, int] = {}
    for event in game.events:
        data = event.data
        if event.kind == "cue" and data["key"] in ("night.falls", "day.breaks", "day.zero"):
            phase = f"night {data['night']}" if data["key"] == "night.falls" else f"day {data.get('day', 0)}"
            counted = {}
        elif phase.startswith("day") and event.audience is None:
            said = days.setdefault(phase, [])
            if event.kind == "cue" and data["key"] in DAY_CUES:
                params = {k: v for k, v in data.items() if k == "seat"}
                said.append(_line(locale, data["key"].replace(".", "_"), **params))
            elif event.kind in ("votes", "sheriff.votes"):
                # the election's second count is its PK; the day's says so itself
                again = bool(data.get("revote")) or (
                    event.kind == "sheriff.votes" and counted.get(event.kind, 0) > 0
                )
                counted[event.kind] = counted.get(event.kind, 0) + 1
                said.append(_tally(locale, event.kind, data, pk=again))
            if event.kind == "cue" and data["key"] in DEATH_CUES:
                named = {data.get("seat"), data.get("target")}
                here = [d for d in deaths.get(phase, []) if d[0] in named]
                if here:
                    deaths[phase] = [d for d in deaths[phase] if d not in here]
                    said.extend(_deaths(locale, "day", here))
                    told.add(phase)
    return days


def _tally(locale: Locale, kind: str, data: Mapping[str, object], *, pk: bool) -> str:
    """A vote as counts, most votes first: "放逐投票结果：5号得4票、3号得1票", the sheriff's
    weight counted and said ("7号得6.5票（警长1.5票）"), and a mark's votes ("5号得3票（乌鸦诅咒1票）",
    the vote's `marked`); a PK's says so ("PK投票结果：…")
    (abstentions left out; a voter who names several seats, as some event cards ask, counts
    for each)."""
    votes = data["votes"]
    assert isinstance(votes, dict)
    weights = data.get("weights") or {}
    assert isinstance(weights, dict)
    sheriff = str(data.get("sheriff") or "")
    counts: dict[int, float] = {}
    for voter, named in votes.items():
        for target in named if isinstance(named, list) else [named]:
            if target:
                counts[int(target)] = counts.get(int(target), 0) + float(weights.get(voter, 1))
    shown = data.get("marked") or {}
    assert isinstance(shown, dict)
    marked = {int(seat): float(extra) for seat, extra in shown.items()}
    for seat, extra in marked.items():
        counts[seat] = counts.get(seat, 0) + extra
    if not counts:
        return _line(locale, "votes_none")
    ranked = sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
    by_sheriff = votes.get(sheriff) if sheriff in weights else None
    sheriff_weight = _count(weights.get(sheriff, 1))
    items = [
        _vote_item(locale, t, n, sheriff_weight if t == by_sheriff else None, marked.get(t))
        for t, n in ranked
    ]
    key = ("sheriff_" if kind == "sheriff.votes" else "") + ("pk_votes" if pk else "votes")
    return text(locale, f"recap.{key}", tally=text(locale, "recap.list_separator").join(items))


def _vote_item(locale: Locale, target: int, count: float, sheriff: str | None, marked: float | None) -> str:
    """One seat's count, with the sheriff's weight and a mark's votes in it said."""
    params: dict[str, str] = {"target": _seat(locale, target), "count": _count(count)}
    if sheriff is not None:
        params["weight"] = sheriff
    if marked is not None:
        params["marked"] = _count(marked)
    key = {
        (False, False): "recap.vote_item",
        (True, False): "recap.vote_item_sheriff",
        (False, True): "recap.vote_item_marked",
        (True, True): "recap.vote_item_sheriff_marked",
    }[(sheriff is not None, marked is not None)]
    return text(locale, key, **params)


def _count(votes: object) -> str:
    """A count of votes as written: 6, 6.5."""
    number = float(str(votes))
    return str(int(number)) if number.is_integer() else str(number)


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
