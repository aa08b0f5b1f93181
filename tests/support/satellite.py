"""The real wyoming-satellite (from PyPI, in `.venv-satellite`) on loopback, for tests and the benchmark.

    with real_satellite(tmp_path) as satellite:
        satellite.uri                 # tcp://127.0.0.1:PORT, a port the OS gave
        satellite.say(samples)        # int16 16 kHz mono into its microphone
        satellite.played()            # what it played, one array a stream (int16 at satellite.rate)
        satellite.kill(); satellite.start()   # SIGKILL it, and start it again on the same port

Its `--mic-command` is `satellite_mic.py` (silence, and what the test says) and its
`--snd-command` `satellite_sound.py` (each stream to a file). `scripts/install.sh --dev` makes
the satellite's venv: its pins (wyoming 1.4.1, zeroconf 0.88) are not the judge's.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import wave
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
SATELLITE_PYTHON = ROOT / ".venv-satellite" / "bin" / "python"
HERE = Path(__file__).resolve().parent
START_TIMEOUT = 20.0  # seconds for the satellite to listen on its port


class SatelliteMissing(RuntimeError):
    """wyoming-satellite is not installed (scripts/install.sh --dev installs it)."""


def free_port() -> int:
    """A TCP port on loopback the OS says is free now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class RealSatellite:
    """One wyoming-satellite process on 127.0.0.1:`port`, its microphone and its sound in `folder`."""

    folder: Path
    port: int
    rate: int = 22050
    name: str = "table-speaker"
    extra: tuple[str, ...] = ()
    mic_command: str | None = None
    """Its `--mic-command` when not the tests' microphone (`satellite_mic.py`)."""
    process: subprocess.Popen[bytes] | None = None
    log: list[Path] = field(default_factory=list)

    @property
    def uri(self) -> str:
        return f"tcp://127.0.0.1:{self.port}"

    @property
    def mic(self) -> Path:
        return self.folder / "mic"

    @property
    def sound(self) -> Path:
        return self.folder / "sound"

    def start(self) -> None:
        """Start it (again) and wait until it listens."""
        self.mic.mkdir(parents=True, exist_ok=True)
        self.sound.mkdir(parents=True, exist_ok=True)
        log = self.folder / f"satellite-{len(self.log)}.log"
        self.log.append(log)
        command = [
            str(SATELLITE_PYTHON),
            "-m",
            "wyoming_satellite",
            "--uri",
            self.uri,
            "--name",
            self.name,
            "--mic-command",
            self.mic_command or f"{sys.executable} {HERE / 'satellite_mic.py'} {self.mic}",
            "--snd-command",
            f"{sys.executable} {HERE / 'satellite_sound.py'} {self.sound}",
            "--snd-command-rate",
            str(self.rate),
            *self.extra,
        ]
        if "--zeroconf-host" not in self.extra:
            command.append("--no-zeroconf")
        with open(log, "wb") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"wyoming-satellite did not start: {log.read_text()[-2000:]}"
                    ) from None
                time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL the satellite and its sound and microphone commands (its process group)."""
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

    def say(self, samples: np.ndarray, name: str = "said") -> Path:
        """Put int16 16 kHz mono `samples` into the satellite's microphone (once); the path of
        the file that gets the time its last sample was heard."""
        part = self.mic / f"{name}.part"
        with wave.open(str(part), "wb") as file:
            file.setnchannels(1)
            file.setsampwidth(2)
            file.setframerate(16000)
            file.writeframes(samples.astype("<i2").tobytes())
        part.rename(self.mic / f"{name}.wav")
        return self.mic / f"{name}.said"

    def streams(self) -> list[Path]:
        """The files of the streams it played to their end, in order."""
        return sorted(self.sound.glob("*.raw"))

    def played(self) -> list[np.ndarray]:
        """What it played, one int16 array a stream, in order."""
        return [np.frombuffer(p.read_bytes(), dtype="<i2") for p in self.streams()]


@contextmanager
def real_satellite(folder: Path, port: int | None = None, **options: object) -> Iterator[RealSatellite]:
    """A real wyoming-satellite on loopback for the duration of the block (see the module)."""
    if not SATELLITE_PYTHON.exists():
        raise SatelliteMissing(
            f"{SATELLITE_PYTHON} is missing: scripts/install.sh --dev installs wyoming-satellite"
        )
    satellite = RealSatellite(folder, port or free_port(), **options)  # type: ignore[arg-type]
    satellite.start()
    try:
        yield satellite
    finally:
        satellite.stop()
