"""The synthetic voice: pyttsx3 on espeak-ng, one engine in one thread, rendering lines to WAV.

pyttsx3 2.99 is used only to render files (`save_to_file` + `runAndWait`), never to play, and
around its pitfalls (see shared VOICE-NOTES):

1. The espeak driver is process-wide (one synth callback): there is one `SpeechEngine` per
   process — a voice worker's (`narrator.voice.worker`), never the judge's own, so a crash of
   libespeak-ng costs a line, not the game — and its pyttsx3 engine lives in one thread.
2. One `save_to_file` per `runAndWait`: two queued saves write only the last file.
3. Every save prints "Audio saved to …" on stdout: `print` is shadowed in the driver module.
4. A bad voice id fails silently (the error goes to the 'error' callback and the previous voice
   stays): voices are checked against espeak-ng's list first, and errors raised afterwards.
5. `runAndWait` first calls the driver's `stop`, which calls `espeak_Cancel` whenever
   `espeak_IsPlaying` says so — and in retrieval mode it says so after every line. That cancel
   races the next synthesis and about one line in ten comes out empty. Renders are never cut,
   so the driver's `stop` is disabled; an empty render is tried again all the same.
6. A render that never finishes (pyttsx3 #126) is given up after `RENDER_TIMEOUT` seconds.
7. `runAndWait` does not wait: the proxy pumps its queued `endLoop` together with the save, so
   the loop ends as soon as espeak-ng (asynchronous in retrieval mode) has been started, and
   the file is written later, from espeak-ng's thread. A render waits for pyttsx3's
   "finished-utterance" notice, sent after the file is written; else lines come out cut short
   or empty under load.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any, Protocol

from narrator.voice.catalogue import VoiceSettings
from narrator.voice.clips import Clip, read_wav, silence
from narrator.voice.mandarin import to_pinyin

# Seconds one line may take to render before the engine is declared stuck.
RENDER_TIMEOUT = 30.0
# Hertz of what espeak-ng renders (pyttsx3 writes 16-bit mono WAV at this rate).
ESPEAK_RATE = 22050
# Bytes of a WAV header with no samples after it.
_WAV_HEADER = 44
# How lines are rendered, for the cache: 2 since renders wait for the end (rule 7).
RENDER_REVISION = 2
# Tries for a line that comes out empty (see rule 5).
RENDER_TRIES = 3
# Text front ends: what espeak-ng is given for a line.
FRONT_ENDS: dict[str, Callable[[str], str]] = {
    "plain": lambda text: text.strip(),
    "pinyin": to_pinyin,
}


class SpeechError(RuntimeError):
    """A speech engine could not render a line."""


class LineRenderer(Protocol):
    """A speech engine as the judge uses it: espeak-ng (`SpeechEngine`, always there) or the
    neural voice (`narrator.voice.neural.NeuralEngine`, installed on demand)."""

    name: str
    samplerate: int

    @property
    def identity(self) -> str:
        """The engine, its version and anything else that changes its sound (for the cache)."""
        ...

    def render_clip(self, text: str, voice: VoiceSettings, path: Path) -> Clip:
        """Render `text` to a WAV file at `path` and return its clip."""
        ...


class UnknownVoice(SpeechError):
    """An espeak-ng voice id that espeak-ng does not have."""


def spoken_text(text: str, voice: VoiceSettings) -> str:
    """What espeak-ng is given to say `text` in `voice` (its front end applied)."""
    try:
        front_end = FRONT_ENDS[voice.front_end]
    except KeyError:
        known = ", ".join(FRONT_ENDS)
        raise SpeechError(f"unknown text front end {voice.front_end!r} (known: {known})") from None
    return front_end(text)


def _quiet(*_args: object, **_kwargs: object) -> None:
    """Stands in for `print` in pyttsx3's espeak driver, which announces every saved file."""


class SpeechEngine:
    """Renders lines of text to WAV files with pyttsx3 + espeak-ng, one at a time."""

    name = "espeak"
    samplerate = ESPEAK_RATE

    def __init__(self) -> None:
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="judge-voice")
        self._engine: Any = None
        self._errors: list[BaseException] = []
        self._finished = threading.Event()
        self._voice_ids: list[str] = []
        self._lock = threading.Lock()
        self.version = self._run(self._start).strip() or "unknown"

    @property
    def identity(self) -> str:
        """Names the engine, its version and how lines are rendered, for cache keys:
        "espeak-ng-1.51-r2" (r2: renders wait for the end, rule 7; lines kept before may be cut)."""
        return f"espeak-ng-{self.version}-r{RENDER_REVISION}"

    def voices(self) -> list[str]:
        """espeak-ng's voice ids ("sit/cmn-latn-pinyin", "gmw/en", …)."""
        return list(self._voice_ids)

    def render(self, text: str, voice: VoiceSettings, path: Path) -> Path:
        """Render `text` in `voice` to a 16-bit mono WAV file at `path` (`ESPEAK_RATE`).

        The text goes through the voice's front end first (`spoken_text`). Blocks until the
        file is written; raises `UnknownVoice` or `SpeechError`.
        """
        spoken = spoken_text(text, voice)
        voice_id = self.voice_id(voice.espeak)
        path.parent.mkdir(parents=True, exist_ok=True)
        written: Path = self._run(self._render, spoken, voice_id, voice.rate, path)
        return written

    def render_clip(self, text: str, voice: VoiceSettings, path: Path) -> Clip:
        """Render `text` to `path` and read it back as a clip."""
        if not spoken_text(text, voice):
            return silence(0.1, ESPEAK_RATE)
        return read_wav(self.render(text, voice, path))

    def voice_id(self, name: str) -> str:
        """espeak-ng's id for voice `name` ("cmn-latn-pinyin" → "sit/cmn-latn-pinyin")."""
        wanted = name.lower()
        for voice_id in self._voice_ids:
            if voice_id == wanted or voice_id.endswith(f"/{wanted}"):
                return voice_id
        raise UnknownVoice(f"espeak-ng has no voice {name!r} (see `espeak-ng --voices`)")

    def close(self) -> None:
        """Stop the engine's thread (after the line being rendered)."""
        self._thread.shutdown(wait=True)

    def _run(self, job: Callable[..., Any], *args: object) -> Any:
        with self._lock:
            future: Future[Any] = self._thread.submit(job, *args)
            try:
                return future.result(timeout=RENDER_TIMEOUT)
            except FutureTimeout:
                raise SpeechError(f"espeak-ng did not finish within {RENDER_TIMEOUT} s") from None

    def _start(self) -> str:
        """In the engine's thread: start pyttsx3 and learn espeak-ng's voices and version."""
        import pyttsx3
        import pyttsx3.drivers.espeak as espeak_driver
        from pyttsx3.drivers import _espeak

        espeak_driver.print = _quiet
        self._engine = pyttsx3.init("espeak")
        self._engine.connect("error", self._on_error)
        self._engine.connect("finished-utterance", self._on_finished)
        driver = getattr(self._engine.proxy, "_driver", None)
        if driver is not None:
            driver.stop = _quiet
        for voice in self._engine.getProperty("voices"):
            self._voice_ids.append(voice.id)
        info = _espeak.Info()
        return info.decode() if isinstance(info, bytes) else str(info or "")

    def _on_finished(self, name: object = None, completed: bool = True) -> None:
        self._finished.set()

    def _on_error(self, name: object = None, exception: BaseException | None = None) -> None:
        self._errors.append(exception or SpeechError(f"espeak-ng failed on {name!r}"))

    def _render(self, spoken: str, voice_id: str, rate: int, path: Path) -> Path:
        """In the engine's thread: one save, one run, then check that it went right."""
        partial = path.with_name(f".part-{threading.get_ident()}-{path.name}")
        for _ in range(RENDER_TRIES):
            self._save(spoken, voice_id, rate, partial)
            if self._errors or not partial.exists() or partial.stat().st_size > _WAV_HEADER:
                break
        return self._keep(spoken, voice_id, partial, path)

    def _save(self, spoken: str, voice_id: str, rate: int, partial: Path) -> None:
        engine = self._engine
        self._errors.clear()
        self._finished.clear()
        engine.setProperty("voice", voice_id)
        engine.setProperty("rate", rate)
        engine.save_to_file(spoken, str(partial))
        engine.runAndWait()
        if not self._finished.wait(RENDER_TIMEOUT) and not self._errors:
            raise SpeechError(f"espeak-ng did not finish {spoken!r} within {RENDER_TIMEOUT} s")

    def _keep(self, spoken: str, voice_id: str, partial: Path, path: Path) -> Path:
        """Check a finished render and move it to `path`."""
        engine = self._engine
        if self._errors:
            partial.unlink(missing_ok=True)
            raise SpeechError(f"espeak-ng failed: {self._errors[0]}")
        current = str(engine.getProperty("voice"))
        if current != voice_id:
            partial.unlink(missing_ok=True)
            raise UnknownVoice(f"espeak-ng spoke with voice {current!r}, not {voice_id!r}")
        if not partial.exists() or partial.stat().st_size <= _WAV_HEADER:
            partial.unlink(missing_ok=True)
            raise SpeechError(f"espeak-ng wrote no audio for {spoken!r}")
        partial.replace(path)
        return path
