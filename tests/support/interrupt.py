"""Child processes that a test stops with Ctrl-C (SIGINT)."""

from __future__ import annotations

import signal


def interruptible() -> None:
    """`preexec_fn` for a child the test interrupts: SIGINT back to its default. A test run
    started in the background (`cmd &` in a script, some CI runners) ignores SIGINT, and a
    child inherits an ignored signal, so the Ctrl-C the test sends would never arrive."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
