"""Time at the table: a real or a fast clock, the timers, and how long a night step lasts.

Rule 1: every night step lasts at least a drawn minimum; a real step lasts until its
        decision (or its deadline), a pretended one as long as a real one drawn from the
        real steps seen so far, so neither timing nor the reminder tells what is in play.
Rule 2: the fast clock (demos and tests) never waits for itself: sleeping advances it at
        once; waiting for outside input lets it in every `TICK` of the clock's time, with a
        moment of real time when the phones owe an answer, one turn of the event loop else.
Rule 3: a held clock stands still (the table's pause): timers resume where they were.
"""

from __future__ import annotations

import asyncio
import random
import time

from pydantic import BaseModel, ConfigDict

TICK = 0.25  # seconds of the fast clock between two looks at the outside (Rule 2)
ANSWER_GRACE = 0.02  # real seconds the fast clock gives the phones per TICK when they owe an answer


class Timers(BaseModel):
    """How long things take at the table, in seconds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    decision: float = 40.0
    vote: float = 40.0
    reminder: float = 10.0
    night_step: float = 8.0
    meeting: float = 6.0
    speech: float = 90.0
    last_speech: float = 120.0
    last_words: float = 60.0
    self_destruct_last_words: float = 30.0
    """A self-destructed werewolf's last words (`self_destruct_last_words`: 30 s, the official rule)."""
    warning: float = 10.0
    peek: float = 20.0
    final_screen: float = 1800.0
    """How long the phones keep the end of the game when the host does not end it."""


class Clock:
    """Seconds from an arbitrary start, not counting the time it was held (Rule 3)."""

    fast = False

    def __init__(self) -> None:
        self._held_since: float | None = None
        self._held = 0.0

    def now(self) -> float:
        now = time.monotonic() if self._held_since is None else self._held_since
        return now - self._held

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))

    async def wait(self, arrived: asyncio.Event, seconds: float, *, owed: bool = False) -> None:
        """Wait until `arrived` is set or about `seconds` pass on this clock, whichever is
        first (the caller looks at the time again); `owed`: the phones owe an answer."""
        try:
            await asyncio.wait_for(arrived.wait(), max(0.0, seconds))
        except TimeoutError:
            pass

    def hold(self) -> None:
        """Stop the clock (a pause) until `release`."""
        if self._held_since is None:
            self._held_since = time.monotonic()

    def release(self) -> None:
        if self._held_since is not None:
            self._held += time.monotonic() - self._held_since
            self._held_since = None


class FastClock(Clock):
    """A clock that runs as fast as it can (a whole demo game in seconds)."""

    fast = True

    def __init__(self) -> None:
        super().__init__()
        self._now = 0.0

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        self._now += max(0.0, seconds)
        await asyncio.sleep(0)

    async def wait(self, arrived: asyncio.Event, seconds: float, *, owed: bool = False) -> None:
        """At most one `TICK` goes by (Rule 2); none when `arrived` is set in the meantime."""
        step = min(TICK, max(0.0, seconds))
        if owed:
            try:
                await asyncio.wait_for(arrived.wait(), ANSWER_GRACE)
            except TimeoutError:
                pass
        else:
            await asyncio.sleep(0)
        if not arrived.is_set():
            self._now += step

    def hold(self) -> None:
        """The fast clock only moves when it is waited on: holding it changes nothing."""

    def release(self) -> None:
        """See `hold`."""


class NightPacing:
    """Durations of night steps (Rule 1)."""

    def __init__(self, timers: Timers, rng: random.Random) -> None:
        self.timers = timers
        self.rng = rng
        self.real: list[float] = []

    def minimum(self) -> float:
        """The least a step lasts: drawn afresh for every step."""
        base = self.timers.night_step
        return self.rng.uniform(base, base * 1.5)

    def record(self, seconds: float) -> None:
        """A real step took `seconds` from its question to its decision."""
        self.real.append(seconds)

    def pretended(self) -> float:
        """How long a pretended step lasts: like a real one."""
        if self.real:
            like_real = self.rng.choice(self.real)
        else:
            like_real = self.rng.uniform(self.timers.night_step, self.timers.decision / 2)
        return min(self.timers.decision, max(self.minimum(), like_real))
