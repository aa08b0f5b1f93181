"""The orders (`narrator.phones.orders`): one at a time, in the order given, each answered
through its reply, in its giver's context; none outlives its loop."""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import pytest

from narrator.inbox import Stale
from narrator.phones.orders import FreeSeat, Order, Orders, Undo

GIVER: contextvars.ContextVar[str] = contextvars.ContextVar("giver", default="nobody")


class Noted:
    """Carries out an order by noting it, taking one turn of the loop in the middle (as a
    write does): a `FreeSeat` of seat 0 is refused (`Stale`)."""

    def __init__(self) -> None:
        self.running = 0
        self.most = 0
        self.done: list[tuple[int, str]] = []

    async def __call__(self, order: Order[Any]) -> Any:
        assert isinstance(order, FreeSeat | Undo)
        self.running += 1
        self.most = max(self.most, self.running)
        await asyncio.sleep(0.01)
        self.running -= 1
        seat = order.seat if isinstance(order, FreeSeat) else order.decided
        if seat == 0:
            raise Stale()
        self.done.append((seat, GIVER.get()))
        return seat * 10


def test_orders_are_carried_out_one_at_a_time_in_the_order_given_and_answered() -> None:
    async def scenario() -> tuple[Noted, list[object]]:
        noted = Noted()
        orders = Orders(noted)

        async def give(seat: int) -> object:
            GIVER.set(f"giver {seat}")
            try:
                return await orders.give(FreeSeat(seat))
            except Stale as error:
                return error

        replies = await asyncio.gather(*(give(seat) for seat in (3, 1, 0, 2)))
        assert not orders.busy
        return noted, replies

    noted, replies = asyncio.run(scenario())
    assert noted.most == 1, "one at a time"
    assert noted.done == [(3, "giver 3"), (1, "giver 1"), (2, "giver 2")], (
        "in order, each in its giver's context"
    )
    assert replies[:2] == [30, 10] and isinstance(replies[2], Stale) and replies[3] == 20


def test_an_order_whose_giver_went_away_before_its_turn_is_dropped_and_one_taken_runs_to_its_end() -> None:
    async def scenario() -> Noted:
        noted = Noted()
        orders = Orders(noted)
        first = asyncio.create_task(orders.give(FreeSeat(1)))
        gone = asyncio.create_task(orders.give(FreeSeat(2)))
        while not noted.running:  # both given; the first is being carried out
            await asyncio.sleep(0)
        first.cancel()
        gone.cancel()
        assert await orders.give(FreeSeat(3)) == 30
        await orders.stop()
        with pytest.raises(asyncio.CancelledError):
            await first
        return noted

    noted = asyncio.run(scenario())
    assert [seat for seat, _ in noted.done] == [1, 3], "the first ran to its end; the second never ran"


def test_the_orders_run_again_on_a_new_loop_and_leave_no_task_behind() -> None:
    noted = Noted()
    orders = Orders(noted)

    async def one(seat: int) -> tuple[int, int]:
        reply = await orders.give(Undo(seat))
        await orders.stop()
        left = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        return reply, len(left)

    assert asyncio.run(one(4)) == (40, 0)
    assert asyncio.run(one(5)) == (50, 0)
