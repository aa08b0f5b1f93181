"""Time at the table: a real or a fast clock, the timers, and how long a night step lasts.

Rule 1: every night step lasts at least a drawn minimum; a real step lasts until its
        decision (or its deadline), a pretended one sounds like a real one of the evening
        drawn at random: as long, with the reminder when it had one, as far from the deadline
        after it, closing at the deadline when it ran out; so neither its length, nor the
        reminder, nor the gap after it tells what is in play. While the evening has heard
        few real steps, a prior stands in for the ones missing (a table's step: answered
        before the reminder, after it, or run out).
Rule 2: the fast clock (demos and tests) never waits for itself: sleeping advances it at
        once; waiting for outside input lets it in every `TICK` of the clock's time, with a
        moment of real time when the phones owe an answer, one turn of the event loop else.
Rule 3: a held clock stands still (the table's pause): timers resume where they were.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass

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


MIN_HEARD = 6  # real night steps of the evening from which a pretended one draws from them alone
# The prior: how often a table's player answers before the reminder, after it, or lets the time
# run out (Rule 1).
PRIOR_ANSWERED, PRIOR_REMINDED = 0.6, 0.2


@dataclass(frozen=True, slots=True)
class Heard:
    """A real night step as a listener hears it: `seconds` from its question to its close, on
    a step of `limit` seconds at most (`seconds >= limit`: it ran out)."""

    seconds: float
    limit: float


@dataclass(frozen=True, slots=True)
class Pretended:
    """What a pretended step sounds like: the reminder said or not (at the second a real
    step's falls), and the close, in seconds from the step's question."""

    reminded: bool
    closes: float


class NightPacing:
    """Durations of night steps (Rule 1). `heard` is the evening's real night steps: the
    session hands the same list to the pacing of each of its games."""

    def __init__(self, timers: Timers, rng: random.Random) -> None:
        self.timers = timers
        self.rng = rng
        # The draw of a pretended step's sound has a generator of its own (seeded from `rng`):
        # what else the judge draws in between (the minimum, a silent seat's default) never
        # lines up with it.
        self._sound = random.Random(rng.getrandbits(64))
        self.heard: list[Heard] = []

    def minimum(self) -> float:
        """The least a step lasts: drawn afresh for every step."""
        base = self.timers.night_step
        return self.rng.uniform(base, base * 1.5)

    def record(self, seconds: float) -> None:
        """A real step took `seconds` from its question to its decision (or its deadline's
        close), on a step of the decision's time."""
        self.heard.append(Heard(seconds, self.timers.decision))

    def pretended(self, limit: float) -> Pretended:
        """How a pretended step of `limit` seconds at most sounds: a real step of the evening
        drawn at random (while the evening has heard fewer than MIN_HEARD, the prior stands
        in for the ones missing: all of it before the first), at the same distance from its
        deadline once the reminder is said, closing at its deadline when it ran out; it
        lasts at least the drawn `minimum`, as a real step does."""
        remind_at = limit - self.timers.reminder
        heard = len(self.heard)
        if self._sound.random() * max(heard, MIN_HEARD) < heard:
            real = self._sound.choice(self.heard)
            if real.seconds >= real.limit:
                closes = limit
            elif real.seconds >= real.limit - self.timers.reminder:
                closes = limit - (real.limit - real.seconds)
            else:
                closes = min(real.seconds, limit)
        else:
            closes = self._prior(limit)
        return Pretended(closes >= remind_at, max(self.minimum(), closes))

    def _prior(self, limit: float) -> float:
        """When a player of a table closes a step of `limit` seconds: answered before the
        reminder (PRIOR_ANSWERED), after it (PRIOR_REMINDED), or at the deadline."""
        remind_at = max(0.0, limit - self.timers.reminder)
        draw = self._sound.random()
        if draw < PRIOR_ANSWERED:
            return self._sound.uniform(0.0, remind_at)
        if draw < PRIOR_ANSWERED + PRIOR_REMINDED:
            return self._sound.uniform(remind_at, limit)
        return limit
