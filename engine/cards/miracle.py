"""Miracle (奇迹): the last werewolf victim, still dead and no lover, comes back to life as a
plain villager."""

from __future__ import annotations

from engine.cards.moon import InPlay, notes
from engine.cards.registry import CardRules, Lasting, add_card, add_lasting
from engine.contents import Contents
from engine.events import cue
from engine.roles import Role
from engine.state import State

CARD = Contents("miracle")


REVIVED = "miracle.revived"
"""`MoonState.notes`: the seats the Miracle brought back, in order."""


def revived(state: State) -> list[int]:
    seats: list[int] = notes(state).get(REVIVED, [])
    return seats


def miracle_seat(state: State) -> int:
    """The last werewolf victim, if still dead and not a lover (a lover's partner died of
    grief: the Miracle cannot part them)."""
    for death in reversed(state.deaths):
        if death.cause == "werewolves":
            alive = state.is_alive(death.seat)
            lover = state.lovers is not None and death.seat in state.lovers
            return 0 if alive or lover else death.seat
    return 0


def revive(state: State, played: InPlay) -> None:
    seat = miracle_seat(state)
    player = state.player(seat)
    player.alive, player.card, player.lives, player.revealed_idiot = True, Role.VILLAGER, 1, False
    notes(state).setdefault(REVIVED, []).append(seat)
    played.seats = (seat,)
    state.emit(cue("miracle.revived", seat=seat))


add_card(CARD, CardRules("miracle", effect=revive, playable=lambda state: miracle_seat(state) != 0))
add_lasting(
    CARD,
    Lasting(
        "miracle",
        public_view=lambda state: {"revived": list(revived(state))},
        summary=lambda state: {"revived": list(revived(state))},
    ),
)
