"""Every module that registers steps (`engine.steps`), imported once so the registry is whole."""

from engine import day, night  # noqa: F401
from engine.cards import (  # noqa: F401  # noqa: F401
    backfire,
    daysteps,
    double_agent,
    draw,
    flood,
    full_moon_rising,
    nightsteps,
    specter,
    touch_of_death,
)
from engine.roles import cupid, guard, hunter, piper, scapegoat, seer, sheriff, thief, werewolves, witch  # noqa: F401
