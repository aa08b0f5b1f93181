"""A day action that names its actor and a target (the knight's duel, the white wolf king's
blow): its decision, its record codec (`{ seat = 3, target = 5 }`) and its `DayAction`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from engine.codecs import ShapeError
from engine.decisions import Decision
from engine.steps import Answer, Codec, DayAction, Form, Kind, one_seat

if TYPE_CHECKING:
    from engine.state import State


class SeatAndTarget(Decision):
    """The player at `seat` acts against `target`."""

    seat: int
    target: int


A = TypeVar("A", bound=SeatAndTarget)


def seat_and_target_action(
    name: str,
    decision: type[A],
    check: Callable[[State, A], None],
    resolve: Callable[[State, A], None],
    offered: Callable[[State], bool],
) -> DayAction[A]:
    """The day action `name`: a button on every living phone while `offered`, naming one
    living seat; its record key is `name`."""

    def make(seat: int, answer: Answer) -> A:
        return decision(seat=seat, target=one_seat(answer.seats))

    return DayAction(
        name,
        decision,
        check,
        resolve,
        seat=lambda made: made.seat,
        make=make,
        offered=offered,
        codec=seat_and_target(name, decision),
        form=Form.SEATS,
        targets=lambda state: tuple(state.alive()),
    )


def seat_and_target(key: str, decision: type[A]) -> Codec[A]:
    def shape(value: object) -> None:
        if not isinstance(value, dict) or set(value) != {"seat", "target"}:
            raise ShapeError("must be a table { seat = …, target = … }")
        for part in ("seat", "target"):
            if not isinstance(value[part], int) or isinstance(value[part], bool):
                raise ShapeError("must be a seat number", part)

    def read(value: Any, pending: object) -> A:
        return decision.model_validate({"seat": value["seat"], "target": value["target"]})

    def write(made: A, pending: object, old: Any) -> Any:
        dumped = made.model_dump()
        return {"seat": dumped["seat"], "target": dumped["target"]}

    return Codec(key, Kind.DAY, read, write, shape)
