"""Benchmark the phone server: 18 phones on loopback, the action round-trip and the rejoin time.

The server runs in its own process (`narrator phones`, as at a table); this process holds 18
WebSocket phones and a mirror of the game (same deal, same decisions) to know what to send.
Every living phone answers every step: the seats that owe it for real, the others with a
decoy touch at night. A round-trip is one touch sent until its ack (or error) arrives.
Midway through the first game every connection is cut at once (the box's Wi-Fi drops); the
phones come back with the page's own backoff (150–300 ms, then +150 ms a try) and their
tokens; `rejoin_all_s` is from the cut until the last phone has its state again.
The last line printed is one JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.bots import random_decision  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules import make_rules  # noqa: E402
from engine.setup import deal, suggested_roles  # noqa: E402
from tests.phones.harness import parts_of  # noqa: E402

SEATS = 18


class BenchPhone:
    """A phone that times each of its touches until the answer with the same number."""

    def __init__(self, url: str, seat: int) -> None:
        self.url, self.seat = url, seat
        self.token = ""
        self.n = 0
        self.sent: dict[int, float] = {}
        self.rtts: list[float] = []
        self.answers: dict[int, dict[str, Any]] = {}
        self.states = 0
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        self.ws = await connect(self.url)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for raw in self.ws:
                message = json.loads(raw)
                n = message.get("n")
                if message["type"] in ("ack", "error", "joined") and n in self.sent:
                    self.rtts.append(time.perf_counter() - self.sent.pop(n))
                    self.answers[n] = message
                if message["type"] == "joined":
                    self.token = message["token"]
                elif message["type"] == "state":
                    self.states += 1
        except ConnectionClosed:
            pass

    async def send(self, message: dict[str, Any]) -> int:
        assert self.ws is not None
        self.n += 1
        self.sent[self.n] = time.perf_counter()
        await self.ws.send(json.dumps({**message, "n": self.n}))
        return self.n

    async def answer(self, n: int, timeout: float = 5.0) -> dict[str, Any]:
        deadline = time.perf_counter() + timeout
        while n not in self.answers:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"seat {self.seat}: no answer to {n}")
            await asyncio.sleep(0.001)
        return self.answers.pop(n)

    def cut(self) -> None:
        """Drop the connection without a closing handshake (the Wi-Fi went away)."""
        if self.ws is not None:
            self.ws.transport.abort()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await self.reader


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def until(condition: Any, timeout: float = 10.0) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the table did not move on")
        await asyncio.sleep(0.001)


async def states_after(count: int, phones: dict[int, BenchPhone]) -> None:
    await all_states_after(dict.fromkeys(phones, count), phones)


async def all_states_after(counts: dict[int, int], phones: dict[int, BenchPhone]) -> None:
    """Wait until each phone got a state message more than it had in `counts`."""
    await until(lambda: all(p.states > counts[s] for s, p in phones.items()))


async def rejoin(phone: BenchPhone) -> None:
    """Come back as the page does: wait the backoff, reconnect, rejoin with the token."""
    attempt = 0
    while True:
        attempt += 1
        await asyncio.sleep((min(2000, 150 * attempt) + random.random() * 150) / 1000)
        try:
            await phone.open()
        except OSError:
            continue
        await phone.send({"type": "rejoin", "token": phone.token})
        await states_after(phone.states, {phone.seat: phone})
        return


async def play(url: str, seed: int, cut_at: int | None) -> tuple[list[float], float | None]:
    """One game from 18 phones; the round-trips, and the rejoin time when cut at `cut_at`."""
    rng = random.Random(seed)
    mirror = Game(deal(suggested_roles(SEATS), SEATS, seed), make_rules())
    phones = {seat: BenchPhone(url, seat) for seat in range(1, SEATS + 1)}
    for phone in phones.values():
        await phone.open()
        await phone.answer(await phone.send({"type": "join", "seat": phone.seat, "name": f"P{phone.seat}"}))
    rejoin_s = None
    decisions = 0
    while not mirror.over:
        decisions += 1
        if decisions == cut_at:
            for phone in phones.values():
                phone.cut()
            started = time.perf_counter()
            await asyncio.gather(*(rejoin(p) for p in phones.values()))
            rejoin_s = time.perf_counter() - started
        pending = mirror.pending
        assert pending is not None
        intended = random_decision(mirror, rng)
        parts = parts_of(intended, mirror)
        owing = {seat for seat, _ in parts}
        states = {seat: p.states for seat, p in phones.items()}
        touches = []
        if pending.phase.startswith("night"):
            touches = [
                (s, {"type": "act", "step": pending.step, "targets": [rng.choice(mirror.state.alive())]})
                for s in mirror.state.alive()
                if s not in owing
            ]
        sent = await asyncio.gather(*(phones[s].send(m) for s, m in touches + parts[:-1]))
        for (seat, _), n in zip(touches + parts[:-1], sent, strict=True):
            await phones[seat].answer(n)
        last_seat, last = parts[-1]
        await phones[last_seat].answer(await phones[last_seat].send(last))
        mirror.apply(intended)
        await all_states_after(states, phones)
    rtts = [rtt for phone in phones.values() for rtt in phone.rtts]
    for phone in phones.values():
        await phone.close()
    return rtts, rejoin_s


def serve(port: int, seed: int) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "narrator",
        "phones",
        "--seats",
        str(SEATS),
        "--seed",
        str(seed),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return server
        time.sleep(0.05)
    server.kill()
    raise RuntimeError("the phone server did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games to play (default 4)")
    args = parser.parse_args()
    rtts: list[float] = []
    rejoin_s: float | None = None
    for game in range(args.games):
        port = free_port()
        server = serve(port, seed=100 + game)
        try:
            got, cut = asyncio.run(
                play(f"ws://127.0.0.1:{port}/ws", 100 + game, cut_at=6 if game == 0 else None)
            )
        finally:
            server.terminate()
            server.wait(10)
        rtts += got
        rejoin_s = cut if cut is not None else rejoin_s
        print(f"game {game + 1}: {len(got)} touches")
    ms = sorted(rtt * 1000 for rtt in rtts)
    p50 = statistics.median(ms)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"{len(ms)} touches from {SEATS} phones: round-trip p50 {p50:.2f} ms, "
        f"p99 {p99:.2f} ms, max {ms[-1]:.2f} ms (target p99 < 50 ms)"
    )
    assert rejoin_s is not None
    print(f"all {SEATS} phones back after the cut in {rejoin_s:.2f} s (target < 3 s)")
    print(
        json.dumps(
            {
                "phones": SEATS,
                "touches": len(ms),
                "rtt_p50_ms": round(p50, 2),
                "rtt_p99_ms": round(p99, 2),
                "rtt_max_ms": round(ms[-1], 2),
                "rejoin_all_s": round(rejoin_s, 3),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
