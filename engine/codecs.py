"""The game record's usual values: the shapes a record key's value may have (a seat, a list of
seats, a yes/no, a table of votes), each saying what a wrong value must be (`ShapeError`), and
the `Codec` of a decision held whole by one field (`field_codec`). A step registers its codecs
with it (`engine.steps`); `engine.record` reads and writes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.steps import Codec, Kind

if TYPE_CHECKING:
    from engine.decisions import Decision
    from engine.state import Pending


class ShapeError(ValueError):
    """A record value of the wrong shape; the message says what it must be, `part` which part
    of the value is wrong ("heal" of the witch's table) when not the whole."""

    def __init__(self, message: str, part: str = "") -> None:
        super().__init__(message)
        self.part = part


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def shape_seat(value: object) -> None:
    if not _is_int(value):
        raise ShapeError("must be a seat number")


def shape_seats(length: int | None = None) -> Callable[[object], None]:
    def check(value: object) -> None:
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            raise ShapeError("must be a list of seats")
        if length is not None and len(value) != length:
            raise ShapeError(f"must name {length} seats")

    return check


def shape_name(value: object) -> None:
    if not isinstance(value, str):
        raise ShapeError("must be the name of an event card")


def shape_bool(value: object) -> None:
    if not isinstance(value, bool):
        raise ShapeError("must be true or false")


def shape_votes(value: object) -> None:
    if not isinstance(value, dict):
        raise ShapeError("must be a table of voter = target")
    for voter, target in value.items():
        if not str(voter).isdigit() or not _is_int(target):
            raise ShapeError(f"'{voter} = {target!r}' is not voter seat = target seat")


def shape_one_of(*values: str) -> Callable[[object], None]:
    def check(value: object) -> None:
        if value not in values:
            raise ShapeError(
                f"must be one of {', '.join(values)}"
                if len(values) > 2
                else f"must be {' or '.join(f'{v!r}' for v in values)}"
            )

    return check


def repeated_shape(one: Callable[[object], None], what: str) -> Callable[[object], None]:
    """The shape of a repeated key: one value, or a list of them used in order."""

    def check(value: object) -> None:
        for item in value if isinstance(value, list) else [value]:
            try:
                one(item)
            except ShapeError:
                raise ShapeError(f"must be {what} (or a list of them, used in order)") from None

    return check


def field_codec(
    key: str,
    kind: Kind,
    decision: type[Decision],
    name: str,
    shape: Callable[[object], None],
    *,
    repeated: bool = False,
    as_list: bool = False,
) -> Codec:
    """The codec of a decision held whole by one of its fields (a seat, a list, a yes/no)."""

    def read(value: Any, pending: Pending) -> Decision:
        return decision(**{name: tuple(value) if as_list else value})

    def write(made: Decision, pending: Pending, old: Any) -> Any:
        value = getattr(made, name)
        return list(value) if as_list else value

    if repeated:
        what = (
            "a seat number" if shape is shape_seat else "true or false" if shape is shape_bool else "a value"
        )
        shape = repeated_shape(shape, what)
    return Codec(key, kind, read, write, shape, repeated)
