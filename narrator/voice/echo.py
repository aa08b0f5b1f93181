"""Whether the judge counts as speaking, for the listener: from a line's first sample until the
echo guard's seconds after the last line ended, so that the room's echo of the judge is not
heard as a player.

The speaker tells the guard when each line starts and ends (in the player's thread); the guard
tells its listeners when the judge starts speaking and when the guard after the last line is
over, and wakes whoever waits for the quiet.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

ECHO_GUARD = 0.4
"""Seconds after a line has left the speaker during which the judge still counts as speaking."""


class EchoGuard:
    """The judge's speaking state: `speaking` from a line's start until `seconds` after the last
    line in flight ended (a line that starts meanwhile keeps it on)."""

    def __init__(self, seconds: float = ECHO_GUARD) -> None:
        self.seconds = seconds
        self._listeners: list[Callable[[bool], None]] = []
        self._state = threading.Condition()
        self._in_flight = 0
        self._speaking = False
        self._guard: threading.Timer | None = None
        self._guard_token = 0

    @property
    def speaking(self) -> bool:
        with self._state:
            return self._speaking

    def on_speaking(self, listener: Callable[[bool], None]) -> None:
        """Call `listener(True)` when the judge starts speaking, `listener(False)` when the
        echo guard after the last line is over. Runs in the player's thread: keep it short."""
        self._listeners.append(listener)

    def wait_quiet(self, timeout: float | None = None) -> bool:
        """Block until the echo guard is over; False on timeout."""
        with self._state:
            return self._state.wait_for(lambda: not self._speaking, timeout)

    def line_started(self) -> None:
        """A line's first sample left the speaker."""
        with self._state:
            self._in_flight += 1
            self._guard_token += 1
            if self._guard is not None:
                self._guard.cancel()
                self._guard = None
            began = not self._speaking
            self._speaking = True
        if began:
            self._tell(True)

    def line_ended(self) -> None:
        """A line that started has ended: the last one in flight starts the guard."""
        with self._state:
            self._in_flight -= 1
            if self._in_flight:
                return
            self._guard_token += 1
            guard = threading.Timer(self.seconds, self._guard_over, args=(self._guard_token,))
            guard.daemon = True
            self._guard = guard
        guard.start()

    def close(self) -> None:
        """Stop the guard's timer (the speaker is closing)."""
        with self._state:
            if self._guard is not None:
                self._guard.cancel()

    def _guard_over(self, token: int) -> None:
        with self._state:
            if self._in_flight or token != self._guard_token:
                return
            self._guard = None
            self._speaking = False
            self._state.notify_all()
        self._tell(False)

    def _tell(self, speaking: bool) -> None:
        for listener in list(self._listeners):
            try:
                listener(speaking)
            except Exception as error:  # the listener's trouble must not silence the judge
                print(f"narrator: a speaking listener failed: {error!r}", file=sys.stderr)
