"""A store whose disk does not answer (an SD card whose fsync hangs) is said as a refusing one
is: one line at the box within a few seconds, a notice on every phone, every timer held; and
said again once the disk answers, the game going on from where it was with nothing lost.

The disk is the FUSE stand-in of an SD card (`tests.support.slowdisk.failing_card`) whose
fsyncs are held; it needs /dev/fuse and fusepy, and says so when it skips."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from engine.rules import make_rules
from engine.setup import Setup
from narrator.inbox import Command
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.recorded import RecordedGame
from narrator.store import Store
from narrator.timing import Clock, Timers
from tests.narrator.test_store_faults import ROLES, _Silent
from tests.support.slowdisk import Card, failing_card, unavailable

SAID_WITHIN = 30.0  # real seconds a test waits for a line before it fails (the script times it)


async def until(what: Callable[[], bool], why: str) -> None:
    end = time.monotonic() + SAID_WITHIN
    while not what():
        assert time.monotonic() < end, why
        await asyncio.sleep(0.02)


async def through_a_hung_disk(card: Card) -> dict[str, object]:
    """A game on the card's store, its moderator on the real clock waiting for the first step;
    a touch is committed while the card hangs, then the card answers. What was seen."""
    store = Store(card.mount / "games.sqlite3")
    said: list[str] = []
    store.report = said.append
    setup, rules = Setup(seats=9, roles=ROLES), make_rules({})
    game = RecordedGame(setup, rules).record_to(store, store.create(setup, rules))
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    phone = await connect(f"ws://127.0.0.1:{server.port}/ws")  # a phone at the table, not seated
    notices: list[str] = []

    async def read() -> None:
        async for raw in phone:
            message = json.loads(raw)
            if message.get("type") == "notice":
                notices.append(message["key"])

    reading = asyncio.create_task(read())
    clock = Clock()
    moderator = Moderator(table, _Silent(), timers=Timers(decision=600, night_step=600), clock=clock)
    table.inbox.put(Command("ready", "host"))  # the cards are seen
    running = asyncio.create_task(moderator.run())
    seen: dict[str, object] = {}
    try:
        await until(lambda: game.pending is not None and moderator._seen == len(game.events), "no first step")
        card.hang()
        touch = asyncio.create_task(store.write(store.touch, game.game_id))  # a night's touch
        hung_at = time.monotonic()
        await until(lambda: any("存储没有回应" in line for line in said), "the hung disk was never said")
        seen["said_after"] = time.monotonic() - hung_at
        await until(lambda: "store_silent" in notices, "the phones were not told")
        held = clock.now()
        await asyncio.sleep(0.5)  # real time: the timers stand still
        seen["held"] = clock.now() == held
        seen["touch_waits"] = not touch.done()
        card.answer()
        await touch
        await until(lambda: "store_back" in notices, "the phones were not told it answers")
        moving = clock.now()
        await asyncio.sleep(0.2)
        seen["runs_again"] = clock.now() > moving
        table.inbox.put(Command("end", "host"))
        await asyncio.wait_for(running, 30)
    finally:
        card.answer()  # a test that failed while the disk hung ends all the same
        if not running.done():
            running.cancel()
        await phone.close()
        reading.cancel()
        await server.stop()
        store.close()
    seen["said"], seen["notices"] = said, notices
    seen["stored"] = Store(card.mount / "games.sqlite3").load(game.game_id).decisions == list(game.log)
    return seen


def test_a_store_that_does_not_answer_is_said_the_timers_held_and_said_again(tmp_path: Path) -> None:
    reason = unavailable()
    if reason is not None:
        print(f"skipped: {reason}")
        pytest.skip(reason=reason)
    with failing_card(tmp_path) as card:
        seen = asyncio.run(through_a_hung_disk(card))
    said = seen["said"]
    assert isinstance(said, list)
    silent = [line for line in said if "存储没有回应" in line]
    assert len(silent) == 1 and str(card.mount) in silent[0] and "\n" not in silent[0], said
    assert sum("存储有回应了" in line for line in said) == 1, said
    assert seen["notices"] == ["store_silent", "store_back"]  # once each, in order
    assert seen["touch_waits"] and seen["held"] and seen["runs_again"], seen
    assert seen["stored"]
