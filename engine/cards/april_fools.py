"""April Fools (四月的傻瓜): for the round the witch and the seer swap powers (each acts in the
other's step), the hunter and the little girl (she shoots), the guard and the elder (the elder
guards; the elder's spare life protects the guard, not the elder); each lover votes for the
other, and a lover's death parts them with no grief."""

from __future__ import annotations

from engine.cards.moon import InPlay, powerless
from engine.cards.registry import CardRules, add_card
from engine.contents import Contents
from engine.roles import CURSABLE_ROLES, Role
from engine.state import Player, State

CARD = Contents("april_fools")


SWAPPED: dict[Role, Role] = {Role.SEER: Role.WITCH, Role.WITCH: Role.SEER, Role.GUARD: Role.ELDER}


def acting_for(state: State, played: InPlay, role: Role) -> int | None:
    """The seat that acts for `role` (0: nobody), or None for a power the card does not swap."""
    if role not in SWAPPED:
        return None
    seat = state.seat_of(SWAPPED[role])
    if not seat or not state.is_alive(seat) or powerless(state, seat) or seat in state.tonight.fallen:
        return 0
    if state.cursed and role in CURSABLE_ROLES:
        return 0
    left = state.catalogue.power_left.get(role)
    if left is not None and not left(state):
        return 0  # a power used up (the witch's potions) acts for nobody
    return seat


def spare_life(state: State, played: InPlay, seat: int, spare: Player | None) -> Player | None:
    """The elder's spare life guards the guard, and not the elder."""
    player = state.player(seat)
    if player.card == Role.ELDER:
        return None
    elder = state.seat_of(Role.ELDER)
    if player.card == Role.GUARD and elder and state.is_alive(elder):
        holder = state.player(elder)
        return holder if holder.lives > 1 else None
    return spare


add_card(
    CARD,
    CardRules(
        "april_fools",
        acting_for=acting_for,
        spare_life=spare_life,
        shooter_card=lambda state, played, card: Role.LITTLE_GIRL,
        lovers_hate=True,
    ),
)
