"""The rules of 狼人杀 / Werewolf as a pure, replayable engine (standard library and pydantic)."""

from engine.boards import BOARDS, Board, BoardError, find_board
from engine.cards.double_agent import AllyChoice
from engine.cards.executioner import ExecutionerChoice
from engine.cards.influences import FirstVoter
from engine.cards.punishment import Accusation
from engine.cards.specter import SpecterChoice
from engine.decisions import (
    BadgeHandover,
    ChurchChoice,
    CoinToss,
    CupidChoice,
    DayVote,
    Decision,
    EventDraw,
    FriendVotes,
    GhostAnswer,
    GhostQuestion,
    GuardChoice,
    HunterShot,
    MediumChoice,
    MoonSeerChoice,
    PactChoice,
    PiperChoice,
    PotionRoll,
    Revote,
    RuleBreakers,
    ScapegoatChoice,
    SeerChoice,
    SelfDestruct,
    SheriffCandidacy,
    SheriffVote,
    ThiefChoice,
    Touch,
    Vouch,
    WerewolvesChoice,
    WitchChoice,
    Witnesses,
)
from engine.events import Event
from engine.game import Game
from engine.outcome import Outcome, Winner
from engine.roles import Role
from engine.rules import PRESETS, RuleError, Rules, find_preset, make_rules
from engine.setup import SeatFacts, Setup, SetupError, deal, suggested_roles
from engine.state import IllegalDecision, Pending

__all__ = [
    "BOARDS",
    "PRESETS",
    "Board",
    "BoardError",
    "BadgeHandover",
    "CupidChoice",
    "DayVote",
    "Decision",
    "Event",
    "Game",
    "GuardChoice",
    "HunterShot",
    "IllegalDecision",
    "Outcome",
    "Pending",
    "PiperChoice",
    "Revote",
    "Role",
    "RuleError",
    "Rules",
    "ScapegoatChoice",
    "SeerChoice",
    "SelfDestruct",
    "Setup",
    "SetupError",
    "SheriffCandidacy",
    "SheriffVote",
    "ThiefChoice",
    "WerewolvesChoice",
    "Winner",
    "WitchChoice",
    "deal",
    "find_board",
    "find_preset",
    "make_rules",
    "suggested_roles",
    # The New Moon event cards
    "Accusation",
    "AllyChoice",
    "ChurchChoice",
    "CoinToss",
    "EventDraw",
    "ExecutionerChoice",
    "FirstVoter",
    "FriendVotes",
    "GhostAnswer",
    "GhostQuestion",
    "MediumChoice",
    "MoonSeerChoice",
    "PactChoice",
    "PotionRoll",
    "RuleBreakers",
    "SeatFacts",
    "SpecterChoice",
    "Touch",
    "Vouch",
    "Witnesses",
]
