"""How long the server's event loop was blocked at most: a task that sleeps a few milliseconds
at a time and notes how late it woke (for the benches: `narrator phones --loop-watch FILE`).

While the loop runs a callback (a message handled, a commit waited for in the loop's thread)
no phone is served: the watch wakes late by as much. On a machine shared with other busy
processes it also wakes late when the kernel gave its CPU to another process; that time is
the loop thread's run-queue wait (`/proc/thread-self/schedstat`, its second figure), which is
not the box's doing: `blocked_max_ms` leaves it out, `late_max_ms` counts everything.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

TICK_S = 0.002  # seconds the watch sleeps between two looks
SCHEDSTAT = Path("/proc/thread-self/schedstat")


def run_queue_wait_s() -> float:
    """Seconds this thread has waited for a CPU so far (0 where the kernel does not say)."""
    try:
        return int(SCHEDSTAT.read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class LoopWatch:
    """Notes the longest time the running event loop was blocked by its own work
    (`blocked_max_ms`) and the longest it woke late at all (`late_max_ms`)."""

    def __init__(
        self, on_new_max: Callable[[float, float], None] | None = None, tick: float = TICK_S
    ) -> None:
        self.blocked_max_ms = 0.0
        self.late_max_ms = 0.0
        self.on_new_max = on_new_max
        self.tick = tick

    async def run(self) -> None:
        """Watch until cancelled."""
        loop = asyncio.get_running_loop()
        while True:
            asked, waited = loop.time(), run_queue_wait_s()
            await asyncio.sleep(self.tick)
            late_ms = (loop.time() - asked - self.tick) * 1000
            blocked_ms = late_ms - (run_queue_wait_s() - waited) * 1000
            if late_ms > self.late_max_ms or blocked_ms > self.blocked_max_ms:
                self.late_max_ms = max(self.late_max_ms, late_ms)
                self.blocked_max_ms = max(self.blocked_max_ms, blocked_ms)
                if self.on_new_max is not None:
                    self.on_new_max(self.blocked_max_ms, self.late_max_ms)
