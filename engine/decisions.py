"""Decisions: what a seat (or the table together) tells the judge. Each names its step."""

from __future__ import annotations

from typing import ClassVar, Literal

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


class SheriffWithdrawal(Decision):
    """The candidates who withdraw (退水) before the club election's vote (none: nobody)."""

    step: ClassVar[str] = "sheriff_withdraw"
    key: ClassVar[str] = "sheriff"
    seats: tuple[int, ...]


class SpeechOrder(Decision):
    """The sheriff's choice of who speaks first in the club day's discussion: his 下家 (警左, the
    next seat number upward, `upward`) or his 上家 (警右, downward); he speaks last."""

    step: ClassVar[str] = "speech_order"
    key: ClassVar[str] = "speech_order"
    upward: bool


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


DECISION_TYPES: tuple[type[Decision], ...] = (
    ThiefChoice,
    CupidChoice,
    GuardChoice,
    SeerChoice,
    WerewolvesChoice,
    WitchChoice,
    PiperChoice,
    SheriffCandidacy,
    SheriffVote,
    DayVote,
    Revote,
    HunterShot,
    BadgeHandover,
    ScapegoatChoice,
    SelfDestruct,
    EventDraw,
    CoinToss,
    PotionRoll,
    RuleBreakers,
    MediumChoice,
    GhostQuestion,
    GhostAnswer,
    PactChoice,
    Witnesses,
    FriendVotes,
    Vouch,
    Touch,
    MoonSeerChoice,
    ChurchChoice,
)
