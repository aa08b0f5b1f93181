"""The engine's catalogue: what every module adds (its `Contents`), put in place by one call,
a `Catalogue` value put in place module by module in the order of `CONTENTS` — the order the
steps, the day actions, the record keys, the event cards and, between equal ranks, the night
steps and the hooks keep. Importing a module adds nothing and builds nothing: the first game
(or the first read of a registry) puts the usual catalogue in place.

Adding a role: its module says `ROLE = declare(Role.X, ...)` and adds everything to `ROLE`;
its `ROLE` goes into `CONTENTS` below (see docs/roles.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import day, night, speaking
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
from engine.contents import IN_PLACE, Contents, put_in_place
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


@dataclass(frozen=True, eq=False)
class Catalogue:
    """The engine's catalogue as a value: every module's contents, in the order they are put in
    place. The registries (`engine.contents.registry`) hold one catalogue at a time: a `Game`
    puts its own in place when it is made (`put_in_place`), the usual one (`USUAL`) unless
    given another."""

    contents: tuple[Contents, ...]

    def put_in_place(self, *, again: bool = False) -> Catalogue:
        """Make the registries hold this catalogue, unless they do already (`again`: afresh):
        each registry starts from what it held when declared, then each module's contents are
        installed in order. Building twice gives the same catalogue, whatever order the
        modules were imported in."""
        if again or IN_PLACE.catalogue is not self:
            put_in_place(self, self.contents)
        return self


USUAL = Catalogue(CONTENTS)
"""The catalogue of every module (`CONTENTS`), put in place by the first game or the first
registry read: importing puts nothing in place."""
IN_PLACE.usual = USUAL.put_in_place


def build() -> Catalogue:
    """Put the usual catalogue in place afresh (a test that installed more puts it back)."""
    return USUAL.put_in_place(again=True)
