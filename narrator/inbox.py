"""The moderator's inbox: everything the table, the keypad, the voice and the host send it, in order.

Rule 1: the inbox lives on the server's event loop; threads (the terminal, the listener, the
        keypad) post with `post`, which hands the input to the loop (`call_soon_threadsafe`).
Rule 2: the moderator awaits the inbox with the clock's timeouts (`next`); nothing polls it.
        When the time runs out, `next` gives None: that is the timer's input.
Rule 3: inputs are taken in the order they came; `keep` puts inputs set aside (during a
        pause) back in front, in their order.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from engine.decisions import Decision
from engine.events import Event
from engine.state import Pending
from narrator.timing import Clock

Source = Literal["voice", "terminal", "host", "speaker"]


class CommandWord(StrEnum):
    """The public commands, one vocabulary for every way one comes: said (the listener's
    phrasebooks), a phone's button (the host's `HostCommand`, the speaker's pass), a key at
    the box (`moderator.keyboard`), and the inbox's `Command`. The value is the command's
    name on the wire and in the logs."""

    READY = "ready"  # everyone has seen their card: the game starts
    PASS = "pass"  # 过: the speech ends
    START_VOTE = "start_vote"  # 开始投票: the discussion ends
    REPEAT = "repeat"  # 重复: the last line again
    PAUSE = "pause"  # 暂停: every timer stops
    RESUME = "resume"  # 继续
    UNDO = "undo"  # the last decision taken back
    END = "end"  # 结束: the game (at its end: the evening) ends
    AGAIN = "again"  # 再来一局: one more game, once a game is over
    CONFIRM = "confirm"  # said only, in a prompt's grammar
    CANCEL = "cancel"  # said only, in a prompt's grammar


@dataclass(frozen=True, slots=True)
class Command:
    """A public command and where it came from."""

    word: CommandWord
    source: Source


@dataclass(frozen=True, slots=True)
class Applied:
    """A decision the table applied: `by` the seat that made it (None: the table together or
    the moderator), `step` the step it answered, `events` what it caused (secrets included:
    for the moderator only)."""

    decision: Decision
    by: int | None
    step: str
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Decided:
    """A decision the table applied (a phone's, the keypad's, the moderator's own)."""

    applied: Applied


@dataclass(frozen=True, slots=True)
class Keyed:
    """A decision keyed at the box for `pending`; the moderator applies it on the loop if
    `pending` is still the game's pending step and answers `reply` (the applied decision, or
    the `IllegalDecision`, or `Stale`)."""

    pending: Pending
    decision: Decision
    reply: concurrent.futures.Future[Applied] = field(default_factory=concurrent.futures.Future)


@dataclass(frozen=True, slots=True)
class CardSeen:
    """A seat's player looked at the card."""

    seat: int


@dataclass(frozen=True, slots=True)
class Seated:
    """A seat was taken at joining."""

    seat: int


@dataclass(frozen=True, slots=True)
class StoreChanged:
    """The store began or stopped refusing to write, or answering (`narrator.store.Store`)."""


Input = Command | Decided | Keyed | CardSeen | Seated | StoreChanged


class Stale(Exception):
    """The step a keyed entry was for is no longer pending."""


class Inbox:
    """One queue of inputs for the moderator (Rules 1–3)."""

    def __init__(self) -> None:
        self._items: deque[Input] = deque()
        self._arrived = asyncio.Event()
        self._watchers: list[asyncio.Future[None]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            pass  # bound at the first `put` on the loop

    def put(self, item: Input) -> None:
        """Add an input (on the event loop)."""
        self._loop = asyncio.get_running_loop()
        self._items.append(item)
        self._arrived.set()
        for watcher in self._watchers:
            if not watcher.done():
                watcher.set_result(None)
        self._watchers.clear()

    def post(self, item: Input) -> None:
        """Add an input from any thread (Rule 1); once the loop is closed (the session is
        over) the input is dropped."""
        if self._loop is None:
            raise RuntimeError("the inbox is not bound to an event loop yet")
        if not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self.put, item)
            except RuntimeError:  # closed in the meantime
                pass

    def command(self, word: CommandWord, source: Source) -> None:
        """Post a command word from any thread."""
        self.post(Command(word, source))

    async def get(self) -> Input:
        """The next input, whenever it comes."""
        while not self._items:
            await self._arrived.wait()
        return self._pop()

    async def next(self, clock: Clock, seconds: float, *, owed: bool = False) -> Input | None:
        """The next input, waiting up to `seconds` on `clock`; None when none came in time.
        `owed`: the phones owe an answer meanwhile (`Clock.wait`)."""
        end = clock.now() + seconds
        while not self._items and (left := end - clock.now()) > 0:
            await clock.wait(self._arrived, left, owed=owed)
        return self._pop() if self._items else None

    def get_nowait(self) -> Input | None:
        """The next input if one is there, else None."""
        return self._pop() if self._items else None

    def take(self, wanted: Callable[[Input], bool]) -> Input | None:
        """Take out the first input that is `wanted`, leaving the others as they are."""
        for item in self._items:
            if wanted(item):
                self._items.remove(item)
                if not self._items:
                    self._arrived.clear()
                return item
        return None

    async def take_first(self, wanted: Callable[[Input], bool], timeout: float | None = None) -> Input:
        """The first input that is `wanted`, waiting for one up to `timeout` real seconds
        (TimeoutError); the others stay as they are (for a table without a moderator)."""

        async def first() -> Input:
            while (item := self.take(wanted)) is None:
                arrival = asyncio.get_running_loop().create_future()
                self._watchers.append(arrival)
                await arrival
            return item

        return await asyncio.wait_for(first(), timeout)

    def drop(self, unwanted: Callable[[Input], bool]) -> None:
        """Forget every input that is `unwanted`."""
        self._items = deque(item for item in self._items if not unwanted(item))
        if not self._items:
            self._arrived.clear()

    def keep(self, items: Iterable[Input]) -> None:
        """Put `items` back in front, in their order (Rule 3)."""
        self._items.extendleft(reversed(list(items)))
        if self._items:
            self._arrived.set()

    def _pop(self) -> Input:
        item = self._items.popleft()
        if not self._items:
            self._arrived.clear()
        return item
