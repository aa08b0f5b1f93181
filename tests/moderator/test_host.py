"""The host's controls: undo a mistaken night decision before it takes effect, end the game."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from engine.rules import make_rules
from engine.setup import Setup
from narrator.inbox import Command
from narrator.moderator.botphones import seat_bots
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.recorded import RecordedGame
from narrator.store import Store
from narrator.timing import FastClock, Timers
from tests.moderator.test_failures import ROLES, Lines


class Host:
    """Gives `command` once, as soon as `when(moderator)` holds (looked at on every turn of
    the event loop), as the host's phone does: into the moderator's inbox."""

    def __init__(self, command: str, when) -> None:  # type: ignore[no-untyped-def]
        self.command, self.when = command, when

    async def watch(self, moderator: Moderator) -> None:
        while not self.when(moderator):
            await asyncio.sleep(0)
        moderator.inbox.put(Command(self.command, "host"))


async def play(tmp_path: Path, host: Host) -> tuple[Moderator, Store, str, Lines]:
    store = Store(tmp_path / "games.sqlite3")
    setup, rules = Setup(seats=9, roles=ROLES), make_rules({"sheriff": False})
    game_id = store.create(setup, rules)
    game = RecordedGame(setup, rules).record_to(store, game_id)
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    bots = await seat_bots(f"ws://127.0.0.1:{server.port}/ws", 9, seed=4)
    while any(entry["name"] is None for entry in table.registry.lobby()):
        await asyncio.sleep(0.01)
    voice = Lines()
    moderator = Moderator(table, voice, timers=Timers(), clock=FastClock(), rng=random.Random(1))
    hosting = asyncio.create_task(host.watch(moderator))
    try:
        await asyncio.wait_for(moderator.run(), 120)
    finally:
        hosting.cancel()
        for bot in bots:
            await bot.stop()
        await server.stop()
    return moderator, store, game_id, voice


def test_undo_takes_back_the_last_night_decision_and_asks_again(tmp_path: Path) -> None:
    def at_the_witch(m: Moderator) -> bool:
        pending = m.game.pending
        return pending is not None and pending.step == "witch" and m.game.phase == "night 1"

    moderator, store, game_id, voice = asyncio.run(play(tmp_path, Host("undo", at_the_witch)))
    game = moderator.game
    assert game.over
    night_one = [key for key, _ in voice.said[: [k for k, _ in voice.said].index("day.breaks")]]
    assert night_one.count("werewolves.meet") == 2  # the pack was asked again, in the first night's words
    assert store.load(game_id).decisions == list(game.log)
    steps = [p.step for p, _ in game.history if p.phase == "night 1"]
    assert steps.count("werewolves") == 1


def test_the_host_ends_the_game(tmp_path: Path) -> None:
    moderator, store, game_id, voice = asyncio.run(
        play(tmp_path, Host("end", lambda m: m.game.phase == "day 1"))
    )
    assert not moderator.game.over and moderator.ended
    assert "game.over" not in [key for key, _ in voice.said]


def test_the_judge_waits_until_every_phone_has_peeked_or_the_host_starts(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    import narrator.moderator.botphones as botphones

    class ShyPhone(botphones.BotPhone):
        async def _send(self, message: dict) -> None:  # type: ignore[type-arg]
            if message.get("type") == "peeked" and self.seat == 4:
                return  # seat 4 never looks at its card
            await super()._send(message)

    real = botphones.BotPhone
    botphones.BotPhone = ShyPhone  # type: ignore[misc]
    try:
        moderator, store, game_id, voice = asyncio.run(
            play(tmp_path, Host("ready", lambda m: m.clock.now() > 45))
        )
    finally:
        botphones.BotPhone = real  # type: ignore[misc]
    keys = [key for key, _ in voice.said]
    assert keys[:3] == ["game.opening", "game.peek", "game.peek"]  # a reminder while seat 4 waits
    assert moderator.game.over
    assert "cards seen: 8/9" in capsys.readouterr().out
