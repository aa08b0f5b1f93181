"""The end of a game as a value, and the win conditions of RULES.md in their order."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Winner(StrEnum):
    VILLAGERS = "villagers"
    WEREWOLVES = "werewolves"
    LOVERS = "lovers"
    PIPER = "piper"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won, in which phase ("day 2", "night 1") the game was decided, and why."""

    winner: Winner
    phase: str
    reason: str
