"""Decisions: what a seat (or the table together) tells the judge. Each names its step."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, field_validator


class Decision(BaseModel):
    """A decision; `step` is the engine step that accepts it, `key` its game-record key."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    step: ClassVar[str]
    key: ClassVar[str]


class Votes(Decision):
    """Votes of a round: voter seat → target seat; absent voters (or target 0) abstain."""

    votes: dict[int, int]

    @field_validator("votes", mode="before")
    @classmethod
    def _seat_keys(cls, value: object) -> object:
        if isinstance(value, dict):
            return {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in value.items()}
        return value


class DayVote(Votes):
    step: ClassVar[str] = "vote"
    key: ClassVar[str] = "vote"


class Revote(Votes):
    step: ClassVar[str] = "revote"
    key: ClassVar[str] = "revote"


class SelfDestruct(Decision):
    """A werewolf reveals itself during the day: it dies and the day ends with no vote."""

    step: ClassVar[str] = "self_destruct"
    key: ClassVar[str] = "self_destruct"
    seat: int


# The New Moon event cards. Draws, coins and rolls are the box's own chance: the game makes
# them with its seeded generator; a record may name them (`EventDraw`, `CoinToss`, `PotionRoll`).


class EventDraw(Decision):
    """The event card drawn this morning."""

    step: ClassVar[str] = "event"
    key: ClassVar[str] = "event"
    card: str


class CoinToss(Decision):
    """Heads or Tails: heads, the condemned is spared; tails, the verdict stands."""

    step: ClassVar[str] = "coin"
    key: ClassVar[str] = "coin"
    side: Literal["heads", "tails"]


class PotionRoll(Decision):
    """Harvest Festival: what the witch's potion turns out to be."""

    step: ClassVar[str] = "potion"
    key: ClassVar[str] = "potion"
    result: Literal["heal", "villager", "werewolf", "poison"]


class RuleBreakers(Decision):
    """The players the table reports for breaking today's spoken rule: they lose the vote."""

    step: ClassVar[str] = "report"
    key: ClassVar[str] = "reported"
    seats: tuple[int, ...]


class MediumChoice(Decision):
    """Spiritualism (`three_questions`): the player left of the last dead names the medium."""

    step: ClassVar[str] = "medium"
    key: ClassVar[str] = "medium"
    medium: int


class GhostQuestion(Decision):
    """Spiritualism: the medium's question, and the seats it points at (none, one or two)."""

    step: ClassVar[str] = "question"
    key: ClassVar[str] = "question"
    ask: str
    seats: tuple[int, ...] = ()


class GhostAnswer(Decision):
    """Spiritualism: the ghost's yes or no (it must be true when the box knows the truth)."""

    step: ClassVar[str] = "ghost"
    key: ClassVar[str] = "ghost"
    yes: bool


class PactChoice(Decision):
    """Pact with the Devil: whether the condemned makes the pact and lives."""

    step: ClassVar[str] = "pact"
    key: ClassVar[str] = "pact"
    pact: bool


class Witnesses(Decision):
    """Punishment: the players who testify for the accused (two or more save him)."""

    step: ClassVar[str] = "witnesses"
    key: ClassVar[str] = "witnesses"
    seats: tuple[int, ...]


class FriendVotes(Decision):
    """Great Distrust: each voter's two best friends; every voter must name them."""

    step: ClassVar[str] = "distrust"
    key: ClassVar[str] = "friends"
    friends: dict[int, tuple[int, ...]]

    @field_validator("friends", mode="before")
    @classmethod
    def _seat_keys(cls, value: object) -> object:
        if isinstance(value, dict):
            return {
                int(k) if isinstance(k, str) and k.isdigit() else k: tuple(v) if isinstance(v, list) else v
                for k, v in value.items()
            }
        return value


class Vouch(Decision):
    """In Any Case It Surely Isn't Him: the player vouched for, who sits down."""

    step: ClassVar[str] = "vouch"
    key: ClassVar[str] = "vouch"
    seat: int


class Touch(Decision):
    """Touch of Death: whether a werewolf touched the victim (if not, there is no victim)."""

    step: ClassVar[str] = "touch"
    key: ClassVar[str] = "touched"
    touched: bool


class MoonSeerChoice(Decision):
    """Full Moon Rising: the player a werewolf checks, as a seer, tonight (0: nobody)."""

    step: ClassVar[str] = "moon_seer"
    key: ClassVar[str] = "moon_seers"
    target: int


class ChurchChoice(Decision):
    """Flood: the woman the werewolves sheltering in the church eat (0: nobody)."""

    step: ClassVar[str] = "church"
    key: ClassVar[str] = "church"
    victim: int
