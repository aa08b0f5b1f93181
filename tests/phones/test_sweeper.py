"""The garbage collector sweeps in a turn of the loop of its own (`narrator.phones.sweeper`):
a callback that makes many objects is never interrupted by a pass, and its garbage is swept
between callbacks after it."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from typing import Any

from narrator.phones.sweeper import due_generation, sweep_in_turns


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_burst_of_objects_is_swept_after_its_callback_not_inside_it() -> None:
    passes: list[bool] = []  # for each pass: whether it ran inside the burst
    inside = False

    def noted(phase: str, _info: dict[str, Any]) -> None:
        if phase == "start":
            passes.append(inside)

    async def scenario() -> int:
        nonlocal inside
        sweeping = asyncio.get_running_loop().create_task(sweep_in_turns(every=0.001))
        await asyncio.sleep(0.01)
        gc.callbacks.append(noted)
        try:
            inside = True
            burst = [Cycle() for _ in range(50_000)]  # far past the collector's threshold
            inside = False
            del burst
            await asyncio.sleep(0.05)  # a few of the sweeper's turns
            return gc.get_count()[0]
        finally:
            gc.callbacks.remove(noted)
            sweeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeping

    try:
        young = asyncio.run(scenario())
    finally:
        gc.unfreeze()
    assert gc.isenabled(), "the collector's passes are on again once the sweeper stops"
    assert passes and not any(passes), passes  # swept, and never inside the burst
    assert young <= gc.get_threshold()[0], "the burst's garbage was swept after it"


def test_no_pass_is_due_below_the_collectors_threshold() -> None:
    gc.collect()
    assert due_generation() is None
