"""Every module that registers steps (`engine.steps`), imported once so the registry is whole:
the day and the night, each role (`engine.roles`), each event card's steps (`engine.cards`)."""

from engine import day, night, speaking  # noqa: F401
from engine.cards import (  # noqa: F401
    backfire,
    bleak_monday,
    double_agent,
    draw,
    executioner,
    flood,
    full_moon_rising,
    great_distrust,
    influences,
    nightsteps,
    punishment,
    reports,
    specter,
    spiritualism,
    touch_of_death,
    verdict,
)
from engine.roles import (  # noqa: F401
    cupid,
    demon_hunter,
    dreamcatcher,
    gargoyle,
    gravekeeper,
    guard,
    hidden_wolf,
    hunter,
    nightmare,
    piper,
    psychic,
    scapegoat,
    seer,
    sheriff,
    spirit_knight,
    thief,
    werewolves,
    witch,
    wolf_beauty,
    wolf_king,
)
