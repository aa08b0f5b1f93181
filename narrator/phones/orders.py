"""The orders: every change to a game is one order, carried out by one task, one at a time.

Rule 1: whatever may change the game or the seats is an order (`Order`): a phone's touch (a
        decision with its seat, or a part of a shared decision: a pick, a ballot), a day action,
        a seat taken or left, the keypad's decision or the moderator's (a deadline's default),
        the phones' parts closed at a deadline, the host's undo, a seat freed, the host's
        claim, and the narration moving to its next step. `Orders.give` queues it and awaits
        its reply (a future, as the keypad's `Keyed`): what it gave back, or the error that
        refused it (`Refusal`, `IllegalDecision`, `StoreUnwritable`, `Stale`).
Rule 2: the one task takes the orders in the order they were given and carries out each to its
        end (check, await the write, apply, answer) before it takes the next: nothing moves
        the game between a check and the apply that follows its write. The event loop serves
        every phone meanwhile (the writes run off it).
Rule 3: an order is carried out in its giver's context (`contextvars`: the night gate's held
        answers are the giver's, nightgate Rule 1); an order whose giver went away before it was
        taken (its reply cancelled) is dropped; once taken it runs to its end all the same.
Rule 4: the task runs while orders wait: an order given starts it, and it ends once none is
        left (so it never outlives its event loop); `stop` waits until every order given is
        carried out (the moderator, at the end of its game). An order carried out must not
        give another and await it (it would wait for itself): what it starts for later is
        given from a task of its own (the table's `_soon`).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.decisions import Decision
from engine.state import Pending

T = TypeVar("T")


@dataclass(eq=False, slots=True)
class Order(Generic[T]):
    """One change to the game, and the reply its giver awaits."""

    reply: asyncio.Future[T] = field(init=False, repr=False)
    context: contextvars.Context = field(init=False, repr=False)


@dataclass(eq=False, slots=True)
class Touch(Order[Any]):
    """A phone's message that may change the game or the seats: a touch at a step (a decision
    with its seat, or a part of a shared decision), a day action, a seat taken, a seat left.
    `landing`: the giver's stack, on which the touch is put in flight (night gate Rule 3)
    before the next order is taken."""

    link: Any
    message: Any
    landing: contextlib.ExitStack


@dataclass(eq=False, slots=True)
class Decide(Order[Any]):
    """A decision made at the box (the keypad's, a deadline's default): applied if `pending`
    is still the game's pending step (else `Stale`)."""

    decision: Decision
    by: int | None
    pending: Pending | None


@dataclass(eq=False, slots=True)
class Close(Order[Any]):
    """A deadline passed: the phones' parts of the shared decision `pending`, as they are."""

    pending: Pending | None


@dataclass(eq=False, slots=True)
class Settle(Order[Any]):
    """The shared decision pending, applied if every part is in (after the store wrote again),
    or, `owed_by_nobody`, taken empty when no seat owes it (decisions Rule 3)."""

    pending: Pending | None = None
    owed_by_nobody: bool = False


@dataclass(eq=False, slots=True)
class Undo(Order[Any]):
    """The host's undo: the game's last decision taken back if it still has `decided` decisions."""

    decided: int


@dataclass(eq=False, slots=True)
class FreeSeat(Order[bool]):
    """The host frees `seat`."""

    seat: int


@dataclass(eq=False, slots=True)
class ClaimHost(Order[str]):
    """A phone claims the host's place with the PIN."""

    pin: str
    address: str


@dataclass(eq=False, slots=True)
class NextStep(Order[None]):
    """The narration moves to `step`, once every touch that came before has its answer."""

    step: str | None
    final: bool
    seconds: float | None


Carry = Callable[[Order[Any]], Coroutine[Any, Any, Any]]


class Orders:
    """One queue of orders and the one task that carries them out (Rules 1–4)."""

    def __init__(self, carry: Carry) -> None:
        self._carry = carry
        self._queue: deque[Order[Any]] = deque()
        self._task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        """Whether an order is given and not yet carried out."""
        return bool(self._queue) or (self._task is not None and not self._task.done())

    def start(self) -> None:
        """Start the task on the running loop if orders wait and it does not run; it stops by
        itself once none is left, so no task outlives the orders (nor its loop)."""
        loop = asyncio.get_running_loop()
        if self._queue and (self._task is None or self._task.done()):
            self._task = loop.create_task(self._run(), name="orders")

    async def stop(self) -> None:
        """Wait until every order given so far is carried out (the task then stops)."""
        while (task := self._task) is not None and not task.done():
            await asyncio.shield(task)

    async def give(self, order: Order[T]) -> T:
        """Queue `order` and await its reply (Rule 1)."""
        order.reply = asyncio.get_running_loop().create_future()
        order.context = contextvars.copy_context()
        self._queue.append(order)
        self.start()
        return await order.reply

    async def _run(self) -> None:
        while self._queue:
            order = self._queue.popleft()
            if order.reply.done():  # its giver went away before it was taken (Rule 3)
                continue
            work: asyncio.Task[Any] = asyncio.get_running_loop().create_task(
                self._carry(order), context=order.context
            )
            try:
                result = await asyncio.shield(work)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if work.done() and task is not None and not task.cancelling():  # the order's own
                    if not order.reply.done():
                        order.reply.cancel()
                    continue
                if not work.done():  # the loop is closing: the order still runs to its end
                    with contextlib.suppress(BaseException):
                        await work
                if not order.reply.done():
                    order.reply.cancel()
                raise
            except Exception as error:  # noqa: BLE001 - the order's error is its reply
                if not order.reply.done():
                    order.reply.set_exception(error)
                continue
            if not order.reply.done():
                order.reply.set_result(result)
