"""Links nobody can squat, through the real server on loopback addresses of their own (127.0.0.x
stands for the phones of a Wi-Fi): one socket holds one seat, idle strangers never keep a new
phone from the lobby, nobody holds the public screens for good or floods them, a page of
another site opens no socket, and a table that fails on a message is heard, not hidden."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.limits import SCREEN_PING_S, Limits
from narrator.phones.socketlink import SocketLink
from tests.phones.harness import Phone, classic_game, close_all, ws_url

ROOT = Path(__file__).resolve().parents[2]
STRANGERS = [f"127.0.0.{host}" for host in range(10, 15)]  # five addresses


@asynccontextmanager
async def serving(
    limits: Limits | None = None, table: PhoneTable | None = None, host: str = "127.0.0.1"
) -> AsyncIterator[tuple[PhoneServer, PhoneTable]]:
    table = table or PhoneTable(classic_game())
    server = PhoneServer(table, host=host, port=0, limits=limits)
    await server.start()
    try:
        yield server, table
    finally:
        await server.stop()


def screen_url(server: PhoneServer) -> str:
    return f"ws://127.0.0.1:{server.port}/screen/ws"


async def socket_from(address: str, url: str, **options: Any) -> ClientConnection:
    return await connect(url, local_addr=(address, 0), open_timeout=5, **options)


async def sent_and_answered(ws: ClientConnection, message: dict[str, Any], n: int) -> dict[str, Any]:
    """Send `message` numbered `n` on `ws`; the answer with that number."""
    await ws.send(json.dumps({**message, "n": n}))
    while True:
        answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
        if answer.get("n") == n:
            return dict(answer)


async def closed(ws: ClientConnection) -> int | None:
    """Read `ws` until the box closes it; its close code."""
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), 5)
    return ws.close_code


def test_one_socket_takes_one_seat_however_many_it_asks_for() -> None:
    async def scenario() -> None:
        async with serving() as (server, table):
            ws = await socket_from("127.0.0.1", ws_url(server))
            answers = [
                await sent_and_answered(
                    ws, {"type": "join", "seat": seat, "name": f"S{seat}", "locale": "en"}, seat
                )
                for seat in range(1, 10)
            ]
            assert answers[0]["type"] == "joined" and answers[0]["seat"] == 1
            refused = answers[1:]
            assert {(a["type"], a["code"]) for a in refused} == {("error", "one_seat")}
            assert refused[0]["message"] == "This page already holds seat 1: one page, one seat."
            assert table.registry.names() == {1: "S1"}
            other = await Phone(ws_url(server)).open()
            await other.join(3)
            taken = await sent_and_answered(ws, {"type": "rejoin", "token": other.token}, 20)
            assert taken["code"] == "one_seat", "a seated socket took a second seat by its token"
            assert table.connected() == [1, 3]
            again = await sent_and_answered(ws, {"type": "rejoin", "token": answers[0]["token"]}, 21)
            assert again["type"] == "joined" and again["seat"] == 1  # its own seat: as before
            await ws.close()
            await other.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("idle", [64, 100])
def test_idle_sockets_from_five_addresses_keep_no_new_phone_from_the_lobby(idle: int) -> None:
    async def scenario() -> None:
        async with serving() as (server, table):
            url = ws_url(server)
            seated = await Phone(url).open()
            await seated.join(4)
            await seated.close()
            strangers: list[ClientConnection] = []
            for n in range(idle):
                try:
                    strangers.append(await socket_from(STRANGERS[n % len(STRANGERS)], url))
                except InvalidStatus:
                    pass
            new = await socket_from("127.0.0.1", url)
            joined = await sent_and_answered(new, {"type": "join", "seat": 2, "name": "New"}, 1)
            assert joined["type"] == "joined" and joined["seat"] == 2, joined
            back = await socket_from("127.0.0.2", url)
            rejoined = await sent_and_answered(back, {"type": "rejoin", "token": seated.token}, 1)
            assert rejoined["type"] == "joined" and rejoined["seat"] == 4, rejoined
            open_strangers = [ws for ws in strangers if ws.close_code is None]
            assert len(open_strangers) <= Limits().seatless
            await asyncio.gather(*(ws.close() for ws in [*strangers, new, back]))

    asyncio.run(scenario())


def test_one_address_holding_every_screen_keeps_the_tv_from_none() -> None:
    async def scenario() -> None:
        async with serving() as (server, table):
            held = [await socket_from("127.0.0.3", screen_url(server)) for _ in range(8)]
            tv = await socket_from("127.0.0.4", screen_url(server))
            assert json.loads(await asyncio.wait_for(tv.recv(), 5))["type"] == "table"
            kept = Limits().screens_per_address
            for ws in held[:-kept]:  # the oldest of that address were let go
                assert await closed(ws) == 1013
            table.evening.show_scores({"games": 1})
            for ws in [*held[-kept:], tv]:  # the newest two and the TV stay, and are shown it
                assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] == "table"
            await asyncio.gather(*(ws.close() for ws in [*held, tv]))

    asyncio.run(scenario())


def test_a_screen_that_floods_is_closed_and_its_address_kept_out() -> None:
    async def scenario() -> None:
        frozen = Limits(rate=1.0, burst=5, clock=lambda: 0.0)  # no time passes: no refill
        async with serving(frozen) as (server, _):
            flooder = await socket_from("127.0.0.5", screen_url(server))
            junk = "x" * 4000
            with pytest.raises(ConnectionClosed):
                for _ in range(200):
                    await flooder.send(junk)
                    await asyncio.sleep(0)
                await asyncio.wait_for(flooder.recv(), 5)
            await closed(flooder)
            assert flooder.close_code == 1008
            with pytest.raises(InvalidStatus):
                await socket_from("127.0.0.5", screen_url(server))
            tv = await socket_from("127.0.0.6", screen_url(server))  # another address: served
            assert json.loads(await asyncio.wait_for(tv.recv(), 5))["type"] == "table"
            await tv.close()

    asyncio.run(scenario())


def test_a_screen_that_says_nothing_is_closed_and_the_page_says_it_is_there_often_enough() -> None:
    """Real time: a screen that sends nothing for 0.3 s is closed."""

    async def scenario() -> None:
        async with serving(Limits(screen_idle_s=0.3)) as (server, _):
            quiet = await socket_from("127.0.0.7", screen_url(server))
            assert await closed(quiet) == 1013

    asyncio.run(scenario())
    script = (ROOT / "narrator" / "phones" / "static" / "screen.js").read_text()
    ping_ms = re.search(r"var PING_MS = (\d+);", script)
    assert ping_ms is not None and int(ping_ms.group(1)) == SCREEN_PING_S * 1000
    assert Limits().screen_idle_s >= 2 * SCREEN_PING_S  # a ping lost on the way closes nothing


@pytest.mark.parametrize("path", ["/ws", "/screen/ws"])
def test_a_page_of_another_site_opens_no_socket_and_the_boxs_own_pages_do(path: str) -> None:
    async def scenario() -> None:
        async with serving(host="0.0.0.0") as (server, _):
            url = f"ws://127.0.0.1:{server.port}{path}"
            for foreign in ("http://evil.example", f"http://evil.example:{server.port}", "null"):
                with pytest.raises(InvalidStatus) as refused:
                    await connect(url, origin=foreign, open_timeout=5)  # type: ignore[arg-type]
                assert refused.value.response.status_code == 403
            own = [f"http://127.0.0.1:{server.port}", *(u.rstrip("/") for u in server.join_urls)]
            for origin in [*own, None]:  # the page asked by this address, a join address, a bot
                ws = await connect(url, origin=origin, open_timeout=5)  # type: ignore[arg-type]
                assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] in ("welcome", "table")
                await ws.close()

    asyncio.run(scenario())


class BrokenTable(PhoneTable):
    """A table whose engine fails on a ping (as a bug in a rule would)."""

    async def receive(self, link: SocketLink, raw: str | bytes) -> None:
        if b"ping" in (raw if isinstance(raw, bytes) else raw.encode()):
            raise RuntimeError("a rule broke")
        await super().receive(link, raw)


def test_a_table_that_fails_on_a_message_is_logged_and_closes_that_link(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> None:
        async with serving(table=BrokenTable(classic_game())) as (server, table):
            calm = await Phone(ws_url(server)).open()
            await calm.join(2)
            phone = await Phone(ws_url(server)).open()
            await phone.send({"type": "ping"})
            assert phone._reader is not None
            await asyncio.wait_for(phone._reader, 5)
            assert phone.ws is not None and phone.ws.close_code == 1011
            assert table.connected() == [2]
            await close_all([calm])

    with caplog.at_level(logging.ERROR, logger="narrator.phones"):
        asyncio.run(scenario())
    failed = [r for r in caplog.records if r.levelno == logging.ERROR and r.exc_info]
    assert failed and "a rule broke" in str(failed[0].exc_info[1])  # type: ignore[index]
