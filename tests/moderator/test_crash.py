"""A demo game killed with SIGKILL at random points and resumed ends exactly as one never killed."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from pathlib import Path

from narrator.store import Store

NARRATOR = [sys.executable, "-m", "narrator"]


def body(record: Path) -> list[str]:
    return [line for line in record.read_text().splitlines() if not line.startswith("#")]


def run_killed(command: list[str], after: float) -> bool:
    """Run `command`, SIGKILL it after `after` seconds; whether it finished first."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        process.wait(timeout=after)
        return True
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        process.wait()
        return False


def test_a_game_killed_at_random_points_and_resumed_ends_as_if_never_killed(tmp_path: Path) -> None:
    game = ["--seed", "7", "--seats", "10"]
    reference = tmp_path / "reference.toml"
    subprocess.run(
        [*NARRATOR, "demo", "--fast", *game, "--store", str(tmp_path / "ref"), "--record", str(reference)],
        check=True,
        capture_output=True,
        timeout=120,
    )

    rng = random.Random(2026)
    store_dir, record = tmp_path / "killed", tmp_path / "killed.toml"
    finished = run_killed(
        [*NARRATOR, "demo", "--fast", *game, "--store", str(store_dir), "--record", str(record)],
        rng.uniform(0.4, 0.9),
    )
    kills_mid_game = 0
    resume = [*NARRATOR, "resume", "--fast", "--store", str(store_dir), "--record", str(record)]
    for _ in range(12):
        if finished:
            break
        store = Store(store_dir)
        game_id = store.latest_unfinished()
        decisions = len(store.load(game_id).decisions) if game_id else 0
        store.close()
        if game_id is None:
            finished = True
            break
        kills_mid_game += decisions > 0
        finished = run_killed(resume, rng.uniform(0.4, 0.9))
    store = Store(store_dir)
    unfinished = store.latest_unfinished()
    store.close()
    if unfinished is not None:
        subprocess.run(resume, check=True, capture_output=True, timeout=120)
    assert kills_mid_game >= 2, "the game was not killed in the middle often enough to test"
    assert body(record) == body(reference)
    store = Store(store_dir)
    assert store.games()[0]["status"] == "over"
    store.close()


def test_resume_says_when_there_is_nothing_to_resume(tmp_path: Path) -> None:
    done = subprocess.run(
        [*NARRATOR, "resume", "--store", str(tmp_path / "empty")],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 1 and "no unfinished game" in done.stderr
