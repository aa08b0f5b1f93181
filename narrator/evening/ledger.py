"""The evening's scores read back from the store: each finished game rebuilt and scored.

Rule 1: only games that are over count (`narrator.evening.scores`, Rule 1); a damaged game is
        named and passed over, never a reason to lose the rest of the evening.
Rule 2: the names are those the seats had in that game (the store's seats of the game).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.views import public_view
from narrator.evening.scores import PlayerScore, SeatResult, results, tally
from narrator.store import Store, StoreError


@dataclass(frozen=True)
class Ledger:
    """The scores of some games: per player, and the games that could not be read."""

    scores: list[PlayerScore]
    games: int
    unreadable: list[str] = field(default_factory=list)  # "id: why"


def game_results(store: Store, game_id: str) -> list[SeatResult]:
    """The named seats' results of a stored game; empty unless it is over. `StoreError` (or
    `DamagedGame`) when it cannot be read back."""
    stored = store.load(game_id)
    if stored.status != "over":
        return []
    names = {seat: name for seat, (name, _token) in store.seats(game_id).items()}
    return results(public_view(stored.rebuild()), names)


def ledger(store: Store, game_ids: Iterable[str]) -> Ledger:
    """The scores over `game_ids` (Rule 1)."""
    played: list[list[SeatResult]] = []
    unreadable = []
    for game_id in game_ids:
        try:
            found = game_results(store, game_id)
        except StoreError as error:
            unreadable.append(f"{game_id}: {error}")
            continue
        if found:
            played.append(found)
    return Ledger(tally(played), len(played), unreadable)


def evening_ledger(store: Store, evening_id: str) -> Ledger:
    for evening in store.evenings():
        if evening["id"] == evening_id:
            return ledger(store, evening["games"])
    raise StoreError(f"no evening {evening_id!r} in {store.path}")


def players_ledger(store: Store) -> Ledger:
    """Every finished game in the store, every evening: a name is the same player throughout."""
    return ledger(store, [row["id"] for row in reversed(store.games()) if row["status"] == "over"])
