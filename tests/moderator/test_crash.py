"""A demo game killed with SIGKILL at random points and resumed ends exactly as one never killed.

The kill points are lines the game prints as it speaks (its own progress), not wall-clock
times, so a slow machine is killed in the middle of the game as often as a fast one.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

from narrator.store import Store

NARRATOR = [sys.executable, "-X", "faulthandler", "-m", "narrator"]
_STAMP = re.compile(r"^\[\d\d:\d\d:\d\d\] ")


def body(record: Path) -> list[str]:
    return [line for line in record.read_text().splitlines() if not line.startswith("#")]


def run_killed(command: list[str], env: dict[str, str], after_lines: int) -> bool:
    """Run `command`, SIGKILL it once it has printed `after_lines` spoken lines; whether it
    finished first."""
    with subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as process:
        assert process.stdout is not None
        said = 0
        for line in process.stdout:
            said += bool(_STAMP.match(line))
            if said >= after_lines:
                process.send_signal(signal.SIGKILL)
                break
        return process.wait(timeout=300) == 0 and said < after_lines


def test_a_game_killed_at_random_points_and_resumed_ends_as_if_never_killed(tmp_path: Path) -> None:
    env = {**os.environ, "WEREWOLF_NARRATOR_CACHE": str(tmp_path / "cache")}
    game = ["--seed", "7", "--seats", "10"]
    reference = tmp_path / "reference.toml"
    subprocess.run(
        [*NARRATOR, "demo", "--fast", *game, "--store", str(tmp_path / "ref"), "--record", str(reference)],
        check=True,
        capture_output=True,
        timeout=300,
        env=env,
    )

    rng = random.Random(2026)
    store_dir, record = tmp_path / "killed", tmp_path / "killed.toml"
    finished = run_killed(
        [*NARRATOR, "demo", "--fast", *game, "--store", str(store_dir), "--record", str(record)],
        env,
        rng.randint(5, 30),
    )
    kills_mid_game = 0
    resume = [*NARRATOR, "resume", "--fast", "--store", str(store_dir), "--record", str(record)]
    for _ in range(20):
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
        finished = run_killed(resume, env, rng.randint(5, 30))
    store = Store(store_dir)
    unfinished = store.latest_unfinished()
    store.close()
    if unfinished is not None:
        subprocess.run(resume, check=True, capture_output=True, timeout=300, env=env)
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
