"""The judge's lines on a satellite: the output queue of `narrator.voice.player`, sent over Wyoming.

Rules:
1. One queue, one line at a time, in order: a line is sent only once the line before it has
   finished, wherever that one played, so lines never overlap, on the satellite or across a
   switch to the box's own output.
2. A line is one stream, `audio-start` / `audio-chunk`s / `audio-stop`, 16-bit mono at `rate`
   Hertz, sent at the pace it plays (`LEAD` seconds ahead), so the satellite's buffer stays
   small and a line cut off costs little.
3. A line counts as started when its first chunk is sent, and as finished when the satellite
   says it has played it (`played`); a satellite that never says so (wyoming-satellite 1.0) has
   played it when its last sample is due out (`TAIL` after the stream's time). One that said
   `played` before and is silent `STALL_GRACE` past that time is stalled: it is dropped.
   A line whose stream was sent whole (`audio-stop` written) is the satellite's: if the
   satellite drops before its `played`, it still counts as said there once its last sample
   is due out; it is not said again (a satellite that died in those last `LEAD` seconds loses
   that much of the line's end, mostly its trailing silence; saying it again would say it twice).
4. At night the ambience is mixed under each line, lowered as the local player lowers it. The
   box's own output plays the night's ambience only while it stands in for the satellite.
5. When the satellite is down, the line it was playing (cut off before its stream was sent
   whole) and every line after it play from their start on the box's own output (`box`), or,
   with none, wait for the satellite to come back: none is lost, none is said twice whole.
   Once the satellite is back the next line goes to it again.
6. Hooks as the local player's: `on_start` once and `on_end` once per line, wherever it played,
   in the output's thread.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Protocol, cast

import numpy as np
from wyoming.audio import AudioChunk, AudioStart, AudioStop

from narrator.satellite.kept import Link, LinkChange, LinkDown
from narrator.satellite.link import SatelliteLink
from narrator.voice.clips import Clip
from narrator.voice.player import DUCK_LEVEL, Hook, Playback

LEAD = 0.3  # seconds of a line sent ahead of its playing
CHUNK = 1024  # samples a chunk (46 ms at 22050 Hz)
TAIL = 0.15  # seconds after a stream's time at which a satellite that never says `played` has played it
STALL_GRACE = 3.0  # seconds a satellite that says `played` may be late with it
EDGE = 0.05  # seconds of the ambience's fade at a line's ends


class BoxOutput(Protocol):
    """The box's own output (`narrator.voice.player.Player`), the fallback."""

    samplerate: int

    def enqueue(self, clip: Clip, label: str = "", text: str = "") -> Playback: ...

    def stop(self) -> None: ...

    def set_night(self, on: bool) -> None: ...

    def close(self) -> None: ...


class SatellitePlayer:
    """Plays clips in order on the satellite of `link`, at `rate` Hertz (see the rules above).

    `box()` opens the box's own output (None when there is none); it is called once, when the
    satellite has dropped (`box_ready`) or at the first line it cannot take.
    """

    latency = LEAD

    def __init__(
        self,
        link: Link,
        samplerate: int,
        *,
        rate: int = 22050,
        ambience: Clip | None = None,
        box: Callable[[], BoxOutput | None] = lambda: None,
    ) -> None:
        self.link = link
        self.samplerate = samplerate
        self.rate = rate
        self.on_start: list[Hook] = []
        self.on_end: list[Hook] = []
        self.routes: list[tuple[str, str]] = []
        """(label, "satellite" or "box") of each line, where it was finished: for the record."""
        self._box_factory = box
        self._box: BoxOutput | None = None
        self._box_tried = False
        self._box_lock = threading.Lock()
        self._box_speaks = False  # the box stands in for the satellite now (Rule 4)
        self._ambience = ambience.at_rate(rate).samples if ambience is not None else None
        self._ambience_position = 0
        self._night = False
        self._queue: deque[Playback] = deque()
        self._current: Playback | None = None
        self._signal = threading.Condition()
        self._connection = -1  # the link's connection the counts below are of
        self._streams = 0  # streams sent on it
        self._played = 0  # `played` heard on it
        self._cut = False
        self._closing = False
        link.on_played.append(self._heard_played)
        link.on_change.append(self._link_changed)
        self._thread = threading.Thread(target=self._run, name="judge-satellite-out", daemon=True)
        self._thread.start()

    def open(self) -> None:
        """The link opens itself; nothing to do."""

    def enqueue(self, clip: Clip, label: str = "", text: str = "") -> Playback:
        """Put `clip` at the end of the queue; it plays after everything queued before it."""
        playback = Playback(clip.at_rate(self.samplerate), label, text)
        with self._signal:
            self._queue.append(playback)
            self._signal.notify_all()
        return playback

    def set_night(self, on: bool) -> None:
        """Mix the ambience under the lines (True) or not (Rule 4)."""
        self._night = on and self._ambience is not None
        self._box_night()

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing playing."""
        with self._signal:
            return self._current is None and not self._queue

    def stop(self) -> None:
        """Cut the line being played and drop the queued ones (they count as finished)."""
        with self._signal:
            dropped = list(self._queue)
            self._queue.clear()
            self._cut = self._current is not None
            self._signal.notify_all()
        for playback in dropped:
            playback.cancelled = True
            self._finish(playback, "dropped")
        if self._box is not None:
            self._box.stop()

    def close(self) -> None:
        """Stop playing and end the output's thread (the link is the caller's to close)."""
        with self._signal:
            self._closing = True
        self.stop()
        self._thread.join(timeout=5)
        if self._box is not None:
            self._box.close()

    # -- the output's thread ----------------------------------------------------------------

    def _run(self) -> None:
        while (playback := self._next()) is not None:
            where = self._play(playback)
            self._finish(playback, where)
            with self._signal:
                self._current, self._cut = None, False

    def _next(self) -> Playback | None:
        with self._signal:
            while not self._queue and not self._closing:
                self._signal.wait()
            if self._closing:
                return None
            self._current = self._queue.popleft()
            return self._current

    def _play(self, playback: Playback) -> str:
        """Play one line to its end on the satellite, or the box while the satellite is down,
        or wait for it (Rule 5); where it finished ("cut" when it was cut)."""
        while not self._closing:
            if self._cut:
                return "cut"
            if self.link.up:
                self._box_speaking(False)
                if self._on_satellite(playback):
                    return "cut" if self._cut else "satellite"
                continue  # the satellite went down during the line: from its start elsewhere
            box = self._open_box()
            if box is not None:
                self._box_speaking(True)
                return self._on_box(box, playback)
            with self._signal:
                self._signal.wait_for(lambda: self.link.up or self._cut or self._closing, 0.5)
        return "cut"

    def _on_satellite(self, playback: Playback) -> bool:
        """Stream one line (Rules 2-4); True once played, False if the satellite went down
        before it was sent whole, or stalled."""
        link = cast(SatelliteLink, self.link)  # the Wyoming link: see `EsphomePlayer` for the other
        samples = self._mixed(playback.clip.at_rate(self.rate).samples)
        pcm = Clip(samples, self.rate).pcm16()
        step = CHUNK * 2
        with self._signal:
            if self._connection != self.link.connection:  # a new connection counts afresh
                self._connection, self._streams, self._played = self.link.connection, 0, 0
        try:
            link.send([AudioStart(rate=self.rate, width=2, channels=1).event()])
            began = time.perf_counter()
            for offset in range(0, len(pcm), step):
                due = began + (offset // 2) / self.rate - LEAD
                if self._wait_cut(due - time.perf_counter()):
                    break
                chunk = AudioChunk(rate=self.rate, width=2, channels=1, audio=pcm[offset : offset + step])
                link.send([chunk.event()])
                if offset == 0:
                    self._started(playback, time.perf_counter(), LEAD)
            link.send([AudioStop().event()])
        except LinkDown:
            return False  # cut before it was sent whole: from its start elsewhere (Rule 5)
        with self._signal:
            self._streams += 1  # a cut stream too: its `played` may still come
            stream = self._streams
        if self._cut or self._closing:
            return True
        if not len(pcm):
            self._started(playback, time.perf_counter(), 0.0)
        due_out = began + len(samples) / self.rate + TAIL
        return self._wait_played(stream, due_out)

    def _wait_cut(self, seconds: float) -> bool:
        """Wait `seconds` unless the line is cut (True) or the output closes."""
        with self._signal:
            return self._signal.wait_for(lambda: self._cut or self._closing, max(0.0, seconds))

    def _wait_played(self, stream: int, due_out: float) -> bool:
        """Rule 3: True once the `stream`th stream of this connection is played (the satellite's
        `played` are counted: one a stream, in order), or due out when the satellite went down
        meanwhile; False when it stalled."""

        def over() -> bool:
            if self._played >= stream or self._cut or self._closing or not self.link.up:
                return True
            return not self.link.says_played and time.perf_counter() >= due_out

        with self._signal:
            while not over():
                now = time.perf_counter()
                if self.link.says_played and now >= due_out + STALL_GRACE:
                    break
                until = due_out + STALL_GRACE if now >= due_out else due_out
                self._signal.wait(min(max(0.01, until - now), 0.25))
            if self._played >= stream or self._cut or self._closing:
                return True
            if not self.link.up:  # sent whole: the satellite's once due out (Rule 3)
                left = max(0.0, due_out - time.perf_counter())
                self._signal.wait_for(lambda: self._cut or self._closing, left)
                return True
            if not self.link.says_played:
                return True
        self.link.drop("it did not say it played the line (stalled)", self._connection)
        return False

    def _on_box(self, box: BoxOutput, playback: Playback) -> str:
        heard = box.enqueue(playback.clip, playback.label, playback.text)
        heard.started.wait()
        if heard.started_at is not None:
            self._started(playback, heard.started_at, box_latency(heard))
        heard.wait()
        return "cut" if heard.cancelled else "box"

    def box_ready(self) -> bool:
        """Whether the box has its own output to stand in for the satellite (opened at the
        first call: once the satellite has dropped, or the first line it could not take)."""
        return self._open_box() is not None

    def _open_box(self) -> BoxOutput | None:
        with self._box_lock:
            if not self._box_tried:
                self._box_tried = True
                self._box = self._box_factory()
            return self._box

    def _box_speaking(self, on: bool) -> None:
        if on != self._box_speaks:
            self._box_speaks = on
            self._box_night()

    def _box_night(self) -> None:
        """The box's ambience: the night's while the box speaks, else none (Rule 4)."""
        if self._box is not None:
            self._box.set_night(self._night and self._box_speaks)

    def _mixed(self, samples: np.ndarray) -> np.ndarray:
        """The line with the night's ambience under it (Rule 4)."""
        ambience = self._ambience
        if not self._night or ambience is None or not len(samples):
            return samples
        count = len(samples)
        index = (self._ambience_position + np.arange(count)) % len(ambience)
        self._ambience_position = int(index[-1] + 1) % len(ambience)
        edge = min(count // 2, max(1, int(EDGE * self.rate)))
        gains = np.full(count, DUCK_LEVEL, dtype=np.float32)
        ramp = np.linspace(0.0, DUCK_LEVEL, edge, dtype=np.float32)
        gains[:edge], gains[count - edge :] = ramp, ramp[::-1]
        mixed: np.ndarray = np.clip(samples + ambience[index] * gains, -1.0, 1.0).astype(np.float32)
        return mixed

    def _started(self, playback: Playback, at: float, lead: float) -> None:
        if playback.started.is_set():
            return  # Rule 6: a line played again after a switch started once
        playback.started_at, playback.leaves_at = at, at + lead
        playback.started.set()
        _run(self.on_start, playback)

    def _finish(self, playback: Playback, where: str) -> None:
        playback.cancelled = playback.cancelled or where in ("cut", "dropped")
        playback.ended_at = time.perf_counter()
        self.routes.append((playback.label, where))
        playback.started.set()
        playback.finished.set()
        _run(self.on_end, playback)

    def _heard_played(self) -> None:
        with self._signal:
            self._played += 1
            self._signal.notify_all()

    def _link_changed(self, _change: LinkChange) -> None:
        with self._signal:
            self._signal.notify_all()


def box_latency(playback: Playback) -> float:
    """Seconds from the box's write of a line to its leaving the box's speaker."""
    if playback.leaves_at is None or playback.started_at is None:
        return 0.0
    return playback.leaves_at - playback.started_at


def _run(hooks: list[Hook], playback: Playback) -> None:
    for hook in list(hooks):
        try:
            hook(playback)
        except Exception as error:  # noqa: BLE001 - a broken hook must not stop the judge's voice
            print(f"narrator: a speaking hook failed: {error!r}")
