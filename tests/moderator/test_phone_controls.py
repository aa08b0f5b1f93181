"""The phones' controls in a moderator's game: the speaker's "过" button ends a speech, and the
host's phone pauses, resumes, repeats and ends the game; both reach the moderator through the
table's inbox."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
from collections.abc import Awaitable, Callable

from engine.game import Game
from engine.rules import make_rules
from engine.setup import Setup
from narrator.moderator.botphones import seat_bots
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.timing import FastClock, Timers
from tests.moderator.test_failures import ROLES, Lines

HOST_TOKEN = "host-token-for-the-test"
# Speeches far longer than a test: only the speaker's button can end them in time.
ENDLESS = Timers(speech=3600, last_speech=3600, last_words=3600, warning=10)


async def play(
    speech_done: bool,
    host: Callable[[Moderator, int], Awaitable[None]] | None = None,
    timers: Timers = ENDLESS,
) -> tuple[Moderator, Lines]:
    game = Game(Setup(seats=9, roles=ROLES), make_rules({"sheriff": True, "last_words": "all"}))
    table = PhoneTable(game, auto_narrate=False, host_token=HOST_TOKEN)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    bots = await seat_bots(f"ws://127.0.0.1:{server.port}/ws", 9, seed=6, speech_done=speech_done)
    while any(entry["name"] is None for entry in table.registry.lobby()):
        await asyncio.sleep(0.01)
    voice = Lines()
    moderator = Moderator(
        table,
        voice,
        timers=timers,
        clock=FastClock(),
        rng=random.Random(2),
    )
    hosting = asyncio.create_task(host(moderator, server.port)) if host is not None else None
    try:
        await asyncio.wait_for(moderator.run(), 120)
        if hosting is not None:
            await hosting
    finally:
        for bot in bots:
            await bot.stop()
        await server.stop()
    return moderator, voice


def test_the_speakers_button_ends_every_speech() -> None:
    moderator, voice = asyncio.run(play(speech_done=True))
    keys = [key for key, _ in voice.said]
    assert moderator.game.over and keys[-1] == "game.over"
    assert keys.count("speech.turn") > 5
    assert "timer.up" not in keys and "timer.remaining" not in keys


def press(port: int, command: str) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/host/command",
        method="POST",
        data=json.dumps({"command": command}).encode(),
        headers={"Authorization": f"Bearer {HOST_TOKEN}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return int(response.status)


def test_the_hosts_phone_pauses_resumes_repeats_and_ends_the_game() -> None:
    async def host(moderator: Moderator, port: int) -> None:
        voice = moderator.voice
        assert isinstance(voice, Lines)

        async def until_said(key: str, after: int = 0) -> int:
            while key not in [k for k, _ in voice.said[after:]]:
                await asyncio.sleep(0.01)
            return len(voice.said)

        await until_said("speech.turn")
        assert await asyncio.to_thread(press, port, "pause") == 200
        paused = await until_said("judge.pause")
        assert await asyncio.to_thread(press, port, "resume") == 200
        resumed = await until_said("judge.resume", paused)
        last = [line for line in voice.said[:resumed] if not line[0].startswith("judge.")][-1]
        assert await asyncio.to_thread(press, port, "repeat") == 200
        while last not in voice.said[resumed:]:
            await asyncio.sleep(0.01)  # the game's last line (not "继续") said again
        assert await asyncio.to_thread(press, port, "end") == 200

    moderator, voice = asyncio.run(play(speech_done=False, host=host))
    keys = [key for key, _ in voice.said]
    assert moderator.ended and not moderator.game.over
    assert keys.count("judge.pause") == 1 and keys.count("judge.resume") >= 1
    assert "game.over" not in keys
