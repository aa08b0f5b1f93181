"""The game goes on and says why: a phone that never answers, no sound device, no model."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from engine import SheriffCandidacy
from engine.decisions import DayVote
from engine.game import Game
from engine.rules import make_rules
from engine.setup import Setup
from narrator.inbox import Inbox
from narrator.moderator.botphones import BotPhone
from narrator.moderator.config import PlayConfig
from narrator.moderator.loop import Moderator
from narrator.moderator.wiring import open_listener
from narrator.phones import PhoneServer, PhoneTable
from narrator.timing import FastClock, Timers

ROLES = ("werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager")


class DeafPhone(BotPhone):
    """A phone that joins its seat and then never touches anything."""

    async def _maybe_act(self) -> None:
        return None


class Lines:
    """A voice that only notes what it was asked to say."""

    def __init__(self) -> None:
        self.said: list[tuple[str, dict[str, Any]]] = []

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> None:
        self.said.append((key, dict(params)))

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> None:
        self.said.append((label, {"text": text}))

    def night(self, on: bool) -> None:
        pass


async def play_with_a_deaf_seat(deaf: int) -> tuple[Game, Lines]:
    game = Game(Setup(seats=9, roles=ROLES), make_rules({"sheriff": True}))
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    url = f"ws://127.0.0.1:{server.port}/ws"
    phones = [(DeafPhone if seat == deaf else BotPhone)(url, seat, seed=5) for seat in range(1, 10)]
    for phone in phones:
        await phone.start()
    while any(entry["name"] is None for entry in table.registry.lobby()):
        await asyncio.sleep(0.01)
    voice = Lines()
    timers = Timers(decision=8, vote=8, reminder=4)
    moderator = Moderator(table, voice, timers=timers, clock=FastClock(), rng=random.Random(1))
    try:
        await asyncio.wait_for(moderator.run(), 120)
    finally:
        for phone in phones:
            await phone.stop()
        await server.stop()
    return game, voice


def test_a_phone_that_never_answers_gets_the_default_and_the_game_goes_on() -> None:
    game, voice = asyncio.run(play_with_a_deaf_seat(deaf=3))  # the seer's phone is silent
    assert game.over
    keys = [key for key, _ in voice.said]
    assert "reminder.hurry" in keys and keys[-1] == "game.over"
    asked_seer = [d for p, d in game.history if p.step == "seer"]
    assert asked_seer and all(d.target == 0 for d in asked_seer)  # passed at every deadline
    for _pending, decision in game.history:
        if isinstance(decision, DayVote):
            assert 3 not in decision.votes  # the silent seat abstained
        if isinstance(decision, SheriffCandidacy):
            assert 3 not in decision.candidates


def test_a_silent_werewolf_does_not_stop_the_pack() -> None:
    game, _ = asyncio.run(play_with_a_deaf_seat(deaf=1))
    assert game.over
    victims = [d.victim for p, d in game.history if p.step == "werewolves"]  # type: ignore[attr-defined]
    assert any(victims), "the pack's picks were applied at the deadline"


def test_with_no_sound_device_the_judge_says_so_and_goes_on(tmp_path: Path) -> None:
    env = {**os.environ, "PULSE_SERVER": f"unix:{tmp_path}/no-such-server"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "narrator",
            "demo",
            "--fast",
            "--seed",
            "2",
            "--store",
            str(tmp_path),
            "--roles",
            "werewolf,seer,witch,villager,villager",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "没有找到放音设备" in done.stderr
    assert "天黑请闭眼" in done.stdout and '"winner"' in done.stdout


def test_with_no_model_listening_is_off_and_the_table_is_told(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    monkeypatch.setenv("WEREWOLF_NARRATOR_MODELS", str(tmp_path / "models"))
    listener = open_listener(PlayConfig(locale="zh-CN"), Lines(), Inbox())
    try:
        assert not listener.status.on
        assert "listening is off" in capsys.readouterr().err
        assert listener.next_command(timeout=5) is None
    finally:
        listener.close()
