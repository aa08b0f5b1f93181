"""Playing with no output device: lines keep their order and, if asked, the time they take.

`SilentPlayer` has the same queue, hooks and `Playback` records as `Player`, so the judge goes
on exactly as with a sound card: the lines are printed (and written to files) instead of heard.
With `pace`, each line takes as long as it would to say, so a table reading the printed script
keeps the rhythm of the game; without it, lines pass at once (rehearsals into files, tests).
"""

from __future__ import annotations

import queue
import threading
import time

from narrator.voice.clips import Clip
from narrator.voice.player import Hook, Playback


class SilentPlayer:
    """An output queue that plays to nowhere, one line after another."""

    latency = 0.0

    def __init__(self, pace: bool = False, samplerate: int = 22050) -> None:
        self.pace = pace
        self.samplerate = samplerate
        self.on_start: list[Hook] = []
        self.on_end: list[Hook] = []
        self._queue: queue.SimpleQueue[tuple[Playback, int] | None] = queue.SimpleQueue()
        self._pending = 0
        self._generation = 0  # `stop` starts a new one: older lines are dropped
        self._lock = threading.Lock()
        self._cut = threading.Event()
        self._thread = threading.Thread(target=self._play, name="judge-silent", daemon=True)
        self._thread.start()

    def open(self) -> None:
        """Nothing to open."""

    def enqueue(self, clip: Clip, label: str = "", text: str = "") -> Playback:
        """Put `clip` at the end of the queue."""
        playback = Playback(clip, label, text)
        with self._lock:
            self._pending += 1
            self._queue.put((playback, self._generation))
        return playback

    def set_night(self, on: bool) -> None:
        """There is no ambience to fade with no device."""

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing playing."""
        with self._lock:
            return self._pending == 0

    def stop(self) -> None:
        """Cut the line being 'played' and drop the queued ones."""
        with self._lock:
            self._generation += 1
            self._cut.set()

    def close(self) -> None:
        """Drop what is queued and stop the thread."""
        self.stop()
        self._queue.put(None)
        self._thread.join(timeout=5)

    def _play(self) -> None:
        while (item := self._queue.get()) is not None:
            playback, generation = item
            with self._lock:
                dropped = generation != self._generation
                self._cut.clear()
            if dropped:
                self._finish(playback, cancelled=True)
                continue
            playback.started_at = playback.leaves_at = time.perf_counter()
            playback.started.set()
            _run(self.on_start, playback)
            cut = self.pace and self._cut.wait(playback.clip.seconds)
            self._finish(playback, cancelled=cut)

    def _finish(self, playback: Playback, cancelled: bool) -> None:
        playback.cancelled = cancelled
        playback.ended_at = time.perf_counter()
        playback.started.set()
        playback.finished.set()
        _run(self.on_end, playback)
        with self._lock:
            self._pending -= 1


def _run(hooks: list[Hook], playback: Playback) -> None:
    for hook in list(hooks):
        try:
            hook(playback)
        except Exception as error:  # a broken hook must not stop the judge
            print(f"narrator: a speaking hook failed: {error!r}")
