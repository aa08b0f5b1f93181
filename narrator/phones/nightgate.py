"""The night gate: every touch at night is answered at its arrival plus the hold, real or decoy
(the table's Rule 11), and a step's answers all leave before anything of the next step.

Rule 1: while a touch at night is handled (`holding`), what the table sends for it (its ack or
        refusal, the `progress` every phone gets) is held in a list of its own, per task (a
        ContextVar: several touches are handled at once while their commits are under way).
Rule 2: a touch's held list leaves at its arrival + NIGHT_ANSWER_S, or at once when its work
        (its commit) took longer; `send_held` sends every held list now (the step changed).
Rule 3: a touch past the table's turn, its commit under way, is in flight (`flight`); `quiet`
        waits until none is, so the narration moves on only once every touch that came
        before it has its answer on its way.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

NIGHT_ANSWER_S = 0.05  # seconds after a touch at night its answer leaves


class Link(Protocol):
    """One phone's connection: `send` queues a message without waiting; `close` ends it."""

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, code: int) -> None: ...


Held = list[tuple[Link, dict[str, Any]]]
_HOLDING: contextvars.ContextVar[Held | None] = contextvars.ContextVar("holding", default=None)


class NightGate:
    """Holds the answers to the touches at night (Rules 1-2) and counts those in flight (Rule 3)."""

    def __init__(self, hold: float = NIGHT_ANSWER_S) -> None:
        self.hold = hold
        self._held: list[tuple[asyncio.TimerHandle, Held]] = []
        self._in_flight = 0
        self._landed = asyncio.Event()

    @contextmanager
    def holding(self, arrival: float, night: bool) -> Iterator[None]:
        """Handle one message that came at the loop's time `arrival`: at night (`night`) what
        is sent for it is held until arrival + the hold (Rule 2)."""
        held: Held | None = [] if night else None
        token = _HOLDING.set(held)
        try:
            yield
        finally:
            _HOLDING.reset(token)
            if held is not None:
                self._send_at(held, arrival + self.hold)

    def out(self, link: Link, message: dict[str, Any]) -> None:
        """Send `message` to `link`, or hold it with the touch being handled (Rule 1)."""
        held = _HOLDING.get()
        if held is not None:
            held.append((link, message))
        else:
            link.send(message)

    def _send_at(self, held: Held, when: float) -> None:
        def send() -> None:
            self._held = [(h, batch) for h, batch in self._held if batch is not held]
            for link, message in held:
                link.send(message)

        handle = asyncio.get_running_loop().call_at(when, send)
        self._held.append((handle, held))

    def send_held(self) -> None:
        """Send every held answer now, in the order the touches came."""
        held, self._held = self._held, []
        for handle, batch in held:
            handle.cancel()
            for link, message in batch:
                link.send(message)

    @contextmanager
    def flight(self) -> Iterator[None]:
        """A touch in flight for the block (Rule 3)."""
        self._in_flight += 1
        self._landed.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if not self._in_flight:
                self._landed.set()

    async def quiet(self) -> None:
        """Wait until no touch is in flight."""
        while self._in_flight:
            await self._landed.wait()
