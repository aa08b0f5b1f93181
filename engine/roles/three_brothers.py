"""The three brothers (三兄弟, RULES-CHARACTERS.md): village cards with no power but their
meeting: on `brothers_nights` (odd nights by default), while two or more of them are alive and
powerful, they wake and see each other (`engine.roles.siblings`). Dealt all three or none."""

from __future__ import annotations

from engine.roles import Role, declare
from engine.roles.siblings import add_meeting

ROLE = declare(Role.THREE_BROTHERS, plain=True, power_left=lambda state: not state.cursed)
THREE_BROTHERS = "three_brothers"
add_meeting(
    ROLE,
    Role.THREE_BROTHERS,
    THREE_BROTHERS,
    ("three_brothers.wake", "three_brothers.sleep"),
    least=2,
    nights=lambda state: state.rules.brothers_nights,
    ranks=(3.8, 3.3, 4.35),
)
