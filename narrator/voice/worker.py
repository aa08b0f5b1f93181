"""Speech in a child process: the judge asks a worker for a line, and a crash costs one line.

    espeak = VoiceWorker("espeak")          # starts `python -m narrator.voice.worker_main espeak`
    clip = espeak.render_clip("天黑请闭眼。", voice, path)
    espeak.close()

1. One worker process per voice ("espeak": pyttsx3 on espeak-ng; "neural": the Mandarin
   neural voice). The native code (libespeak-ng, LiteRT) runs there and only there, so its
   segfault kills the worker, never the judge.
2. The judge and the worker talk through a queue of one: one JSON request per line on the
   worker's stdin, one JSON reply on its stdout; the audio goes through the WAV file the judge
   names. Everything else the worker prints goes to stderr (its fd 1 is moved aside at start).
   The worker's side is `narrator.voice.worker_main`.
3. A line that the worker does not answer — it died (any signal), it hung past the line's
   deadline, or pyttsx3 wrote no audio — costs one restart: the worker is killed, started
   again and asked once more. A second failure raises `WorkerFailed` (the speaker prints the
   line instead). Refusals that another try cannot cure (an unknown voice, text the neural
   voice cannot read) are raised as they are, with no restart.
4. Deadlines are seconds: `START_DEADLINE` to start, `line_deadline(text)` per line. The judge
   never waits longer than two deadlines and one start for a line. A deadline belongs to a
   game; `VoiceWorker(engine, deadline_scale=None)` (`narrator say`, `narrator voices
   render|install`) waits for the voice however slow the machine is, and only a worker that
   dies costs a restart.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrator.voice.catalogue import VoiceSettings
from narrator.voice.speech import SpeechError, UnknownVoice

if TYPE_CHECKING:
    from narrator.voice.clips import Clip

# The voices a worker can run.
WORKER_ENGINES = ("espeak", "neural")
# Seconds a worker may take to start (the neural voice loads its models; a Pi is slow).
START_DEADLINE = 60.0
# Seconds a line may take, before and per character of its text, by voice.
_LINE_BASE = {"espeak": 4.0, "neural": 8.0}
_LINE_PER_CHAR = {"espeak": 0.02, "neural": 0.15}
# Seconds a closing worker is given to leave before it is killed.
_CLOSE_GRACE = 2.0
# The judge's scratch folders (the lines' WAV files) in the temporary folder: SCRATCH, the
# judge's process id, "-" and a random tail.
SCRATCH = "narrator-voice-"


class WorkerLost(SpeechError):
    """The worker died, hung past its deadline, or wrote no audio (one line's try failed)."""


class WorkerFailed(SpeechError):
    """A line failed twice, with a fresh worker the second time: print it instead."""


@dataclass(frozen=True, slots=True)
class WorkerInfo:
    """What a worker says when it has started."""

    name: str
    samplerate: int
    identity: str
    voices: tuple[str, ...]


def sweep_scratch(folder: Path | None = None) -> list[Path]:
    """Remove the scratch folders a judge that was killed left in `folder` (the temporary
    folder): only this user's, named with a process id that no longer runs (a folder of a
    judge still running, or of an older name, stays). The folders removed."""
    swept = []
    for scratch in Path(folder or tempfile.gettempdir()).glob(f"{SCRATCH}*-*"):
        owner = scratch.name[len(SCRATCH) :].split("-", 1)[0]
        try:
            mine = scratch.is_dir() and not scratch.is_symlink() and scratch.stat().st_uid == os.getuid()
        except OSError:
            continue
        if mine and owner.isdigit() and not _running(int(owner)):
            shutil.rmtree(scratch, ignore_errors=True)
            swept.append(scratch)
    return swept


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def line_deadline(engine: str, text: str) -> float:
    """Seconds the `engine` worker may take to render `text`."""
    return _LINE_BASE[engine] + _LINE_PER_CHAR[engine] * len(text)


class VoiceWorker:
    """A voice (`engine`: "espeak" or "neural") rendering in a child process; a `LineRenderer`.

    Thread-safe: one line at a time. `deadline_scale` multiplies every deadline; None waits
    for each answer as long as the worker lives (rule 4). `restarts` counts the workers started again after a
    failure; `pid` is the current worker's process id (None between a failure and a restart).
    Raises `SpeechError` when the worker cannot start (twice), with the worker's own reason
    (espeak-ng missing, the neural voice not installed: `NeuralUnavailable`).
    """

    def __init__(self, engine: str = "espeak", *, deadline_scale: float | None = 1.0) -> None:
        if engine not in WORKER_ENGINES:
            raise ValueError(f"unknown voice engine {engine!r} (known: {', '.join(WORKER_ENGINES)})")
        self.engine = engine
        self.deadline_scale = deadline_scale
        self.restarts = 0
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        sweep_scratch()
        self._scratch = tempfile.TemporaryDirectory(prefix=f"{SCRATCH}{os.getpid()}-")
        self.info = self._start_twice()
        self.name = self.info.name
        self.samplerate = self.info.samplerate

    # -- the renderer ----------------------------------------------------------------------

    @property
    def identity(self) -> str:
        """The engine and its version, as the worker reported it (for the cache)."""
        return self.info.identity

    @property
    def pid(self) -> int | None:
        """The worker's process id, while one runs."""
        process = self._process
        return process.pid if process is not None and process.poll() is None else None

    def voices(self) -> list[str]:
        """The voice ids the engine has (espeak-ng's "sit/cmn-latn-pinyin", …)."""
        return list(self.info.voices)

    def render_clip(self, text: str, voice: VoiceSettings | None, path: Path) -> Clip:
        """Render `text` in `voice` to a 16-bit WAV at `path` and return its clip.

        Raises `UnknownVoice`, `Unreadable` (the neural voice), `WorkerFailed` (twice failed)
        or `SpeechError`.
        """
        from narrator.voice.clips import read_wav, silence

        request: dict[str, Any] = {"op": "render", "text": text, "path": str(path)}
        if voice is not None:
            request["voice"] = {"espeak": voice.espeak, "front_end": voice.front_end, "rate": voice.rate}
        path.parent.mkdir(parents=True, exist_ok=True)
        if self._ask(request, text).get("silent"):
            return silence(0.1, self.samplerate)
        return read_wav(path)

    def synthesise(self, text: str, *, ending: bool = True) -> Clip:
        """`text` in the neural voice, ending with a breath when `ending` (see `NeuralEngine`)."""
        from narrator.voice.clips import read_wav

        path = Path(self._scratch.name) / f"line-{threading.get_ident()}.wav"
        self._ask({"op": "synthesise", "text": text, "ending": ending, "path": str(path)}, text)
        try:
            return read_wav(path)
        finally:
            path.unlink(missing_ok=True)

    def close(self) -> None:
        """Ask the worker to leave (killed if it does not), and drop its scratch folder."""
        with self._lock:
            self._stop(graceful=True)
        self._scratch.cleanup()

    def __enter__(self) -> VoiceWorker:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- inside ----------------------------------------------------------------------------

    def _ask(self, request: dict[str, Any], text: str) -> dict[str, Any]:
        """Send `request` and return the worker's reply; rule 3 on failure."""
        scale = self.deadline_scale
        deadline = None if scale is None else line_deadline(self.engine, text) * scale
        with self._lock:
            try:
                return self._exchange(request, deadline)
            except WorkerLost as first:
                reason = str(first)
            self._restart()
            try:
                return self._exchange(request, deadline)
            except WorkerLost as second:
                self._stop(graceful=False)
                raise WorkerFailed(f"the {self.engine} voice failed twice ({reason}; {second})") from None

    def _exchange(self, request: dict[str, Any], deadline: float | None) -> dict[str, Any]:
        if self._process is None or self._process.poll() is not None:
            self._restart()
        reply = self._send(request, deadline)
        if reply.get("ok"):
            return reply
        kind, message = reply.get("kind"), str(reply.get("message", "the voice failed"))
        if kind == "unknown_voice":
            raise UnknownVoice(message)
        if kind == "unreadable":
            from narrator.voice.neural_text import Unreadable

            raise Unreadable(message)
        if kind == "refused":
            raise SpeechError(message)
        raise WorkerLost(message)

    def _send(self, request: dict[str, Any], deadline: float | None) -> dict[str, Any]:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(json.dumps(request, ensure_ascii=False).encode() + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise WorkerLost(self._death(process)) from None
        return self._reply(process, deadline)

    def _reply(self, process: subprocess.Popen[bytes], deadline: float | None) -> dict[str, Any]:
        """The next reply line, within `deadline` seconds (None: however long it takes, while
        the worker lives); WorkerLost if none comes."""
        assert process.stdout is not None
        fd = process.stdout.fileno()
        ends = None if deadline is None else time.monotonic() + deadline
        while b"\n" not in self._buffer:
            left = None
            if ends is not None and deadline is not None:
                left = ends - time.monotonic()
                if left <= 0:
                    raise WorkerLost(f"no answer within {deadline:.1f} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise WorkerLost(self._death(process))
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            reply: dict[str, Any] = json.loads(line)
        except ValueError:
            raise WorkerLost(f"the worker answered {line[:80]!r}") from None
        return reply

    @staticmethod
    def _death(process: subprocess.Popen[bytes]) -> str:
        try:
            code = process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "the worker stopped answering"
        if code < 0:
            return f"the worker died of {signal.Signals(-code).name}"
        return f"the worker left with status {code}"

    def _start_twice(self) -> WorkerInfo:
        try:
            return self._start()
        except WorkerLost:
            self._stop(graceful=False)
            return self._start()

    def _restart(self) -> None:
        self._stop(graceful=False)
        self.restarts += 1
        print(f"narrator: the {self.engine} voice worker is started again", file=sys.stderr, flush=True)
        try:
            self._start()
        except WorkerLost as error:
            self._stop(graceful=False)
            raise WorkerFailed(f"the {self.engine} voice cannot start again: {error}") from None

    def _start(self) -> WorkerInfo:
        """Start a worker and read what it says it is (WorkerLost if it dies at start)."""
        self._buffer = b""
        self._process = subprocess.Popen(
            [sys.executable, "-m", "narrator.voice.worker_main", self.engine],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            start_new_session=True,
        )
        scale = self.deadline_scale
        hello = self._reply(self._process, None if scale is None else START_DEADLINE)
        if not hello.get("ok"):
            message = str(hello.get("message", "the voice cannot start"))
            self._stop(graceful=False)
            if hello.get("kind") == "unavailable":
                from narrator.voice.neural_setup import NeuralUnavailable

                raise NeuralUnavailable(message)
            raise SpeechError(message)
        return WorkerInfo(
            str(hello["name"]), int(hello["samplerate"]), str(hello["identity"]), tuple(hello["voices"])
        )

    def _stop(self, *, graceful: bool) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if graceful and process.poll() is None and process.stdin is not None:
            try:
                process.stdin.close()
                process.wait(timeout=_CLOSE_GRACE)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if process.poll() is None:
            process.kill()
            process.wait()
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass
