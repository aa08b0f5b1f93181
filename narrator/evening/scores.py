"""The evening's scores: for every player name, games, wins, wins by side and cards played.

Rule 1: a game counts once it is over (the engine's outcome); a game ended early by the host
        or abandoned counts for nobody.
Rule 2: a seat's result is read from the engine's public view at the end (`sides`, `won`,
        `cards`), the one place that decides who played for whom; the names are the seats'
        names in that game.
Rule 3: sides are counted in three camps, as Chinese tables score: 好人 (the village), 狼人
        (the werewolves and their ally) and a third side (the mixed lovers with Cupid, the
        pied piper).
Rule 4: a name is a player: the same name typed on another game, or another evening, is the
        same player (compared after trimming, case kept: "小王" and "小王 " are one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.outcome import CAMP_OF_SIDE
from engine.views import PublicView

CAMPS = ("good", "wolves", "third")


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's part in one finished game."""

    name: str
    seat: int
    card: str
    camp: str
    won: bool


@dataclass(slots=True)
class PlayerScore:
    """A player's evening (or all their evenings): games, wins, wins by camp, cards played."""

    name: str
    games: int = 0
    wins: int = 0
    wins_by_camp: Counter[str] = field(default_factory=Counter)
    cards: Counter[str] = field(default_factory=Counter)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "wins_by_camp": {camp: self.wins_by_camp[camp] for camp in CAMPS},
            "cards": dict(sorted(self.cards.items())),
        }


def player_key(name: str) -> str:
    """The name that identifies a player across games and evenings (Rule 4)."""
    return name.strip()


def results(public: PublicView, names: Mapping[int, str]) -> list[SeatResult]:
    """Each named seat's result in a finished game (Rule 2); empty while it goes on."""
    if public.winner is None or public.sides is None or public.cards is None:
        return []
    won = set(public.won or [])
    return [
        SeatResult(
            name=player_key(names[seat]),
            seat=seat,
            card=public.cards[seat],
            camp=CAMP_OF_SIDE[public.sides[seat]],
            won=seat in won,
        )
        for seat in sorted(public.sides)
        if names.get(seat, "").strip()
    ]


def tally(games: Iterable[Iterable[SeatResult]]) -> list[PlayerScore]:
    """Every player's score over `games`, most wins first (then fewest games, then name)."""
    scores: dict[str, PlayerScore] = {}
    for game in games:
        for result in game:
            score = scores.setdefault(result.name, PlayerScore(result.name))
            score.games += 1
            score.cards[result.card] += 1
            if result.won:
                score.wins += 1
                score.wins_by_camp[result.camp] += 1
    return sorted(scores.values(), key=lambda s: (-s.wins, s.games, s.name))
