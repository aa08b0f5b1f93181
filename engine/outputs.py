"""What a card adds to a replay's JSON output (`narrator replay --json`, spec/game-record.md's
outputs): a role that keeps a public list of its own (the bear tamer's `growls`) adds it here,
and `engine.record.summary` asks the hooks of the game's deck."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contents import Contents
from engine.rolehooks import RoleHooks
from engine.state import State

Output = Callable[[State], dict[str, Any]]
OUTPUTS: RoleHooks[Output] = RoleHooks("outputs")


def add_output(to: Contents, output: Output) -> None:
    """`output(state)`: the keys the card adds to the summary (each key named by one card)."""
    OUTPUTS.add(to, output)


def outputs(state: State) -> dict[str, Any]:
    """Every key the game's cards add."""
    added: dict[str, Any] = {}
    for output in OUTPUTS.of(state):
        added.update(output(state))
    return added
