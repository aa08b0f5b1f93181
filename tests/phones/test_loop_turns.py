"""What one change sends to every phone leaves over several turns of the event loop, one phone's
in a turn (socketlink Rule 3), and a decision and the narration it moves on are two turns (issue
35, item 2: with 18 phones the decision's answer, every phone's next state and every link's
write ran in two turns back to back, and the loop served nothing else for 20-40 ms)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from starlette.websockets import WebSocket

from engine.bots import random_decision
from narrator.phones.table import PhoneTable
from tests.phones.harness import classic_game, close_all, seat_everyone, served, wait_until


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
def test_the_states_of_one_change_leave_one_phone_a_turn_of_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    turns = Turns()
    written: list[tuple[int, str, int]] = []  # the turn, the type and the size of each text written
    send_text = WebSocket.send_text

    async def noted(websocket: WebSocket, data: str) -> None:
        written.append((turns.count, json.loads(data)["type"], len(data.encode())))
        await send_text(websocket, data)

    async def scenario() -> list[tuple[int, str, int]]:
        game = classic_game()
        async with served(game) as (server, table):
            phones = await seat_everyone(server, game)
            states = {phone.seat: phone.count("state") for phone in phones}
            monkeypatch.setattr(WebSocket, "send_text", noted)
            turns.start()
            pending: Any = game.pending
            table.narrate(pending.step)  # one change: every phone's state, padded alike
            await wait_until(lambda: all(p.count("state") > states[p.seat] for p in phones))
            turns.stop()
            monkeypatch.undo()
            await close_all(phones)
        return [entry for entry in written if entry[1] == "state"]

    sent = asyncio.run(scenario())
    assert len(sent) == 9  # one state to each phone, of one size
    assert len({size for _, _, size in sent}) == 1
    assert len({turn for turn, _, _ in sent}) == 9  # each in a turn of its own


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
