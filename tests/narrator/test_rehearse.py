"""`narrator rehearse`: the whole script read with no input, real speech written in order."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.roles import Role
from engine.rules import Rules
from engine.setup import Setup, suggested_roles
from narrator.cli.rehearse import script
from narrator.voice.clips import loudness, read_wav


def keys(lines: list[tuple[str, dict[str, object]]]) -> list[str]:
    return [key for key, _ in lines]


def test_the_script_reads_night_one_a_day_and_night_two() -> None:
    lines = keys(script(Setup(seats=9, roles=tuple(suggested_roles(9))), Rules(), 2))
    assert lines[:3] == ["game.opening", "game.peek", "night.falls"]
    assert lines.count("night.falls") == 2 and lines[-1] == "day.breaks"
    assert lines.index("day.breaks") < lines.index("vote.start") < len(lines) - 1
    for role in ("seer", "witch"):
        assert lines.count(f"{role}.wake") == 2
    assert lines.count("werewolves.meet") == lines.count("werewolves.wake") == 1  # they meet on night 1


def test_first_night_steps_are_read_on_the_first_night_only() -> None:
    roles = ("thief", "cupid", "werewolf", "werewolf", "seer", "witch", "villager", "villager", "villager")
    setup = Setup(seats=9, roles=roles, extra_cards=("villager", "guard"))
    lines = keys(script(setup, Rules(), 2))
    night2 = lines.index("night.falls", 3)
    for step in ("thief.wake", "cupid.wake", "lovers.wake"):
        assert step in lines[:night2] and step not in lines[night2:]
    # The guard card lies face down: its step is read anyway, every night.
    assert lines.count("guard.wake") == 2


def test_an_absent_role_reads_and_pauses_like_a_present_one() -> None:
    present = Setup(
        seats=9,
        roles=("thief", "guard", "werewolf", "werewolf", "seer", "witch", "villager", "villager", "villager"),
        extra_cards=("villager", "villager"),
    )
    absent = Setup(
        seats=9,
        roles=(
            "thief",
            "villager",
            "werewolf",
            "werewolf",
            "seer",
            "witch",
            "villager",
            "villager",
            "villager",
        ),
        extra_cards=("guard", "villager"),
    )
    assert Role.GUARD in absent.deck
    assert script(present, Rules(), 2) == script(absent, Rules(), 2)


def test_rehearse_writes_real_speech_in_order(tmp_path: Path) -> None:
    out = tmp_path / "lines"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "narrator",
            "rehearse",
            "--seats",
            "9",
            "--silent",
            "--pause",
            "0.05",
            "--out",
            str(out),
            "--locale",
            "zh-CN",
            "--seed",
            "1",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    files = sorted(out.glob("*.wav"))
    expected = [
        key
        for key, _ in script(Setup(seats=9, roles=tuple(suggested_roles(9))), Rules(), 2)
        if key != "pause"
    ]
    assert [f.name.split("-", 1)[1].removesuffix(".wav") for f in files] == expected
    for path in files:
        clip = read_wav(path)
        assert 0.3 < clip.seconds < 15, path.name
        assert loudness(clip) > 0.01, path.name
    assert "天黑请闭眼" in done.stdout


def test_rehearse_speaks_with_the_neural_voice_when_asked(tmp_path: Path) -> None:
    out = tmp_path / "lines"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "narrator",
            "rehearse",
            "--seats",
            "8",
            "--silent",
            "--pause",
            "0",
            "--nights",
            "1",
            "--out",
            str(out),
            "--engine",
            "neural",
            "--seed",
            "2",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    clips = [read_wav(path) for path in sorted(out.glob("*.wav"))]
    assert clips and all(clip.samplerate == 24000 for clip in clips)  # the neural voice's rate
    assert all(loudness(clip) > 0.01 for clip in clips)
