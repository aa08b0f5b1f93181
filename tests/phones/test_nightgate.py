"""The night gate on its own: a touch's answers leave at its arrival plus the hold (or when its
work ends, when later), a step change sends them at once, and the narration waits for the
touches in flight. On the fast clock of the event loop: the loop's own `call_at`."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from narrator.phones.messages import Refusal
from narrator.phones.nightgate import NightGate, is_decoy
from narrator.store import StoreUnwritable
from tests.phones.parts import beginner_game, message


class Noted:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.sent: list[tuple[float, dict[str, Any]]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append((self.loop.time(), message))

    def close(self, code: int) -> None:
        pass


def test_a_touch_at_night_is_answered_at_its_arrival_plus_the_hold_whatever_its_work_took() -> None:
    async def scenario() -> tuple[list[float], float, float]:
        loop = asyncio.get_running_loop()
        gate, link = NightGate(hold=0.05), Noted(loop)
        quick = slow = 0.0
        game = beginner_game()  # seed 1: the wolves at 6, 8 and 9 owe the first step
        act = message(type="act", step="werewolves", targets=[2], n=1)

        async def touch(work: float) -> float:
            arrival = loop.time()
            with gate.holding(arrival, act, 2, "werewolves", game) as decoy:
                assert decoy  # seat 2 owes the wolves' step nothing
                await asyncio.sleep(work)  # its commit
                gate.out(link, {"type": "ack", "work": work})
            return arrival

        quick, slow = await asyncio.gather(touch(0.0), touch(0.12))
        await asyncio.sleep(0.1)
        return [at for at, _ in link.sent], quick, slow

    sent, quick, slow = asyncio.run(scenario())
    assert len(sent) == 2
    assert sent[0] >= quick + 0.05  # held for the hold, not sent when its work was done
    assert sent[1] >= slow + 0.12  # a commit slower than the hold: sent once it is done


def test_by_day_nothing_is_held_and_a_step_change_sends_what_is_held_at_once() -> None:
    async def scenario() -> tuple[int, int, int]:
        loop = asyncio.get_running_loop()
        gate, link = NightGate(hold=10.0), Noted(loop)
        game, act = beginner_game(), message(type="act", step="werewolves", targets=[2], n=1)
        with gate.holding(loop.time(), act, 6, None, game) as decoy:  # no night step narrated
            assert not decoy
            gate.out(link, {"type": "ack"})
        by_day = len(link.sent)
        with gate.holding(loop.time(), act, 6, "werewolves", game) as decoy:  # a wolf's real touch
            assert not decoy
            gate.out(link, {"type": "ack"})
        held = len(link.sent)
        gate.send_held()
        return by_day, held, len(link.sent)

    assert asyncio.run(scenario()) == (1, 1, 2)


def test_quiet_waits_for_every_touch_in_flight() -> None:
    async def scenario() -> list[str]:
        gate = NightGate()
        order: list[str] = []

        async def touch() -> None:
            with gate.flight():
                await asyncio.sleep(0.02)
                order.append("answered")

        task = asyncio.get_running_loop().create_task(touch())
        await asyncio.sleep(0)
        await gate.quiet()
        order.append("narrated")
        await task
        return order

    assert asyncio.run(scenario()) == ["answered", "narrated"]


def test_a_decoy_is_a_touch_at_the_night_step_narrated_from_a_seat_that_owes_it_nothing() -> None:
    game = beginner_game()  # seed 1: the wolves at 6, 8 and 9 owe the first step
    pending, catalogue = game.pending, game.catalogue
    touch = message(type="act", step="werewolves", targets=[2], n=1)
    assert is_decoy(touch, 2, "werewolves", pending, catalogue)
    assert not is_decoy(touch, 6, "werewolves", pending, catalogue)  # a wolf owes it: a real touch
    assert not is_decoy(touch, None, "werewolves", pending, catalogue)  # no seat: refused, not a decoy
    assert not is_decoy(touch, 2, "witch", pending, catalogue)  # not the step narrated
    assert not is_decoy(message(type="ping", n=2), 2, "werewolves", pending, catalogue)


def test_the_rest_of_a_touch_refused_or_not_saved_is_answered_so() -> None:
    async def scenario() -> list[str]:
        gate, refused = NightGate(), []

        async def taken() -> None:
            pass

        async def late() -> None:
            raise Refusal("already")

        async def unsaved() -> None:
            raise StoreUnwritable(Path("store.sqlite"), OSError(28, "No space left on device"))

        for work in (taken, late, unsaved):
            await gate.finish(work, lambda refusal: refused.append(refusal.code))
        return refused

    assert asyncio.run(scenario()) == ["already", "not_saved"]
