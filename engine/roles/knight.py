"""The knight (骑士, RULES-CLUB.md): once a game, during the day's discussion (not the election,
a PK, the vote or last words), he flips his card and duels one other living player. A wolf-team
target dies (cause `duel`), night falls, no vote; a good target → the knight dies (cause
`duel`) and the discussion goes on. Only the faction is told. Duel deaths trigger no skill
unless `duel_triggers_skills`."""

from __future__ import annotations

from engine.deaths import kill_by_day
from engine.decisions import DayVote
from engine.events import cue
from engine.roles import Role, declare
from engine.roles.duel_codec import SeatAndTarget, seat_and_target_action
from engine.script import add_cues
from engine.self_destruct import end_the_talk, talk_time
from engine.state import State, Step, living
from engine.steps import register_action

ROLE = declare(Role.KNIGHT, god=True)
add_cues(
    ROLE,
    {
        "knight.duel": ("seat", "target"),
        "knight.wolf": ("target",),
        "knight.good": ("seat",),
    },
)

USED = "knight.dueled"


class KnightDuel(SeatAndTarget, step="duel"):
    """The knight at `seat` duels `target`."""


def discussion(state: State) -> bool:
    """Whether the day's discussion goes on (the talk before the day's first vote)."""
    pending = state.pending
    return talk_time(state) and state.announced and pending is not None and pending.step == DayVote.step


def check_duel(state: State, decision: KnightDuel) -> None:
    seat, target = decision.seat, decision.target
    if not discussion(state):
        raise state.refuse("duel_when", "the knight duels only during the day's discussion")
    living(state, seat, "dead_knight", "knight")
    if state.player(seat).card != Role.KNIGHT:
        raise state.refuse("duel_knight", f"seat {seat} is not the knight")
    if state.memory.get(USED):
        raise state.refuse("duel_used", "the knight has dueled already")
    living(state, target, "dead_target", "target")
    if target == seat:
        raise state.refuse("duel_self", "the knight duels another player")


def resolve_duel(state: State, decision: KnightDuel) -> None:
    seat, target = decision.seat, decision.target
    state.memory[USED] = True
    state.emit(cue("knight.duel", seat=seat, target=target))
    if state.player(target).card in state.catalogue.wolf_team:
        state.emit(cue("knight.wolf", target=target))
        end_the_talk(state)
        kill_by_day(state, [(target, "duel")], triggered=False)
        return
    state.emit(cue("knight.good", seat=seat))
    state.pending = None
    state.push(Step(DayVote.step))  # the discussion goes on, then the vote
    kill_by_day(state, [(seat, "duel")], triggered=False)


def _offered(state: State) -> bool:
    return Role.KNIGHT in state.setup.deck and not state.memory.get(USED) and discussion(state)


register_action(ROLE, seat_and_target_action("duel", KnightDuel, check_duel, resolve_duel, _offered))
