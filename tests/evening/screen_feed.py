"""A public screen watching a whole narrated game at a table of bot phones, on the fast clock:
every message the screen's socket (/screen/ws) got, as it went on the wire, with the narration
it came in (real or pretended), the line said that sent it and the engine's event count; and
every message each seated phone got, for the secrecy audit (tests/phones/audit.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.asyncio.client import connect

from engine.events import Event
from engine.game import Game
from narrator.moderator.loop import Moderator
from narrator.moderator.speeches import Talk
from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.screens import is_night
from narrator.phones.socketlink import SocketLink
from narrator.phones.table import encode
from narrator.phones.wire import Outgoing, fields_of
from narrator.timing import FastClock, Timers
from tests.moderator.test_night_clock import SleepyPhone
from tests.phones.audit import audit_screen, audit_seat
from tests.phones.harness import screen_pings
from tests.phones.test_shape import Lines

TIMERS = Timers(decision=8, vote=8, reminder=4, speech=2, last_speech=2, last_words=1, meeting=1)


@dataclass
class Shown:
    """One message the public screen got: in which narration, after which line, on the wire
    (its text, size and content), and how many engine events there were when it was sent."""

    segment: int
    line: str | None  # the key of the line said that sent it (None: a narration or a state)
    size: int
    message: dict[str, Any]
    raw: str = ""
    stamp: int = 0


@dataclass
class ScreenRecorder:
    """Every message a public screen got, with the narration it came in (segments as in
    tests/phones/test_shape) and whether that narration was a real or a pretended step; and
    every message each seated phone got."""

    table: PhoneTable
    segment: int = 0
    steps: dict[int, tuple[str, bool]] = field(default_factory=dict)  # segment → (step, real)
    shown: list[Shown] = field(default_factory=list)
    phones: dict[int, list[Shown]] = field(default_factory=dict)  # seat → what its phone got
    _line: str | None = None
    _event: str | None = None  # the kind of the event the moderator narrates now

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        table, recorder = self.table, self
        narrate, said = table.narrate, table.said

        def counted(step: str | None, *args: Any, **kwargs: Any) -> None:
            recorder.segment += 1
            pending = table.game.pending
            if step is not None and is_night(table.game.catalogue, step):
                # a meeting (the lovers', say) is real when the engine held one, not a pretend
                real = pending is not None and pending.step == step or recorder._event == "meeting"
                recorder.steps[recorder.segment] = (step, real)
            narrate(step, *args, **kwargs)

        def heard(key: str, params: dict[str, Any]) -> None:
            recorder._line = key
            try:
                said(key, params)
            finally:
                recorder._line = None

        told = Moderator.narrate

        async def narrating(moderator: Moderator, event: Event, *more: Any) -> Talk | None:
            recorder._event = event.kind
            try:
                return await told(moderator, event, *more)
            finally:
                recorder._event = None

        monkeypatch.setattr(Moderator, "narrate", narrating)
        table.narrate = counted  # type: ignore[method-assign]
        table.said = heard  # type: ignore[method-assign]
        send = SocketLink.send

        def recorded(link: SocketLink, message: Outgoing) -> None:
            seat = table.links.seat_of(link)
            if link in table.public._screens or seat is not None:
                wire = encode(fields_of(message))
                size, stamp = len(wire.encode("utf-8")), len(table.game.events)
                shown = Shown(recorder.segment, recorder._line, size, json.loads(wire), wire, stamp)
                out = recorder.shown if seat is None else recorder.phones.setdefault(seat, [])
                out.append(shown)
            send(link, message)

        monkeypatch.setattr(SocketLink, "send", recorded)


async def screened_game(game: Game, seed: int, monkeypatch: pytest.MonkeyPatch) -> ScreenRecorder:
    """`game` played whole on the fast clock by bot phones, a public screen watching."""
    table = PhoneTable(game, auto_narrate=False)
    recorder = ScreenRecorder(table)
    recorder.install(monkeypatch)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    screen = await connect(f"ws://127.0.0.1:{server.port}/screen/ws", max_size=2**22)
    got: list[str] = []

    async def read() -> None:
        with contextlib.suppress(Exception):
            async for text in screen:
                got.append(str(text))

    reader = asyncio.create_task(read())
    pings = asyncio.create_task(screen_pings(screen))
    url = f"ws://127.0.0.1:{server.port}/ws"
    bots = [SleepyPhone(url, seat, seed, speech_done=True) for seat in range(1, game.setup.seats + 1)]
    for bot in bots:
        await bot.start()
    while any(entry["name"] is None for entry in table.registry.lobby()):
        await asyncio.sleep(0.01)
    moderator = Moderator(
        table, Lines(), timers=TIMERS, clock=FastClock(), rng=random.Random(seed), on_line=table.said
    )
    table.timers = moderator.timers
    try:
        await asyncio.wait_for(moderator.run(), 300)
        await asyncio.sleep(0.3)  # what was queued reaches the screen
    finally:
        for bot in bots:
            await bot.stop()
        pings.cancel()
        await screen.close()
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        await server.stop()
    assert game.over, "the game reached no winner"
    # what the screen's socket read is what was recorded, message for message
    assert [json.loads(text) for text in got] == [shown.message for shown in recorder.shown]
    return recorder


def feed_problems(recorder: ScreenRecorder) -> list[str]:
    """The secrecy audit (tests/phones/audit.py) over a screened game: every seat's phone,
    and the screen's feed (Rule 9: nothing beyond the public view the phones show)."""
    table, game = recorder.table, recorder.table.game
    tokens = {
        seat: holder.token
        for seat in range(1, game.setup.seats + 1)
        if (holder := table.registry.holder(seat))
    }
    problems = []
    for seat, got in sorted(recorder.phones.items()):
        inbox = [shown.message for shown in got]
        problems += audit_seat(game, seat, inbox, [s.stamp for s in got], [s.raw for s in got], tokens)
    screen = recorder.shown
    inboxes = [[shown.message for shown in got] for got in recorder.phones.values()]
    messages = [s.message for s in screen]
    return problems + audit_screen(
        game, messages, [s.stamp for s in screen], [s.raw for s in screen], tokens, inboxes
    )
