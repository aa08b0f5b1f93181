"""The engine's catalogue: what every module adds (its `Contents`), installed by `build` into a
`Catalogue` value module by module in the order of `CONTENTS` — the order the steps, the day
actions, the record keys, the event cards and, between equal ranks, the night steps and the
hooks keep. Importing a module adds nothing and builds nothing: the first game made without a
catalogue of its own builds the usual one (`usual`), once.

Adding a role: its module says `ROLE = declare(Role.X, ...)` and adds everything to `ROLE`;
its `ROLE` goes into `CONTENTS` below (see docs/roles.md).
"""

from __future__ import annotations

import functools

from engine import day, night, roles, speaking
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
    punishment,
    radiant_sunday,
    reports,
    saint_philippe,
    somnambulism,
    specter,
    spiritualism,
    touch_of_death,
    verdict,
    woodland_gathering,
)
from engine.contents import Catalogue, Contents
from engine.roles import (
    accursed_wolf_father,
    actor,
    angel,
    awakened_gargoyle,
    bear_tamer,
    big_bad_wolf,
    blood_moon,
    cupid,
    cursed_fox,
    demon_hunter,
    devoted_servant,
    dreamcatcher,
    eclipse_wolf_queen,
    elder,
    fox,
    gargoyle,
    gravekeeper,
    guard,
    hidden_wolf,
    hunter,
    idiot,
    knight,
    magician,
    mirror_seer,
    nightmare,
    piper,
    prejudiced_manipulator,
    psychic,
    pure_white,
    raven,
    rusty_sword_knight,
    scapegoat,
    seer,
    sequence_prince,
    sheriff,
    slacker,
    spirit_knight,
    stuttering_judge,
    thief,
    three_brothers,
    two_sisters,
    villager,
    villager_villager,
    werewolves,
    white_werewolf,
    white_wolf_king,
    wild_child,
    witch,
    wolf_beauty,
    wolf_hound,
    wolf_king,
    wolf_robot,
    wolf_witch,
)
from engine.script import SCRIPT

CONTENTS: tuple[Contents, ...] = (
    roles.CORE,
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
    accursed_wolf_father.ROLE,
    cupid.ROLE,
    cursed_fox.ROLE,
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
    angel.ROLE,
    bear_tamer.ROLE,
    big_bad_wolf.ROLE,
    blood_moon.ROLE,
    demon_hunter.ROLE,
    devoted_servant.ROLE,
    dreamcatcher.ROLE,
    elder.ROLE,
    fox.ROLE,
    psychic.ROLE,
    gargoyle.ROLE,
    gravekeeper.ROLE,
    guard.ROLE,
    hidden_wolf.ROLE,
    hunter.ROLE,
    idiot.ROLE,
    knight.ROLE,
    magician.ROLE,
    mirror_seer.ROLE,
    nightmare.ROLE,
    prejudiced_manipulator.ROLE,
    pure_white.ROLE,
    raven.ROLE,
    rusty_sword_knight.ROLE,
    scapegoat.ROLE,
    seer.ROLE,
    sheriff.CORE,
    slacker.ROLE,
    spirit_knight.ROLE,
    stuttering_judge.ROLE,
    thief.ROLE,
    three_brothers.ROLE,
    two_sisters.ROLE,
    white_werewolf.ROLE,
    villager.ROLE,
    villager_villager.ROLE,
    werewolves.CORE,
    white_wolf_king.ROLE,
    wild_child.ROLE,
    wolf_beauty.ROLE,
    wolf_hound.ROLE,
    wolf_king.ROLE,
    wolf_robot.ROLE,
    wolf_witch.ROLE,
    awakened_gargoyle.ROLE,
    eclipse_wolf_queen.ROLE,
    sequence_prince.ROLE,
    actor.ROLE,
)
"""Every module's contents, in the catalogue's order."""


def build(contents: tuple[Contents, ...] = CONTENTS) -> Catalogue:
    """A new catalogue of `contents`, each module's installed in order: building twice gives
    two catalogues alike that share nothing, whatever order the modules were imported in."""
    catalogue = Catalogue(contents, cues=dict(SCRIPT))
    for each in contents:
        each.install(catalogue)
    catalogue.placeholders.update((key, frozenset(params)) for key, params in catalogue.cues.items())
    return catalogue


@functools.cache
def usual() -> Catalogue:
    """The catalogue of every module (`CONTENTS`), built on first use and kept: importing
    builds nothing."""
    return build()
