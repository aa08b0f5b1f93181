"""A crash mid-evening, then a plain `narrator play`: the game that was cut off resumes where
it was (the same server address, the phones back with their keys) and the evening goes on
after it; after an evening that was ended, or with `--new-evening`, a new evening starts.

The kill is a real SIGKILL of `narrator play` (on the fast clock, no sound) in the middle of
the evening's second game; the phones are bot phones on real WebSockets, run by the test as
a table's phones would be (they join, and after the crash come back with the keys they were
given); the host is claimed with the PIN the judge says, and asks for 再来一局 and the end
over the host's endpoints. The scores are checked against the game records.
"""

from __future__ import annotations

import asyncio
import json
import queue
import random
import re
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

from engine.bots import random_decision
from engine.game import Game
from engine.rules import make_rules
from engine.setup import deal, suggested_roles
from narrator.moderator.botphones import BotPhone
from narrator.moderator.evening import Evening
from narrator.store import Store
from tests.evening.test_evening_play import NARRATOR, _env, _scores_from_records
from tests.narrator.test_damaged_store import ROOT, start_then_interrupt
from tests.phones.test_speech import post
from tests.support.ports import free_port

TABLE = ["--fast", "--silent", "--no-listen"]
STAMP = re.compile(r"^\[\d\d:\d\d:\d\d\] ")
DIGITS = {c: str(n) for n, c in enumerate("零一二三四五六七八九")}


class Judge:
    """`narrator play …` in a process of its own, its standard output read line by line."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [*NARRATOR, "play", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=ROOT,
            env=env,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.out: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        with self.process.stdout:
            for line in self.process.stdout:
                self.lines.put(line)
        self.lines.put(None)

    def until(self, wanted: str | re.Pattern[str], timeout: float = 240) -> str:
        """Read on until a line has `wanted` in it (or matches it); that line."""
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                raise AssertionError(f"the judge stopped before {wanted!r}:\n{''.join(self.out[-40:])}")
            self.out.append(line)
            if (wanted in line) if isinstance(wanted, str) else wanted.search(line):
                return line
        raise AssertionError(f"no {wanted!r} within {timeout} s:\n{''.join(self.out[-40:])}")

    def spoken(self, count: int) -> None:
        """Read on until the judge has said `count` more lines."""
        for _ in range(count):
            self.until(STAMP)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.wait()

    def wait(self) -> int:
        """The judge's exit status, once it has stopped and its output is read."""
        status = self.process.wait(timeout=120)
        self._reader.join(timeout=60)
        return status


class Phones(threading.Thread):
    """A bot phone at every seat, on a loop of its own: joined, or back with its key."""

    def __init__(self, port: int, tokens: dict[int, str]) -> None:
        super().__init__(daemon=True)
        self.port, self.tokens = port, tokens
        self.ready = threading.Event()
        self._stop_now: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop, self._stop_now = asyncio.get_running_loop(), asyncio.Event()
        url = f"ws://127.0.0.1:{self.port}/ws"
        bots = [BotPhone(url, seat, 4, token=self.tokens.get(seat, "")) for seat in range(1, 10)]
        for bot in bots:
            await bot.start()
        self.ready.set()
        await self._stop_now.wait()
        for bot in bots:
            await bot.stop()

    def stop(self) -> None:
        if self._loop is not None and self._stop_now is not None:
            self._loop.call_soon_threadsafe(self._stop_now.set)
        self.join(timeout=30)


def _serving(port: int) -> None:
    end = time.monotonic() + 60
    while time.monotonic() < end:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing serves on port {port}")


def _host(port: int, command: str, token: str) -> None:
    status, answer = post(port, "/host/command", json.dumps({"command": command}).encode(), token)
    assert (status, answer) == (200, {"command": command})


def test_a_plain_play_after_a_kill_resumes_the_game_and_the_evening_goes_on(tmp_path: Path) -> None:
    store_dir, port, env = tmp_path / "store", free_port(), _env(tmp_path)
    judge = Judge([*TABLE, "--store", str(store_dir), "--port", str(port), "--seed", "4"], env)
    phones: Phones | None = None
    try:
        evening = judge.until("), evening ").split()[-1]
        pin = "".join(
            DIGITS[c] for c in judge.until("主持人PIN是").split("PIN是")[1].split("。")[0] if c in DIGITS
        )
        _serving(port)
        status, claimed = post(port, "/host/claim", json.dumps({"pin": pin}).encode(), None)
        assert status == 200
        host = claimed["token"]
        phones = Phones(port, {})
        phones.start()
        assert phones.ready.wait(60)
        judge.until("游戏结束")  # the first game's end: the phones keep it
        _host(port, "again", host)
        second = judge.until("one more game: game").split("game: game ")[1].split(",")[0]
        judge.spoken(25)  # 25 lines into the second game
        judge.kill()
        phones.stop()
        phones = None

        store = Store(store_dir)
        (kept,) = store.evenings()
        first, killed = kept["games"]
        assert killed == second and kept["id"] == evening and kept["status"] == "open"
        assert store.load(first).status == "over" and store.load(killed).status == "playing"
        before = store.load(killed).decisions
        assert before, "the second game was killed before its first decision"
        tokens = {seat: token for seat, (_name, token) in store.seats(killed).items()}
        first_scores = _scores_from_records(store_dir, [first])
        assert (Evening(evening).scores(store) or {})["players"] == first_scores
        store.close()

        # The box comes back with a plain `narrator play` (no port: the game's own address).
        judge = Judge([*TABLE, "--store", str(store_dir)], env)
        said = judge.until("narrator play: the evening")
        assert said.strip() == (
            f"narrator play: the evening {evening} was cut off in game {killed} (a crash or a pulled "
            "plug): it resumes where it was and the evening goes on; `narrator play --new-evening` "
            "starts a new evening instead"
        )
        assert f"after {len(before)} decisions" in judge.until(f"resuming game {killed} (playing")
        _serving(port)
        phones = Phones(port, tokens)  # the phones come back with their keys
        phones.start()
        assert phones.ready.wait(60)
        judge.until("游戏结束")  # the game that was cut off, played to its end
        _host(port, "again", host)  # the host's key, kept with the game
        third = judge.until("one more game: game").split("game: game ")[1].split(",")[0]
        judge.until("游戏结束")
        _host(port, "end", host)
        assert judge.wait() == 0, "".join(judge.out[-40:])
        phones.stop()
        phones = None

        store = Store(store_dir)
        (kept,) = store.evenings()
        assert kept["games"] == [first, killed, third] and kept["status"] == "closed"
        assert all(store.load(game_id).status == "over" for game_id in kept["games"])
        assert store.load(killed).decisions[: len(before)] == before  # on from where it was
        assert {seat: t for seat, (_n, t) in store.seats(third).items()} == tokens  # no rejoin
        scores = Evening(evening).scores(store) or {}
        assert scores["games"] == 3
        assert scores["players"] == _scores_from_records(store_dir, kept["games"])
        assert _scores_from_records(store_dir, [first]) == first_scores  # the first game untouched
        store.close()

        # After an evening that was ended, a plain `narrator play` starts a new one.
        status, out, err = start_then_interrupt(
            [*NARRATOR, "play", "--silent", "--no-listen", "--port", "0", "--store", str(store_dir)], env
        )
        assert "cut off" not in out and "Traceback" not in err
        (new,) = re.findall(r"^game \S+ \(store .*\), evening (\S+)$", out, re.M)
        assert new != evening
        store = Store(store_dir)
        assert [e["id"] for e in store.evenings()] == [new, evening]
        store.close()
    finally:
        if phones is not None:
            phones.stop()
        if judge.process.poll() is None:
            judge.kill()


def _cut_off_evening(folder: Path) -> tuple[str, str]:
    """A store with an open evening whose game was cut off after some decisions (a crash)."""
    store = Store(folder)
    evening = store.open_evening()
    setup, rules = deal(suggested_roles(9), 9, seed=4), make_rules(preset="seeds")
    game_id = store.create(setup, rules, {"locale": "zh-CN", "seats": 9, "listen": False}, evening=evening)
    game, rng = Game(setup, rules), random.Random(4)
    for n in range(3):
        pending, decision = game.pending, random_decision(game, rng)
        assert pending is not None
        game.apply(decision)
        store.append(game_id, n, pending, decision)
    store.close()
    return evening, game_id


def test_a_plain_play_resumes_the_cut_off_game_even_with_other_cards_given(tmp_path: Path) -> None:
    """The command line run again as it was (up-arrow at a laptop, the Pi's unit): the game
    cut off resumes, and the line says the cards given are not used."""
    evening, game_id = _cut_off_evening(tmp_path)
    status, out, err = start_then_interrupt(
        [
            *NARRATOR,
            "play",
            "--board",
            "standard-12",
            "--silent",
            "--no-listen",
            "--port",
            "0",
            "--store",
            str(tmp_path),
        ]
    )
    assert "Traceback" not in err
    assert (
        f"narrator play: the evening {evening} was cut off in game {game_id} (a crash or a pulled plug): it "
        "resumes where it was and the evening goes on (--board not used: the game keeps its own settings)"
    ) in out
    assert re.search(rf"^resuming game {game_id} \(playing, begun .*, 9 seats\)", out, re.M), out
    store = Store(tmp_path)
    assert [g["id"] for g in store.games()] == [game_id]  # no new game
    store.close()


def test_new_evening_closes_the_open_one_and_leaves_its_game_abandoned(tmp_path: Path) -> None:
    evening, game_id = _cut_off_evening(tmp_path)
    status, out, err = start_then_interrupt(
        [
            *NARRATOR,
            "play",
            "--new-evening",
            "--silent",
            "--no-listen",
            "--port",
            "0",
            "--store",
            str(tmp_path),
        ]
    )
    assert "Traceback" not in err and "cut off" not in out
    assert f"narrator play: the evening {evening} is closed; a new evening starts" in out
    assert f"narrator play: game {game_id} was unfinished; marked abandoned" in err
    (new,) = re.findall(r"^game \S+ \(store .*\), evening (\S+)$", out, re.M)
    store = Store(tmp_path)
    assert [(e["id"], e["status"]) for e in store.evenings()] == [(new, "open"), (evening, "closed")]
    assert store.load(game_id).status == "abandoned"
    store.close()


def test_a_game_stopped_with_ctrl_c_is_not_resumed_by_a_plain_play(tmp_path: Path) -> None:
    """Ctrl-C is a stop on purpose (the game is marked abandoned): a plain `narrator play`
    deals a new game in the evening still open."""
    evening, game_id = _cut_off_evening(tmp_path)
    store = Store(tmp_path)
    store.mark(game_id, "abandoned", "stopped with Ctrl-C")
    store.close()
    status, out, err = start_then_interrupt(
        [*NARRATOR, "play", "--silent", "--no-listen", "--port", "0", "--store", str(tmp_path)]
    )
    assert "cut off" not in out and "resuming" not in out
    assert re.search(rf"^game \S+ \(store .*\), evening {evening}$", out, re.M), out
