"""The two sisters (两姐妹, RULES-CHARACTERS.md): village cards with no power but their meeting:
on `sisters_nights` (odd nights by default) both, while alive and powerful, wake and see each
other (`engine.roles.siblings`). Dealt both or neither."""

from __future__ import annotations

from engine.roles import Role, declare
from engine.roles.siblings import add_meeting

ROLE = declare(Role.TWO_SISTERS, plain=True, power_left=lambda state: not state.cursed)
TWO_SISTERS = "two_sisters"
add_meeting(
    ROLE,
    Role.TWO_SISTERS,
    TWO_SISTERS,
    ("two_sisters.wake", "two_sisters.sleep"),
    least=2,
    nights=lambda state: state.rules.sisters_nights,
    ranks=(3.7, 3.2, 4.3),
)
