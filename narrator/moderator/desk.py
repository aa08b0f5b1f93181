"""The keypad at the box as one more way to decide: keyed entries reach the same table.

Rule 1: one thread reads the keypad; it takes the decisions the moderator asks for, in
        order, and hands each to the table on the server's event loop.
Rule 2: an entry for a step that is no longer pending (its deadline passed, a phone
        answered first) is dropped, and the keypad moves on to the step now asked.
"""

from __future__ import annotations

import asyncio
import functools
import queue
import threading
from typing import Any

from engine.decisions import Decision
from engine.state import Pending
from narrator.phones.keypad import Keypad
from narrator.phones.table import PhoneTable


class Stale(Exception):
    """The step the entry was for is no longer pending."""


class KeypadDesk:
    """Runs a `Keypad` beside the phones for the pending decisions the moderator names."""

    def __init__(self, keypad: Keypad, table: PhoneTable, loop: asyncio.AbstractEventLoop) -> None:
        self.keypad = keypad
        self.table = table
        self.loop = loop
        self._asked: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="keypad", daemon=True)
        self._thread.start()

    def ask(self, pending: Pending) -> None:
        """The moderator waits for `pending`: the keypad takes it when it is free."""
        self._asked.put(pending)

    def close(self) -> None:
        self._asked.put(None)

    def _run(self) -> None:
        while (pending := self._asked.get()) is not None:
            if self._pending() is not pending:
                continue
            try:
                self.keypad.play_step(self.table.game, apply=functools.partial(self._apply, pending))
            except Stale:
                continue
            except EOFError:
                return

    def _pending(self) -> Pending | None:
        return asyncio.run_coroutine_threadsafe(self._now(), self.loop).result()

    async def _now(self) -> Pending | None:
        return self.table.game.pending

    def _apply(self, pending: Pending, decision: Decision) -> Any:
        """Apply on the event loop; `IllegalDecision` comes back here, and the keypad asks
        again."""
        return asyncio.run_coroutine_threadsafe(self._on_loop(pending, decision), self.loop).result()

    async def _on_loop(self, pending: Pending, decision: Decision) -> Any:
        if self.table.game.pending is not pending:
            raise Stale()
        return self.table.apply(decision)
