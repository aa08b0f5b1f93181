"""A phase of the game, "night 2" or "day 1": made and read here only."""

from __future__ import annotations

from typing import Literal

PhaseKind = Literal["night", "day"]


class Phase(str):
    """A night or a day and its number. It is the string a record and a view show ("night 2"),
    so it compares, sorts by text and serialises as that string; `kind` and `number` read it."""

    __slots__ = ()

    def __new__(cls, kind: PhaseKind, number: int) -> Phase:
        if kind != "day" and kind != "night":
            raise ValueError(f"no phase {kind} {number}")
        made = MADE.get((kind == "day", number))
        if made is None:
            if number < 0:
                raise ValueError(f"no phase {kind} {number}")
            made = MADE[(kind == "day", number)] = super().__new__(cls, f"{kind} {number}")
        return made

    @classmethod
    def parse(cls, text: str) -> Phase:
        """The phase written `text` ("day 3"); ValueError for anything else."""
        kind, _, number = text.partition(" ")
        if kind not in ("night", "day") or not number.isdigit():
            raise ValueError(f"{text!r} is not a phase like 'night 1' or 'day 2'")
        return cls(kind, int(number))  # type: ignore[arg-type]

    @property
    def kind(self) -> PhaseKind:
        return "night" if self.startswith("night") else "day"

    @property
    def number(self) -> int:
        return int(self.rsplit(" ", 1)[1])

    @property
    def night(self) -> bool:
        return self.startswith("night")

    def __getnewargs__(self) -> tuple[PhaseKind, int]:  # type: ignore[override]
        return self.kind, self.number

    def __repr__(self) -> str:
        return f"Phase({str(self)!r})"


MADE: dict[tuple[bool, int], Phase] = {}
"""Phases are made once each, by (daytime, number): a game asks for the current one often."""
