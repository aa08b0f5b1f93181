"""The real Linux Voice Assistant (ESPHome's native API; in `.venv-lva`) on loopback, for tests
and the benchmark, with a PulseAudio of its own.

    with real_voice_assistant(tmp_path) as device:
        device.uri                    # esphome://127.0.0.1:PORT, a port the OS gave
        device.played()               # all it played so far: int16 mono at device.rate
        device.kill(); device.start() # SIGKILL it, and start it again on the same port

Its sound goes to a null sink at `rate` Hertz whose monitor `parec` records from the start
(between lines the sink plays silence: mpv keeps its stream open); its microphone is another
null sink's monitor (silence: no wake word). `scripts/install.sh --dev` makes `.venv-lva` from
the vendored source (../shared/vendor/linux-voice-assistant) and installs libmpv.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tests.conftest import RUN_FOLDER
from tests.support.pulse import private_pulse
from tests.support.satellite import free_port

ROOT = Path(__file__).resolve().parents[2]
LVA_PYTHON = ROOT / ".venv-lva" / "bin" / "python"
LVA_SOURCE = ROOT.parent / "shared" / "vendor" / "linux-voice-assistant"
START_TIMEOUT = 30.0  # seconds for it to listen on its port (and for the recorder to catch up)
CATCH_UP_SLACK = 0.2  # seconds the recording may lag behind the clock once caught up
NAME = "table-speaker"
NAME_TRIES = 10  # starts tried while its network name is taken


class VoiceAssistantMissing(RuntimeError):
    """Linux Voice Assistant, libmpv or PulseAudio is not installed (scripts/install.sh --dev)."""


@dataclass
class RealVoiceAssistant:
    """One Linux Voice Assistant on 127.0.0.1:`port`, its files and sound server in `folder`."""

    folder: Path
    port: int
    env: dict[str, str]
    rate: int = 22050
    recording_began: float = 0.0  # `time.monotonic()` of the recording's first sample (about)
    process: subprocess.Popen[bytes] | None = None
    log: list[Path] = field(default_factory=list)
    name_taken: int = 0  # starts that found its network name taken

    @property
    def uri(self) -> str:
        return f"esphome://127.0.0.1:{self.port}"

    @property
    def recording(self) -> Path:
        return self.folder / "played.raw"

    def start(self) -> None:
        """Start it (again) and wait until it listens."""
        log = self.folder / f"lva-{len(self.log)}.log"
        self.log.append(log)
        command = [
            str(LVA_PYTHON),
            "-m",
            "linux_voice_assistant",
            "--name",
            NAME,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--network-interface",
            "lo",
            "--audio-output-device",
            "pulse/lva",
            "--preferences-file",
            str(self.folder / "preferences.json"),
            "--download-dir",
            str(self.folder / "downloads"),
            "--wake-word-dir",
            str(LVA_SOURCE / "wakewords"),
            "--disable-peripheral-api",
            "--peripheral-startup-wait",
            "0",
            "--debug",
        ]
        with open(log, "wb") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=self.env, start_new_session=True
            )
        deadline = time.monotonic() + START_TIMEOUT
        while "Server started" not in log.read_text(errors="replace"):
            if self.process.poll() is not None and "NonUniqueNameException" in log.read_text(
                errors="replace"
            ):
                # Its network name is taken (loopback's MAC names every one alike, and a
                # zeroconf answer for one just stopped can linger): it tries again.
                if self.name_taken >= NAME_TRIES:
                    raise RuntimeError(
                        f"Linux Voice Assistant's name stayed taken: {log.read_text()[-2000:]}"
                    )
                self.name_taken += 1
                time.sleep(1.0)
                self.log.pop()
                self.start()
                return
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Linux Voice Assistant did not start: {log.read_text()[-2000:]}")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL it (its process group)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()

    def lines_played(self) -> list[tuple[int, bool]]:
        """The judge's lines it was asked to play, in order, from its logs: each line's number
        (the judge's HTTP server counts them) and whether it played to its end."""
        played: list[tuple[int, bool]] = []
        for log in self.log:
            for text in log.read_text(errors="replace").splitlines():
                if "Playing 1 URL(s): " in text and "/line/" in text:
                    played.append((int(text.rsplit("/line/", 1)[1].split(".")[0]), False))
                elif "_on_end_file: reason=0 (is_eof=True)" in text and played and not played[-1][1]:
                    played[-1] = (played[-1][0], True)
        return played

    def played(self) -> np.ndarray:
        """All it played until now, int16 mono at `rate` Hertz (silence between lines), once
        the recorder has written it (it writes in blocks, up to a few seconds late)."""
        due = (time.monotonic() - self.recording_began - CATCH_UP_SLACK) * self.rate * 2
        deadline = time.monotonic() + START_TIMEOUT
        while self.recording.stat().st_size < due and time.monotonic() < deadline:
            time.sleep(0.05)
        data = self.recording.read_bytes()
        return np.frombuffer(data[: len(data) // 2 * 2], dtype="<i2")


def _pulse(folder: Path, rate: int) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    socket_path, values = private_pulse(folder)
    env = {**os.environ, **values}
    server = subprocess.Popen(
        [
            "pulseaudio",
            "-n",
            "--daemonize=no",
            "--exit-idle-time=-1",
            "--disallow-exit",
            "--disable-shm=yes",
            "-L",
            f"module-native-protocol-unix socket={socket_path} auth-anonymous=1",
            "-L",
            f"module-null-sink sink_name=lva rate={rate} channels=1 format=s16le",
            "-L",
            "module-null-sink sink_name=room rate=16000 channels=1 format=s16le",
        ],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while subprocess.run(["pactl", "info"], env=env, capture_output=True, check=False).returncode != 0:
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise VoiceAssistantMissing("its PulseAudio did not start")
        time.sleep(0.05)
    for args in (["set-default-sink", "lva"], ["set-default-source", "room.monitor"]):
        subprocess.run(["pactl", *args], env=env, capture_output=True, check=False)
    return server, env


@contextmanager
def real_voice_assistant(
    folder: Path, rate: int = 22050, record_latency_ms: int | None = None
) -> Iterator[RealVoiceAssistant]:
    """A real Linux Voice Assistant on loopback for the duration of the block (see the module).
    `record_latency_ms`: the recorder's buffer (None: parec's own; small: the benchmark sees a
    sample soon after it is played)."""
    if not LVA_PYTHON.exists():
        raise VoiceAssistantMissing(f"{LVA_PYTHON} is missing: scripts/install.sh --dev installs it")
    if shutil.which("pulseaudio") is None or shutil.which("parec") is None:
        raise VoiceAssistantMissing("pulseaudio and parec are not installed (pulseaudio-utils)")
    folder.mkdir(parents=True, exist_ok=True)
    with _alone_on_this_machine():
        yield from _running(folder, rate, record_latency_ms)


@contextmanager
def _alone_on_this_machine() -> Iterator[None]:
    """Wait until no other Linux Voice Assistant of the tests runs on this machine (another
    worker's): it names itself on the network by its interface's MAC, loopback's is the same for
    every one, and a second one at once dies of zeroconf's NonUniqueNameException."""
    folder = Path(os.environ.get(RUN_FOLDER) or tempfile.gettempdir())
    with open(folder / "linux-voice-assistant.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _running(folder: Path, rate: int, record_latency_ms: int | None) -> Iterator[RealVoiceAssistant]:
    server, env = _pulse(folder / "pulse", rate)
    device = RealVoiceAssistant(folder, free_port(), env, rate)
    recorder = None
    try:
        with open(device.recording, "wb") as out:
            recorder = subprocess.Popen(
                [
                    "parec",
                    "-d",
                    "lva.monitor",
                    f"--rate={rate}",
                    "--channels=1",
                    "--format=s16le",
                    "--raw",
                    *([f"--latency-msec={record_latency_ms}"] if record_latency_ms else []),
                ],
                stdout=out,
                env=env,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not device.recording.stat().st_size and time.monotonic() < deadline:
            time.sleep(0.01)
        device.recording_began = time.monotonic() - device.recording.stat().st_size / (2 * rate)
        device.start()
        yield device
    finally:
        device.stop()
        if recorder is not None:
            recorder.terminate()
            recorder.wait(timeout=5)
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
