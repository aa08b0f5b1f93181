"""The post-game review (复盘): the game night by night and day by day, in full for phones, briefly
aloud (`narrator.phones.recap` writes it as sentences for the phones).

Rule 1: a night tells what each role did (the steps' `told` lines); a day tells what the judge
        announced of it that decided something: the sheriff elected (or none), a self-destruct,
        the exile (or none), the idiot's reveal, a shot and a blow, the badge passed or lost
        (`DAY`, from the day's public cues, in their order).
Rule 2: spoken, the cards go by role ("1号、4号和7号是狼人。"), then each phase with something
        to tell, under its name ("第1夜。", "第1天。").
Rule 3: a game ended before anyone won (`q`, the host's phone) tells only what the table heard:
        who ended it, then its days; no card, no night action (nothing is secret once the
        game is over, but this one is not over).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.game import Game
from engine.views import night_by_night, public_view

DAY = {
    "sheriff.elected": "sheriff_elected",
    "sheriff.none": "sheriff_none",
    "sheriff.self_destruct": "self_destruct",
    "self_destruct": "self_destruct",
    "white_wolf_king.blow": "white_wolf_king",
    "knight.duel": "knight_duel",
    "knight.wolf": "knight_won",
    "knight.good": "knight_lost",
    "vote.sheriff_decides": "sheriff_decides",
    "vote.out": "vote_out",
    "vote.nobody": "vote_nobody",
    "idiot.revealed": "idiot",
    "sequence_prince.flips": "sequence_prince_flips",
    "scapegoat.out": "scapegoat",
    "hunter.shot": "shot",
    "hunter.declines": "no_shot",
    "wolf_king.shot": "wolf_king_shot",
    "wolf_king.declines": "no_wolf_king_shot",
    "wolf_robot.shot": "shot",
    "wolf_robot.declines": "no_shot",
    "badge.passed": "badge_passed",
    "badge.destroyed": "badge_destroyed",
    "badge.swallowed": "badge_swallowed",
    "badge.lost": "badge_lost",
}
"""The day's public cues the review tells (Rule 1) → its `review` line (the same key in the
voice's catalogue, `review.<line>`, and in the phones', `recap.<line>`)."""


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


def days(game: Game) -> dict[int, list[tuple[str, dict[str, Any]]]]:
    """What each day told that decided something (Rule 1): day number → (line, placeholders),
    from the public cues the judge said; public at any time."""
    told: dict[int, list[tuple[str, dict[str, Any]]]] = {}
    day: int | None = None  # None: at night (or before the game's first day)
    for event in game.events:
        if event.kind != "cue" or not event.public:
            continue
        key = event.data["key"]
        if key == "day.breaks":
            day = int(event.data["day"])
        elif key == "day.zero":  # the angel's day 0, before the first night
            day = 0
        elif key == "night.falls":
            day = None
        elif day is not None and key in DAY:
            told.setdefault(day, []).append((DAY[key], {k: v for k, v in event.data.items() if k != "key"}))
    return told


def spoken_review(
    game: Game, has_line: Callable[[str], bool], *, ended_by: str | None = None
) -> list[tuple[str, dict[str, Any]]]:
    """The review as catalogue lines to say, briefly (Rules 2 and 3): the cards by role, then
    each phase's lines (those the catalogue's `review` group has a line for). `ended_by`: where
    the command that ended an unfinished game came from ("host" for the host's phone)."""
    phases: dict[tuple[int, int], list[tuple[str, dict[str, Any]]]] = {}
    for pending, _, told in game.told():
        if pending.phase.night:
            said = phases.setdefault((pending.phase.number, 0), [])
            said += [(f"review.{key}", params) for key, params in told if has_line(f"review.{key}")]
    for day, told in days(game).items():
        phases.setdefault((day, 1), []).extend((f"review.{key}", params) for key, params in told)
    lines: list[tuple[str, dict[str, Any]]] = []
    if not game.over:
        lines.append(("review.ended_host" if ended_by == "host" else "review.ended", {}))
        phases = {phase: said for phase, said in phases.items() if phase[1] == 1}
        if not any(phases.values()):
            return [*lines, ("review.goodbye", {})]
    lines.append(("review.start", {}))
    for role, seats in by_role(review(game)["cards"]):
        one = len(seats) == 1
        lines.append(
            ("review.role", {"seat": seats[0], "role": role})
            if one
            else ("review.cards", {"seats": seats, "role": role})
        )
    for (number, daytime), said in sorted(phases.items()):
        if said:
            lines.append(("review.day", {"day": number}) if daytime else ("review.night", {"night": number}))
            lines.extend(said)
    lines.append(("review.end", {}))
    return lines


def by_role(cards: dict[int, str]) -> list[tuple[str, list[int]]]:
    """The cards as (role, its seats), in the order of each role's first seat."""
    grouped: dict[str, list[int]] = {}
    for seat in sorted(cards):
        grouped.setdefault(cards[seat], []).append(seat)
    return list(grouped.items())
