"""The cards that send players away (Luncheon, the Ball, Gone Hunting, Woodland Gathering, the
Little Rascal): who goes, by the facts the players gave (age, gender)."""

from __future__ import annotations

from engine.cards.moon import InPlay, fact
from engine.events import cue
from engine.state import State


def age(state: State, seat: int) -> int:
    value = fact(state, seat, "age")
    assert isinstance(value, int)
    return value


def half(state: State, *, older: bool) -> tuple[int, ...]:
    """The older (or younger) half of the living players by age; ties by seat."""
    alive = state.alive()
    ranked = sorted(alive, key=lambda s: (-age(state, s) if older else age(state, s), s))
    return tuple(sorted(ranked[: len(alive) // 2]))


def of_gender(state: State, gender: str) -> tuple[int, ...]:
    return tuple(s for s in state.alive() if fact(state, s, "gender") == gender)


def send_away(state: State, played: InPlay, seats: tuple[int, ...], line: str) -> None:
    """The card sends `seats` away, and the judge says so (the cue `line`, `away.…`)."""
    played.seats = seats
    state.emit(cue(line, seats=list(seats)))
