"""A box started by its systemd unit stays up: the host's End leaves it serving a new lobby,
said aloud; a restart while the lobby was not dealt yet deals it from the settings file as it
is now; a dealt game resumes as it was stored, whatever the file says now.

Each test runs the unit's own command, as `scripts/install-pi.sh --dry-run` writes it (its
settings file in the test's folder, the store under `WEREWOLF_NARRATOR_DATA`), in a process
of its own with no terminal, on the fast clock with no sound (`--silent --fast`: the lines
said are printed); a restart is the SIGTERM `systemctl restart` sends, a laptop's stop is
Ctrl-C. The phones are bot phones on real WebSockets; the host is claimed with the PIN the
judge says and ends the evening over the host's endpoint.
"""

from __future__ import annotations

import asyncio
import json
import os
import pty
import queue
import random
import re
import signal
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest

from engine.bots import random_decision
from engine.game import Game
from engine.rules import make_rules
from engine.setup import deal, suggested_roles
from narrator.moderator.botphones import BotPhone
from narrator.moderator.config import PlayConfig
from narrator.store import Store
from tests.evening.test_evening_play import NARRATOR, _env
from tests.evening.test_play_after_crash import DIGITS, Judge, Phones, _host, _serving
from tests.narrator.test_damaged_store import ROOT
from tests.phones.test_speech import post
from tests.support.interrupt import interruptible
from tests.support.ports import free_port

SETTINGS_FILE = "/etc/werewolf-judge.toml"
NEW_GAME = re.compile(r"^game (\S+) \(store .*\), evening (\S+)$")


def unit(port: int) -> tuple[list[str], str, str]:
    """The unit's command, its `Restart=` and the settings file `install-pi.sh` writes."""
    shown = subprocess.run(
        ["bash", "scripts/install-pi.sh", "--dry-run", "--port", str(port)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    (exec_start,) = re.findall(r"^ExecStart=(.*)$", shown, re.M)
    (restart,) = re.findall(r"^Restart=(.*)$", shown, re.M)
    settings = shown.split(f"# would write {SETTINGS_FILE}:\n", 1)[1].split("# would write", 1)[0]
    return exec_start.split(), restart, settings


class Box(Judge):
    """A judge's command in a process of its own (no terminal unless `stdin` is one; Ctrl-C
    reaches it), its standard output read line by line."""

    def __init__(self, command: list[str], env: dict[str, str], stdin: int = subprocess.DEVNULL) -> None:
        self.process = subprocess.Popen(
            command,
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=ROOT,
            env=env,
            preexec_fn=interruptible,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.out: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def new_game(self) -> tuple[str, str]:
        """The next game dealt: its id and its evening's."""
        found = NEW_GAME.search(self.until(NEW_GAME).strip())
        assert found is not None
        return found.group(1), found.group(2)

    def pin(self) -> str:
        """The host's PIN, as the judge says it once on a box without a keyboard."""
        said = self.until("主持人PIN是").split("PIN是")[1].split("。")[0]
        return "".join(DIGITS[c] for c in said if c in DIGITS)


class Table:
    """A box of the unit's command, its settings file and store in `folder`."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        command, self.restart, settings = unit(self.port)
        self.settings = folder / "werewolf-judge.toml"
        self.settings.write_text(settings + "listen = false\n", encoding="utf-8")
        self.data = folder / "data"
        self.env = {**_env(folder), "WEREWOLF_NARRATOR_DATA": str(self.data)}
        self.command = [part.replace(SETTINGS_FILE, str(self.settings)) for part in command]

    def start(self, fast: bool = True) -> Box:
        """The unit's command, with no sound (its lines printed); `fast`: on the fast clock."""
        return Box([*self.command, "--silent", *(["--fast"] if fast else [])], self.env)

    def claim_host(self, pin: str) -> str:
        _serving(self.port)
        status, claimed = post(self.port, "/host/claim", json.dumps({"pin": pin}).encode(), None)
        assert status == 200, claimed
        return str(claimed["token"])

    def seats(self, game_id: str) -> dict[int, str]:
        """The seats bound to the game in the store (seat → token), read while the box runs."""
        db = sqlite3.connect(f"file:{self.data / 'games.sqlite3'}?mode=ro", uri=True)
        try:
            rows = db.execute("SELECT seat, token FROM seats WHERE game_id = ?", (game_id,)).fetchall()
        finally:
            db.close()
        return {int(seat): str(token) for seat, token in rows}

    def sit(self, seat: int, game_id: str) -> str:
        """A phone joins the lobby at `seat`: the key its page is given (the judge has stored
        the seat first)."""

        async def join() -> str:
            phone = BotPhone(f"ws://127.0.0.1:{self.port}/ws", seat, 4)
            await phone.start()
            try:
                end = time.monotonic() + 60
                while not (phone.token and seat in self.seats(game_id)) and time.monotonic() < end:
                    await asyncio.sleep(0.05)
                return phone.token
            finally:
                await phone.stop()

        token = asyncio.run(join())
        assert token and self.seats(game_id).get(seat) == token, f"seat {seat} was not taken"
        return token


def test_the_units_box_serves_a_new_lobby_when_the_host_ends_the_evening(tmp_path: Path) -> None:
    table = Table(tmp_path)
    assert "--stay" in table.command and "--resume" in table.command
    assert table.restart == "on-failure"  # a crash restarts it; an evening ended does not stop it
    box = table.start()
    phones: Phones | None = None
    try:
        first, evening = box.new_game()
        host = table.claim_host(box.pin())
        phones = Phones(table.port, {})
        phones.start()
        assert phones.ready.wait(60)
        box.until("q or the host's End ends the evening")  # a whole game played, its end shown
        phones.stop()
        phones = None
        _host(table.port, "end", host)

        box.until("narrator play --stay: the evening is over; a new lobby serves the next one")
        second, next_evening = box.new_game()
        assert next_evening != evening and second != first
        assert box.until("今晚的游戏结束了").split("] ", 1)[1].strip() == (
            "今晚的游戏结束了，谢谢大家。新的一晚开始，请重新入座。"
        )
        box.until("请用手机连接同一个无线网络")  # then the join address, as at a start
        table.claim_host(box.pin())  # the new lobby's host
        table.sit(3, second)  # a phone joins the new lobby
        assert box.process.poll() is None, "".join(box.out[-40:])

        store = Store(table.data)
        assert store.load(first).status == "over"
        assert [(e["id"], e["status"], e["games"]) for e in store.evenings()] == [
            (next_evening, "open", [second]),
            (evening, "closed", [first]),
        ]
        store.close()

        box.process.send_signal(signal.SIGINT)  # Ctrl-C at a laptop still stops it
        assert box.wait() == 130, "".join(box.out[-40:])
        store = Store(table.data)
        assert store.load(second).status == "abandoned"
        store.close()
    finally:
        if phones is not None:
            phones.stop()
        if box.process.poll() is None:
            box.kill()


def test_a_restart_deals_the_lobby_not_dealt_yet_from_the_settings_file_as_it_is_now(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path)
    box = table.start()
    try:
        lobby, evening = box.new_game()
        host = table.claim_host(box.pin())
        token = table.sit(2, lobby)
        box.process.send_signal(signal.SIGTERM)  # `systemctl restart`
        box.wait()

        box = table.start()  # the same settings: the lobby resumes, as after a crash
        assert "after 0 decisions" in box.until(f"resuming game {lobby} (playing")
        _serving(table.port)
        box.process.send_signal(signal.SIGTERM)
        box.wait()

        settings = table.settings.read_text(encoding="utf-8")
        # the script's file leaves the table to the host's phone: the edit names it
        assert "# seats = 9\n" in settings and '# preset = "seeds"\n' in settings
        table.settings.write_text(
            settings.replace("# seats = 9\n", "seats = 12\n").replace(
                '# preset = "seeds"', 'preset = "chinese-club"'
            )
            + "[timers]\nspeech = 45\n",
            encoding="utf-8",
        )
        box = table.start()
        said = box.until(f"narrator play: game {lobby} was not dealt yet")
        assert said.strip() == (
            f"narrator play: game {lobby} was not dealt yet and the settings have changed since it "
            "was begun: a new game is dealt from them (its seated phones keep their seats)"
        )
        dealt, same_evening = box.new_game()
        assert same_evening == evening and dealt != lobby
        box.until("请用手机连接同一个无线网络")
        box.process.send_signal(signal.SIGINT)
        assert box.wait() == 130, "".join(box.out[-40:])

        store = Store(table.data)
        game, before = store.load(dealt), store.load(lobby)
        assert before.status == "abandoned" and before.setup.seats == 9
        assert game.setup.seats == 12 and sorted(game.setup.roles) == sorted(suggested_roles(12))
        assert game.rules == PlayConfig(seats=12, preset="chinese-club").table()[1]
        assert game.config["timers"]["speech"] == 45
        assert {seat: t for seat, (_n, t) in store.seats(dealt).items()} == {2: token}  # kept seated
        assert store.host_token(dealt) == host
        (kept,) = store.evenings()
        assert kept["games"] == [lobby, dealt]
        store.close()
    finally:
        if box.process.poll() is None:
            box.kill()


HOST = "the-host-token-of-the-dealt-game"


def _dealt_game(folder: Path, port: int, stored: str) -> str:
    """A store whose 9-seat game (on `port`) was dealt: decisions taken, or every seat taken
    (the judge deals then) but no decision yet; its phones' keys `seat-token-N`, its host's `HOST`."""
    store = Store(folder)
    setup, rules = deal(suggested_roles(9), 9, seed=4), make_rules(preset="seeds")
    settings = PlayConfig(seats=9, listen=False, port=port).model_dump(mode="json")
    game_id = store.create(setup, rules, settings, evening=store.open_evening())
    for seat in range(1, 10):
        store.bind_seat(game_id, seat, f"Bot {seat}", f"seat-token-{seat}")
    store.bind_host(game_id, HOST)
    if stored == "decisions taken":
        game, rng = Game(setup, rules), random.Random(4)
        for n in range(3):
            pending, decision = game.pending, random_decision(game, rng)
            assert pending is not None
            game.apply(decision)
            store.append(game_id, n, pending, decision)
    store.close()
    return game_id


@pytest.mark.parametrize("stored", ["decisions taken", "every seat taken"])
def test_a_dealt_game_resumes_as_stored_and_the_changed_file_deals_the_next_evening(
    tmp_path: Path, stored: str
) -> None:
    table = Table(tmp_path)
    game_id = _dealt_game(table.data, table.port, stored)
    before = Store(table.data)
    decisions, setup, evening = (
        before.load(game_id).decisions,
        before.load(game_id).setup,
        before.evening_of(game_id),
    )
    before.close()
    table.settings.write_text(
        table.settings.read_text(encoding="utf-8").replace("# seats = 9\n", "seats = 12\n"), encoding="utf-8"
    )
    box = table.start()
    phones: Phones | None = None
    try:
        line = box.until(f"resuming game {game_id} (playing")
        assert "9 seats) at " in line and f"after {len(decisions)} decisions" in line
        assert not any("was not dealt yet" in said for said in box.out)
        _serving(table.port)
        phones = Phones(
            table.port, {seat: f"seat-token-{seat}" for seat in range(1, 10)}
        )  # back with their keys
        phones.start()
        assert phones.ready.wait(60)
        box.until("q or the host's End ends the evening")  # the game as stored, played to its end
        phones.stop()
        phones = None
        _host(table.port, "end", HOST)
        following, next_evening = box.new_game()  # the next evening's lobby: the file as it is now
        assert next_evening != evening
        box.until("今晚的游戏结束了")
        box.process.send_signal(signal.SIGINT)
        assert box.wait() == 130, "".join(box.out[-40:])

        store = Store(table.data)
        resumed = store.load(game_id)
        assert resumed.status == "over" and resumed.setup == setup
        assert resumed.decisions[: len(decisions)] == decisions
        assert store.load(following).setup.seats == 12
        assert [g["id"] for g in store.games()] == [following, game_id]
        store.close()
    finally:
        if phones is not None:
            phones.stop()
        if box.process.poll() is None:
            box.kill()


def test_q_at_the_keyboard_ends_each_evening_of_a_box_that_stays_up(tmp_path: Path) -> None:
    """At a laptop, `narrator play --stay` in a terminal: q and Enter ends the evening and the
    next lobby is served, evening after evening (the keys go to the evening served now)."""
    keyboard, terminal = pty.openpty()
    command = [*NARRATOR, "play", "--stay", "--silent", "--fast", "--no-listen", "--port", "0"]
    box = Box([*command, "--store", str(tmp_path)], _env(tmp_path), stdin=terminal)
    os.close(terminal)
    try:
        evenings = []
        for _ in range(3):
            evenings.append(box.new_game()[1])
            box.until("请用手机连接同一个无线网络")  # the lobby is served, its keys read
            if len(evenings) < 3:
                os.write(keyboard, b"q\n")
                box.until("narrator play --stay: the evening is over")
        box.process.send_signal(signal.SIGINT)
        assert box.wait() == 130, "".join(box.out[-40:])
        store = Store(tmp_path)
        assert [(e["id"], e["status"]) for e in store.evenings()] == [
            (evenings[2], "open"),
            (evenings[1], "closed"),
            (evenings[0], "closed"),
        ]
        store.close()
    finally:
        os.close(keyboard)
        if box.process.poll() is None:
            box.kill()
