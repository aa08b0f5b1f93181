"""The phones' WebSocket (`/ws`): who may connect, how much each may send, the seatless
connections' caps and idle time; each message read is handed to the table.

Rule 1: a phone may send `Limits.burst` messages at once, then `Limits.rate` a second; more
        are dropped unread (the first of a run answered "busy"), and a phone that keeps on
        sending is closed (1008, after what was queued for it) and its connection cut at
        once, without waiting for its answer to the close, nor reading it. The kernel holds
        at most `Limits.receive_buffer` bytes from a phone, so no read parses thousands of
        frames while the others wait. Frames over `Limits.frame_bytes` close the connection
        (1009). Each of these closes, and a cut for not reading (socketlink Rule 1), is a
        strike against the address: at its `Limits.strikes`-th it may not connect again for
        `Limits.penalty_s`, a flood and a frame too big striking all at once (`lockout.py`:
        each connection of a flood costs the box a handshake and a burst of frames read).
Rule 2: at most `Limits.seatless` connections may hold no seat at once: a new one past that
        cap lets an idle one go (the oldest of the address that holds the most, told why in
        its language), so a new phone always reaches the lobby whatever strangers hold. At
        most `Limits.seatless_per_address` from one address: one past that cap is let in on
        probation: it may only rejoin its seat (a seated phone is never kept out by a cap),
        and is closed unless it does within `Limits.probation_s` (a few at once per address;
        more are refused before the WebSocket opens). A connection that takes no seat within
        `Limits.seatless_idle_s` is closed. A connection holds at most one seat (the table
        refuses a second).
Rule 3: only a lost connection ends a phone's link in silence: anything the table raises on a
        message is logged with its traceback (no address: the log holds public facts only)
        and closes that link (1011).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from narrator.phones.limits import CLOSE_INTERNAL, CLOSE_POLICY, CLOSE_TOO_BIG, CLOSE_TRY_LATER, Limits
from narrator.phones.lockout import Abuse, Addresses, Bucket
from narrator.phones.socketlink import (
    CLOSE_GRACE,
    SocketLink,
    address_of,
    from_own_page,
    oldest_of_the_most,
)
from narrator.phones.table import PhoneTable

log = logging.getLogger("narrator.phones")


class PhoneSockets:
    """The phones' WebSocket (Rules 1–2): who may connect, how much each may send, and the
    seatless connections' caps and idle time."""

    def __init__(
        self,
        table: PhoneTable,
        links: set[SocketLink],
        limits: Limits,
        addresses: Addresses,
        join_urls: Callable[[], list[str]],
    ) -> None:
        self.table, self.links, self.limits, self.addresses = table, links, limits, addresses
        self.join_urls = join_urls

    def seatless(self, address: str | None = None) -> list[SocketLink]:
        """The open connections that hold no seat (from `address`, when given)."""
        return [
            link
            for link in self.links
            if link.open
            and self.table.links.seat_of(link) is None
            and (address is None or link.address == address)
        ]

    def on_probation(self, address: str) -> bool | None:
        """Whether a new connection from `address` is past its address's cap (Rule 2: it may
        only rejoin a seat); None when it is refused outright (a flooder's, or too many on
        probation)."""
        if self.addresses.is_locked_out(address):
            return None
        limits = self.limits
        over = len(self.seatless(address)) >= limits.seatless_per_address
        waiting = sum(1 for link in self.links if link.probation and link.address == address)
        return None if over and waiting >= limits.probation_per_address else over

    def make_room(self) -> None:
        """At the seatless cap, let the oldest idle connection of the address that holds the
        most go, told why in its language (Rule 2)."""
        seatless = self.seatless()
        if len(seatless) < self.limits.seatless:
            return
        idle = oldest_of_the_most(seatless)
        if idle is not None:
            self.table.links.refuse(idle, "let_go")
            idle.close(CLOSE_TRY_LATER)

    async def serve(self, websocket: WebSocket) -> None:
        if not from_own_page(websocket, self.join_urls):
            await websocket.close(CLOSE_POLICY)  # before accept: the handshake is refused (403)
            return
        address = address_of(websocket)
        probation = self.on_probation(address)
        if probation is None:
            await websocket.close(CLOSE_TRY_LATER)  # before accept: the handshake is refused
            return
        await websocket.accept()
        if not probation:
            self.make_room()
        link = SocketLink(websocket, self.limits.pending_chars, address, probation)
        self.links.add(link)
        writer = asyncio.create_task(link.write())
        idle = asyncio.create_task(self._close_if_seatless(link))
        self.table.links.connect(link)
        try:
            await self._read(websocket, link)
        except Exception:  # the table failed: loudly, and this link is closed (Rule 3)
            log.exception("the table failed on a phone's message")  # no address (Rule 3)
            link.close(CLOSE_INTERNAL)
        finally:
            idle.cancel()
            await self._end(link, writer)

    async def _read(self, websocket: WebSocket, link: SocketLink) -> None:
        limits = self.limits
        bucket = Bucket(limits.rate, limits.burst, limits.clock)
        while not link.cut_off:
            message = await received(websocket, link)
            if message is None:
                return
            if not bucket.take():
                if bucket.refused == 1:
                    self.table.links.refuse(link, "busy")
                elif bucket.refused > limits.burst:
                    link.abuse = Abuse.FLOOD
                    link.close(CLOSE_POLICY)
                    return
                continue
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            if link.probation and self.table.links.seat_of(link) is None and not _may_wait(raw):
                link.close(CLOSE_TRY_LATER)  # past a cap, and not a seat coming back
                return
            await self.table.receive(link, raw)

    async def _close_if_seatless(self, link: SocketLink) -> None:
        """A connection that took no seat in its time is closed (Rule 2)."""
        await asyncio.sleep(self.limits.probation_s if link.probation else self.limits.seatless_idle_s)
        if self.table.links.seat_of(link) is None:
            link.close(CLOSE_TRY_LATER)

    async def _end(self, link: SocketLink, writer: asyncio.Task[None]) -> None:
        if link.abuse is Abuse.DEAF and self.table.links.seat_of(link) is None:
            link.abuse = Abuse.DEAF_SEATLESS
        if link.abuse is not None:
            self.addresses.strike(link.address, link.abuse)
        self.links.discard(link)
        self.table.links.disconnect(link)
        if link.closing is not None and not writer.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(writer), CLOSE_GRACE)
        if link.closing == CLOSE_POLICY or not writer.done():
            link.cut()  # a flooder's close is not waited for; a deaf phone reads nothing
            writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


def _may_wait(raw: str | bytes) -> bool:
    """Whether a message may come from a connection on probation: a hello, a ping, a rejoin."""
    try:
        kind = json.loads(raw).get("type")
    except (ValueError, AttributeError):
        return False
    return kind in ("hello", "ping", "rejoin")


async def received(websocket: WebSocket, link: SocketLink) -> dict[str, Any] | None:
    """The next message from `websocket`; None once the connection is gone (the only end of a
    link that is not logged: Rule 3), `link.abuse` said when it went for a frame too big."""
    try:
        message = await websocket.receive()
    except (WebSocketDisconnect, RuntimeError):  # Starlette's "not connected" is a RuntimeError
        return None
    if message["type"] != "websocket.disconnect":
        return dict(message)
    if message.get("code") == CLOSE_TOO_BIG:
        link.abuse = Abuse.TOO_BIG
    return None
