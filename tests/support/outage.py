"""A store's disk failing under a whole game, as at a table: `narrator demo` (bot phones on
loopback, the fast clock, the real store) on a disk that fills, turns read-only or hangs after
4 decisions and comes back `hold` real seconds later. What the box said and what was stored.

The modes: "full" (a 2 MiB tmpfs filled to its last byte, then the filler removed: needs root),
"read-only" and "hung" (the SD card's stand-in, `tests.support.slowdisk.failing_card`, refusing
every write, or holding every fsync: needs /dev/fuse and fusepy). `unavailable(mode)` says why
a mode cannot run here. `scripts/store_outage.py` runs them and prints the figures.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from engine.record import write_record
from narrator.store import Store
from tests.support import slowdisk

MODES = ("full", "read-only", "hung")
ROOT = Path(__file__).resolve().parents[2]
BEFORE = 4  # decisions stored before the disk fails
WITHIN = 60.0  # real seconds anything may take before the run is called failed


@dataclass
class Outage:
    """One run: `said_after` real seconds from the fault to the box's line about it."""

    mode: str
    hold: float
    said_after: float = 0.0
    stopped_at: int = 0  # decisions stored when the disk failed
    moved: int = 0  # decisions stored during the hold of a full or read-only disk (none can be)
    decisions: int = 0  # decisions stored at the end
    exit: int | None = None
    lines: list[str] = field(default_factory=list)  # what the box said about its store
    traceback: bool = False
    over: bool = False  # the stored game replays to its end, its record the same game
    alive: bool = True  # the judge was up through the hold

    @property
    def whole(self) -> bool:
        """The game went on by itself to its end, said once each way, nothing lost."""
        return self.exit == 0 and self.over and self.alive and not self.traceback and len(self.lines) == 2


def unavailable(mode: str) -> str | None:
    if mode == "full":
        if os.geteuid() != 0:
            return "mounting a tmpfs needs root"
        return None if shutil.which("mount") else "no mount on this machine"
    return slowdisk.unavailable()


@contextmanager
def failing_disk(mode: str, folder: Path) -> Iterator[tuple[Path, Callable[[], None], Callable[[], None]]]:
    """The folder of the store, how to make its disk fail, and how to bring it back."""
    if mode == "full":
        disk = folder / "disk"
        disk.mkdir()
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", str(disk)], check=True)
        try:
            yield disk, lambda: _fill(disk), lambda: (disk / "filler").unlink()
        finally:
            subprocess.run(["umount", "-l", str(disk)], capture_output=True)
        return
    with slowdisk.failing_card(folder) as card:
        if mode == "read-only":
            yield card.mount, card.read_only, card.writable
        else:
            yield card.mount, card.hang, card.answer


def outage(mode: str, hold: float, folder: Path, seed: int = 3) -> Outage:
    """Run one game through an outage of `mode` lasting `hold` real seconds (see the module)."""
    run = Outage(mode, hold)
    with failing_disk(mode, folder) as (disk, fail, restore):
        store = disk / "games.sqlite3"
        terminal = folder / "terminal.txt"
        with terminal.open("w", encoding="utf-8") as errors:
            judge = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "narrator",
                    "demo",
                    "--fast",
                    "--seed",
                    str(seed),
                    "--store",
                    str(disk),
                ]
                + ["--silent", "--json"],
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
                cwd=ROOT,
            )
        try:
            out = _through(judge, store, terminal, run, fail, restore)
        finally:
            restore_quietly(restore)
            if judge.poll() is None:
                judge.kill()
                judge.wait()
        said = terminal.read_text(encoding="utf-8").splitlines()
        run.exit = judge.returncode
        run.traceback = any("Traceback" in line for line in said)
        run.lines = [line for line in said if "存储" in line]
        run.decisions = stored_decisions(store)
        run.over = '"winner"' in out and _replays(store, disk)
    return run


def _through(
    judge: subprocess.Popen[str],
    store: Path,
    terminal: Path,
    run: Outage,
    fail: Callable[[], None],
    restore: Callable[[], None],
) -> str:
    deadline = time.monotonic() + WITHIN
    while not store.exists() or stored_decisions(store) < BEFORE:
        if judge.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the game did not reach {BEFORE} decisions: {terminal.read_text()}")
        time.sleep(0.005)
    run.stopped_at = stored_decisions(store)
    fail()
    failed = time.monotonic()
    while not any("存储" in line for line in terminal.read_text(encoding="utf-8").splitlines()):
        if judge.poll() is not None or time.monotonic() > failed + WITHIN:
            raise RuntimeError(f"the box never said its store failed: {terminal.read_text()}")
        time.sleep(0.02)
    run.said_after = time.monotonic() - failed
    hung = run.mode == "hung"  # a hung disk holds a reader too: the store is read once it answers
    held = 0 if hung else stored_decisions(store)
    while time.monotonic() < failed + run.hold:
        run.alive = run.alive and judge.poll() is None
        time.sleep(0.1)
    run.moved = 0 if hung else stored_decisions(store) - held
    restore()
    out, _ = judge.communicate(timeout=180)
    return out


def restore_quietly(restore: Callable[[], None]) -> None:
    try:
        restore()
    except OSError:
        pass  # already back


def stored_decisions(path: Path) -> int:
    """How many decisions the store at `path` holds (read by a connection of its own)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        return int(db.execute("SELECT COUNT(*) FROM decisions").fetchone()[0])
    except sqlite3.Error:
        return 0
    finally:
        db.close()


def _replays(path: Path, disk: Path) -> bool:
    """The stored game is over, its log replays to its winner, its record is that game."""
    kept = Store(path)
    try:
        (row,) = kept.games()
        stored = kept.load(row["id"])
        game = stored.rebuild()
        outcome = game.outcome()
        record = (disk / "records" / f"{row['id']}.toml").read_text(encoding="utf-8")
        return (
            stored.status == "over"
            and outcome is not None
            and stored.winner == outcome.winner.value
            and record == write_record(game, comment=f"game {row['id']}")
        )
    finally:
        kept.close()


def _fill(disk: Path) -> None:
    """Fill `disk` to the last byte with a file (`filler`)."""
    with open(disk / "filler", "wb", buffering=0) as file:
        for size in (65536, 4096, 1):
            try:
                while file.write(b"\0" * size):
                    pass
            except OSError:
                pass
