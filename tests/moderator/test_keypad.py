"""A table without phones: every decision keyed on the box's keypad, the moderator narrating."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Callable, Iterator

from engine.game import Game
from engine.rules import make_rules
from engine.setup import Setup
from engine.state import Pending
from narrator.moderator.desk import KeypadDesk
from narrator.moderator.loop import Moderator
from narrator.moderator.timing import FastClock, Timers
from narrator.phones import PhoneTable
from narrator.phones.keypad import Keypad, TerminalScreen
from tests.moderator.test_failures import Lines


def keyed_by_the_table(pending_now: Callable[[], Pending | None]) -> Iterator[str]:
    """The players at the keypad: the pack keys its victim, everyone else Enter (pass)."""
    while True:
        pending = pending_now()
        if pending is not None and pending.step == "werewolves":
            prey = [s for s in pending.targets if s not in pending.seats]
            yield from f"{prey[0]}\n"
        else:
            yield "\n"


def test_a_game_played_on_the_keypad_alone_ends(tmp_path: object) -> None:
    game = Game(
        Setup(seats=5, roles=("werewolf", "seer", "witch", "villager", "villager")),
        make_rules({"sheriff": False}),
    )
    screen = io.StringIO()

    async def play() -> Lines:
        table = PhoneTable(game, auto_narrate=False)
        loop = asyncio.get_running_loop()

        def pending_now() -> Pending | None:  # the players look at the box: on the loop
            async def pending() -> Pending | None:
                return game.pending

            return asyncio.run_coroutine_threadsafe(pending(), loop).result()

        keypad = Keypad(
            keyed_by_the_table(pending_now), TerminalScreen(screen), private_seconds=0, sleep=lambda _s: None
        )
        desk = KeypadDesk(keypad, table, asyncio.get_running_loop())
        voice = Lines()
        moderator = Moderator(
            table,
            voice,
            timers=Timers(decision=600, vote=600),
            clock=FastClock(),
            rng=random.Random(2),
            desk=desk,
        )
        try:
            await asyncio.wait_for(moderator.run(), 60)
        finally:
            desk.close()
        return voice

    voice = asyncio.run(play())
    assert game.over and game.outcome().winner.value == "werewolves"  # type: ignore[union-attr]
    assert [key for key, _ in voice.said][-1] == "game.over"
    assert "reminder.hurry" not in [key for key, _ in voice.said]  # every step was keyed in time
    shown = screen.getvalue()
    assert "1" in shown and len(shown.splitlines()) > 10
