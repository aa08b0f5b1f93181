"""How long the server's event loop was blocked at most: a task that sleeps a few milliseconds
at a time and notes how late it woke (for the benches: `narrator phones --loop-watch FILE`).

While the loop runs a callback (a message handled, a commit waited for in the loop's thread)
no phone is served: the watch wakes late by as much. Its figure is the longest such wait.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

TICK_S = 0.002  # seconds the watch sleeps between two looks


class LoopWatch:
    """Notes the longest time the running event loop was blocked (`blocked_max_ms`)."""

    def __init__(self, on_new_max: Callable[[float], None] | None = None, tick: float = TICK_S) -> None:
        self.blocked_max_ms = 0.0
        self.on_new_max = on_new_max
        self.tick = tick

    async def run(self) -> None:
        """Watch until cancelled."""
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(self.tick)
            late_ms = (loop.time() - asked - self.tick) * 1000
            if late_ms > self.blocked_max_ms:
                self.blocked_max_ms = late_ms
                if self.on_new_max is not None:
                    self.on_new_max(late_ms)
