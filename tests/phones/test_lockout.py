"""Nobody is locked out, through the real server on loopback addresses of their own (127.0.0.x
stands for the phones of a Wi-Fi): a stranger burning PINs never keeps the real host from
claiming, and idle sockets keep neither a new phone nor a seated one out."""

from __future__ import annotations

import asyncio
import http.client
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.limits import Limits
from tests.phones.harness import Phone, classic_game, wait_until, ws_url


@asynccontextmanager
async def serving(limits: Limits | None = None) -> AsyncIterator[tuple[PhoneServer, PhoneTable]]:
    table = PhoneTable(classic_game())
    server = PhoneServer(table, host="127.0.0.1", port=0, limits=limits)
    await server.start()
    try:
        yield server, table
    finally:
        await server.stop()


def claim_from(address: str, port: int, pin: str) -> tuple[int, dict[str, Any]]:
    """`POST /host/claim` from the loopback address `address`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(address, 0))
    try:
        body = json.dumps({"pin": pin})
        connection.request("POST", "/host/claim", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_a_stranger_burning_pins_never_keeps_the_host_out() -> None:
    async def scenario() -> None:
        async with serving() as (server, table):
            pin = table.registry.host_pin()
            wrong = f"{(int(pin) + 1) % 10**6:06d}"
            answers: list[int] = []

            async def stranger() -> None:
                end = time.monotonic() + 2.0
                while time.monotonic() < end:  # five wrong PINs every 50 ms, bounded
                    for _ in range(5):
                        status, _ = await asyncio.to_thread(claim_from, "127.0.0.2", server.port, wrong)
                        answers.append(status)
                    await asyncio.sleep(0.05)

            burning = asyncio.create_task(stranger())
            await asyncio.sleep(1.0)  # the real host types the PIN meanwhile
            status, answer = await asyncio.to_thread(claim_from, "127.0.0.1", server.port, pin)
            await burning
            assert status == 200 and table.registry.is_host(answer["token"]), answer
            assert 200 not in answers and 429 in answers  # refused, then not even looked at
            assert len(answers) > 20

    asyncio.run(scenario())


async def socket_from(address: str, url: str) -> ClientConnection:
    return await connect(url, local_addr=(address, 0), open_timeout=5)


async def joined_from(address: str, url: str, message: dict[str, Any]) -> dict[str, Any]:
    """Open a socket from `address`, send `message` (a join or a rejoin), the answer ({}
    when the box closed the socket instead)."""
    ws = await socket_from(address, url)
    try:
        await ws.send(json.dumps({**message, "n": 1}))
        while True:
            answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if answer.get("n") == 1 or answer["type"] in ("joined", "error"):
                return dict(answer)
    except ConnectionClosed:
        return {}
    finally:
        await ws.close()


def test_forty_idle_sockets_keep_out_neither_a_new_phone_nor_a_seated_one() -> None:
    async def scenario() -> None:
        async with serving() as (server, table):
            url = ws_url(server)
            seated = await Phone(url).open()
            await seated.join(4)
            await seated.close()  # its Wi-Fi dropped
            await wait_until(lambda: table.connected() == [])
            idle: list[ClientConnection] = []
            for _ in range(40):  # one stranger's address
                try:
                    idle.append(await socket_from("127.0.0.3", url))
                except InvalidStatus:
                    pass
            new = await joined_from("127.0.0.1", url, {"type": "join", "seat": 2, "name": "New"})
            assert new["type"] == "joined" and new["seat"] == 2, new
            back = await joined_from("127.0.0.4", url, {"type": "rejoin", "token": seated.token})
            assert back["type"] == "joined" and back["seat"] == 4, back
            for host in range(10, 20):  # and the global cap filled from many addresses
                for _ in range(8):
                    try:
                        idle.append(await socket_from(f"127.0.0.{host}", url))
                    except InvalidStatus:
                        pass
            again = await joined_from("127.0.0.1", url, {"type": "rejoin", "token": new["token"]})
            assert again["type"] == "joined" and again["seat"] == 2, again
            for ws in idle:
                await ws.close()

    asyncio.run(scenario())


def test_a_socket_that_takes_no_seat_is_closed_after_its_idle_time() -> None:
    async def scenario() -> None:
        async with serving(Limits(seatless_idle_s=0.3)) as (server, _table):
            ws = await socket_from("127.0.0.5", ws_url(server))
            with pytest.raises(ConnectionClosed):
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            assert ws.close_code == 1013  # try again later

    asyncio.run(scenario())


def test_past_its_address_cap_a_socket_may_only_rejoin() -> None:
    async def scenario() -> None:
        async with serving(Limits(seatless_per_address=2)) as (server, table):
            url = ws_url(server)
            seated = await Phone(url).open()
            await seated.join(6)
            await seated.close()
            lobby = [await socket_from("127.0.0.1", url) for _ in range(2)]
            refused = await joined_from("127.0.0.1", url, {"type": "join", "seat": 3, "name": "Late"})
            assert refused == {} or refused["type"] != "joined"
            back = await joined_from("127.0.0.1", url, {"type": "rejoin", "token": seated.token})
            assert back["type"] == "joined" and back["seat"] == 6
            assert table.registry.names() == {6: "P6"}
            for ws in lobby:
                await ws.close()

    asyncio.run(scenario())


def test_a_host_token_counts_only_as_a_bearer_token() -> None:
    async def scenario() -> None:
        async with serving() as (server, table):
            token = table.registry.claim_host(table.registry.host_pin())

            def command(authorization: str) -> int:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
                try:
                    headers = {"Content-Type": "application/json", "Authorization": authorization}
                    connection.request("POST", "/host/command", json.dumps({"command": "pause"}), headers)
                    return connection.getresponse().status
                finally:
                    connection.close()

            assert await asyncio.to_thread(command, token) == 403  # no "Bearer ": refused
            assert await asyncio.to_thread(command, f"Basic {token}") == 403
            assert await asyncio.to_thread(command, f"Bearer {token}") == 200

    asyncio.run(scenario())
