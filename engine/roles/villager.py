"""The plain villager (村民): no power; he wins with the village, and `win = "side"` counts him
with the plain villagers."""

from __future__ import annotations

from engine.roles import Role, declare

ROLE = declare(Role.VILLAGER, plain=True, power_left=lambda state: False)
