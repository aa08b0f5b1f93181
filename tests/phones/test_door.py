"""The box's front door, through the real server with a real HTTP client: a head too long is
answered 414 or 431 in plain words (never a reset), and an address locked out for abuse is
answered 403 before anything it sends is read, while every other address goes on."""

from __future__ import annotations

import asyncio
import http.client
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.lockout import Abuse
from tests.phones.harness import classic_game


@asynccontextmanager
async def serving() -> AsyncIterator[PhoneServer]:
    server = PhoneServer(PhoneTable(classic_game()), host="127.0.0.1", port=0)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def got(
    port: int, path: str = "/", headers: dict[str, str] | None = None, address: str = "127.0.0.1"
) -> tuple[int, str]:
    """`GET path` from the loopback address `address`: the status and the body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(address, 0))
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def test_a_head_too_long_is_answered_414_or_431_and_the_box_goes_on() -> None:
    async def scenario() -> None:
        async with serving() as server:
            status, body = await asyncio.to_thread(got, server.port, "/?" + "a" * 60_000)
            assert status == 414 and "too long" in body and "太长" in body
            status, body = await asyncio.to_thread(got, server.port, "/", {"X-Big": "b" * 60_000})
            assert status == 431 and "too long" in body and "太长" in body
            many = {f"X-{n}": "c" * 100 for n in range(100)}  # 10 KB of small fields
            status, _ = await asyncio.to_thread(got, server.port, "/", many)
            assert status == 431
            status, body = await asyncio.to_thread(got, server.port, "/", {"X-Fine": "d" * 1000})
            assert status == 200 and "<html" in body

    asyncio.run(scenario())


def test_a_locked_out_address_is_refused_before_it_is_read_and_no_other_is() -> None:
    async def scenario() -> None:
        async with serving() as server:
            server.addresses.strike("127.0.0.9", Abuse.FLOOD)

            def garbage(address: str) -> bytes:
                with socket.socket() as sock:
                    sock.settimeout(5)
                    sock.bind((address, 0))
                    sock.connect(("127.0.0.1", server.port))
                    sock.sendall(b"\x00\x01 not HTTP at all\r\n\r\n")
                    answer = b""
                    while chunk := sock.recv(4096):
                        answer += chunk
                    return answer

            answer = await asyncio.to_thread(garbage, "127.0.0.9")  # whatever it sends: 403
            assert answer.startswith(b"HTTP/1.1 403 ") and "请几秒后再试" in answer.decode()
            status, body = await asyncio.to_thread(got, server.port, "/", None, "127.0.0.9")
            assert status == 403 and "Too many connections" in body
            assert (await asyncio.to_thread(garbage, "127.0.0.10")).startswith(b"HTTP/1.1 400 ")
            status, _ = await asyncio.to_thread(got, server.port, "/", None, "127.0.0.10")
            assert status == 200

    asyncio.run(scenario())
