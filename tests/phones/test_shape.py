"""The shape audit: whole narrated games (pretended steps included) at a table of bot phones,
every message any phone got measured; no phone's traffic may tell who acts or what is in play."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from engine.game import Game
from engine.rules import make_rules
from engine.setup import deal
from narrator.moderator.botphones import BotPhone
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.screens import is_night
from narrator.phones.socketlink import SocketLink
from narrator.phones.table import encode
from narrator.phones.wire import Outgoing, fields_of
from narrator.timing import FastClock, Timers
from tests.phones.audit import Sent, shape_problems
from tests.phones.harness import EVENT_RULES, event_game


class Lines:
    """A voice that only notes what it was asked to say (the audit listens to the phones)."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> None:
        self.said.append(key)

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> None:
        self.said.append(label)

    def night(self, on: bool) -> None:
        pass


class Recorder:
    """Every message the table sends to a seated phone, with the narration it was sent in."""

    def __init__(self, table: PhoneTable, monkeypatch: pytest.MonkeyPatch) -> None:
        self.table = table
        self.segment = 0
        self.sent: list[Sent] = []
        self.pretended: set[str] = set()
        narrate = table.narrate

        def counted(step: str | None, *args: Any, **kwargs: Any) -> None:
            if step != table.narrating:
                table.gate.send_held()  # as narrate does first: the last step's answers
            self.segment += 1
            pending = table.game.pending
            if (
                step is not None
                and (pending is None or pending.step != step)
                and is_night(table.game.catalogue, step)
            ):
                self.pretended.add(step)
            narrate(step, *args, **kwargs)

        table.narrate = counted  # type: ignore[method-assign]
        send = SocketLink.send
        recorder = self

        def recorded(link: SocketLink, message: Outgoing) -> None:
            fields = fields_of(message)
            seat = table.links.seat_of(link)
            if seat is not None:
                step = table.narrating
                recorder.sent.append(
                    Sent(
                        recorder.segment,
                        step,
                        is_night(table.game.catalogue, step),
                        seat,
                        str(fields.get("type")),
                        len(encode(fields).encode("utf-8")),
                    )
                )
            send(link, message)

        monkeypatch.setattr(SocketLink, "send", recorded)

    def game_messages(self) -> list[Sent]:
        """What was sent once the game started (not the lobby, where seats join one by one)."""
        return [message for message in self.sent if message.segment > 0]


async def narrated_game(game: Game, seed: int, monkeypatch: pytest.MonkeyPatch) -> Recorder:
    table = PhoneTable(game, auto_narrate=False)
    recorder = Recorder(table, monkeypatch)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    url = f"ws://127.0.0.1:{server.port}/ws"
    bots = [BotPhone(url, seat, seed, speech_done=True) for seat in range(1, game.setup.seats + 1)]
    for bot in bots:
        await bot.start()
    while any(entry["name"] is None for entry in table.registry.lobby()):
        await asyncio.sleep(0.01)
    timers = Timers(decision=8, vote=8, reminder=4, speech=5, last_speech=5, last_words=5)
    moderator = Moderator(table, Lines(), timers=timers, clock=FastClock(), rng=random.Random(seed))
    recorder.segment += 1  # the game starts: what came before was the lobby
    try:
        await asyncio.wait_for(moderator.run(), 300)
    finally:
        for bot in bots:
            await bot.stop()
        await server.stop()
    return recorder


THIEF_DECK = [
    "werewolf",
    "werewolf",
    "seer",
    "witch",
    "guard",
    "hunter",
    "thief",
    "cupid",
    "villager",
    "villager",
    "villager",
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_phone_gets_the_same_messages_at_every_step_of_a_narrated_game(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game(deal(THIEF_DECK, 9, seed=seed), make_rules({"sheriff": True}))
    recorder = asyncio.run(narrated_game(game, seed, monkeypatch))
    assert game.over
    assert recorder.pretended, "the game had no pretended step: the audit would miss them"
    assert shape_problems(recorder.game_messages(), list(range(1, 10))) == []


def test_every_phone_gets_the_same_messages_with_the_event_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    game = event_game(8, dark_moon=[*EVENT_RULES["dark_moon"], "somnambulism"])
    recorder = asyncio.run(narrated_game(game, 8, monkeypatch))
    assert game.over
    assert shape_problems(recorder.game_messages(), list(range(1, game.setup.seats + 1))) == []


def test_the_shape_audit_catches_a_message_only_the_actor_gets() -> None:
    sent = [Sent(1, "seer", True, seat, "state", 900) for seat in (1, 2, 3)] + [
        Sent(1, "seer", True, 3, "result", 120),
        Sent(2, "guard", True, 1, "screen", 190),
    ]
    sent += [Sent(2, "guard", True, seat, "screen", 190) for seat in (2, 3)]
    sent += [Sent(1, "seer", True, 3, "ack", 40), Sent(1, "seer", True, 1, "ack", 60)]
    problems = shape_problems(sent, [1, 2, 3])
    assert any("different messages" in p for p in problems)
    assert any("open with different messages" in p for p in problems)
    assert any("'ack or error' answers" in p for p in problems)
