"""The keypad at the box as one more way to decide: keyed entries reach the moderator's inbox.

Rule 1: one thread reads the keypad; it takes the decisions the moderator asks for, in
        order. It never touches the game: every question it asks of the game (what is
        pending, who owes, is this part legal, the decision the parts make) runs on the
        server's event loop, and each keyed decision goes to the moderator's inbox, which
        applies it there.
Rule 2: an entry for a step that is no longer pending (its deadline passed, a phone
        answered first) is dropped, and the keypad moves on to the step now asked.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from engine.decisions import Decision
from engine.events import Event
from engine.game import Game
from engine.state import Pending
from engine.steps import Answer, DayAction, StepSpec
from narrator.inbox import Applied, Keyed, Stale
from narrator.phones.keypad import Keypad
from narrator.phones.table import PhoneTable

T = TypeVar("T")


class KeypadDesk:
    """Runs a `Keypad` beside the phones for the pending decisions the moderator names."""

    def __init__(self, keypad: Keypad, table: PhoneTable, loop: asyncio.AbstractEventLoop) -> None:
        self.keypad = keypad
        self.table = table
        self.loop = loop
        self._asked: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self._closed = threading.Event()
        self._keying: Keyed | None = None
        self._thread = threading.Thread(target=self._run, name="keypad", daemon=True)
        self._thread.start()

    def ask(self, pending: Pending) -> None:
        """The moderator waits for `pending`: the keypad takes it when it is free."""
        self._asked.put(pending)

    def close(self) -> None:
        """No more steps: the keypad thread ends (an entry it is keying is dropped)."""
        self._closed.set()
        if self._keying is not None:
            self._keying.reply.cancel()
        self._asked.put(None)

    def _run(self) -> None:
        while (pending := self._asked.get()) is not None:
            try:
                self.keypad.play_step(AskedGame(self, pending))
            except (Stale, concurrent.futures.CancelledError):
                continue
            except EOFError:
                return

    def on_loop(self, question: Callable[[Game], T]) -> T:
        """The answer of `question` about the table's game, asked on the event loop."""
        if self._closed.is_set() or self.loop.is_closed():
            raise Stale()

        async def ask() -> T:
            return question(self.table.game)

        return asyncio.run_coroutine_threadsafe(ask(), self.loop).result()

    def key(self, pending: Pending, decision: Decision) -> Applied:
        """Send a keyed decision to the moderator's inbox and wait for its outcome (Rule 1);
        `CancelledError` when the desk closes first."""
        keyed = self._keying = Keyed(pending, decision)
        if self._closed.is_set() or self.loop.is_closed():
            raise Stale()
        self.loop.call_soon_threadsafe(self.table.inbox.put, keyed)
        return keyed.reply.result()


class AskedGame:
    """The game as the keypad thread sees it while keying `pending`: each question is asked
    on the event loop (`KeypadDesk.on_loop`) through the engine's own queries; `Stale` once
    the game has moved past `pending`."""

    def __init__(self, desk: KeypadDesk, pending: Pending) -> None:
        self.desk = desk
        self._pending = pending

    def _ask(self, question: Callable[[Game], T]) -> T:
        def checked(game: Game) -> T:
            if game.pending is not self._pending:
                raise Stale()
            return question(game)

        return self.desk.on_loop(checked)

    @property
    def pending(self) -> Pending | None:
        return self._ask(lambda game: game.pending)

    @property
    def spec(self) -> StepSpec | None:
        return self._ask(lambda game: game.spec)

    @property
    def events(self) -> Sequence[Event]:
        """The events so far (a new tuple of the same events; asked whatever is pending)."""
        return self.desk.on_loop(lambda game: tuple(game.events))

    def owed(self) -> tuple[int, ...]:
        return self._ask(lambda game: game.owed())

    def part(self, seat: int, given: Answer) -> Decision:
        return self._ask(lambda game: game.part(seat, given))

    def combine(self, parts: Mapping[int, Answer]) -> Decision:
        return self._ask(lambda game: game.combine(parts))

    def check(self, decision: Decision) -> None:
        self._ask(lambda game: game.check(decision))

    def apply(self, decision: Decision) -> object:
        """The moderator applies it, on the loop (`IllegalDecision` comes back here)."""
        return self.desk.key(self._pending, decision)

    def actions_offered(self) -> list[DayAction]:
        return self._ask(lambda game: game.actions_offered())
