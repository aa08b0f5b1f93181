"""A decision and the narration it moves on are two turns of the event loop (issue 35, item 2:
with 18 phones and no moderator the decision's answer and every phone's next state were made in
one turn, and with the links' writes right after it the loop served nothing else for 20-40 ms)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from engine.bots import random_decision
from narrator.phones.table import PhoneTable
from tests.phones.harness import classic_game


class Turns:
    """Counts the turns of the running event loop: a callback that runs once in each and puts
    itself in the next."""

    def __init__(self) -> None:
        self.count = 0
        self._handle: asyncio.Handle | None = None

    def start(self) -> None:
        self.count += 1
        self._handle = asyncio.get_running_loop().call_soon(self.start)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()


@pytest.mark.quick
def test_a_decision_and_the_narration_it_moves_on_are_two_turns_of_the_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    turns = Turns()
    seen: dict[str, int] = {}

    async def scenario() -> None:
        game = classic_game()
        table = PhoneTable(game)  # no moderator: a decision moves the narration on (decisions Rule 3)
        apply, narrate = game.apply, table.narrate

        def applied(decision: Any, **how: Any) -> Any:
            seen["applied"] = turns.count
            return apply(decision, **how)

        def narrated(step: str | None, **how: Any) -> None:
            seen["narrated"] = turns.count
            narrate(step, **how)

        monkeypatch.setattr(game, "apply", applied)
        monkeypatch.setattr(table, "narrate", narrated)
        turns.start()
        await table.apply(random_decision(game, random.Random(1)))
        turns.stop()
        assert table.narrating == (game.pending.step if game.pending else None)

    asyncio.run(scenario())
    assert seen["narrated"] > seen["applied"]
