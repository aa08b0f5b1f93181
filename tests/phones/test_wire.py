"""What a sniffer on the Wi-Fi sees: the frames as the kernel carries them, between real
Chromium and the box, counted by a TCP proxy for whole games.

Each seat's WebSocket is Chromium's own (it offers per-message compression, as a phone's
browser does), opened through a proxy of its own that parses the box's frames off the byte
stream; the seats are played by the bots' logic over that socket, with the moderator on the
real clock. At every night step, every living seat (the one that acts and the decoys) must get
frames equal in count and size, and a pretended step must look like a real one."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.catalog import usual
from engine.game import Game
from engine.rules import make_rules
from engine.setup import Setup
from narrator.moderator.botphones import BotPhone
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.screens import is_night
from narrator.timing import Clock, Timers
from tests.phones.chromium import ARGS, CHROMIUM

async_api = pytest.importorskip("playwright.async_api", reason="playwright is not installed (dev)")
ROLES = ("werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager")
QUICK = Timers(
    decision=5.0,  # the bots answer through Chromium at once; a step lasts long enough for all
    vote=1.5,
    reminder=1.0,
    night_step=3.0,  # every phone touches within a step's least length, even on a loaded box
    meeting=0.1,
    speech=0.1,
    last_speech=0.1,
    last_words=0.1,
    self_destruct_last_words=0.1,
    warning=0.05,
    peek=0.1,
)


@dataclass
class Frame:
    at: float  # time.monotonic() when the proxy read its last byte
    opcode: int
    compressed: bool  # RSV1: per-message deflate
    size: int  # bytes on the wire, header included
    what: str = ""  # the message's type and step, when it can be read (for a failure's report)


@dataclass
class Proxy:
    """A TCP proxy for one seat: the box's frames to the phone, parsed off the byte stream."""

    box_port: int
    frames: list[Frame] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)  # when each of the phone's data frames was read
    port: int = 0
    _server: asyncio.Server | None = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()

    async def _serve(self, phone_r: asyncio.StreamReader, phone_w: asyncio.StreamWriter) -> None:
        box_r, box_w = await asyncio.open_connection("127.0.0.1", self.box_port)
        upgraded = bytearray()
        buffer = bytearray()
        asked = bytearray()
        outgoing = bytearray()

        async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, count: bool) -> None:
            nonlocal buffer
            with contextlib.suppress(ConnectionError, asyncio.CancelledError):
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
                    if not count:
                        if b"\r\n\r\n" not in asked:  # the phone's request, then its frames
                            asked.extend(data)
                            if b"\r\n\r\n" not in asked:
                                continue
                            data = bytes(asked.split(b"\r\n\r\n", 1)[1])
                        outgoing.extend(data)
                        self._sent(outgoing)
                        continue
                    if b"\r\n\r\n" not in upgraded:  # the handshake's answer, then frames
                        upgraded.extend(data)
                        if b"\r\n\r\n" not in upgraded:
                            continue
                        if not upgraded.startswith(b"HTTP/1.1 101"):  # the page, not the socket
                            count = False
                            continue
                        data = bytes(upgraded.split(b"\r\n\r\n", 1)[1])
                    buffer.extend(data)
                    buffer = self._frames(buffer)
            writer.close()

        await asyncio.gather(pipe(phone_r, box_w, False), pipe(box_r, phone_w, True))

    def _sent(self, buffer: bytearray) -> None:
        """Note the phone's data frames (masked, as a browser's are) read off `buffer`."""
        while len(buffer) >= 2:
            length, head = buffer[1] & 0x7F, 2
            if length == 126:
                if len(buffer) < 4:
                    return
                length, head = int.from_bytes(buffer[2:4], "big"), 4
            elif length == 127:
                if len(buffer) < 10:
                    return
                length, head = int.from_bytes(buffer[2:10], "big"), 10
            head += 4 if buffer[1] & 0x80 else 0
            if len(buffer) < head + length:
                return
            if buffer[0] & 0x0F in (1, 2):
                self.sent.append(time.monotonic())
            del buffer[: head + length]

    def _frames(self, buffer: bytearray) -> bytearray:
        while len(buffer) >= 2:
            length, head = buffer[1] & 0x7F, 2
            if length == 126:
                if len(buffer) < 4:
                    break
                length, head = int.from_bytes(buffer[2:4], "big"), 4
            elif length == 127:
                if len(buffer) < 10:
                    break
                length, head = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < head + length:
                break
            frame = Frame(time.monotonic(), buffer[0] & 0x0F, bool(buffer[0] & 0x40), head + length)
            if frame.opcode == 1 and not frame.compressed:
                with contextlib.suppress(ValueError):
                    message = json.loads(bytes(buffer[head : head + length]))
                    frame.what = f"{message.get('type')}:{message.get('step') or message.get('code') or ''}"
            self.frames.append(frame)
            del buffer[: head + length]
        return buffer


class ChromiumSocket:
    """Chromium's WebSocket in a page, as the bots' logic uses a connection: `send`, `recv`,
    iteration, `close`."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    async def open(self, url: str) -> ChromiumSocket:
        await self.page.expose_function("deliver", self.queue.put_nowait)
        await self.page.evaluate(
            """url => new Promise((opened, failed) => {
                 window.ws = new WebSocket(url);
                 ws.onmessage = event => deliver(event.data);
                 ws.onclose = () => deliver(null);
                 ws.onopen = () => opened(ws.extensions);
                 ws.onerror = failed;
               })""",
            url,
        )
        return self

    async def send(self, text: str) -> None:
        await self.page.evaluate("text => ws.send(text)", text)

    async def recv(self) -> str:
        item = await self.queue.get()
        if item is None:
            raise ConnectionError("closed")
        return item

    def __aiter__(self) -> ChromiumSocket:
        return self

    async def __anext__(self) -> str:
        item = await self.queue.get()
        if item is None:
            raise StopAsyncIteration
        return item

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.page.evaluate("() => ws.close()")


class ChromiumBot(BotPhone):
    """A bot whose connection is Chromium's WebSocket through its seat's proxy."""

    def __init__(self, socket: ChromiumSocket, seat: int, seed: int) -> None:
        super().__init__("", seat, seed)
        self.socket = socket

    async def start(self) -> None:
        self._ws = self.socket  # type: ignore[assignment]
        await self.socket.recv()  # the welcome
        await self._send({"type": "join", "seat": self.seat, "name": f"Bot {self.seat}"})
        self._task = asyncio.create_task(self._run())


@dataclass
class Step:
    at: float
    step: str | None
    real: bool
    phase: str
    alive: tuple[int, ...]
    actors: tuple[int, ...] = ()  # the seats that owe the step (a real one)


async def play_through_chromium(
    seed: int, game: Game | None = None, proxies_out: dict[int, Proxy] | None = None
) -> tuple[list[Step], dict[int, list[Frame]], Game, list[str]]:
    """A whole game (`game`, else a new classic one) from Chromium's sockets on the real clock;
    the steps narrated, each seat's frames from the box, the game, the extensions taken.
    `proxies_out` gets each seat's proxy (what the phone sent, when)."""
    game = game if game is not None else Game(Setup(seats=9, roles=ROLES), make_rules({}))
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    steps: list[Step] = []
    narrate = table.narrate

    def marked(step: str | None, *, final: bool = False, seconds: float | None = None) -> None:
        pending = table.game.pending
        real = pending is not None and pending.step == step
        # the night a step belongs to: the pretended steps after the night's last real one are
        # narrated when the engine is at the next day already (night N is followed by day N)
        night = str(table.game.phase).replace("day", "night")
        alive = tuple(seat for seat in range(1, 10) if table.game.is_alive(seat))
        actors = tuple(pending.seats) if real and pending is not None else ()
        steps.append(Step(time.monotonic(), step, real, night, alive, actors))
        narrate(step, final=final, seconds=seconds)

    table.narrate = marked  # type: ignore[method-assign]
    proxies = {seat: Proxy(server.port) for seat in range(1, 10)}
    if proxies_out is not None:
        proxies_out.update(proxies)
    extensions: list[str] = []
    async with async_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        bots: list[ChromiumBot] = []
        try:
            for seat, proxy in proxies.items():
                await proxy.start()
                page = await (await browser.new_context()).new_page()
                await page.goto(f"http://127.0.0.1:{proxy.port}/static/none")  # the box's origin
                socket = ChromiumSocket(page)
                await socket.open(f"ws://127.0.0.1:{proxy.port}/ws")
                extensions.append(await page.evaluate("() => ws.extensions"))
                bots.append(ChromiumBot(socket, seat, seed))
            for bot in bots:
                await bot.start()
            while any(entry["name"] is None for entry in table.registry.lobby()):
                await asyncio.sleep(0.01)
            moderator = Moderator(table, _Silent(), timers=QUICK, clock=Clock(), rng=random.Random(seed))
            await asyncio.wait_for(moderator.run(), 400)
            await asyncio.sleep(0.3)
        finally:
            for bot in bots:
                with contextlib.suppress(Exception):
                    await bot.stop()
            await browser.close()
            await server.stop()
            for proxy in proxies.values():
                await proxy.stop()
    return steps, {seat: proxy.frames for seat, proxy in proxies.items()}, game, extensions


class _Silent:
    def say(self, key: str, /, *, wait: bool = True, **params: object) -> None:
        pass

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> None:
        pass

    def night(self, on: bool) -> None:
        pass


def night_windows(steps: list[Step]) -> list[tuple[Step, float]]:
    """Each night step narrated (real or pretended) and when the next narration began."""
    windows = []
    for here, after in zip(steps, steps[1:], strict=False):
        if here.step is not None and is_night(usual(), here.step):
            windows.append((here, after.at))
    return windows


def shape(frames: list[Frame], start: float, end: float) -> tuple[int, ...]:
    """The sizes of the data frames read in [start, end), in order."""
    return tuple(f.size for f in frames if start <= f.at < end and f.opcode in (1, 2))


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (scripts/install.sh --dev)")
def test_a_sniffer_counting_frames_tells_no_actor_and_no_pretended_step() -> None:
    steps, frames, game, extensions = asyncio.run(play_through_chromium(seed=11))
    assert game.over
    windows = night_windows(steps)
    pretended = [s for s, _ in windows if not s.real]
    assert pretended and len(windows) - len(pretended) >= 6, "a game with pretended and real night steps"
    by_step: dict[tuple[str, str], tuple[int, ...]] = {}
    told = []
    for step, end in windows:
        seen = {seat: shape(frames[seat], step.at, end) for seat in step.alive}
        shapes = set(seen.values())
        if len(shapes) != 1:
            what = {seat: [f.what for f in frames[seat] if step.at <= f.at < end] for seat in step.alive}
            told.append((step.phase, step.step, step.real, seen, what))
        by_step[(step.phase, str(step.step))] = next(iter(shapes))
    assert not told, f"seats got frames of different counts or sizes at a night step: {told[:3]}"
    # a pretended step's frames look like a real step's of the same night
    real_shapes: dict[str, set[tuple[int, ...]]] = defaultdict(set)
    for step, _ in windows:
        if step.real:
            real_shapes[step.phase].add(by_step[(step.phase, str(step.step))])
    for step in pretended:
        assert by_step[(step.phase, str(step.step))] in real_shapes[step.phase], (
            f"{step.phase} {step.step}: a pretended step's frames differ from every real one's"
        )
    assert not any(f.compressed for seat_frames in frames.values() for f in seat_frames), set(extensions)
    print(
        f"{len(windows)} night steps ({len(pretended)} pretended); frames per seat: "
        f"{ {s: len(f) for s, f in frames.items()} }; extensions offered and taken: {set(extensions)}"
    )


def test_the_answer_to_a_real_touch_and_to_a_decoy_leave_on_one_schedule() -> None:
    """At night the seer's real check (written to the store first) and a villager's decoy
    touch are answered alike: neither at once, both NIGHT_ANSWER_S after they came."""
    from narrator.phones.nightgate import NIGHT_ANSWER_S
    from tests.moderator.test_inbox import NotedLink

    async def scenario() -> tuple[list[str], list[str]]:
        game = Game(Setup(seats=9, roles=ROLES), make_rules({}))
        table = PhoneTable(game, auto_narrate=False)
        seer, villager = NotedLink(), NotedLink()
        for seat, link in ((3, seer), (7, villager)):
            table.links.connect(link)
            await table.receive(link, json.dumps({"type": "join", "seat": seat, "name": f"P{seat}", "n": 1}))
        while game.pending is not None and game.pending.step != "seer":
            game.apply(game.default())
        table.narrate("seer")
        before = len(seer.sent), len(villager.sent)
        await table.receive(seer, json.dumps({"type": "act", "step": "seer", "targets": [1], "n": 2}))
        await table.receive(villager, json.dumps({"type": "act", "step": "seer", "targets": [1], "n": 2}))
        at_once = [m["type"] for m in seer.sent[before[0] :]], [m["type"] for m in villager.sent[before[1] :]]
        await asyncio.sleep(NIGHT_ANSWER_S * 3)
        assert [m["type"] for m in seer.sent[before[0] :] if m.get("n") == 2] == ["ack"]
        assert [m["type"] for m in villager.sent[before[1] :] if m.get("n") == 2] == ["ack"]
        return at_once

    seer_at_once, villager_at_once = asyncio.run(scenario())
    assert seer_at_once == villager_at_once == []
