"""A whole demo game heard through a real virtual sound device (a private PulseAudio sink).

It takes real time (about two minutes): the demo runs on the fast clock, but the sound device
plays every line at its own length, one after another, and that is what is checked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from narrator.voice.clips import read_wav
from tests.support.pulse import record_monitor, virtual_sound


def voiced_seconds(samples: np.ndarray, samplerate: int, window: float = 0.05) -> float:
    size = int(samplerate * window)
    frames = samples[: len(samples) // size * size].reshape(-1, size)
    return float((np.sqrt((frames**2).mean(axis=1)) > 0.01).sum() * window)


def test_a_demo_game_is_heard_through_the_sound_device(tmp_path: Path) -> None:
    out = tmp_path / "sent"
    with virtual_sound(tmp_path / "pulse") as sound, record_monitor(sound) as heard:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "narrator",
                "demo",
                "--fast",
                "--seed",
                "2",
                "--json",
                "--roles",
                "werewolf,seer,witch,villager,villager",
                "--store",
                str(tmp_path / "store"),
                "--out",
                str(out),
            ],
            capture_output=True,
            text=True,
            timeout=600,
            env=sound.env,
            check=False,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "没有找到放音设备" not in done.stderr
    sent = [read_wav(p) for p in sorted(out.glob("*.wav"))]
    sent_voiced = sum(voiced_seconds(c.at_rate(sound.samplerate).samples, sound.samplerate) for c in sent)
    got = heard.samples()
    got_voiced = voiced_seconds(got, sound.samplerate)
    assert len(sent) > 30 and sent_voiced > 30
    # Everything said was heard, one line after another: as much voice came out as went in.
    assert 0.9 * sent_voiced <= got_voiced <= 1.1 * sent_voiced + 2
    assert len(got) / sound.samplerate >= sum(c.seconds for c in sent) * 0.95
