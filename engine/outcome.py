"""The end of a game as a value, and the win conditions of RULES.md in their order."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.phase import Phase


class Winner(StrEnum):
    VILLAGERS = "villagers"
    WEREWOLVES = "werewolves"
    LOVERS = "lovers"
    PIPER = "piper"
    CURSED_FOX = "cursed_fox"
    WHITE_WEREWOLF = "white_werewolf"
    ANGEL = "angel"
    PREJUDICED_MANIPULATOR = "prejudiced_manipulator"
    NONE = "none"


WINNING_SIDE: dict[Winner, str] = {
    Winner.VILLAGERS: "village",
    Winner.WEREWOLVES: "werewolves",
    Winner.LOVERS: "lovers",
    Winner.PIPER: "piper",
    Winner.CURSED_FOX: "cursed_fox",
    Winner.WHITE_WEREWOLF: "white_werewolf",
    Winner.ANGEL: "angel",
    Winner.PREJUDICED_MANIPULATOR: "prejudiced_manipulator",
}
"""The side (`engine.cards.spirits.team`) whose seats win with each winner; nobody wins with
`Winner.NONE`."""
CAMP_OF_SIDE: dict[str, str] = {
    "village": "good",
    "werewolves": "wolves",
    "lovers": "third",
    "piper": "third",
    "cursed_fox": "third",
    "white_werewolf": "third",
    "angel": "third",
    "prejudiced_manipulator": "third",
}
"""The three camps a Chinese table scores by: 好人 (the village), 狼人 (the werewolves and
their ally), a third side (the mixed lovers with Cupid, the pied piper)."""


class WinReason(StrEnum):
    """Why the game ended: the win conditions of RULES.md in their order (the catalogues say
    them in each language under `win.<value>`)."""

    NOBODY_ALIVE = "nobody_alive"
    LOVERS_ALONE = "lovers_alone"
    ALL_CHARMED = "all_charmed"
    NO_WEREWOLF = "no_werewolf"
    ONLY_WEREWOLVES = "only_werewolves"
    ONLY_WEREWOLVES_AND_ALLY = "only_werewolves_and_ally"
    ALL_INFECTED = "all_infected"
    PLAIN_VILLAGERS_DEAD = "plain_villagers_dead"
    SPECIAL_ROLES_DEAD = "special_roles_dead"
    PARITY = "parity"
    CURSED_FOX_ALIVE = "cursed_fox_alive"
    WHITE_WEREWOLF_ALONE = "white_werewolf_alone"
    ANGEL_OUT_EARLY = "angel_out_early"
    OTHER_GROUP_DEAD = "other_group_dead"


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won, in which phase ("day 2", "night 1") the game was decided, and why."""

    winner: Winner
    phase: Phase
    reason: WinReason
