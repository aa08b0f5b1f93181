"""The white wolf king (白狼王, RULES-CLUB.md): a werewolf of the pack who, by day in any speaking
phase (the election, the PK, the discussion), may self-destruct and take one other living player
with him (cause `white_wolf_king`); night falls and neither has last words. A taken hunter or
wolf king shoots (`white_wolf_king_victim_shoots`). No skill on any other death."""

from __future__ import annotations

from engine.deaths import death_events, kill_by_day
from engine.decisions import SelfDestruct
from engine.events import cue
from engine.roles import Role, declare
from engine.roles.duel_codec import SeatAndTarget, seat_and_target_action
from engine.script import add_cues
from engine.self_destruct import blow, check_self_destruct
from engine.state import State, living
from engine.steps import register_action

ROLE = declare(Role.WHITE_WOLF_KING, wolf=True, pack=True)
add_cues(ROLE, {"white_wolf_king.blow": ("seat", "target")})


class WhiteWolfKingBlow(SeatAndTarget, step="white_wolf_king"):
    """The white wolf king at `seat` self-destructs and takes `target` with him."""


def check_blow(state: State, decision: WhiteWolfKingBlow) -> None:
    check_self_destruct(state, decision.seat)
    if state.player(decision.seat).card != Role.WHITE_WOLF_KING:
        raise state.refuse("blow_white_wolf_king", f"seat {decision.seat} is not the white wolf king")
    living(state, decision.target, "dead_target", "target")
    if decision.target == decision.seat:
        raise state.refuse("blow_self", "the white wolf king takes another player with him")


def resolve_blow(state: State, decision: WhiteWolfKingBlow) -> None:
    seat, target = decision.seat, decision.target
    state.emit(cue("white_wolf_king.blow", seat=seat, target=target), *death_events(state, [seat, target]))
    blow(state, seat, takes=True)
    kill_by_day(state, [(seat, "self_destruct"), (target, "white_wolf_king")], triggered=False)


def _offered(state: State) -> bool:
    return Role.WHITE_WOLF_KING in state.setup.deck and state.catalogue.actions[SelfDestruct].offered(state)


register_action(
    ROLE, seat_and_target_action("white_wolf_king", WhiteWolfKingBlow, check_blow, resolve_blow, _offered)
)
