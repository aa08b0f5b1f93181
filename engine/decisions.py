"""Decisions: what a seat (or the table together) tells the judge. Each names its step."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, field_validator


class Decision(BaseModel):
    """A decision; `step` is the engine step that accepts it, `key` its game-record key."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    step: ClassVar[str]
    key: ClassVar[str]


class ThiefChoice(Decision):
    """Take extra card 1 or 2, or keep the thief card (0)."""

    step: ClassVar[str] = "thief"
    key: ClassVar[str] = "thief"
    take: int


class CupidChoice(Decision):
    """The two lovers (Cupid may name himself)."""

    step: ClassVar[str] = "cupid"
    key: ClassVar[str] = "cupid"
    lovers: tuple[int, int]


class GuardChoice(Decision):
    step: ClassVar[str] = "guard"
    key: ClassVar[str] = "guard"
    target: int


class SeerChoice(Decision):
    step: ClassVar[str] = "seer"
    key: ClassVar[str] = "seer"
    target: int


class WerewolvesChoice(Decision):
    """The victim the werewolves agreed on; 0 = no agreement, nobody."""

    step: ClassVar[str] = "werewolves"
    key: ClassVar[str] = "werewolves"
    victim: int


class WitchChoice(Decision):
    step: ClassVar[str] = "witch"
    key: ClassVar[str] = "witch"
    heal: bool = False
    poison: int = 0


class PiperChoice(Decision):
    step: ClassVar[str] = "piper"
    key: ClassVar[str] = "piper"
    charmed: tuple[int, ...]


class SheriffCandidacy(Decision):
    """The seats that stand for sheriff (one stands → elected; none → no sheriff)."""

    step: ClassVar[str] = "sheriff_candidacy"
    key: ClassVar[str] = "sheriff"
    candidates: tuple[int, ...]


class Votes(Decision):
    """Votes of a round: voter seat → target seat; absent voters (or target 0) abstain."""

    votes: dict[int, int]

    @field_validator("votes", mode="before")
    @classmethod
    def _seat_keys(cls, value: object) -> object:
        if isinstance(value, dict):
            return {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in value.items()}
        return value


class SheriffVote(Votes):
    step: ClassVar[str] = "sheriff_vote"
    key: ClassVar[str] = "sheriff"


class DayVote(Votes):
    step: ClassVar[str] = "vote"
    key: ClassVar[str] = "vote"


class Revote(Votes):
    step: ClassVar[str] = "revote"
    key: ClassVar[str] = "revote"


class HunterShot(Decision):
    step: ClassVar[str] = "hunter"
    key: ClassVar[str] = "hunter"
    target: int


class BadgeHandover(Decision):
    """The dying sheriff's successor; 0 destroys the badge."""

    step: ClassVar[str] = "badge"
    key: ClassVar[str] = "badge"
    successor: int


class ScapegoatChoice(Decision):
    """The seats the dying scapegoat allows to vote on the next day."""

    step: ClassVar[str] = "scapegoat"
    key: ClassVar[str] = "scapegoat"
    voters: tuple[int, ...]


class SelfDestruct(Decision):
    """A werewolf reveals itself during the day: it dies and the day ends with no vote."""

    step: ClassVar[str] = "self_destruct"
    key: ClassVar[str] = "self_destruct"
    seat: int


DECISION_TYPES: tuple[type[Decision], ...] = (
    ThiefChoice, CupidChoice, GuardChoice, SeerChoice, WerewolvesChoice, WitchChoice,
    PiperChoice, SheriffCandidacy, SheriffVote, DayVote, Revote, HunterShot, BadgeHandover,
    ScapegoatChoice, SelfDestruct,
)
