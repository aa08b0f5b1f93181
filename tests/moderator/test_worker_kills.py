"""The voice worker killed (SIGKILL, SIGSEGV) at random points of a demo game costs no line and
changes nothing: the same record, and every line said or printed.

The kill points are lines of the game's transcript (what the demo prints as it speaks), never
wall-clock times, so the test asks the same of a slow machine as of a fast one. Each demo
renders every line afresh (its own empty cache), so a kill finds the worker rendering or idle.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

NARRATOR = [sys.executable, "-X", "faulthandler", "-m", "narrator"]
GAME = ["demo", "--fast", "--seed", "7", "--seats", "10"]
KILLS_WANTED = 20
_STAMP = re.compile(r"^\[\d\d:\d\d:\d\d\] ")


@dataclass
class Run:
    """What one demo did: the lines it printed, the files of the lines it said, its record."""

    printed: list[str]
    said: list[str]
    record: list[str]
    stderr: str
    kills: list[str] = field(default_factory=list)


def worker_pids(pid: int) -> list[int]:
    """The voice workers among the children of process `pid` (Linux /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in children:
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"narrator.voice.worker_main" in command:
                found.append(int(child))
    return found


def demo(folder: Path, kill_at: set[int], rng: random.Random) -> Run:
    """Play the demo game into `folder`; at each transcript line number in `kill_at`, kill
    the voice worker with SIGKILL or SIGSEGV (drawn from `rng`)."""
    env = {**os.environ, "WEREWOLF_NARRATOR_CACHE": str(folder / "cache")}
    record = folder / "game.toml"
    command = [*NARRATOR, *GAME, "--store", str(folder / "store"), "--record", str(record)]
    command += ["--out", str(folder / "out")]
    folder.mkdir(parents=True)
    printed: list[str] = []
    kills: list[str] = []
    owed = 0
    with (
        (folder / "stderr.txt").open("w") as errors,
        subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=errors, text=True) as process,
    ):
        assert process.stdout is not None
        for line in process.stdout:
            if not _STAMP.match(line):
                continue
            printed.append(_STAMP.sub("", line.rstrip("\n")))
            owed += len(printed) in kill_at
            pids = worker_pids(process.pid) if owed else []
            if pids:  # between a kill and the restart there is no worker: the kill waits a line
                how = rng.choice((signal.SIGKILL, signal.SIGSEGV))
                os.kill(pids[0], how)
                kills.append(f"{how.name} after line {len(printed)}")
                owed -= 1
        assert process.wait(timeout=600) == 0
    said = sorted(p.name for p in (folder / "out").glob("*.wav"))
    body = [line for line in record.read_text().splitlines() if not line.startswith("#")]
    return Run(printed, said, body, (folder / "stderr.txt").read_text(), kills)


def test_killing_the_voice_worker_costs_no_line_and_changes_nothing(tmp_path: Path) -> None:
    reference = demo(tmp_path / "reference", set(), random.Random(0))
    lines = len(reference.printed)
    assert lines > 100 and len(reference.said) == lines

    rng = random.Random(2026)
    kills: list[str] = []
    runs = restarts = 0
    while len(kills) < KILLS_WANTED and runs < 5:
        runs += 1
        kill_at = set(rng.sample(range(3, lines - 3, 4), 8))
        run = demo(tmp_path / f"killed-{runs}", kill_at, rng)
        kills += run.kills
        assert run.record == reference.record, f"run {runs} ({run.kills}) ended differently"
        # Every line of the game was said or, when the voice failed twice, printed instead.
        assert run.printed == reference.printed, run.stderr[-2000:]
        unsaid = run.stderr.count("line printed, not said")
        assert len(run.said) + unsaid == lines, run.stderr[-2000:]
        assert unsaid <= max(1, len(run.kills) // 4), "a killed worker is restarted and the line said"
        restarts += run.stderr.count("voice worker is started again")
    print(f"{len(kills)} kills in {runs} games, {restarts} restarts: {kills}")
    assert len(kills) >= KILLS_WANTED
    assert restarts >= len(kills) // 2  # a worker killed after its last new line is not needed again
    assert {kill.split()[0] for kill in kills} == {"SIGKILL", "SIGSEGV"}
