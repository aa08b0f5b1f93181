"""A private PulseAudio with a 16 kHz mono null sink: a real sound device for tests, no card.

    with virtual_sound(tmp_path) as sound:
        ...  # sounddevice now lists "pulse" and "default"; play to the sink, record its monitor

While active, HOME, XDG_RUNTIME_DIR, PULSE_RUNTIME_PATH, PULSE_STATE_PATH and PULSE_SERVER
point at the private server (then are restored), and PortAudio is re-initialised so that
sounddevice sees it (PortAudio lists devices once, when it starts). The server runs with no
shared memory: with memfd blocks it aborts when one client records the monitor of a sink
another plays to (PulseAudio issue 824). The `pulse` fixture gives one server per test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

SINK = "vsink"
RATE = 16000
# Seconds to wait for the server to answer `pactl info`.
START_TIMEOUT = 10.0
ENV_NAMES = ("HOME", "XDG_RUNTIME_DIR", "PULSE_RUNTIME_PATH", "PULSE_STATE_PATH", "PULSE_SERVER")


class VirtualSoundUnavailable(RuntimeError):
    """PulseAudio is not installed or did not start."""


@dataclass(frozen=True)
class VirtualSound:
    """A running private PulseAudio: its environment, sink and monitor source."""

    env: dict[str, str]
    sink: str
    monitor: str
    samplerate: int
    folder: Path
    pid: int


def _reinitialise_portaudio() -> None:
    """Make sounddevice (if loaded) list the devices of the current PULSE_SERVER."""
    sd = sys.modules.get("sounddevice")
    if sd is None:
        return
    sd._terminate()
    sd._initialize()


def _pactl(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["pactl", *args], env=env, capture_output=True, text=True, timeout=10, check=False)


def private_pulse(folder: Path) -> tuple[Path, dict[str, str]]:
    """A private PulseAudio's folder made (only its owner may enter), its socket, and the
    environment that points a server and its clients at it (nothing of the user's)."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    socket = folder / "native"
    return socket, {
        "HOME": str(folder),
        "XDG_RUNTIME_DIR": str(folder),
        "PULSE_RUNTIME_PATH": str(folder),
        "PULSE_STATE_PATH": str(folder),
        "PULSE_SERVER": f"unix:{socket}",
    }


@contextmanager
def virtual_sound(tmp_path: Path) -> Iterator[VirtualSound]:
    """Start a private PulseAudio under `tmp_path` for the duration of the block."""
    if shutil.which("pulseaudio") is None or shutil.which("pactl") is None:
        raise VirtualSoundUnavailable("pulseaudio and pactl are not installed (pulseaudio-utils)")
    folder = tmp_path / "pulse"
    socket, env_values = private_pulse(folder)
    env = {**os.environ, **env_values}
    log = open(folder / "pulseaudio.log", "w")  # noqa: SIM115 - closed in finally
    server = subprocess.Popen(
        [
            "pulseaudio",
            "-n",
            "--daemonize=no",
            "--exit-idle-time=-1",
            "--disallow-exit",
            "--disable-shm=yes",
            "-L",
            f"module-native-protocol-unix socket={socket} auth-anonymous=1",
            "-L",
            f"module-null-sink sink_name={SINK} rate={RATE} channels=1 format=s16le",
            "-L",
            "module-always-sink",
        ],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    saved = {name: os.environ.get(name) for name in ENV_NAMES}
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while _pactl(env, "info").returncode != 0:
            if server.poll() is not None or time.monotonic() > deadline:
                raise VirtualSoundUnavailable(
                    f"pulseaudio did not start: {(folder / 'pulseaudio.log').read_text()}"
                )
            time.sleep(0.02)
        _pactl(env, "set-default-sink", SINK)
        _pactl(env, "set-default-source", f"{SINK}.monitor")
        os.environ.update(env_values)
        _reinitialise_portaudio()
        yield VirtualSound(env, SINK, f"{SINK}.monitor", RATE, folder, server.pid)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
        _reinitialise_portaudio()


@dataclass
class Recording:
    """What a recorder heard so far: float32 mono samples at `samplerate` Hertz."""

    samplerate: int
    chunks: list[Any] = field(default_factory=list)
    first_block_at: float | None = None
    overflows: int = 0
    ready: threading.Event = field(default_factory=threading.Event)

    def samples(self) -> Any:
        return np.concatenate([c[:, 0] for c in self.chunks]) if self.chunks else np.zeros(0)


@contextmanager
def record_monitor(sound: VirtualSound, timeout: float = 5.0) -> Iterator[Recording]:
    """Record the sink's monitor with sounddevice for the duration of the block.

    Waits for the first input block before yielding: it can come more than a second after the
    stream opens, and anything played before it would be lost.
    """
    import sounddevice as sd

    recording = Recording(sound.samplerate)

    def keep(indata: Any, _frames: int, _time: Any, status: Any) -> None:
        if status.input_overflow:
            recording.overflows += 1
        if recording.first_block_at is None:
            recording.first_block_at = time.perf_counter()
            recording.ready.set()
        recording.chunks.append(indata.copy())

    stream = sd.InputStream(samplerate=sound.samplerate, channels=1, dtype="float32", callback=keep)
    stream.start()
    try:
        if not recording.ready.wait(timeout):
            raise VirtualSoundUnavailable(f"the monitor gave no audio within {timeout} s")
        yield recording
    finally:
        stream.stop()
        stream.close()


@pytest.fixture
def pulse(tmp_path: Path) -> Iterator[VirtualSound]:
    """A private PulseAudio with a null sink for one test (see `virtual_sound`)."""
    with virtual_sound(tmp_path) as sound:
        yield sound
