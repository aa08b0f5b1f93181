"""The box answers only to its own names, through the real server: a page whose name was
re-pointed at the box (DNS rebinding: `Host` and `Origin` both that name) opens no socket and
reaches no host endpoint, and every name of the box's own is answered."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit

import pytest

from narrator.phones import PhoneServer, PhoneTable
from tests.phones.harness import classic_game

SHORT = socket.gethostname().split(".")[0]  # the box's own name, as a router knows it

UPGRADE = (
    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


@asynccontextmanager
async def serving() -> AsyncIterator[tuple[PhoneServer, PhoneTable]]:
    table = PhoneTable(classic_game())
    server = PhoneServer(table, host="0.0.0.0", port=0)  # join addresses of the LAN, as at a table
    await server.start()
    try:
        yield server, table
    finally:
        await server.stop()


def asked(port: int, head: str, body: str = "") -> tuple[int, str]:
    """Send one request (its head after the request line's, `body`) to the box on loopback;
    its status and, unless it is an upgrade, its body."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(f"{head}\r\n{body}".encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
        status = int(answer.split(b" ", 2)[1])
        if status == 101:
            return status, ""
        head_part, _, rest = answer.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":")[1])
            for line in head_part.split(b"\r\n")
            if line.lower().startswith(b"content-length")
        )
        while len(rest) < length:
            rest += connection.recv(4096)
        return status, rest.decode()


def upgrade(port: int, path: str, host: str, origin: str | None = None) -> tuple[int, str]:
    origin_line = f"Origin: {origin}\r\n" if origin else ""
    return asked(port, f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{UPGRADE}{origin_line}")


@pytest.mark.parametrize("path", ["/ws", "/screen/ws"])
def test_a_rebound_name_opens_no_socket_and_is_told_why(path: str) -> None:
    async def scenario() -> None:
        async with serving() as (server, _):
            for host in (
                f"evil.example:{server.port}",
                "evil.example",
                f"127.0.0.1.evil.example:{server.port}",
                f"{SHORT}.evil.example:{server.port}",  # the box's name under a website's
                f"{SHORT}.lan.evil.example:{server.port}",
            ):
                status, body = await asyncio.to_thread(upgrade, server.port, path, host, f"http://{host}")
                assert status == 403, host
                assert "not the judge's address" in body and "不是法官的地址" in body
                assert str(server.port) not in body and "192." not in body  # no address of the box
            status, _ = await asyncio.to_thread(upgrade, server.port, path, f"127.0.0.1:{server.port}")
            assert status == 101

    asyncio.run(scenario())


def test_a_rebound_name_reaches_no_host_endpoint_and_no_page() -> None:
    async def scenario() -> None:
        async with serving() as (server, table):
            body = json.dumps({"pin": table.registry.host_pin()})
            token = table.registry.host_token
            for host in (f"evil.example:{server.port}", ""):
                claim = (
                    f"POST /host/claim HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(body)}\r\n"
                )
                status, answer = await asyncio.to_thread(asked, server.port, claim, body)
                assert status == 403 and "token" not in answer, host
                status, _ = await asyncio.to_thread(asked, server.port, f"GET / HTTP/1.1\r\nHost: {host}\r\n")
                assert status == 403
            assert table.registry.host_token == token  # no claim was made

    asyncio.run(scenario())


def test_every_name_of_the_box_is_answered_and_its_addresses_only_on_its_port() -> None:
    async def scenario() -> None:
        async with serving() as (server, _):
            port = server.port
            short = SHORT
            joined = [urlsplit(url).netloc for url in server.join_urls]
            own = [f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", f"{short}:{port}"]
            own += [f"{short}.local:{port}", f"{short.upper()}.LOCAL.:{port}", *joined]
            own += [f"{short}.lan:{port}", f"{short}.home.arpa:{port}", f"{short}.fritz.box:{port}"]
            own.append("127.0.0.1:9")  # a forwarder on the box itself (an SSH tunnel)
            for host in own:
                status, _ = await asyncio.to_thread(upgrade, port, "/ws", host)
                assert status == 101, host
            for url in server.join_urls:  # a join address, on another port
                status, _ = await asyncio.to_thread(
                    upgrade, port, "/ws", f"{urlsplit(url).hostname}:{port + 1}"
                )
                assert status == 403, url

    asyncio.run(scenario())
