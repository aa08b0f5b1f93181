"""The record codec of a day action that names its actor and a target: `{ seat = 3, target = 5 }`."""

from __future__ import annotations

from typing import Any

from engine.decisions import Decision
from engine.steps import Codec, Kind, ShapeError


def seat_and_target(key: str, decision: type[Decision]) -> Codec:
    def shape(value: object) -> None:
        if not isinstance(value, dict) or set(value) != {"seat", "target"}:
            raise ShapeError("must be a table { seat = …, target = … }")
        for part in ("seat", "target"):
            if not isinstance(value[part], int) or isinstance(value[part], bool):
                raise ShapeError("must be a seat number", part)

    def read(value: Any, pending: object) -> Decision:
        return decision.model_validate({"seat": value["seat"], "target": value["target"]})

    def write(made: Decision, pending: object, old: Any) -> Any:
        dumped = made.model_dump()
        return {"seat": dumped["seat"], "target": dumped["target"]}

    return Codec(key, Kind.DAY, read, write, shape)
