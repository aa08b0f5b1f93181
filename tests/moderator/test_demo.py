"""`narrator demo`: a whole game with bot phones over the real server, narrated, to a winner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.record import parse_record, replay, summary
from narrator.voice.clips import loudness, read_wav


def demo(tmp_path: Path, *args: str, timeout: float = 120) -> tuple[dict[str, object], str]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "narrator",
            "demo",
            "--fast",
            "--json",
            "--store",
            str(tmp_path / "store"),
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stdout


def test_a_demo_game_ends_with_a_winner_and_its_record_replays_to_it(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    result, printed = demo(tmp_path, "--seed", "3", "--record", str(record))
    assert result["winner"] in ("villagers", "werewolves", "lovers", "piper", "none")
    replayed = summary(replay(parse_record(record.read_text())))
    assert replayed["winner"] == result["winner"] and replayed["ended"] == result["ended"]
    assert replayed["error"] is None
    assert "天黑请闭眼" in printed and "游戏结束" in printed and "复盘" in printed


def test_the_same_seed_gives_the_same_game(tmp_path: Path) -> None:
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    demo(tmp_path / "a", "--seed", "11", "--seats", "12", "--record", str(one))
    demo(tmp_path / "b", "--seed", "11", "--seats", "12", "--record", str(two))
    strip = [line for line in one.read_text().splitlines() if not line.startswith("#")]
    assert strip == [line for line in two.read_text().splitlines() if not line.startswith("#")]


def test_a_demo_writes_real_speech_in_the_order_spoken(tmp_path: Path) -> None:
    out = tmp_path / "lines"
    result, printed = demo(tmp_path, "--seed", "4", "--seats", "8", "--out", str(out))
    files = sorted(out.glob("*.wav"))
    names = [f.name.split("-", 1)[1].removesuffix(".wav") for f in files]
    assert names[:3] == ["game.opening", "game.peek", "night.falls"]
    assert "game.over" in names and names[-1] == "review.end"
    spoken = [line.split("] ", 1)[1] for line in printed.splitlines() if line.startswith("[")]
    assert len(spoken) == len(files)
    for path in files[:40]:
        clip = read_wav(path)
        assert clip.seconds > 0.2 and loudness(clip) > 0.01, path.name
    assert result["winner"]
