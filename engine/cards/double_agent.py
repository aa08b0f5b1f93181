"""The Double Agent (双面间谍): on the first night after someone died, the first dead names a
living non-werewolf, who is shown the werewolves and plays on their side from then on: the
werewolves win when everyone alive is a werewolf or the ally."""

from __future__ import annotations

from engine.cards.moon import in_play, notes
from engine.cards.nightsteps import add_night_step
from engine.cards.registry import CardRules, Lasting, add_card, add_lasting
from engine.codecs import field_codec, shape_seat
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, private
from engine.outcome import WinReason
from engine.roles import Role
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, register, seat_answer

CARD = Contents("double_agent")


class AllyChoice(Decision, step="double_agent"):
    """Double Agent: the non-werewolf the first dead names as the werewolves' secret ally."""

    seat: int


ALLY = "double_agent.ally"
"""`MoonState.notes`: the seat of the werewolves' ally (absent: none yet)."""


def ally(state: State) -> int:
    """The double agent's seat (0: none)."""
    seat: int = notes(state).get(ALLY, 0)
    return seat


def begin_double_agent(state: State, step: Step) -> Pending | None:
    first = state.deaths[0].seat
    state.emit(cue("double_agent.wake", seat=first))
    targets = tuple(s for s in state.alive() if not state.is_werewolf(s))
    return Pending(state.phase, "double_agent", "double_agent", (first,), targets)


def check_double_agent(state: State, pending: Pending, decision: AllyChoice) -> None:
    if decision.seat not in pending.targets:
        raise state.refuse("ally_not_werewolf", f"seat {decision.seat} is not a living non-werewolf")


def resolve_double_agent(state: State, pending: Pending, decision: AllyChoice) -> None:
    notes(state)[ALLY] = decision.seat
    state.emit(private("double_agent", decision.seat, werewolves=state.living_werewolves()))
    _sleep(state, pending)


def _sleep(state: State, pending: Pending) -> None:
    """The step's closing line, after a decision and after a void one."""
    state.emit(cue("double_agent.sleep"))


register(
    CARD,
    StepSpec(
        "double_agent",
        begin_double_agent,
        Kind.NIGHT,
        AllyChoice,
        check_double_agent,
        resolve_double_agent,
        form=Form.SEATS,
        answer=seat_answer(AllyChoice, "seat"),
        default=lambda state, pending: AllyChoice(seat=pending.targets[0]),
        codecs=(field_codec("double_agent", Kind.NIGHT, AllyChoice, "seat", shape_seat),),
        sleep=_sleep,
    ),
)
add_night_step(
    CARD,
    "double_agent",
    "first",
    1,
    lambda state: in_play(state, "double_agent") and not ally(state) and bool(state.deaths),
)


add_card(
    CARD,
    CardRules(
        "double_agent", playable=lambda state: any(not state.is_werewolf(seat) for seat in state.alive())
    ),
)


def _only_werewolves_and_ally(state: State, alive: list[int], side: list[int]) -> WinReason | None:
    return WinReason.ONLY_WEREWOLVES_AND_ALLY if len(side) == len(alive) else None


add_lasting(
    CARD,
    Lasting(
        "double_agent",
        rank=1,
        sides_with_werewolves=lambda state, seat: seat == ally(state),
        wins=_only_werewolves_and_ally,
        seat_view=lambda state, seat: (
            {"werewolves": state.seats_with(Role.WEREWOLF)} if seat == ally(state) else {}
        ),
        summary=lambda state: {"ally": ally(state) or None},
    ),
)
