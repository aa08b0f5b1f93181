"""The magician (魔术师, RULES-CLUB.md): a 神 who, first at night after the nightmare, may swap
two living seats (himself included), each seat at most once a game (`magician_swaps`: every
night, or one swap in all). Every later seat-naming night choice lands on the other seat (the
knife, a check, a potion, the guard, a dream, a charm, a hunt: `engine.night.lands_on`); what the
witch is told, her self-heal ban, the guard's repeat ban and a consecutive dream read the seat as
named; day actions are never swapped."""

from __future__ import annotations

from typing import Any

from engine.codecs import ShapeError
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import NightStep, add_night_step, add_redirect
from engine.nightstep import living_target, pending_for, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import IllegalDecision, Pending, State, Step
from engine.steps import Answer, Codec, Form, Kind, StepSpec, nobody, register, single

ROLE = declare(Role.MAGICIAN, god=True)

MAGICIAN = "magician"
CUES = StepCues(MAGICIAN, wake="magician.wake", act="magician.act", sleep="magician.sleep")
add_cues(ROLE, CUES.keys())

SWAP = "magician.swap"
"""`state.tonight.marks`: tonight's swap, the two seats (absent: no swap)."""
USED = "magician.used"
"""`state.memory`: every seat swapped so far this game (never again)."""


class MagicianSwap(Decision, step=MAGICIAN):
    """The two seats the magician swaps tonight; (): no swap."""

    seats: tuple[int, ...] = ()


def landing(state: State, seat: int) -> int:
    """The seat a night choice naming `seat` lands on after tonight's swap."""
    swap = state.tonight.marks.get(SWAP)
    if not swap or seat not in swap:
        return seat
    return int(swap[1] if seat == swap[0] else swap[0])


def _spent(state: State) -> bool:
    """`"once_per_game"`: his one swap is made."""
    return state.rules.magician_swaps == "once_per_game" and bool(state.memory.get(USED))


def begin_magician(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.MAGICIAN)
    if not seat:
        return None
    used = state.memory.get(USED, [])
    targets = () if _spent(state) else tuple(s for s in state.alive() if s not in used)
    return pending_for(
        state, MAGICIAN, [seat], targets=targets, allow_none=True, count=2, info={"swapped": list(used)}
    )


def check_magician(state: State, pending: Pending, decision: MagicianSwap) -> None:
    if not decision.seats:
        return
    if len(decision.seats) != 2 or decision.seats[0] == decision.seats[1]:
        raise state.refuse("magician_two_seats", "the magician swaps two different players, or nobody")
    if _spent(state):
        raise state.refuse("magician_once", "the magician has made his one swap of the game")
    for target in decision.seats:
        living_target(state, target)
        if target in state.memory.get(USED, []):
            raise state.refuse("magician_repeat", f"seat {target} was swapped before: once a game")


def resolve_magician(state: State, pending: Pending, decision: MagicianSwap) -> None:
    seats = sorted(decision.seats)
    if seats:
        state.tonight.marks[SWAP] = (seats[0], seats[1])
        state.memory[USED] = [*state.memory.get(USED, []), *seats]
    state.emit(private("magician.swaps", pending.seats[0], seats=seats))
    state.emit(cue(CUES.sleep))


def _answer(pending: Pending, given: Answer) -> Decision:
    if len(given.seats) not in (0, 2):
        raise IllegalDecision("wrong_count", "name two seats, or none")
    return MagicianSwap(seats=tuple(given.seats))


def _codec() -> Codec[MagicianSwap]:
    """`magician = [a, b]`, or `[]` for no swap."""

    def shape(value: object) -> None:
        if not isinstance(value, list) or len(value) not in (0, 2):
            raise ShapeError("must be a list of two seats, or [] for no swap")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise ShapeError("must be a list of two seats, or [] for no swap")

    def read(value: Any, pending: Pending) -> MagicianSwap:
        return MagicianSwap(seats=tuple(value))

    def write(made: MagicianSwap, pending: Pending, old: Any) -> Any:
        return list(made.seats)

    return Codec(MAGICIAN, Kind.NIGHT, read, write, shape)


def _told(state: State, pending: Pending, decision: MagicianSwap) -> list[tuple[str, dict[str, Any]]]:
    if not decision.seats:
        return [("magician_nobody", {})]
    return [("magician", {"seats": sorted(decision.seats)})]


add_redirect(ROLE, landing)
add_night_step(ROLE, NightStep(MAGICIAN, Role.MAGICIAN, club=5))
register(
    ROLE,
    StepSpec(
        MAGICIAN,
        begin_magician,
        Kind.NIGHT,
        MagicianSwap,
        check_magician,
        resolve_magician,
        told=_told,
        form=Form.SEATS,
        names=2,
        answer=single(_answer),
        default=nobody(MagicianSwap, "seats", ()),
        codecs=(_codec(),),
        reveals=frozenset({"magician.swaps"}),
        cues=CUES,
    ),
)
