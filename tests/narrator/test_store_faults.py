"""The store on a disk that fills up or turns read-only mid-game, on real file systems: a
decision is written before it counts, the box says so in one line, the game waits and goes on
by itself, and the store holds exactly the game the table played.

These mount file systems (a size-limited tmpfs, an ext4 image with errors=remount-ro): they
need root, and say so when they skip."""

from __future__ import annotations

import asyncio
import functools
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from engine.game import Game
from engine.record import write_record
from engine.rules import make_rules
from engine.setup import Setup
from narrator.inbox import Command
from narrator.moderator.botphones import BotPhone
from narrator.moderator.evening import Evening
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.recorded import RecordedGame
from narrator.store import Store, StoreUnwritable
from narrator.timing import FastClock, Timers

ROLES = ("werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager")


def _can_mount() -> str | None:
    """Why this machine cannot mount a file system for a test, or None when it can."""
    if os.geteuid() != 0:
        return "mounting a file system needs root"
    if shutil.which("mount") is None or shutil.which("umount") is None:
        return "no mount/umount on this machine"
    return None


def _mount(*args: str) -> None:
    subprocess.run(["mount", *args], check=True, capture_output=True, text=True)


def _umount(where: Path) -> None:
    subprocess.run(["umount", str(where)], capture_output=True)
    if os.path.ismount(where):
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB tmpfs, unmounted at the end."""
    reason = _can_mount()
    if reason is not None:
        print(f"skipped: {reason}")
        pytest.skip(reason=f"skipped: {reason}")
    where = tmp_path / "disk"
    where.mkdir()
    try:
        _mount("-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", str(where))
    except subprocess.CalledProcessError as error:
        print(f"skipped: cannot mount a tmpfs here: {error.stderr.strip()}")
        pytest.skip(reason=f"cannot mount a tmpfs here: {error.stderr.strip()}")
    yield where
    _umount(where)


class Ext4:
    """An ext4 image mounted with errors=remount-ro (so a forced error turns it read-only)."""

    def __init__(self, image: Path, where: Path) -> None:
        self.image, self.where = image, where
        self.device = ""

    def mount(self) -> None:
        _mount("-o", "loop,errors=remount-ro", str(self.image), str(self.where))
        found = subprocess.run(
            ["findmnt", "-n", "-o", "SOURCE", str(self.where)], capture_output=True, text=True
        )
        self.device = Path(found.stdout.strip()).name

    def fail(self) -> None:
        """An error of the file system, as a failing disk gives: ext4 turns it read-only."""
        Path(f"/sys/fs/ext4/{self.device}/trigger_fs_error").write_text("1\n")

    def repair(self) -> None:
        """Unmount, check and repair, mount again (what the box's owner does)."""
        _umount(self.where)
        subprocess.run(["e2fsck", "-fy", str(self.image)], capture_output=True)
        self.mount()


@pytest.fixture
def ext4_disk(tmp_path: Path) -> Iterator[Ext4]:
    reason = _can_mount() or (None if shutil.which("mkfs.ext4") else "no mkfs.ext4 on this machine")
    if reason is not None:
        print(f"skipped: {reason}")
        pytest.skip(reason=f"skipped: {reason}")
    image, where = tmp_path / "ext4.img", tmp_path / "disk"
    where.mkdir()
    subprocess.run(["truncate", "-s", "16M", str(image)], check=True)
    subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True, capture_output=True)
    disk = Ext4(image, where)
    try:
        disk.mount()
    except subprocess.CalledProcessError as error:
        print(f"skipped: cannot mount a loop device here: {error.stderr.strip()}")
        pytest.skip(reason=f"cannot mount a loop device here: {error.stderr.strip()}")
    if not Path(f"/sys/fs/ext4/{disk.device}/trigger_fs_error").exists():
        _umount(where)
        print("skipped: this kernel's ext4 cannot be made to fail (no trigger_fs_error)")
        pytest.skip(reason="this kernel's ext4 cannot be made to fail (no trigger_fs_error)")
    yield disk
    _umount(where)


def stored_decisions(path: Path) -> int:
    """How many decisions the store at `path` holds (read by a connection of its own)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        return int(db.execute("SELECT COUNT(*) FROM decisions").fetchone()[0])
    except sqlite3.Error:
        return 0
    finally:
        db.close()


def fill(disk: Path) -> Path:
    """Fill `disk` to the last byte with a file; the file."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as file:
        for size in (65536, 4096, 1):  # down to the last byte
            try:
                while file.write(b"\0" * size):
                    pass
            except OSError:
                pass
    return filler


def test_a_store_whose_disk_fills_mid_game_pauses_the_game_and_goes_on_once_freed(
    small_disk: Path, tmp_path: Path
) -> None:
    store = small_disk / "games.sqlite3"
    box = tmp_path / "terminal.txt"  # what the box says (not on the small disk)

    def said() -> list[str]:
        return box.read_text(encoding="utf-8").splitlines() if box.exists() else []

    with box.open("w", encoding="utf-8") as terminal:
        judge = subprocess.Popen(
            [sys.executable, "-m", "narrator", "demo", "--fast", "--seed", "3", "--store", str(small_disk)]
            + ["--silent", "--json"],
            stdout=subprocess.PIPE,
            stderr=terminal,
            text=True,
        )
    try:
        deadline = time.monotonic() + 60
        while not store.exists() or stored_decisions(store) < 4:
            assert judge.poll() is None, "the game ended before the disk could fill"
            assert time.monotonic() < deadline
            time.sleep(0.005)
        filler = fill(small_disk)
        while not any("存储已满" in line for line in said()):
            assert judge.poll() is None, f"the judge stopped on a full disk: {said()}"
            assert time.monotonic() < deadline, "the judge never said the disk is full"
            time.sleep(0.05)
        paused_at = stored_decisions(store)
        time.sleep(1.5)  # real time: the fast clock would have played the game out meanwhile
        assert judge.poll() is None, "the game went on (or stopped) while nothing could be saved"
        assert stored_decisions(store) == paused_at
        filler.unlink()
        out, _ = judge.communicate(timeout=120)
    finally:
        if judge.poll() is None:
            judge.kill()
    said_lines = said()
    assert judge.returncode == 0, said_lines
    full = [line for line in said_lines if "存储已满" in line]
    assert len(full) == 1 and str(store) in full[0], said_lines  # once, in one line, naming the file
    assert sum("存储恢复" in line for line in said_lines) == 1, said_lines
    assert not any("Traceback" in line for line in said_lines), said_lines
    assert '"winner"' in out
    kept = Store(store)
    (game_id,) = [row["id"] for row in kept.games()]
    stored = kept.load(game_id)
    assert stored.status == "over"
    game = stored.rebuild()
    assert game.over and stored.winner == game.outcome().winner.value  # type: ignore[union-attr]
    record = (small_disk / "records" / f"{game_id}.toml").read_text(encoding="utf-8")
    assert record == write_record(game, comment=f"game {game_id}")  # the record is the game played
    assert stored.decisions == list(game.log) and len(stored.decisions) > paused_at


async def play_until_the_disk_fails(disk: Ext4, store_path: Path) -> tuple[RecordedGame, list[str], int]:
    """A game of bots on the ext4 store whose file system fails after 4 decisions; the game,
    what the box said, and the decisions stored when it failed. The game is ended (the host's
    end) once it has waited a while for the store."""
    store = Store(store_path)
    said: list[str] = []
    store.report = said.append
    setup, rules = Setup(seats=9, roles=ROLES), make_rules({"sheriff": True})
    game = RecordedGame(setup, rules).record_to(store, store.create(setup, rules))
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    url = f"ws://127.0.0.1:{server.port}/ws"
    phones = [BotPhone(url, seat, seed=5) for seat in range(1, 10)]
    for phone in phones:
        await phone.start()
    while any(entry["name"] is None for entry in table.registry.lobby()):
        await asyncio.sleep(0.01)
    moderator = Moderator(
        table,
        _Silent(),
        timers=Timers(decision=8, vote=8, reminder=4),
        clock=FastClock(),
        rng=random.Random(1),
    )
    failed_at = -1

    async def fail_then_end() -> None:
        nonlocal failed_at
        while len(game.log) < 4:
            await asyncio.sleep(0)
        failed_at = len(game.log)
        disk.fail()
        while store.unwritable is None:
            await asyncio.sleep(0.01)
        await asyncio.sleep(1.5)  # real time: the fast clock would have played it out
        table.inbox.put(Command("end", "host"))

    try:
        await asyncio.wait_for(asyncio.gather(moderator.run(), fail_then_end()), 120)
    finally:
        for phone in phones:
            await phone.stop()
        await server.stop()
        store.close()
    return game, said, failed_at


class _Silent:
    def say(self, key: str, /, *, wait: bool = True, **params: object) -> None:
        pass

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> None:
        pass

    def night(self, on: bool) -> None:
        pass


def test_a_store_turned_read_only_mid_game_loses_nothing_and_resumes_exactly(ext4_disk: Ext4) -> None:
    store_path = ext4_disk.where / "games.sqlite3"
    game, said, failed_at = asyncio.run(play_until_the_disk_fails(ext4_disk, store_path))
    assert not game.over
    refusals = [line for line in said if "存储" in line]
    assert len(refusals) == 1 and str(store_path) in refusals[0] and "\n" not in refusals[0], said
    played = list(game.log)  # what the table was told was taken
    assert len(played) == failed_at  # the writes are made on the loop: none was under way
    ext4_disk.repair()
    store = Store(store_path)
    (row,) = store.games()
    stored = store.load(row["id"])
    assert stored.decisions == played  # nothing lost, nothing the table did not play
    resumed = stored.rebuild()
    assert resumed.events == game.events and resumed.pending == game.pending
    store.close()
    # and the judge resumes it to its end
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "narrator",
            "resume",
            row["id"],
            "--bots",
            "--fast",
            "--store",
            str(store_path),
        ]
        + ["--silent", "--json"],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert f"after {len(played)} decisions" in done.stdout
    final = Store(store_path).load(row["id"])
    assert final.status == "over" and final.decisions[: len(played)] == played


def test_a_refused_write_leaves_the_game_as_it_was(ext4_disk: Ext4) -> None:
    """Write ahead at the smallest scale: the decision is not applied when the write fails;
    once the store writes again the same decision is taken."""
    store = Store(ext4_disk.where / "games.sqlite3")
    said: list[str] = []
    store.report = said.append
    setup, rules = Setup(seats=9, roles=ROLES), make_rules({})
    game = RecordedGame(setup, rules).record_to(store, store.create(setup, rules))
    asyncio.run(game.take(game.default()))
    before = (list(game.log), game.pending, len(game.events))
    ext4_disk.fail()
    with pytest.raises(StoreUnwritable):
        asyncio.run(game.take(game.default()))
    assert (list(game.log), game.pending, len(game.events)) == before
    with pytest.raises(StoreUnwritable):
        asyncio.run(game.take_back())  # the host's undo: refused alike, the decision stays
    assert list(game.log) == before[0]
    assert len(said) == 1
    store.close()
    ext4_disk.repair()
    again = Store(ext4_disk.where / "games.sqlite3")
    stored = again.load(game.game_id)
    assert stored.decisions == list(game.log)
    replayed: Game = stored.rebuild()
    assert replayed.pending == game.pending


def probe_beside_a_refused_write(store: Store, game_id: str) -> tuple[Future[bool], Future[None]]:
    """The store's probe and a touch of the game committed in one batch (the writer held
    until both are queued): the probe's answer and the touch's."""
    gate = threading.Event()
    writer = store._writer  # the batch is the subject: both calls queued behind one that waits
    writer.submit(gate.wait)
    probe = writer.submit(store.probe)
    touch = writer.submit(functools.partial(store.touch, game_id))
    gate.set()
    return probe, touch


def test_a_probe_batched_with_a_write_the_read_only_disk_refuses_fails_alone(ext4_disk: Ext4) -> None:
    store = Store(ext4_disk.where / "games.sqlite3")
    said: list[str] = []
    store.report = said.append
    setup, rules = Setup(seats=9, roles=ROLES), make_rules({})
    game_id = store.create(setup, rules)
    ext4_disk.fail()
    probe, touch = probe_beside_a_refused_write(store, game_id)
    assert probe.result(timeout=10) is False  # answered, not the touch's error
    with pytest.raises(StoreUnwritable):
        touch.result(timeout=10)
    assert len(said) == 1 and "存储" in said[0], said
    store.close()


def test_a_probe_batched_with_a_write_the_full_disk_refuses_fails_alone(small_disk: Path) -> None:
    store = Store(small_disk / "games.sqlite3")
    said: list[str] = []
    store.report = said.append
    setup, rules = Setup(seats=9, roles=ROLES), make_rules({})
    game_id = store.create(setup, rules)
    filler = fill(small_disk)
    probe, touch = probe_beside_a_refused_write(store, game_id)
    assert probe.result(timeout=10) is False
    with pytest.raises(StoreUnwritable):
        touch.result(timeout=10)
    assert [line for line in said if "存储已满" in line] == said and len(said) == 1, said
    filler.unlink()
    probe, touch = probe_beside_a_refused_write(store, game_id)
    assert probe.result(timeout=10) is True and touch.result(timeout=10) is None
    store.close()


def test_an_evening_the_refusing_store_cannot_close_stays_open(ext4_disk: Ext4) -> None:
    """The end of an evening on a read-only disk: said once by the store, no error, and the
    evening is still open once the disk is back (the next `narrator play` goes on with it)."""
    store = Store(ext4_disk.where / "games.sqlite3")
    said: list[str] = []
    store.report = said.append
    evening = Evening(store.open_evening())
    ext4_disk.fail()
    evening.close(store)
    assert len(said) == 1 and "存储" in said[0], said
    store.close()
    ext4_disk.repair()
    again = Store(ext4_disk.where / "games.sqlite3")
    assert again.open_evening_id() == evening.id
    again.close()
