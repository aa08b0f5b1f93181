"""The cards: roles, their teams, and the village groups that `win = "side"` counts."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    WEREWOLF = "werewolf"
    VILLAGER = "villager"
    SEER = "seer"
    WITCH = "witch"
    HUNTER = "hunter"
    CUPID = "cupid"
    GUARD = "guard"
    LITTLE_GIRL = "little_girl"
    THIEF = "thief"
    IDIOT = "idiot"
    ELDER = "elder"
    SCAPEGOAT = "scapegoat"
    PIPER = "piper"


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


def parse_role(name: str) -> Role:
    """The role called `name`; a ValueError naming the unknown role and the known ones."""
    try:
        return Role(name)
    except ValueError:
        known = ", ".join(sorted(ROLE_NAMES))
        raise ValueError(f"unknown role {name!r} (known roles: {known})") from None
