"""The listener the moderator uses: the prompt's commands, heard live, never the judge itself.

Rules:
1. Audio arrives in the microphone's thread and is decided on in the listener's own thread.
2. While the judge speaks, and for `echo_guard_s` after, every block is muted at the moment
   it arrives, and an utterance in progress is dropped: the judge never hears itself.
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
import queue
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from narrator.listen.microphone import AudioSource, Microphone, MicrophoneUnavailable
from narrator.listen.models import ModelError, find_model
from narrator.listen.phrasebook import Command, Phrasebook, phrasebook
from narrator.listen.spotter import Decision, KeywordSpotter, SpotterSettings

log = logging.getLogger(__name__)

FIRST_BLOCK_S = 5.0
"""Seconds more a freshly opened microphone may take to send its first block (PortAudio may
take a second or more) before it counts as lost."""


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
    """
    import vosk

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
    lost or comes back (rule 5). Both must return quickly. Times are seconds.
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
    ) -> None:
        self.book = book
        self.echo_guard_s = echo_guard_s
        self.on_decision = on_decision
        self.on_status = on_status
        self.lost_after_s = lost_after_s
        self.retry_s = retry_s
        self._spotter = spotter
        self._source = source
        self._blocks: queue.Queue[tuple[np.ndarray, bool] | None] = queue.Queue()
        self._commands: queue.Queue[Decision] = queue.Queue()
        self._lock = threading.Lock()
        self._speaking = False
        self._muted_until = 0.0
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
        **options: Any,
    ) -> Listener:
        """A listener for a locale's commands on the microphone, started if it can be.

        `model` may be an already loaded `vosk.Model` (it is large: share it).
        """
        book = phrasebook(locale)
        if model is None:
            try:
                model = load_model(str(find_model(locale, model_path).path))
            except ModelError as error:
                return cls(None, None, book, off_reason=f"listening is off: {error}", **options)
        listener = cls(KeywordSpotter(model, book, settings), Microphone(device), book, **options)
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

    def listen_for(self, commands: Iterable[Command]) -> None:
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
        with self._lock:
            self._speaking = speaking
            if not speaking:
                self._muted_until = time.monotonic() + self.echo_guard_s

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
        muted = self._speaking or time.monotonic() < self._muted_until
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
