"""Every module that registers steps (`engine.steps`), imported once so the registry is whole."""

from engine import day, night  # noqa: F401
from engine.cards import daysteps, draw, nightsteps  # noqa: F401
from engine.roles import cupid, guard, hunter, piper, scapegoat, seer, sheriff, thief, werewolves, witch  # noqa: F401
