"""How the store names a decision's kind: by its game-record key, never by its Python class.

Rule 1: a stored decision's kind is its record key (`Decision.key`: "seer", "vote",
        "sheriff"); the row's step tells apart the decisions of a key several steps share
        (the sheriff's candidacy, withdrawal and vote are all "sheriff").
Rule 2: stores written before this rule named a decision by its class name; `RENAME_CLASS_NAMES`
        turns them into record keys once, when such a store is opened (a schema change in
        `narrator.store.schema.MIGRATIONS`), from the frozen table below: renaming a class later
        changes nothing stored.
"""

from __future__ import annotations

from engine.catalog import usual
from engine.decisions import Decision
from engine.steps import decision_types

CLASS_NAMES: dict[str, str] = {
    "Accusation": "punishment",
    "AllyChoice": "double_agent",
    "BadgeHandover": "badge",
    "ChurchChoice": "church",
    "CoinToss": "coin",
    "CupidChoice": "cupid",
    "DayVote": "vote",
    "DemonHunterHunt": "demon_hunter",
    "DreamcatcherChoice": "dreamcatcher",
    "EventDraw": "event",
    "ExecutionerChoice": "executioner",
    "FirstVoter": "first_voter",
    "FriendVotes": "friends",
    "GargoyleCheck": "gargoyle",
    "GhostAnswer": "ghost",
    "GhostQuestion": "question",
    "GravekeeperSeen": "gravekeeper",
    "GuardChoice": "guard",
    "HiddenWolfSeen": "hidden_wolf",
    "HunterShot": "hunter",
    "HunterStatus": "hunter_status",
    "KnightDuel": "duel",
    "MagicianSwap": "magician",
    "MediumChoice": "medium",
    "MoonSeerChoice": "moon_seers",
    "NightmareFear": "nightmare",
    "PactChoice": "pact",
    "PiperChoice": "piper",
    "PotionRoll": "potion",
    "PsychicCheck": "psychic",
    "Revote": "revote",
    "RuleBreakers": "reported",
    "ScapegoatChoice": "scapegoat",
    "SeerChoice": "seer",
    "SelfDestruct": "self_destruct",
    "SheriffCandidacy": "sheriff",
    "SheriffVote": "sheriff",
    "SheriffWithdrawal": "sheriff",
    "SpecterChoice": "specter",
    "SpeechOrder": "speech_order",
    "ThiefChoice": "thief",
    "Touch": "touched",
    "Vouch": "vouch",
    "WerewolvesChoice": "werewolves",
    "WhiteWolfKingBlow": "white_wolf_king",
    "WitchChoice": "witch",
    "Witnesses": "witnesses",
    "WolfBeautyCharm": "wolf_beauty",
    "WolfKingShot": "wolf_king",
    "WolfKingStatus": "wolf_king_status",
    "WolfRobotChoice": "wolf_robot",
    "WolfRobotShot": "wolf_robot_shot",
}
"""Each decision's class name as stores written up to 2026-12-04 hold it → its record key.
Frozen: a class renamed or added later is not listed here."""

RENAME_CLASS_NAMES = "UPDATE decisions SET kind = CASE kind {} ELSE kind END".format(
    " ".join(f"WHEN '{name}' THEN '{key}'" for name, key in CLASS_NAMES.items())
)
"""The schema change that renames the kinds of a store written before Rule 1 (Rule 2)."""


def kind_of(decision: Decision) -> str:
    """The kind a decision is stored under (Rule 1)."""
    return decision.key


def decision_type(kind: str, step: str) -> type[Decision] | None:
    """The decision type stored as `kind` on `step` (the row's step), None when no known
    decision has that record key."""
    found = [cls for cls in decision_types(usual()) if cls.key == kind]  # no game yet (test_one_place)
    if len(found) > 1:
        found = [cls for cls in found if cls.step == step]
    return found[0] if len(found) == 1 else None
