"""Time at the table: a real or a fast clock, the timers, and how long a night step lasts.

Rule 1: every night step lasts at least a drawn minimum; a real step lasts until its
        decision (or its deadline), a pretended one as long as a real one drawn from the
        real steps seen so far, so neither timing nor the reminder tells what is in play.
Rule 2: the fast clock (demos and tests) never waits for itself: sleeping advances it at
        once; waiting for the phones still takes a moment of real time.
"""

from __future__ import annotations

import asyncio
import random
import time

from pydantic import BaseModel, ConfigDict

TICK = 0.25  # seconds between looks at the phones, the listener and the timers


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
    warning: float = 10.0
    peek: float = 20.0
    final_screen: float = 1800.0
    """How long the phones keep the end of the game when the host does not end it."""


class Clock:
    """Seconds from an arbitrary start; `sleep` waits them."""

    fast = False

    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))

    def patience(self, seconds: float) -> float:
        """Real seconds to wait for outside input while `seconds` go by on this clock."""
        return max(0.0, seconds)

    def waited(self, seconds: float) -> None:
        """`seconds` went by waiting for outside input that did not come."""


class FastClock(Clock):
    """A clock that runs as fast as it can (a whole demo game in seconds)."""

    fast = True

    def __init__(self) -> None:
        self._now = 0.0

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        self._now += max(0.0, seconds)
        await asyncio.sleep(0)

    def patience(self, seconds: float) -> float:
        return min(seconds, 0.02)

    def waited(self, seconds: float) -> None:
        self._now += seconds


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
