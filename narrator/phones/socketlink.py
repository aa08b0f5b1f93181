"""A socket as the table sees it (`SocketLink`): a phone's or a public screen's WebSocket, its
writer, its cut; and who may open one.

Rule 1: each phone's messages are sent by its own writer task from a queue, so a slow phone
        never holds up the others or the table. The queue is bounded: a phone that does not
        read is cut off when its queue passes `Limits.pending_chars`; its seat stays its own,
        and it comes back with its token like after a dropped Wi-Fi. The cut is a strike
        against its address (`sockets` Rule 1).
Rule 2: a WebSocket opened from another site's page is refused before it opens (403): its
        `Origin` must be the address the page was asked by (its `Host`) or one of the box's
        join addresses. A client that sends no `Origin` (a bot, a script; browsers always send
        one) is let in. (A request whose `Host` is not one of the box's own names is refused
        before that: `hosts.py`, against DNS rebinding.)
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.websockets import WebSocket

from narrator.phones.limits import CLOSE_GOING_AWAY
from narrator.phones.lockout import Abuse
from narrator.phones.wire import Outgoing, text_of

CUT = "narrator.cut"  # the scope extension that cuts a WebSocket's connection at once
GONE = "narrator.gone"  # the scope extension that tells the connection is lost or closing
CLOSE_GRACE = 2.0  # seconds a closing link's writer may take to send what was queued


_opened = itertools.count()  # the order links are opened in (the oldest is let go first)


class SocketLink:
    """A phone's WebSocket as the table sees it: messages queue and a writer sends them; a
    queue past `pending_chars` cuts the connection (Rule 1)."""

    def __init__(
        self, websocket: WebSocket, pending_chars: int, address: str = "", probation: bool = False
    ) -> None:
        self.websocket = websocket
        self.pending_chars = pending_chars
        self.address = address
        self.probation = probation  # past a seatless cap: it may only rejoin a seat (Rule 3)
        self.pending = 0
        self.cut_off = False
        self.closing: int | None = None  # the close code, once closing
        self.abuse: Abuse | None = None  # why it was closed for abuse, when it was
        self.opened = next(_opened)
        self._queue: asyncio.Queue[str | int] = asyncio.Queue()

    @property
    def open(self) -> bool:
        """Neither closing nor cut off."""
        return self.closing is None and not self.cut_off

    def send(self, message: Outgoing) -> None:
        if self.cut_off:
            return
        text = text_of(message)
        self.pending += len(text)
        if self.pending > self.pending_chars:
            self.abuse = Abuse.DEAF
            self.cut()
            return
        self._queue.put_nowait(text)

    def close(self, code: int) -> None:
        """Close after what is queued (`write` returns once the close is sent)."""
        if not self.cut_off and self.closing is None:
            self.closing = code
            self._queue.put_nowait(code)

    def cut(self) -> None:
        """Drop the connection now, without a closing handshake, and everything queued."""
        self.cut_off = True
        self.pending = 0
        while not self._queue.empty():
            self._queue.get_nowait()
        cut = self.websocket.scope.get("extensions", {}).get(CUT)
        if cut is not None:
            cut()
        else:
            self._queue.put_nowait(CLOSE_GOING_AWAY)

    async def write(self) -> None:
        gone = self.websocket.scope.get("extensions", {}).get(GONE)
        while True:
            item = await self._queue.get()
            if gone is not None and gone():  # the phone went away: nothing more is written
                return  # (each write to a lost connection would be a "socket.send()" warning)
            if isinstance(item, int):
                await self.websocket.close(item)
                return
            self.pending -= len(item)
            await self.websocket.send_text(item)


def address_of(connection: Request | WebSocket) -> str:
    return connection.client.host if connection.client is not None else ""


def oldest_of_the_most(links: Iterable[SocketLink]) -> SocketLink | None:
    """The link a full cap lets go (sockets Rule 2, screen_sockets Rule 1): the oldest of the
    address that holds the most (of addresses holding as many, the one whose oldest is older);
    None when none."""
    by_address: dict[str, list[SocketLink]] = {}
    for link in sorted(links, key=lambda link: link.opened):
        by_address.setdefault(link.address, []).append(link)
    if not by_address:
        return None
    return max(by_address.values(), key=lambda own: (len(own), -own[0].opened))[0]


def from_own_page(websocket: WebSocket, join_urls: Callable[[], list[str]]) -> bool:
    """Whether a WebSocket may open (Rule 2): it sends no `Origin`, or the origin of the
    address it asked (`Host`), or of one of the box's `join_urls()`."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    asked = _host_and_port(origin)
    if asked is None:  # "null" (a sandboxed frame, a file), or no web page's origin at all
        return False
    scheme = "https" if websocket.url.scheme == "wss" else "http"
    if _host_and_port(f"{scheme}://{websocket.headers.get('host', '')}") == asked:
        return True
    return asked in {_host_and_port(url) for url in join_urls()}


def _host_and_port(url: str) -> tuple[str, int] | None:
    """An http(s) origin's host (lower case) and port (the scheme's own when none is said)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return parts.hostname.lower(), port or (443 if parts.scheme == "https" else 80)
