"""The white werewolf (白狼, RULES-CHARACTERS.md's White werewolf; not RULES-CLUB.md's 白狼王): he
wakes with the pack every night and, on his nights, alone may kill another werewolf.

Rule 1: on his nights (`white_werewolf_nights`: odd, even or every night; narrated those nights
        only, a public rule) at step 15 (club 8b), alive, he names one other living
        werewolf-side player or nobody (0). Tonight's pack victim may be named (one death).
Rule 2: his kill is a werewolf attack, cause `white_werewolf`, landing at dawn with the pack's
        (`engine.night`'s Rule 4b): the guard stops it, the witch is told its victim and may
        heal him.
Rule 3: he wins alone (`white_werewolf`) when he is the only living player. With
        `white_werewolf_team = "wolves"` he otherwise counts as a werewolf (the pack's win is
        his); with `"alone"` he belongs to no team: while he lives neither the village nor the
        pack wins.
"""

from __future__ import annotations

from engine.cards.moon import on_werewolf_side
from engine.codecs import field_codec, shape_seat
from engine.deaths import add_block, add_side, add_win
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_attack, add_night_step
from engine.nightstep import living_target, pending_for, told_seat, wake
from engine.outcome import Winner, WinReason
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

ROLE = declare(Role.WHITE_WEREWOLF, wolf=True, pack=True)

WHITE_WEREWOLF = "white_werewolf"
"""His step, his kill's cause and his side when he plays alone (`engine.outcome.WINNING_SIDE`)."""
KILL = "white_werewolf.kill"
"""`state.tonight.marks`: the seat he named tonight (Rule 2)."""
CUES = StepCues(
    WHITE_WEREWOLF, wake="white_werewolf.wake", act="white_werewolf.act", sleep="white_werewolf.sleep"
)
add_cues(ROLE, CUES.keys())


class WhiteWerewolfKill(Decision, step=WHITE_WEREWOLF):
    """The werewolf the white werewolf kills tonight; 0: nobody."""

    target: int


def his_night(state: State) -> bool:
    """Rule 1: whether tonight is one of his nights."""
    nights = state.rules.white_werewolf_nights
    return nights == "every" or (state.night % 2 == 1) == (nights == "odd")


def begin_white_werewolf(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.WHITE_WEREWOLF)
    if not seat:
        return None
    targets = tuple(s for s in state.alive() if s != seat and on_werewolf_side(state, s))
    return pending_for(state, WHITE_WEREWOLF, [seat], targets=targets, allow_none=True)


def check_white_werewolf(state: State, pending: Pending, decision: WhiteWerewolfKill) -> None:
    target = decision.target
    if not target:
        return
    living_target(state, target)
    if target == pending.seats[0]:
        raise state.refuse("white_werewolf_self", "the white werewolf kills another werewolf, not himself")
    if not on_werewolf_side(state, target):
        raise state.refuse("white_werewolf_target", f"seat {target} is not a werewolf")


def resolve_white_werewolf(state: State, pending: Pending, decision: WhiteWerewolfKill) -> None:
    if decision.target:
        state.tonight.marks[KILL] = decision.target
    state.emit(private("white_werewolf.kills", pending.seats[0], target=decision.target))
    state.emit(cue(CUES.sleep))


def _named_tonight(state: State) -> list[int]:
    named: int = state.tonight.marks.get(KILL, 0)
    return [named] if named else []


def _alone(state: State) -> bool:
    return state.rules.white_werewolf_team == "alone"


def _wins(state: State, alive: list[int]) -> tuple[Winner, WinReason] | None:
    """Rule 3: the only living player."""
    if len(alive) == 1 and state.player(alive[0]).card == Role.WHITE_WEREWOLF:
        return Winner.WHITE_WEREWOLF, WinReason.WHITE_WEREWOLF_ALONE
    return None


def _blocks(state: State) -> bool:
    """Rule 3, `"alone"`: a living white werewolf keeps both sides from winning."""
    return _alone(state) and any(state.is_alive(s) for s in state.seats_with(Role.WHITE_WEREWOLF))


def _side(state: State, seat: int) -> str | None:
    if state.player(seat).card != Role.WHITE_WEREWOLF:
        return None
    won = state.outcome is not None and state.outcome.winner == Winner.WHITE_WEREWOLF
    return WHITE_WEREWOLF if _alone(state) or won else None


add_attack(ROLE, WHITE_WEREWOLF, 15, _named_tonight)
add_win(ROLE, 3, _wins)
add_block(ROLE, _blocks)
add_side(ROLE, _side)
add_night_step(ROLE, NightStep(WHITE_WEREWOLF, Role.WHITE_WEREWOLF, club=8.2, seeds=6.5, tonight=his_night))
register(
    ROLE,
    StepSpec(
        WHITE_WEREWOLF,
        begin_white_werewolf,
        Kind.NIGHT,
        WhiteWerewolfKill,
        check_white_werewolf,
        resolve_white_werewolf,
        told=told_seat("white_werewolf", "target", "white_werewolf_nobody"),
        form=Form.SEATS,
        answer=seat_answer(WhiteWerewolfKill, "target"),
        default=nobody(WhiteWerewolfKill, "target"),
        codecs=(field_codec(WHITE_WEREWOLF, Kind.NIGHT, WhiteWerewolfKill, "target", shape_seat),),
        reveals=frozenset({"white_werewolf.kills"}),
        cues=CUES,
    ),
)
