"""The output queue: lines play one after another on one sounddevice stream, never overlapping.

Rules:
1. One output stream and one queue. The stream's callback (PortAudio's one audio thread) takes
   the next line only after the last sample of the line before it, so a line never starts
   before the previous one ended, and lines follow each other without a gap or a click.
2. The night ambience, when on, is mixed under the lines: it fades in and out over
   `AMBIENCE_FADE` seconds and is lowered to `DUCK_LEVEL` of its level while a line plays.
3. A line counts as started when its first sample is written to the device, and as finished
   when its last sample has left the device (the stream's output latency later), so whoever
   waits on it (the listener's echo guard) never hears the judge's own tail.
4. Hooks (`on_start`, `on_end`) run in the player's notifier thread, never in the audio thread.
5. A stream that ends by itself (the sound server died, the device was unplugged) makes the
   player `failed`: the `on_failure` hooks run in a thread of their own and may take back the
   lines not yet heard (`abandon`); with no hook those lines are marked cut at once, so that
   nobody waits for them forever.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from narrator.voice.clips import Clip

# Seconds of the ambience fade in / fade out when the night starts or ends.
AMBIENCE_FADE = 1.5
# How far the ambience is lowered while the judge speaks, and how fast (seconds).
DUCK_LEVEL = 0.25
DUCK_ATTACK = 0.08
DUCK_RELEASE = 0.6
# Frames the callback writes at a time: ~46 ms at 22050 Hz, the longest wait before a queued
# line. The device holds `LATENCY` seconds of sound: a slow box (a Pi, or a judge held back
# by its CPU share or another thread for a while) never runs it dry. Lines are timed from
# when they leave the device, so the echo guard still starts at the real end of a line.
BLOCKSIZE = 1024
LATENCY = 0.25


class NoOutputDevice(RuntimeError):
    """No sound output device can be opened (no sound card, no PulseAudio, no PortAudio)."""


@dataclass(eq=False)
class Playback:
    """One clip in the output queue, and when it played (`time.perf_counter()` seconds).

    `asked_at`: the line was asked for (before it was found or rendered; set by the speaker);
    `started_at`: its first sample was handed to the device (None if it never played);
    `leaves_at`: that sample's estimated time leaving the device; `ended_at`: its last sample
    left the device, or it was cut or dropped (`cancelled`).
    """

    clip: Clip
    label: str = ""
    text: str = ""
    queued_at: float = field(default_factory=time.perf_counter)
    asked_at: float | None = None
    started_at: float | None = None
    leaves_at: float | None = None
    ended_at: float | None = None
    cancelled: bool = False
    started: threading.Event = field(default_factory=threading.Event)
    finished: threading.Event = field(default_factory=threading.Event)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the clip has finished playing (or was cancelled); False on timeout."""
        return self.finished.wait(timeout)


Hook = Callable[[Playback], None]
# (what happened: "start" or "end", to which line, written at, leaves the device at)
_Event = tuple[str, Playback, float, float]


class Player:
    """Plays clips in order on a sounddevice output stream at `samplerate` Hertz."""

    def __init__(
        self,
        device: int | str | None = None,
        samplerate: int = 22050,
        ambience: Clip | None = None,
        blocksize: int = BLOCKSIZE,
    ) -> None:
        self.device = device
        self.samplerate = samplerate
        self.blocksize = blocksize
        self.on_start: list[Hook] = []
        self.on_end: list[Hook] = []
        self.on_failure: list[Callable[[Player], None]] = []
        self.failed = False
        self.underruns = 0  # blocks the device wanted before the player could write them
        self._closing = False
        self._ambience = ambience.at_rate(samplerate).samples if ambience else None
        self._queue: deque[Playback] = deque()
        self._current: Playback | None = None
        self._position = 0
        self._ambience_position = 0
        self._night = False
        self._night_gain = 0.0
        self._duck_gain = 1.0
        self._events: queue.SimpleQueue[_Event | None] = queue.SimpleQueue()
        self._stream: Any = None
        self._latency = 0.0
        self._notifier: threading.Thread | None = None

    @property
    def latency(self) -> float:
        """Seconds from a sample's write to its leaving the device (0 before `open`)."""
        return self._latency

    def open(self) -> None:
        """Open the output stream; raises `NoOutputDevice` when there is none to open."""
        if self._stream is not None:
            return
        try:
            import sounddevice as sd
        except OSError as error:  # the PortAudio library itself is missing
            raise NoOutputDevice(f"PortAudio is not available: {error}") from None
        try:
            stream = sd.OutputStream(
                samplerate=self.samplerate,
                blocksize=self.blocksize,
                device=self.device,
                channels=1,
                dtype="float32",
                latency=LATENCY,
                callback=self._callback,
                finished_callback=self._stream_finished,
            )
            stream.start()
        except (sd.PortAudioError, ValueError) as error:
            raise NoOutputDevice(f"cannot open a sound output device: {error}") from None
        self._stream = stream
        self._latency = float(stream.latency)
        self._notifier = threading.Thread(target=self._notify, name="judge-player", daemon=True)
        self._notifier.start()

    def enqueue(self, clip: Clip, label: str = "", text: str = "") -> Playback:
        """Put `clip` at the end of the queue; it plays after everything queued before it.

        `label` names the clip (a line key, "pause") and `text` is what it says.
        """
        playback = Playback(clip.at_rate(self.samplerate), label, text)
        self._queue.append(playback)
        return playback

    def set_night(self, on: bool) -> None:
        """Fade the night ambience in (True) or out (False)."""
        self._night = on and self._ambience is not None

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing playing."""
        return self._current is None and not self._queue

    def stop(self) -> None:
        """Cut the line being played and drop the queued ones (they count as finished)."""
        dropped = list(self._queue)
        self._queue.clear()
        current = self._current
        for playback in [*dropped, *([current] if current else [])]:
            playback.cancelled = True
        for playback in dropped:
            self._events.put(("end", playback, time.perf_counter(), time.perf_counter()))

    def abandon(self) -> list[Playback]:
        """Take back the lines not yet heard (the one being played and the queued ones); they
        are marked cut and finished here, so that their waiters go on."""
        unplayed = [p for p in [self._current, *self._queue] if p is not None]
        self._queue.clear()
        self._current = None
        now = time.perf_counter()
        for playback in unplayed:
            playback.cancelled = True
            self._events.put(("end", playback, now, now))
        return unplayed

    def close(self) -> None:
        """Stop playing and close the stream."""
        self._closing = True
        self.stop()
        if self._stream is not None:
            with contextlib.suppress(Exception):
                self._stream.stop()
                self._stream.close()
            self._stream = None
        if self._current is not None:
            self._events.put(("end", self._current, time.perf_counter(), time.perf_counter()))
            self._current = None
        if self._notifier is not None:
            self._events.put(None)
            self._notifier.join(timeout=5)
            self._notifier = None

    def _stream_finished(self) -> None:
        """PortAudio: the stream has ended. Unless `close` ended it, the device is lost."""
        if self._closing:
            return
        self.failed = True
        threading.Thread(target=self._fail, name="judge-player-lost", daemon=True).start()

    def _fail(self) -> None:
        if not self.on_failure:
            self.abandon()
        for hook in list(self.on_failure):
            try:
                hook(self)
            except Exception as error:  # the judge must go on, heard or not
                print(f"narrator: a failure hook failed: {error!r}")

    def _callback(self, outdata: np.ndarray, frames: int, time_info: Any, status: Any) -> None:
        """PortAudio's audio thread: write the queued lines, then the ambience under them."""
        now = time.perf_counter()
        if status.output_underflow:
            self.underruns += 1
        # When the first sample of this buffer leaves the device, on the perf_counter clock.
        lead = time_info.outputBufferDacTime - time_info.currentTime
        leaves = now + (lead if 0.0 < lead < 2.0 else self._latency)
        out = outdata[:, 0]
        out.fill(0.0)
        written = 0
        speech_frames = 0
        while written < frames:
            current = self._current
            if current is None or current.cancelled:
                if current is not None:
                    self._events.put(("end", current, now, leaves + written / self.samplerate))
                try:
                    current = self._current = self._queue.popleft()
                except IndexError:
                    self._current = None
                    break
                self._position = 0
                self._events.put(("start", current, now, leaves + written / self.samplerate))
            samples = current.clip.samples
            take = min(frames - written, len(samples) - self._position)
            out[written : written + take] = samples[self._position : self._position + take]
            written += take
            speech_frames += take
            self._position += take
            if self._position >= len(samples):
                self._events.put(("end", current, now, leaves + written / self.samplerate))
                self._current = None
        self._mix_ambience(out, frames, speaking=speech_frames > 0)

    def _mix_ambience(self, out: np.ndarray, frames: int, speaking: bool) -> None:
        ambience = self._ambience
        if ambience is None or (not self._night and self._night_gain == 0.0):
            return
        block = frames / self.samplerate
        night_step = block / AMBIENCE_FADE
        night_target = 1.0 if self._night else 0.0
        night_gain = self._night_gain + np.clip(night_target - self._night_gain, -night_step, night_step)
        duck_target = DUCK_LEVEL if speaking else 1.0
        duck_step = (1.0 - DUCK_LEVEL) * block / (DUCK_ATTACK if speaking else DUCK_RELEASE)
        duck_gain = self._duck_gain + np.clip(duck_target - self._duck_gain, -duck_step, duck_step)
        gains = np.linspace(self._night_gain * self._duck_gain, night_gain * duck_gain, frames)
        index = (self._ambience_position + np.arange(frames)) % len(ambience)
        out += ambience[index] * gains.astype(np.float32)
        self._ambience_position = int(index[-1] + 1) % len(ambience)
        self._night_gain, self._duck_gain = float(night_gain), float(duck_gain)

    def _notify(self) -> None:
        """The notifier thread: marks lines started and finished, and runs the hooks."""
        while (event := self._events.get()) is not None:
            kind, playback, written_at, leaves_at = event
            if kind == "start":
                playback.started_at = written_at
                playback.leaves_at = leaves_at
                playback.started.set()
                self._run_hooks(self.on_start, playback)
            elif not playback.finished.is_set():
                delay = leaves_at - time.perf_counter()
                if delay > 0 and not playback.cancelled:
                    time.sleep(delay)
                playback.ended_at = time.perf_counter()
                playback.started.set()  # also for a line dropped before it played
                playback.finished.set()
                self._run_hooks(self.on_end, playback)

    @staticmethod
    def _run_hooks(hooks: list[Hook], playback: Playback) -> None:
        for hook in list(hooks):
            try:
                hook(playback)
            except Exception as error:  # a broken hook must not stop the judge's voice
                print(f"narrator: a speaking hook failed: {error!r}")
