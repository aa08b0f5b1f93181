"""What one connection may cost the box, through the real server: a phone that does not read is
cut off (its seat kept), a phone that sends too much is answered "busy" then cut off, frames
over 4 KB close the connection, and connections that hold no seat are capped."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.uri import parse_uri

from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.limits import Limits
from tests.phones.harness import Phone, classic_game, close_all, wait_until, ws_url


@asynccontextmanager
async def limited(limits: Limits) -> AsyncIterator[tuple[PhoneServer, PhoneTable]]:
    table = PhoneTable(classic_game())
    server = PhoneServer(table, host="127.0.0.1", port=0, limits=limits)
    await server.start()
    try:
        yield server, table
    finally:
        await server.stop()


class Refused(Exception):
    """The box refused a WebSocket's handshake."""


class DeafPhone:
    """A phone that opens a WebSocket by hand (from the loopback address `address`) and then
    never reads a byte (its receive buffer made small), so whatever the box sends it piles up
    on the box's side; Refused when the box refuses the handshake."""

    def __init__(self, url: str, address: str = "127.0.0.1") -> None:
        self.protocol = ClientProtocol(parse_uri(url))
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(5)
        self.sock.bind((address, 0))
        uri = parse_uri(url)
        self.sock.connect((uri.host, uri.port))
        self.protocol.send_request(self.protocol.connect())
        self.sock.sendall(b"".join(self.protocol.data_to_send()))
        answer = b""
        while b"\r\n\r\n" not in answer:
            byte = self.sock.recv(1)  # the handshake's answer only, byte by byte
            if not byte:
                break
            answer += byte
        if not answer.startswith(b"HTTP/1.1 101"):
            self.sock.close()
            raise Refused(answer.split(b"\r\n")[0].decode())
        self.protocol.receive_data(answer)

    def send(self, message: dict[str, Any]) -> bool:
        """Send one message; False once the box has cut the connection."""
        self.protocol.send_text(json.dumps(message).encode())
        try:
            self.sock.sendall(b"".join(self.protocol.data_to_send()))
        except OSError:
            return False
        return True

    def close(self) -> None:
        self.sock.close()


def test_a_phone_that_does_not_read_is_cut_off_and_keeps_its_seat() -> None:
    async def scenario() -> None:
        limits = Limits(pending_chars=64 * 1024, rate=10**6, burst=10**6)
        async with limited(limits) as (server, table):
            owner = await Phone(ws_url(server)).open()
            await owner.join(4, "Deaf")
            await owner.close()
            deaf = await asyncio.to_thread(DeafPhone, ws_url(server))
            assert await asyncio.to_thread(deaf.send, {"type": "rejoin", "token": owner.token})
            await wait_until(lambda: table.connected() == [4])
            sent = 0
            while sent < 5000 and 4 in table.connected():  # each hello costs the box a welcome
                if not await asyncio.to_thread(deaf.send, {"type": "hello"}):
                    break
                sent += 1
                await asyncio.sleep(0)
            await wait_until(lambda: table.connected() == [])
            assert sent < 5000, "the box kept queueing for a phone that reads nothing"
            assert table.registry.names() == {4: "Deaf"}
            again = await Phone(ws_url(server)).open()
            answer = await again.answer({"type": "rejoin", "token": owner.token})
            assert answer["type"] == "joined" and answer["seat"] == 4
            assert table.connected() == [4]
            await again.close()
            deaf.close()

    asyncio.run(scenario())


def test_a_phone_that_sends_too_much_is_answered_busy_then_cut_off() -> None:
    async def scenario() -> None:
        frozen = Limits(rate=1.0, burst=5, clock=lambda: 0.0)  # no time passes: no refill
        async with limited(frozen) as (server, table):
            phone = await Phone(ws_url(server)).open()
            await phone.send({"type": "hello", "locale": "en"})
            await phone.expect("welcome")
            for n in range(1, 20):
                await phone.send(json.dumps({"type": "ping", "n": n}))
            assert phone._reader is not None
            await asyncio.wait_for(phone._reader, 5)
            assert [m["n"] for m in phone.inbox if m["type"] == "pong"] == [1, 2, 3, 4]
            errors = [m for m in phone.inbox if m["type"] == "error"]
            assert [(e["code"], e["message"]) for e in errors] == [("busy", "Too many messages: slow down.")]
            assert phone.ws is not None and phone.ws.close_code != 1000
            assert table.connected() == []

    asyncio.run(scenario())


def test_a_phone_within_the_rate_is_never_refused() -> None:
    async def scenario() -> None:
        now = [0.0]
        async with limited(Limits(rate=2.0, burst=3, clock=lambda: now[0])) as (server, _):
            phone = await Phone(ws_url(server)).open()
            for n in range(1, 13):
                now[0] += 0.5  # one message every half second: two a second
                await phone.send(json.dumps({"type": "ping", "n": n}))
                assert (await phone.expect("pong"))["n"] == n
            assert phone.count("error") == 0
            await phone.close()

    asyncio.run(scenario())


def test_a_frame_over_4_kb_closes_the_connection_and_one_under_is_answered() -> None:
    async def scenario() -> None:
        async with limited(Limits()) as (server, table):
            phone = await Phone(ws_url(server)).open()
            name = "x" * 3000  # under the frame cap, over a message's 2 KB: malformed
            await phone.send(json.dumps({"type": "join", "seat": 1, "name": name}))
            assert (await phone.expect("error"))["code"] == "malformed"
            await phone.send(json.dumps({"type": "join", "seat": 1, "name": "x" * 4200}))
            assert phone._reader is not None
            await asyncio.wait_for(phone._reader, 5)
            assert phone.ws is not None and phone.ws.close_code == 1009  # message too big
            assert table.registry.names() == {}

    asyncio.run(scenario())


def test_at_the_seatless_cap_a_new_connection_lets_the_oldest_idle_one_go() -> None:
    async def scenario() -> None:
        async with limited(Limits(seatless=3)) as (server, table):
            lobby = [await Phone(ws_url(server)).open() for _ in range(3)]
            for phone in lobby:
                await phone.send({"type": "hello", "locale": "en"})
                await phone.expect("welcome")
            late = await Phone(ws_url(server)).open()  # past the cap: the oldest idle one goes
            await late.join(5, "Late")
            assert lobby[0]._reader is not None
            await asyncio.wait_for(lobby[0]._reader, 5)
            let_go = [m for m in lobby[0].inbox if m["type"] == "error"]
            assert [m["code"] for m in let_go] == ["let_go"] and "without a seat" in let_go[0]["message"]
            assert lobby[0].ws is not None and lobby[0].ws.close_code == 1013
            await lobby[1].join(2)  # the others stay, and may sit
            assert table.registry.names() == {2: "P2", 5: "Late"}
            await close_all([*lobby[1:], late])

    asyncio.run(scenario())


def test_a_flooder_is_cut_its_seat_kept_its_address_kept_out_a_while_and_the_others_go_on() -> None:
    async def scenario() -> None:
        now = [0.0]
        limits = Limits(rate=1.0, burst=3, penalty_s=10.0, clock=lambda: now[0])
        async with limited(limits) as (server, table):
            calm = await Phone(ws_url(server)).open()
            flooder = await Phone(ws_url(server)).open()
            await flooder.join(1)
            for n in range(10):
                try:
                    await flooder.send(json.dumps({"type": "ping", "n": n}))
                except ConnectionClosed:
                    break
            await wait_until(lambda: table.connected() == [])
            assert table.registry.names() == {1: "P1"}  # the seat is kept
            with pytest.raises(InvalidStatus):
                await connect(ws_url(server))  # the flooder's address, kept out
            await calm.join(2)  # a phone already there goes on
            assert table.connected() == [2]
            now[0] += 10.5
            back = await Phone(ws_url(server)).open()
            assert (await back.answer({"type": "rejoin", "token": flooder.token}))["seat"] == 1
            assert table.connected() == [1, 2]
            await close_all([calm, back])

    asyncio.run(scenario())


def deaf_flood(url: str, address: str, connections: int) -> tuple[int, list[str]]:
    """Up to `connections` tries from `address` to flood hellos and never read, each until
    the box cuts it; the connections the box took, and its refusals."""
    taken, refusals = 0, []
    for _ in range(connections):
        try:
            deaf = DeafPhone(url, address)
        except Refused as refused:
            refusals.append(str(refused))
            continue
        taken += 1
        try:
            for _ in range(2000):  # each hello costs the box a welcome (24 K characters)
                if not deaf.send({"type": "hello"}):
                    break
                time.sleep(0)
            else:
                raise AssertionError("the box kept queueing for a client that reads nothing")
        finally:
            deaf.close()
    return taken, refusals


def test_a_client_that_floods_and_never_reads_is_locked_out_and_no_other_address_is() -> None:
    async def scenario() -> None:
        now = [0.0]
        limits = Limits(rate=10**6, burst=10**6, penalty_s=10.0, clock=lambda: now[0])
        async with limited(limits) as (server, table):
            taken, refusals = await asyncio.to_thread(deaf_flood, ws_url(server), "127.0.0.2", 8)
            assert taken == 1 and len(refusals) == 7, (taken, refusals)  # no seat: out at once
            assert all(" 403 " in refusal for refusal in refusals)
            honest = await Phone(ws_url(server)).open()  # another address (127.0.0.1) comes in
            await honest.join(3, "Honest")
            assert table.registry.names() == {3: "Honest"}
            now[0] += 10.5  # the lock-out is over
            taken, refusals = await asyncio.to_thread(deaf_flood, ws_url(server), "127.0.0.2", 1)
            assert (taken, refusals) == (1, [])
            await honest.close()

    asyncio.run(scenario())


def test_a_seated_phone_cut_off_once_for_not_reading_comes_back_from_its_address_and_twice_is_out() -> None:
    async def scenario() -> None:
        async with limited(Limits(rate=10**6, burst=10**6)) as (server, table):
            url = ws_url(server)

            async def rejoined(token: str) -> dict[str, Any]:
                ws = await connect(url, local_addr=("127.0.0.6", 0), max_size=2**22, open_timeout=5)
                await ws.send(json.dumps({"type": "rejoin", "token": token, "n": 1}))
                while (answer := json.loads(await asyncio.wait_for(ws.recv(), 5)))["type"] != "joined":
                    assert answer["type"] != "error", answer
                await ws.close()
                return dict(answer)

            owner = await Phone(url).open()
            await owner.join(7, "Back")
            await owner.close()
            for cut in (1, 2):  # its Wi-Fi stalls: the box cuts it, and it comes back
                deaf = await asyncio.to_thread(DeafPhone, url, "127.0.0.6")
                assert await asyncio.to_thread(deaf.send, {"type": "rejoin", "token": owner.token})
                await wait_until(lambda: table.connected() == [7])
                for _ in range(5000):  # each hello costs the box a welcome (24 K characters)
                    if not await asyncio.to_thread(deaf.send, {"type": "hello"}):
                        break
                else:
                    raise AssertionError("the box kept queueing for a phone that reads nothing")
                deaf.close()
                await wait_until(lambda: table.links.everyone() == [])
                if cut == 1:
                    assert (await rejoined(owner.token))["seat"] == 7  # one strike: straight back
                    await wait_until(lambda: table.links.everyone() == [])
            with pytest.raises(InvalidStatus):  # a second cut within penalty_s: kept out
                await rejoined(owner.token)
            assert table.registry.names() == {7: "Back"}

    asyncio.run(scenario())


def test_a_frame_too_big_locks_its_address_out() -> None:
    async def scenario() -> None:
        async with limited(Limits()) as (server, table):
            url = ws_url(server)
            big = await connect(url, local_addr=("127.0.0.7", 0))
            await big.send(json.dumps({"type": "join", "seat": 1, "name": "x" * 4200}))
            with pytest.raises(ConnectionClosed):
                while True:
                    await asyncio.wait_for(big.recv(), 5)
            assert big.close_code == 1009
            await wait_until(lambda: table.links.everyone() == [])  # the box's end of it
            with pytest.raises(InvalidStatus):
                await connect(url, local_addr=("127.0.0.7", 0), open_timeout=5)
            other = await connect(url, local_addr=("127.0.0.8", 0), open_timeout=5)
            await other.close()

    asyncio.run(scenario())


def test_phones_that_drop_while_the_box_sends_leave_no_noise_on_the_terminal() -> None:
    """A storm of drops (each phone's connection reset while messages are queued for it):
    the box writes nothing more to a lost connection, so asyncio logs no "socket.send()
    raised exception." on the box's terminal."""
    import logging
    import struct

    heard: list[str] = []

    class Noted(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            heard.append(record.getMessage())

    async def scenario() -> None:
        async with limited(Limits()) as (server, table):
            for seat in range(1, 10):
                phone = await Phone(ws_url(server)).open()
                await phone.join(seat)
                assert phone.ws is not None
                sock = phone.ws.transport.get_extra_info("socket")
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                phone.ws.transport.abort()  # a reset, as a phone's Wi-Fi going away
                for _ in range(50):
                    table.links.notify("host_claimed")
                await asyncio.sleep(0.05)

    handler = Noted()
    logging.getLogger("asyncio").addHandler(handler)
    try:
        asyncio.run(scenario())
    finally:
        logging.getLogger("asyncio").removeHandler(handler)
    assert not [line for line in heard if "socket.send()" in line], heard[:3]
