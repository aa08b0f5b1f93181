"""The village idiot (白痴): voted out, he shows his card and stays alive, but votes no more (and,
with `idiot_votable_after_reveal = false`, nobody may vote for him); the elder's curse kills a
revealed idiot (`engine.roles.elder`)."""

from __future__ import annotations

from engine.events import cue
from engine.roles import Role, declare
from engine.script import add_cues
from engine.state import State
from engine.vote import add_voted_out

ROLE = declare(Role.IDIOT)


def _reveals(state: State, seat: int) -> bool:
    player = state.player(seat)
    if player.card != Role.IDIOT or player.revealed_idiot or not state.has_power(seat):
        return False
    player.revealed_idiot = True
    state.emit(cue("idiot.revealed", seat=seat))
    return True


add_cues(ROLE, {"idiot.revealed": ("seat",)})
add_voted_out(ROLE, _reveals)
