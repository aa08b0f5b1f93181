"""The Executioner (刽子手), named by the table, alone sees the card of each player voted out
(hidden from everyone else until the game is over); a dying executioner names a successor, heard
after last words (0: none, and the card leaves play)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.cards.moon import InPlay, card_in_play, notes, spend
from engine.cards.registry import CardRules, Lasting, add_card, add_lasting
from engine.codecs import field_codec, shape_seat
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, private
from engine.state import Pending, State, Step, living
from engine.steps import Answer, Form, Kind, Share, StepSpec, register

CARD = Contents("executioner")


class ExecutionerChoice(Decision, step="executioner"):
    """Executioner: the table's executioner, or a dying executioner's successor (0: none)."""

    seat: int


EXECUTIONER = "executioner.seat"
"""`MoonState.notes`: the executioner's seat (absent or 0: none)."""
EXECUTED = "executioner.executed"
"""`MoonState.notes`: the players voted out whose card only the executioner saw."""


def executioner(state: State) -> int:
    seat: int = notes(state).get(EXECUTIONER, 0)
    return seat


def executed(state: State) -> list[int]:
    """The players voted out whose card only the executioner saw."""
    seats: list[int] = notes(state).get(EXECUTED, [])
    return seats


def begin_executioner(state: State, step: Step) -> Pending:
    dying = step.args.get("successor_of", 0)
    if dying:
        state.emit(cue("executioner.successor", seat=dying))
        return Pending(
            state.phase,
            "executioner",
            "executioner",
            (dying,),
            tuple(state.alive()),
            allow_none=True,
            info={"successor_of": dying},
        )
    state.emit(cue("executioner.choose"))
    return Pending(state.phase, "executioner", "executioner", tuple(state.alive()), tuple(state.alive()))


def check_executioner(state: State, pending: Pending, decision: ExecutionerChoice) -> None:
    if decision.seat or not pending.allow_none:
        living(state, decision.seat, "dead_executioner", "executioner")


def resolve_executioner(state: State, pending: Pending, decision: ExecutionerChoice) -> None:
    seat = decision.seat
    notes(state)[EXECUTIONER] = seat
    if seat:
        state.emit(cue("executioner.chosen", seat=seat))
        if executed(state):
            cards = {str(s): state.player(s).card.value for s in executed(state)}
            state.emit(private("executioner.cards", seat, cards=cards))
    else:
        state.emit(cue("executioner.none"))
        played = card_in_play(state, "executioner")
        if played is not None:
            spend(state, "executioner")


def _first_named(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    return ExecutionerChoice(seat=next((part.seats[0] for part in parts.values() if part.seats), 0))


def _quiet_executioner(state: State, pending: Pending) -> Decision:
    return ExecutionerChoice(seat=0 if pending.allow_none else pending.targets[0])


def _nobody_named(state: State, pending: Pending, parts: Mapping[int, Answer]) -> dict[int, Answer]:
    """Nobody named an executioner the table must have: the quiet choice."""
    if any(part.seats for part in parts.values()) or pending.allow_none:
        return dict(parts)
    return {**parts, pending.seats[0]: Answer(seats=(pending.targets[0],))}


def _most_named(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    """The executioner is the seat most named (a tie: the lowest seat)."""
    named = Counter(part.seats[0] for part in parts.values() if part.seats)
    if not named:
        return ExecutionerChoice(seat=0)
    most = max(named.values())
    return ExecutionerChoice(seat=min(seat for seat, n in named.items() if n == most))


register(
    CARD,
    StepSpec(
        "executioner",
        begin_executioner,
        Kind.DAY,
        ExecutionerChoice,
        check_executioner,
        resolve_executioner,
        form=Form.SEATS,
        share=Share.MOST,
        answer=_first_named,
        fill=_nobody_named,
        close=_most_named,
        default=_quiet_executioner,
        codecs=(field_codec("executioner", Kind.DAY, ExecutionerChoice, "seat", shape_seat, repeated=True),),
    ),
)


def _name_executioner(state: State, played: InPlay) -> None:
    state.push(Step("executioner"))


def _sees(state: State, played: InPlay, seat: int) -> None:
    """The card of a player voted out is shown to the living executioner alone."""
    named = executioner(state)
    if named and state.is_alive(named):
        notes(state).setdefault(EXECUTED, []).append(seat)
        card = state.player(seat).card.value
        state.emit(private("executioner.card", named, seat=seat, card=card))


def _successor(state: State, played: InPlay, dead: list[int]) -> list[Step]:
    """A dying executioner names a successor."""
    named = executioner(state)
    return [Step("executioner", {"successor_of": named})] if named and named in dead else []


def _seat_view(state: State, seat: int) -> dict[str, object]:
    if seat == executioner(state) and executed(state):
        return {"executed_cards": {s: state.player(s).card.value for s in executed(state)}}
    return {}


# The card lasts while there is an executioner (spent here when none is left).
add_card(
    CARD,
    CardRules(
        "executioner",
        effect=_name_executioner,
        ends=lambda state, played: False,
        on_voted_out=_sees,
        death_steps=_successor,
        late_steps=("executioner",),
    ),
)
add_lasting(
    CARD,
    Lasting(
        "executioner",
        hides_card=lambda state, seat: seat in executed(state),
        public_view=lambda state: {"executioner": executioner(state) or None},
        seat_view=_seat_view,
    ),
)
