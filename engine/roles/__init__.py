"""The cards: roles, their teams, and the village groups that `win = "side"` counts.

Each role's module says what its card is (`declare`): its team, whether it wakes with the
pack, what a check shows of it, whether it may self-destruct, whether it is a special village
role (神). The cards of RULES.md without a module of their own are declared here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contents import Catalogue, Contents
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


CORE = Contents("roles")
"""The cards of RULES.md that no module declares: the werewolf, of the pack (shown as a werewolf,
may self-destruct), and the special village roles (神); first in the catalogue."""


def _put_the_rules_cards(catalogue: Catalogue) -> None:
    for cards in (catalogue.wolf_team, catalogue.pack, catalogue.seen_as_wolf, catalogue.self_destructs):
        cards.add(Role.WEREWOLF)
    catalogue.gods.update(SPECIAL_VILLAGE_ROLES)


CORE.add(_put_the_rules_cards)


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
    open_card: bool = False,
) -> Contents:
    """What the card `role` is, said once by its module: a wolf-team card (`wolf`) that wakes
    with the pack or not, shows as a werewolf to a check unless said otherwise, and may
    self-destruct if it meets the pack unless said otherwise; or a special village role (`god`);
    `power_left(state)` says whether a power that can be used up is left; `plain`: counted with
    the plain villagers; `lives`: dealt with that many; `open_card`: shown to everyone before
    the game starts.

    Hands back the role's `Contents`: everything else the module adds (its steps, hooks, cues,
    night step) it adds to that value, which `engine.catalog.build` installs in a catalogue."""
    card = Contents(role.value, role)
    card.add(
        lambda catalogue: _put(
            catalogue,
            role,
            wolf,
            pack,
            seen_as_wolf,
            self_destructs,
            god,
            lone_killer,
            power_left,
            plain,
            lives,
            open_card,
        )
    )
    return card


def _put(
    catalogue: Catalogue,
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
    open_card: bool,
) -> None:
    if wolf:
        catalogue.wolf_team.add(role)
        if pack:
            catalogue.pack.add(role)
        if seen_as_wolf if seen_as_wolf is not None else True:
            catalogue.seen_as_wolf.add(role)
        if self_destructs if self_destructs is not None else pack:
            catalogue.self_destructs.add(role)
        if lone_killer:
            catalogue.lone_killers.append(role)
    if god:
        catalogue.gods.add(role)
    if power_left is not None:
        catalogue.power_left[role] = power_left
    if plain:
        catalogue.plain.add(role)
    if lives != 1:
        catalogue.lives[role] = lives
    if open_card:
        catalogue.open_cards.add(role)


def parse_role(name: str) -> Role:
    """The role called `name`; a ValueError naming the unknown role and the known ones."""
    try:
        return Role(name)
    except ValueError:
        known = ", ".join(sorted(ROLE_NAMES))
        raise ValueError(f"unknown role {name!r} (known roles: {known})") from None
