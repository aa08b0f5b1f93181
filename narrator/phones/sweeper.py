"""The garbage collector sweeps in a turn of the event loop of its own, never inside the
handling of a message (issue 35: the loop never waits).

Rule 1: what was made to start (the catalogues, the app, the first views) is frozen
        (`gc.freeze`): a full pass over it held up the loop for ~50 ms.
Rule 2: while the box serves, the collector's own passes are off: CPython runs one whenever
        enough objects were made, which is most often in the middle of the largest piece of
        work (the game's end, 18 states of ~14 KB made at once) and added its 3-5 ms to it.
        A task looks every `SWEEP_S` seconds and runs the pass the collector would have run
        by then (the oldest generation whose count is past its threshold), between two
        callbacks: the longest block is the longest piece of work or the longest pass, never
        both.
"""

from __future__ import annotations

import asyncio
import gc

SWEEP_S = 0.05  # seconds between two looks: a 50 ms burst of objects is a few thousand at most


def due_generation() -> int | None:
    """The generation the collector would collect now (Rule 2), or None: none is due."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    due = [generation for generation in (2, 1, 0) if counts[generation] > thresholds[generation]]
    return due[0] if due else None


def sweep() -> int | None:
    """Run the pass that is due, if any; the generation swept."""
    generation = due_generation()
    if generation is not None:
        gc.collect(generation)
    return generation


async def sweep_in_turns(every: float = SWEEP_S) -> None:
    """Freeze what was made to start (Rule 1), then sweep in turns of the loop's own until
    cancelled (Rule 2); the collector's passes are on again after."""
    gc.freeze()
    gc.disable()
    try:
        while True:
            await asyncio.sleep(every)
            sweep()
    finally:
        gc.enable()
