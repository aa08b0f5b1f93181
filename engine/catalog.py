"""The engine's catalogue: what every module adds (its `Contents`), put in place by one call,
`build()`, module by module in the order of `CONTENTS` — the order the steps, the day actions,
the record keys, the event cards and, between equal ranks, the night steps and the hooks keep.
Importing a module adds nothing; `engine.game` builds the catalogue once.

Adding a role: its module says `ROLE = declare(Role.X, ...)` and adds everything to `ROLE`;
its `ROLE` goes into `CONTENTS` below (see docs/roles.md).
"""

from __future__ import annotations

from engine import day, night, rolehooks, roles, script, speaking, state, steps
from engine.cards import (
    april_fools,
    backfire,
    ball,
    bleak_monday,
    burial,
    double_agent,
    draw,
    end_of_the_harvest,
    executioner,
    flood,
    full_moon_rising,
    gone_hunting,
    great_distrust,
    heads_or_tails,
    influences,
    little_rascal,
    luncheon,
    miracle,
    moon,
    nightmare_card,
    nightsteps,
    punishment,
    radiant_sunday,
    registry,
    reports,
    saint_philippe,
    somnambulism,
    specter,
    spiritualism,
    touch_of_death,
    verdict,
    woodland_gathering,
)
from engine.contents import Contents
from engine.roles import (
    blood_moon,
    cupid,
    demon_hunter,
    dreamcatcher,
    elder,
    gargoyle,
    gravekeeper,
    guard,
    hidden_wolf,
    hunter,
    idiot,
    knight,
    magician,
    nightmare,
    piper,
    psychic,
    scapegoat,
    seer,
    sheriff,
    spirit_knight,
    thief,
    villager,
    werewolves,
    white_wolf_king,
    witch,
    wolf_beauty,
    wolf_king,
    wolf_robot,
)

CONTENTS: tuple[Contents, ...] = (
    moon.CORE,
    bleak_monday.CARD,
    double_agent.CARD,
    draw.CARD,
    night.CORE,
    day.CORE,
    executioner.CARD,
    flood.CARD,
    full_moon_rising.CARD,
    great_distrust.CARD,
    heads_or_tails.CARD,
    influences.CARD,
    punishment.CARD,
    reports.CARD,
    specter.CARD,
    cupid.ROLE,
    piper.ROLE,
    spiritualism.CARD,
    touch_of_death.CARD,
    verdict.CARD,
    speaking.CORE,
    april_fools.CARD,
    backfire.CARD,
    ball.CARD,
    burial.CARD,
    end_of_the_harvest.CARD,
    gone_hunting.CARD,
    little_rascal.CARD,
    luncheon.CARD,
    miracle.CARD,
    nightmare_card.CARD,
    radiant_sunday.CARD,
    saint_philippe.CARD,
    somnambulism.CARD,
    witch.ROLE,
    woodland_gathering.CARD,
    blood_moon.ROLE,
    demon_hunter.ROLE,
    dreamcatcher.ROLE,
    elder.ROLE,
    psychic.ROLE,
    gargoyle.ROLE,
    gravekeeper.ROLE,
    guard.ROLE,
    hidden_wolf.ROLE,
    hunter.ROLE,
    idiot.ROLE,
    knight.ROLE,
    magician.ROLE,
    nightmare.ROLE,
    scapegoat.ROLE,
    seer.ROLE,
    sheriff.CORE,
    spirit_knight.ROLE,
    thief.ROLE,
    villager.ROLE,
    werewolves.CORE,
    white_wolf_king.ROLE,
    wolf_beauty.ROLE,
    wolf_king.ROLE,
    wolf_robot.ROLE,
)
"""Every module's contents, in the catalogue's order."""


def build() -> None:
    """Empty every registry, then put each module's contents in place, in `CONTENTS`' order:
    building twice gives the same catalogue, whatever order the modules were imported in."""
    steps.forget()
    script.forget()
    night.forget()
    nightsteps.forget()
    registry.forget()
    roles.forget()
    state.forget()
    psychic.SHOWN.clear()
    for hooks in rolehooks.REGISTRIES:
        hooks.forget()
    for contents in CONTENTS:
        contents.install()
