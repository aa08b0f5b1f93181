"""The public screens' WebSocket (`/screen/ws`).

Rule 1: the public screens are capped like the phones: `Limits.screens` at once and
        `Limits.screens_per_address` from one address (a new one lets the oldest go: of its
        own address, else of the address that holds the most), the rate of `sockets` Rule 1,
        and a screen that sends nothing for `Limits.screen_idle_s` is closed (the page says it
        is there every `SCREEN_PING_S`: `static/screen.js`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from starlette.websockets import WebSocket

from narrator.phones.limits import CLOSE_POLICY, CLOSE_TRY_LATER, Limits
from narrator.phones.lockout import Abuse, Addresses, Bucket
from narrator.phones.socketlink import (
    CLOSE_GRACE,
    SocketLink,
    address_of,
    from_own_page,
    oldest_of_the_most,
)
from narrator.phones.sockets import received
from narrator.phones.table import PhoneTable


class PublicScreens:
    """The public screen's WebSocket (`/screen/ws`): no seat, no token; it only listens to the
    table's public feed (`PublicScreen.attach`), and what it sends (its pings) is dropped
    unread, at the phones' rate (Rule 1)."""

    def __init__(
        self, table: PhoneTable, limits: Limits, addresses: Addresses, join_urls: Callable[[], list[str]]
    ) -> None:
        self.table, self.limits, self.addresses, self.join_urls = table, limits, addresses, join_urls
        self.screens: set[SocketLink] = set()

    def make_room(self, address: str) -> None:
        """Let the oldest screen go when a new one from `address` passes a cap (Rule 1)."""
        screens = [link for link in self.screens if link.open]
        own = [link for link in screens if link.address == address]
        full = len(own) >= self.limits.screens_per_address or len(screens) >= self.limits.screens
        oldest = oldest_of_the_most(own if len(own) >= self.limits.screens_per_address else screens)
        if full and oldest is not None:
            oldest.close(CLOSE_TRY_LATER)

    async def serve(self, websocket: WebSocket) -> None:
        address = address_of(websocket)
        if not from_own_page(websocket, self.join_urls) or self.addresses.is_locked_out(address):
            await websocket.close(CLOSE_POLICY)  # before accept: the handshake is refused
            return
        await websocket.accept()
        self.make_room(address)
        link = SocketLink(websocket, self.limits.pending_chars, address, False)
        self.screens.add(link)
        writer = asyncio.create_task(link.write())
        self.table.public.attach(link)
        try:
            await self._read(websocket, link)
        finally:
            if link.abuse is not None:
                self.addresses.strike(link.address, link.abuse)
            self.screens.discard(link)
            self.table.public.detach(link)
            if link.closing is not None and not writer.done():
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(writer), CLOSE_GRACE)
            link.cut()
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def _read(self, websocket: WebSocket, link: SocketLink) -> None:
        """Read and drop what the screen sends until it goes, floods (closed 1008, a strike
        against its address) or says nothing for `screen_idle_s` (closed 1013)."""
        limits = self.limits
        bucket = Bucket(limits.rate, limits.burst, limits.clock)
        while link.open:
            try:
                message = await asyncio.wait_for(received(websocket, link), limits.screen_idle_s)
            except TimeoutError:
                link.close(CLOSE_TRY_LATER)
                return
            if message is None:
                return
            if not bucket.take() and bucket.refused > limits.burst:
                link.abuse = Abuse.FLOOD
                link.close(CLOSE_POLICY)
                return
