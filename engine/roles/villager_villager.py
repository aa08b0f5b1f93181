"""The villager-villager (村民村民, RULES-CHARACTERS.md's Villager-villager): no power; his card
is shown to everyone before the game starts (the judge says it, every phone and the public
screen show it beside his seat), and `win = "side"` counts him with the plain villagers."""

from __future__ import annotations

from engine.roles import Role, declare

ROLE = declare(Role.VILLAGER_VILLAGER, plain=True, power_left=lambda state: False, open_card=True)
