"""The rules of 狼人杀 / Werewolf as a pure, replayable engine (standard library and pydantic)."""

from engine.boards import BOARDS, Board, BoardError, find_board
from engine.cards.bleak_monday import Vouch
from engine.cards.double_agent import AllyChoice
from engine.cards.draw import EventDraw, PotionRoll
from engine.cards.executioner import ExecutionerChoice
from engine.cards.flood import ChurchChoice
from engine.cards.full_moon_rising import MoonSeerChoice
from engine.cards.great_distrust import FriendVotes
from engine.cards.heads_or_tails import CoinToss
from engine.cards.influences import FirstVoter
from engine.cards.punishment import Accusation, Witnesses
from engine.cards.reports import RuleBreakers
from engine.cards.specter import SpecterChoice
from engine.cards.spiritualism import GhostAnswer, GhostQuestion, MediumChoice
from engine.cards.touch_of_death import Touch
from engine.cards.verdict import PactChoice
from engine.decisions import DayVote, Decision, Revote, SelfDestruct
from engine.events import Event
from engine.game import Game
from engine.outcome import Outcome, Winner
from engine.roles import Role
from engine.roles.badge import BadgeHandover
from engine.roles.cupid import CupidChoice
from engine.roles.guard import GuardChoice
from engine.roles.hunter import HunterShot
from engine.roles.piper import PiperChoice
from engine.roles.scapegoat import ScapegoatChoice
from engine.roles.seer import SeerChoice
from engine.roles.sheriff import SheriffCandidacy, SheriffVote, SheriffWithdrawal
from engine.roles.thief import ThiefChoice
from engine.roles.werewolves import WerewolvesChoice
from engine.roles.witch import WitchChoice
from engine.rules import PRESETS, RuleError, Rules, find_preset, make_rules
from engine.setup import SeatFacts, Setup, SetupError, deal, suggested_roles
from engine.speaking import SpeechOrder
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
    "SheriffWithdrawal",
    "SpeechOrder",
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
