"""Decisions: what a seat (or the table together) tells the judge. Each names its step.

Here only the core: the base type, the day's votes and the self-destruct. Each role's and each
event card's decision type lives in the module that registers its step (`engine/roles/`,
`engine/cards/`); `engine` re-exports them all."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, field_validator


class Decision(BaseModel):
    """A decision; `step` is the engine step that accepts it, `key` its game-record key, both
    said once in the class line: `class GuardChoice(Decision, step="guard")` (the key is the
    step's name unless said: `key="sheriff"`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    step: ClassVar[str]
    key: ClassVar[str]

    def __init_subclass__(cls, step: str = "", key: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if step:
            cls.step = step
            cls.key = key or step


class Votes(Decision):
    """Votes of a round: voter seat → target seat; absent voters (or target 0) abstain."""

    votes: dict[int, int]

    @field_validator("votes", mode="before")
    @classmethod
    def _seat_keys(cls, value: object) -> object:
        if isinstance(value, dict):
            return {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in value.items()}
        return value


class DayVote(Votes, step="vote"):
    """The day's exile vote."""


class Revote(Votes, step="revote"):
    """The revote between the tied."""


class SelfDestruct(Decision, step="self_destruct"):
    """A werewolf reveals itself during the day: it dies and the day ends with no vote."""

    seat: int
