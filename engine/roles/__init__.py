"""The cards: roles, their teams, and the village groups that `win = "side"` counts.

Each role's module says what its card is (`declare`): its team, whether it wakes with the
pack, what a check shows of it, whether it may self-destruct, whether it is a special village
role (神). The cards of RULES.md without a module of their own are declared here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contents import Contents, registry
from engine.role import Role as Role  # where every module looks for it

ROLE_NAMES: frozenset[str] = frozenset(r.value for r in Role)

# The special village roles of RULES.md (for `win = "side"` and the elder's curse).
SPECIAL_VILLAGE_ROLES: frozenset[Role] = frozenset(
    {
        Role.SEER,
        Role.WITCH,
        Role.HUNTER,
        Role.GUARD,
        Role.LITTLE_GIRL,
        Role.IDIOT,
        Role.ELDER,
        Role.SCAPEGOAT,
    }
)

# The roles whose power the elder's curse takes (every village power).
CURSABLE_ROLES: frozenset[Role] = SPECIAL_VILLAGE_ROLES - {Role.ELDER}

WOLF_TEAM: set[Role] = registry({Role.WEREWOLF})
"""Every card of the werewolves' team (they win together; the village wins when all are dead)."""
PACK: set[Role] = registry({Role.WEREWOLF})
"""The cards that wake with the werewolves and choose the kill together."""
SEEN_AS_WOLF: set[Role] = registry({Role.WEREWOLF})
"""The cards a seer's (or a gravekeeper's) check shows as a werewolf."""
SELF_DESTRUCTS: set[Role] = registry({Role.WEREWOLF})
"""The cards that may self-destruct by day."""
GODS: set[Role] = registry(set(SPECIAL_VILLAGE_ROLES))
"""The special village roles (神) that `win = "side"` counts as one group."""
PLAIN: set[Role] = registry(set())
"""The cards `win = "side"` counts as plain villagers (said by each card's module)."""
LIVES: dict[Role, int] = registry({})
"""The lives a card is dealt with, when more than one (the elder's two)."""
POWER_LEFT: dict[Role, Callable[[Any], bool]] = registry({})
"""Whether a card's power is not used up (the witch's potions), said by the card's module."""
LONE_KILLERS: list[Role] = registry([])
"""Wolf-team cards that do not meet the pack but choose the kill once no pack card lives, in
the catalogue's order (`engine.catalog`: the gargoyle, the hidden wolf, the wolf robot)."""


def declare(
    role: Role,
    *,
    wolf: bool = False,
    pack: bool = False,
    seen_as_wolf: bool | None = None,
    self_destructs: bool | None = None,
    god: bool = False,
    lone_killer: bool = False,
    power_left: Callable[[Any], bool] | None = None,
    plain: bool = False,
    lives: int = 1,
) -> Contents:
    """What the card `role` is, said once by its module: a wolf-team card (`wolf`) that wakes
    with the pack or not, shows as a werewolf to a check unless said otherwise, and may
    self-destruct if it meets the pack unless said otherwise; or a special village role (`god`);
    `power_left(state)` says whether a power that can be used up is left; `plain`: counted with
    the plain villagers; `lives`: dealt with that many.

    Hands back the role's `Contents`: everything else the module adds (its steps, hooks, cues,
    night step) it adds to that value, which `engine.catalog` puts in place."""
    card = Contents(role.value, role)
    card.add(
        lambda: _put(
            role, wolf, pack, seen_as_wolf, self_destructs, god, lone_killer, power_left, plain, lives
        )
    )
    return card


def _put(
    role: Role,
    wolf: bool,
    pack: bool,
    seen_as_wolf: bool | None,
    self_destructs: bool | None,
    god: bool,
    lone_killer: bool,
    power_left: Callable[[Any], bool] | None,
    plain: bool,
    lives: int,
) -> None:
    if wolf:
        WOLF_TEAM.add(role)
        if pack:
            PACK.add(role)
        if seen_as_wolf if seen_as_wolf is not None else True:
            SEEN_AS_WOLF.add(role)
        if self_destructs if self_destructs is not None else pack:
            SELF_DESTRUCTS.add(role)
        if lone_killer:
            LONE_KILLERS.append(role)
    if god:
        GODS.add(role)
    if power_left is not None:
        POWER_LEFT[role] = power_left
    if plain:
        PLAIN.add(role)
    if lives != 1:
        LIVES[role] = lives


def parse_role(name: str) -> Role:
    """The role called `name`; a ValueError naming the unknown role and the known ones."""
    try:
        return Role(name)
    except ValueError:
        known = ", ".join(sorted(ROLE_NAMES))
        raise ValueError(f"unknown role {name!r} (known roles: {known})") from None
