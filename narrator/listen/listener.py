"""The listener the moderator uses: the prompt's commands, heard live, never the judge itself.

Rules:
1. Audio arrives in the microphone's thread and is decided on in the listener's own thread.
2. Audio captured while the judge speaks, and for `echo_guard_s` after, is muted, and an
   utterance in progress is dropped: the judge never hears itself. A block is judged by when
   it was captured (`CaptureClock`), not when it arrives, so a busy machine whose audio thread
   runs late does not let the end of the judge's line through.
3. Each prompt has its own grammar (`listen_for`); commands heard under an earlier prompt
   are forgotten when the prompt changes.
4. With no microphone or no model, listening is off: `status` says why, once, and
   `next_command` returns None without waiting for a word that cannot come.
5. A microphone that sends nothing for `lost_after_s` (unplugged, its stream killed, the sound
   server gone) is lost: `status` turns off and `on_status` is told once. The listener then
   reopens it every `retry_s`; the first block that arrives turns listening back on (and
   `on_status` is told again). Meanwhile `next_command` waits as usual: nothing comes.
"""

from __future__ import annotations

import logging
import math
import queue
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from narrator.inbox import CommandWord
from narrator.listen.microphone import AudioSource, Microphone, MicrophoneUnavailable
from narrator.listen.models import ModelError, find_model
from narrator.listen.phrasebook import Phrasebook, phrasebook
from narrator.listen.segmenter import SAMPLE_RATE
from narrator.listen.spotter import Decision, KeywordSpotter, SpotterSettings

log = logging.getLogger(__name__)

FIRST_BLOCK_S = 5.0
"""Seconds more a freshly opened microphone may take to send its first block (PortAudio may
take a second or more) before it counts as lost."""


class CaptureClock:
    """When each block of an audio stream was captured (`time.monotonic` seconds), however late
    it arrives.

    A block arrives some time after it was captured, and how long varies: a busy machine runs
    the audio thread late, then hands over several blocks at once. The sample count does not
    vary: sample n was captured n / `rate` seconds after the stream began. The beginning is
    taken as the least of (arrival - samples so far / rate) over the arrivals of the last
    `window_s` seconds: the block that came soonest after its capture pins it down, and a late
    one never moves it later. The window lets the estimate follow a device that dropped samples
    or whose clock runs a little off. Times are seconds.
    """

    def __init__(self, rate: int = SAMPLE_RATE, window_s: float = 30.0) -> None:
        self.rate = rate
        self.window_s = window_s
        self._samples = 0
        self._offsets: deque[tuple[float, float]] = deque()

    def restart(self) -> None:
        """A new stream begins (the device was reopened)."""
        self._samples = 0
        self._offsets.clear()

    def arrived(self, samples: int, now: float) -> tuple[float, float]:
        """The capture span (start, end) of a block of `samples` samples that arrived at `now`."""
        self._samples += samples
        offset = now - self._samples / self.rate
        while self._offsets and self._offsets[-1][1] >= offset:
            self._offsets.pop()
        self._offsets.append((now, offset))
        while self._offsets[0][0] < now - self.window_s:
            self._offsets.popleft()
        end = self._offsets[0][1] + self._samples / self.rate
        return end - samples / self.rate, end


@dataclass(frozen=True)
class ListeningStatus:
    """Whether the judge is listening, and if not, the reason to tell the table once."""

    on: bool
    reason: str
    lost: bool = False
    """True while a microphone that worked is gone (listening comes back by itself)."""


def load_model(path: str) -> Any:
    """A `vosk.Model` from a folder (never by language: that would download), its random dither off.

    Kaldi adds random noise ("dither", 1.0 by default) to the audio before its features: the
    same clip then scores a few nats differently from one decoding to the next, which blurs
    the line between a command and talk. The model is loaded through a copy of its folder
    (links to its files) whose `conf/mfcc.conf` says `--dither=0`; the copy is removed once
    Vosk has read the model into memory. A model that sets its own dither is left as it is.
    Raises ModelError, saying what to install, when Vosk's own library cannot load here.
    """
    try:
        import vosk
    except OSError as error:  # libvosk.so is loaded as vosk is imported
        raise ModelError(
            f"Vosk cannot load its library here ({error}); on Debian or Raspberry Pi OS run "
            "scripts/install.sh (or `sudo apt-get install libatomic1`)"
        ) from None

    vosk.SetLogLevel(-1)
    folder = Path(path)
    mfcc = folder / "conf" / "mfcc.conf"
    if not mfcc.is_file() or "--dither" in mfcc.read_text(encoding="utf-8", errors="replace"):
        return vosk.Model(path)
    with tempfile.TemporaryDirectory(prefix="vosk-model-") as scratch:
        copy = Path(scratch)
        for part in folder.iterdir():
            if part.name != "conf":
                (copy / part.name).symlink_to(part.resolve())
        (copy / "conf").mkdir()
        for part in (folder / "conf").iterdir():
            if part.name != "mfcc.conf":
                (copy / "conf" / part.name).symlink_to(part.resolve())
        text = mfcc.read_text(encoding="utf-8", errors="replace").rstrip("\n")
        (copy / "conf" / "mfcc.conf").write_text(text + "\n--dither=0\n", encoding="utf-8")
        return vosk.Model(str(copy))


class Listener:
    """Hears the public commands of the current prompt on an audio source.

    Use `Listener.for_locale(...)` to build one with the real model and microphone; it
    never raises for a missing microphone or model, it comes back with listening off.
    `on_decision`, if given, is called (in the listener's thread) with every decision,
    including the rejected ones; `on_status` with the new status each time the microphone is
    lost or comes back (rule 5). Both must return quickly. `clock` dates the judge's lines and
    the blocks' arrival (rule 2; a test passes its own). Times are seconds.
    """

    def __init__(
        self,
        spotter: KeywordSpotter | None,
        source: AudioSource | None,
        book: Phrasebook,
        echo_guard_s: float = 0.3,
        on_decision: Callable[[Decision], None] | None = None,
        off_reason: str = "",
        on_status: Callable[[ListeningStatus], None] | None = None,
        lost_after_s: float = 2.0,
        retry_s: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.book = book
        self.echo_guard_s = echo_guard_s
        self.on_decision = on_decision
        self.on_status = on_status
        self.lost_after_s = lost_after_s
        self.retry_s = retry_s
        self._now = clock
        self._spotter = spotter
        self._source = source
        self._blocks: queue.Queue[tuple[np.ndarray, bool] | None] = queue.Queue()
        self._commands: queue.Queue[Decision] = queue.Queue()
        self._lock = threading.Lock()
        self._judge_lock = threading.Lock()  # the judge's spans and the capture clock, never held long
        self._clock = CaptureClock()
        self._judge_spans: deque[list[float]] = deque(maxlen=16)
        """[start, end] of each recent line of the judge, the echo guard included (end is
        infinite while it speaks)."""
        self._audio_seen = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_block = 0.0
        self._last_retry = 0.0
        on = spotter is not None and source is not None
        self.status = ListeningStatus(on, "listening" if on else off_reason)

    @classmethod
    def for_locale(
        cls,
        locale: str,
        model_path: str | None = None,
        device: int | str | None = None,
        model: Any = None,
        settings: SpotterSettings | None = None,
        source: AudioSource | None = None,
        **options: Any,
    ) -> Listener:
        """A listener for a locale's commands on the microphone (or `source`: a satellite's),
        started if it can be.

        `model` may be an already loaded `vosk.Model` (it is large: share it).
        """
        book = phrasebook(locale)
        if model is None:
            try:
                model = load_model(str(find_model(locale, model_path).path))
            except ModelError as error:
                return cls(None, None, book, off_reason=f"listening is off: {error}", **options)
        source = source if source is not None else Microphone(device)
        listener = cls(KeywordSpotter(model, book, settings), source, book, **options)
        listener.start()
        return listener

    @property
    def unknown_words(self) -> str | None:
        """The start-up report of phrases the model cannot hear (None when it hears all)."""
        return self._spotter.grammar.report_unknown() if self._spotter else None

    def start(self) -> ListeningStatus:
        """Open the audio source and start deciding; turns listening off if it cannot."""
        if not self.status.on or self._thread is not None:
            return self.status
        assert self._source is not None
        try:
            with self._judge_lock:
                self._clock.restart()
            self._source.start(self._deliver)
        except MicrophoneUnavailable as error:
            self.status = ListeningStatus(False, f"listening is off: {error}")
            return self.status
        self._last_block = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="listener", daemon=True)
        self._thread.start()
        return self.status

    @property
    def running(self) -> bool:
        """Whether listening started and has not been closed (it may be lost for a while)."""
        return self._thread is not None

    def wait_for_audio(self, timeout: float) -> bool:
        """Wait until the first block of audio arrives (PortAudio may take a second)."""
        return self._audio_seen.wait(timeout)

    def listen_for(self, commands: Iterable[CommandWord]) -> None:
        """Listen for these commands from now on (one grammar per prompt)."""
        book = self.book.for_commands(commands)
        with self._lock:
            if self._spotter is not None:
                self._spotter.listen_for(book)
            _drain(self._commands)

    def judge_speaking(self, speaking: bool) -> None:
        """Mark the judge speaking (True) or done (False: the echo guard starts now).

        Call False once the line has finished playing, not when it was queued.
        """
        with self._judge_lock:
            now = self._now()
            speaking_now = bool(self._judge_spans) and math.isinf(self._judge_spans[-1][1])
            if speaking and not speaking_now:
                self._judge_spans.append([now, math.inf])
            elif not speaking and speaking_now:
                self._judge_spans[-1][1] = now + self.echo_guard_s

    def next_command(self, timeout: float | None = None) -> Decision | None:
        """The next command heard under the current prompt, or None after `timeout` seconds.

        With listening off for good (never started, or closed) it returns None at once.
        """
        if not self.running:
            return None
        try:
            return self._commands.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        """Stop the listener's thread, then the audio source."""
        if self._thread is not None:
            self._blocks.put(None)
            self._thread.join(timeout=5)
            self._thread = None
        if self._source is not None:
            self._source.stop()

    def __enter__(self) -> Listener:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _deliver(self, block: np.ndarray) -> None:
        with self._judge_lock:
            start, end = self._clock.arrived(len(block), self._now())
            muted = any(end > first and start < last for first, last in self._judge_spans)
        self._blocks.put((block, muted))
        self._audio_seen.set()

    def _set_status(self, status: ListeningStatus) -> None:
        self.status = status
        log.info("%s", status.reason)
        if self.on_status is not None:
            self.on_status(status)

    def _watch(self) -> None:
        """No block came for a while: lose the microphone once, then try to reopen it."""
        now = time.monotonic()
        if not self.status.lost:
            allowed = self.lost_after_s + (0.0 if self._audio_seen.is_set() else FIRST_BLOCK_S)
            if now - self._last_block < allowed:
                return
            self._set_status(ListeningStatus(False, "listening is off: the microphone stopped", lost=True))
            self._last_retry = now - self.retry_s
        if now - self._last_retry < self.retry_s:
            return
        self._last_retry = now
        assert self._source is not None
        try:
            self._source.stop()
            with self._judge_lock:
                self._clock.restart()
            self._source.start(self._deliver)
        except (MicrophoneUnavailable, OSError, RuntimeError) as error:
            log.info("the microphone is still gone: %s", error)

    def _run(self) -> None:
        spotter = self._spotter
        assert spotter is not None
        was_muted = False
        while True:
            try:
                item = self._blocks.get(timeout=min(self.lost_after_s, self.retry_s) / 4)
            except queue.Empty:
                self._watch()
                continue
            if item is None:
                return
            self._last_block = time.monotonic()
            if self.status.lost:
                spotter.drop_utterance()
                self._set_status(ListeningStatus(True, "listening again: the microphone is back"))
            block, muted = item
            with self._lock:
                if muted:
                    if not was_muted:
                        spotter.drop_utterance()
                    spotter.skip(len(block))
                    was_muted = True
                    continue
                was_muted = False
                decisions = spotter.feed(block)
            for decision in decisions:
                if decision.heard is not None:
                    self._commands.put(decision)
                if self.on_decision is not None:
                    self.on_decision(decision)


def _drain(pending: queue.Queue[Decision]) -> None:
    while True:
        try:
            pending.get_nowait()
        except queue.Empty:
            return
