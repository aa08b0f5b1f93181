"""The box's web server: the phone page, its WebSocket, and the host's endpoints (Starlette on
uvicorn).

Rule 1: each phone's messages are sent by its own writer task from a queue, so a slow phone
        never holds up the others or the table. The queue is bounded: a phone that does not
        read is cut off when its queue passes `Limits.pending_chars`; its seat stays its own,
        and it comes back with its token like after a dropped Wi-Fi.
Rule 2: a phone may send `Limits.burst` messages at once, then `Limits.rate` a second; more
        are dropped unread (the first of a run answered "busy"), and a phone that keeps on
        sending is closed (1008, after what was queued for it) and its connection cut at
        once, without waiting for its answer to the close, nor reading it. The kernel holds
        at most `Limits.receive_buffer` bytes from a phone, so no read parses thousands of
        frames while the others wait. Frames over `Limits.frame_bytes` close the connection
        (1009). Each of these closes, and a cut for not reading (Rule 1), is a strike against
        the address: at its `Limits.strikes`-th it may not connect again for
        `Limits.penalty_s`, a flood and a frame too big striking all at once (`lockout.py`:
        each connection of a flood costs the box a handshake and a burst of frames read).
Rule 3: at most `Limits.seatless` connections may hold no seat at once: a new one past that
        cap lets an idle one go (the oldest of the address that holds the most, told why in
        its language), so a new phone always reaches the lobby whatever strangers hold. At
        most `Limits.seatless_per_address` from one address: one past that cap is let in on
        probation: it may only rejoin its seat (a seated phone is never kept out by a cap),
        and is closed unless it does within `Limits.probation_s` (a few at once per address;
        more are refused before the WebSocket opens). A connection that takes no seat within
        `Limits.seatless_idle_s` is closed. A connection holds at most one seat (the table
        refuses a second).
Rule 4: the host's endpoints take small JSON bodies checked by a model: anything else is a
        400, never a 500. The host claims the role with the PIN (`POST /host/claim`: at most
        `Limits.claim_burst` at once from an address, then `Limits.claim_rate` a second; the
        wrong PINs are counted per address, `SeatRegistry.claim_host`); every
        host act that touches a seat, and every claim, is told to every phone and to
        `PhoneServer.on_host_act` (the judge says it aloud), so none passes in silence; so is
        a board picked before the deal (`POST /host/board`), which changes every card, and
        the next game's seat count picked between two games (`POST /host/seats`).
Rule 5: the server logs no request lines (no access log): the table logs public facts only.
        Only a lost connection ends a phone's link in silence: anything the table raises on a
        message is logged with its traceback and closes that link (1011).
Rule 6: a request whose `Host` is not one of the box's own names is refused before it is
        read (403: `hosts.py`, against DNS rebinding). A WebSocket opened from another
        site's page is refused before it opens (403): its `Origin` must be the address the
        page was asked by (its `Host`) or one of the box's join addresses. A client that
        sends no `Origin` (a bot, a script; browsers always send one) is let in.
Rule 7: the public screens (`/screen/ws`) are capped like the phones: `Limits.screens` at
        once and `Limits.screens_per_address` from one address (a new one lets the oldest go:
        of its own address, else of the address that holds the most), the rate of Rule 2, and
        a screen that sends nothing for `Limits.screen_idle_s` is closed (the page says it is
        there every `SCREEN_PING_S`: `static/screen.js`).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import io
import itertools
import json
import logging
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, MutableMapping
from dataclasses import dataclass
from importlib import resources
from typing import Annotated, Any, TypeVar
from urllib.parse import urlsplit

import segno
import uvicorn
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from narrator.phones.address import join_urls, print_join
from narrator.phones.catalogue import Locale
from narrator.phones.door import door
from narrator.phones.hosts import OwnHosts
from narrator.phones.lockout import Abuse, Addresses, Bucket
from narrator.phones.messages import HostCommand, Refusal
from narrator.phones.table import PhoneTable, encode
from narrator.store import StoreUnwritable

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:",
    "Referrer-Policy": "no-referrer",
}
CLOSE_GOING_AWAY = 1001
CLOSE_POLICY = 1008  # a phone that kept on sending past its rate
CLOSE_INTERNAL = 1011  # the table failed on the phone's message (Rule 5)
CLOSE_TRY_LATER = 1013
CLOSE_TOO_BIG = 1009  # a frame over `Limits.frame_bytes` (uvicorn closes the connection)
MAX_BODY_BYTES = 256  # a host request's body
CUT = "narrator.cut"  # the scope extension that cuts a WebSocket's connection at once
GONE = "narrator.gone"  # the scope extension that tells the connection is lost or closing
CLOSE_GRACE = 2.0  # seconds a closing phone's writer may take to send what was queued
SCREEN_PING_S = 20.0  # seconds between a public screen's pings (static/screen.js says the same)

log = logging.getLogger("narrator.phones")

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Any, Any], Awaitable[None]]
HostAct = Callable[[str, dict[str, object]], None]


@dataclass(frozen=True, slots=True)
class Limits:
    """What one phone's connection may cost the box (Rules 1–3)."""

    frame_bytes: int = 4096  # the largest frame a phone may send (its messages are < 2 KB)
    pending_chars: int = 256 * 1024  # characters queued to one phone before it is cut off
    rate: float = 20.0  # messages a second a phone may send, once its burst is spent
    burst: int = 60  # messages a phone may send at once
    seatless: int = 64  # connections that hold no seat, at once
    seatless_per_address: int = 24  # from one address (a whole table of bots on the box: 24 seats)
    seatless_idle_s: float = 120.0  # seconds a connection may stay without taking a seat
    probation_s: float = 5.0  # seconds a connection past a cap has to rejoin its seat
    probation_per_address: int = 4  # connections past a cap from one address, at once
    screens: int = 8  # public screens at once (a laptop, a TV, a tablet or two)
    screens_per_address: int = 2  # public screens from one address
    screen_idle_s: float = 3 * SCREEN_PING_S  # seconds a public screen may send nothing
    claim_rate: float = 0.5  # host claims a second from one address, once its burst is spent
    claim_burst: int = 3  # host claims from one address at once
    penalty_s: float = 10.0  # seconds an abuser's address may not connect again
    strikes: int = 2  # closes for abuse within `penalty_s` that lock an address out
    receive_buffer: int = 16384  # bytes the kernel holds from one phone (what is read at once)
    clock: Callable[[], float] = time.monotonic  # seconds, for the rate


class HostClaim(BaseModel):
    """`POST /host/claim`: the PIN the box showed or said."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    pin: Annotated[str, StringConstraints(min_length=1, max_length=12, pattern=r"^[0-9]+$")]


class HostFree(BaseModel):
    """`POST /host/free`: the seat to free (the host token as Bearer)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    seat: Annotated[int, Field(ge=1, le=99, strict=True)]


class HostBoard(BaseModel):
    """`POST /host/board`: the board to deal (any of its names), and the language of the
    answer when it is refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    board: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    locale: Locale | None = None


class HostSeats(BaseModel):
    """`POST /host/seats`: the next game's bare seat count (between two games), and the
    language of the answer when it is refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    seats: Annotated[int, Field(ge=1, le=99, strict=True)]
    locale: Locale | None = None


Pick = TypeVar("Pick", HostBoard, HostSeats)
"""The host's pick for the next deal (`PhoneServer._host_pick`)."""


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

    def send(self, message: dict[str, Any]) -> None:
        if self.cut_off:
            return
        text = encode(message)
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


def with_cut(app: ASGIApp) -> ASGIApp:
    """`app` with a way to cut a WebSocket's connection at once: uvicorn's protocol (behind
    the ASGI `send` it gives) holds the transport; its `abort` is put in the scope under CUT,
    and its `is_closing` under GONE.
    Starlette wraps `send` further in, so this sits outermost."""

    async def wrapped(scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            transport = getattr(getattr(send, "__self__", None), "transport", None)
            if transport is not None:
                extensions = {CUT: transport.abort, GONE: transport.is_closing}
                scope = {**scope, "extensions": {**(scope.get("extensions") or {}), **extensions}}
        await app(scope, receive, send)

    return wrapped


async def small_json(request: Request, model: type[M]) -> M | None:
    """The request's body as `model` (a pydantic model), or None when it is longer than
    MAX_BODY_BYTES or not valid: non-JSON, a wrong type, a number out of range or 1e400."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            return None
    try:
        return model.model_validate_json(body)
    except (ValidationError, ValueError):
        return None


def address_of(connection: Request | WebSocket) -> str:
    return connection.client.host if connection.client is not None else ""


def oldest_of_the_most(links: Iterable[SocketLink]) -> SocketLink | None:
    """The link a full cap lets go (Rules 3 and 7): the oldest of the address that holds the
    most (of addresses holding as many, the one whose oldest is older); None when none."""
    by_address: dict[str, list[SocketLink]] = {}
    for link in sorted(links, key=lambda link: link.opened):
        by_address.setdefault(link.address, []).append(link)
    if not by_address:
        return None
    return max(by_address.values(), key=lambda own: (len(own), -own[0].opened))[0]


def from_own_page(websocket: WebSocket, join_urls: Callable[[], list[str]]) -> bool:
    """Whether a WebSocket may open (Rule 6): it sends no `Origin`, or the origin of the
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


class HostRoutes:
    """The host's endpoints (Rule 4): the claim with the PIN, and the acts the host token
    allows (free a seat, a command, a board before the deal, the next game's board or seat
    count between two games)."""

    def __init__(self, table: PhoneTable, addresses: Addresses, announce: Callable[..., None] | None) -> None:
        self.table, self.addresses, self.announce = table, addresses, announce

    def routes(self) -> list[Route]:
        return [
            Route("/host/claim", self.claim, methods=["POST"]),
            Route("/host/free", self.free_seat, methods=["POST"]),
            Route("/host/command", self.command, methods=["POST"]),
            Route("/host/board", self.pick_board, methods=["POST"]),
            Route("/host/seats", self.pick_seats, methods=["POST"]),
        ]

    def tell(self, key: str, **params: object) -> None:
        self.table.links.notify(key, **params)
        if self.announce is not None:
            self.announce(key, **params)

    def is_host(self, request: Request) -> bool:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        return scheme == "Bearer" and bool(token.strip()) and self.table.registry.is_host(token.strip())

    async def claim(self, request: Request) -> Response:
        claim = await small_json(request, HostClaim)
        if claim is None:
            return refused("malformed", 400)
        address = address_of(request)
        if not self.addresses.may_claim(address):
            return refused("busy", 429)  # before the PIN is even looked at
        try:
            token = await self.table.links.claim_host(claim.pin, address)
        except Refusal as refusal:
            return refused(refusal.code, 403)
        except StoreUnwritable:
            return refused("not_saved", 503)
        self.tell("host_claimed")
        return JSONResponse({"token": token})

    async def free_seat(self, request: Request) -> Response:
        if not self.is_host(request):
            return refused("host_only", 403)
        free = await small_json(request, HostFree)
        if free is None:
            return refused("malformed", 400)
        try:
            freed = await self.table.links.free_seat(free.seat)
        except StoreUnwritable:
            return refused("not_saved", 503)
        if freed:
            self.tell("host_freed", seat=free.seat)
        return JSONResponse({"freed": freed})

    async def command(self, request: Request) -> Response:
        if not self.is_host(request):
            return refused("host_only", 403)
        command = await small_json(request, HostCommand)
        if command is None:
            return refused("malformed", 400)
        self.table.host_command(command)
        return JSONResponse({"command": command.command})

    async def pick_board(self, request: Request) -> Response:
        return await self._host_pick(
            request, HostBoard, lambda pick: self.table.evening.pick_board(pick.board).id, "board", "board"
        )

    async def pick_seats(self, request: Request) -> Response:
        return await self._host_pick(
            request, HostSeats, lambda pick: self.table.evening.pick_seats(pick.seats), "seats", "count"
        )

    async def _host_pick(
        self, request: Request, model: type[Pick], take: Callable[[Pick], Any], name: str, said_as: str
    ) -> Response:
        """The host's pick for the next deal (a board, a seat count): refused in the host's
        language when too late or unknown, else said aloud and answered with what was taken."""
        if not self.is_host(request):
            return refused("host_only", 403)
        pick = await small_json(request, model)
        if pick is None:
            return refused("malformed", 400)
        try:
            taken = take(pick)
        except Refusal as refusal:
            message = refusal.message(pick.locale or self.table.locale)
            return JSONResponse({"error": refusal.code, "message": message}, status_code=409)
        if self.announce is not None:
            self.announce(f"host_{name}", **{said_as: taken})
        return JSONResponse({name: taken})


def refused(code: str, status: int) -> JSONResponse:
    return JSONResponse({"error": code}, status_code=status)


class PhoneSockets:
    """The phones' WebSocket (Rules 1–3): who may connect, how much each may send, and the
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
        """Whether a new connection from `address` is past its address's cap (Rule 3: it may
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
        most go, told why in its language (Rule 3)."""
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
        except Exception:  # the table failed: loudly, and this link is closed (Rule 5)
            log.exception("the table failed on a phone's message")  # no address (Rule 5)
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
        """A connection that took no seat in its time is closed (Rule 3)."""
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


async def received(websocket: WebSocket, link: SocketLink) -> dict[str, Any] | None:
    """The next message from `websocket`; None once the connection is gone (the only end of a
    link that is not logged: Rule 5), `link.abuse` said when it went for a frame too big."""
    try:
        message = await websocket.receive()
    except (WebSocketDisconnect, RuntimeError):  # Starlette's "not connected" is a RuntimeError
        return None
    if message["type"] != "websocket.disconnect":
        return dict(message)
    if message.get("code") == CLOSE_TOO_BIG:
        link.abuse = Abuse.TOO_BIG
    return None


def _may_wait(raw: str | bytes) -> bool:
    """Whether a message may come from a connection on probation: a hello, a ping, a rejoin."""
    try:
        kind = json.loads(raw).get("type")
    except (ValueError, AttributeError):
        return False
    return kind in ("hello", "ping", "rejoin")


class PublicScreens:
    """The public screen's WebSocket (`/screen/ws`): no seat, no token; it only listens to the
    table's public feed (`PublicScreen.attach`), and what it sends (its pings) is dropped
    unread, at the phones' rate (Rule 7)."""

    def __init__(
        self, table: PhoneTable, limits: Limits, addresses: Addresses, join_urls: Callable[[], list[str]]
    ) -> None:
        self.table, self.limits, self.addresses, self.join_urls = table, limits, addresses, join_urls
        self.screens: set[SocketLink] = set()

    def make_room(self, address: str) -> None:
        """Let the oldest screen go when a new one from `address` passes a cap (Rule 7)."""
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


def addresses_for(limits: Limits) -> Addresses:
    """What each address may still do, under `limits` (Rules 2 and 4)."""
    return Addresses(limits.claim_rate, limits.claim_burst, limits.penalty_s, limits.strikes, limits.clock)


def build_app(
    table: PhoneTable,
    links: set[SocketLink],
    limits: Limits,
    addresses: Addresses,
    announce: Callable[..., None] | None = None,
    own_urls: Callable[[], list[str]] = list,
) -> Starlette:
    """The Starlette app serving `table`; open links are kept in `links`; `addresses` counts
    what each address did; `announce(key, **params)` tells a host's act to the table (the
    phones are told by the app itself); `own_urls()` are the box's join addresses (a page from
    one may open a WebSocket: Rule 6)."""
    page = resources.files("narrator.phones").joinpath("static", "index.html")

    screen_page = resources.files("narrator.phones").joinpath("static", "screen.html")

    async def index(request: Request) -> Response:
        return HTMLResponse(page.read_text(encoding="utf-8"), headers=PAGE_HEADERS)

    async def screen(request: Request) -> Response:
        return HTMLResponse(screen_page.read_text(encoding="utf-8"), headers=PAGE_HEADERS)

    async def join_qr(request: Request) -> Response:
        """The join address as a QR code (SVG) for the public screen; 404 before there is one."""
        if not table.public.join_address:
            return Response(status_code=404)
        svg = io.BytesIO()
        segno.make(table.public.join_address, error="m").save(
            svg, kind="svg", scale=10, border=2, light="#fff"
        )
        return Response(svg.getvalue(), media_type="image/svg+xml", headers=PAGE_HEADERS)

    return Starlette(
        routes=[
            Route("/", index),
            Route("/screen", screen),
            Route("/screen/join.svg", join_qr),
            *HostRoutes(table, addresses, announce).routes(),
            WebSocketRoute("/ws", PhoneSockets(table, links, limits, addresses, own_urls).serve),
            WebSocketRoute("/screen/ws", PublicScreens(table, limits, addresses, own_urls).serve),
            Mount("/static", StaticFiles(packages=[("narrator.phones", "static")]), name="static"),
        ],
        middleware=[Middleware(OwnHosts, join_urls=own_urls)],
    )


class _QuietServer(uvicorn.Server):
    """uvicorn's server without signal handlers of its own: Ctrl-C belongs to the judge (it
    stops the game, whose end stops the server), never to the server alone."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class PhoneServer:
    """The server of one phone table on `host`:`port` (port 0 picks a free one).

    `on_host_act(key, params)`, when set, hears every host act the phones are told of
    ("host_claimed", "host_freed" with its seat, "host_board" with its board, "host_seats" with
    its count): the judge says it aloud."""

    def __init__(
        self, table: PhoneTable, host: str = "0.0.0.0", port: int = 8000, limits: Limits | None = None
    ) -> None:
        self.table = table
        self.host = host
        self.port = port
        self.limits = limits or Limits()
        self.on_host_act: HostAct | None = None
        self._links: set[SocketLink] = set()
        self.addresses = addresses_for(self.limits)
        self.app = build_app(
            table, self._links, self.limits, self.addresses, self._announce, lambda: self.join_urls
        )
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None

    def _announce(self, key: str, **params: object) -> None:
        if self.on_host_act is not None:
            self.on_host_act(key, params)

    async def start(self) -> None:
        """Start serving on the running event loop; returns once the socket listens."""
        config = uvicorn.Config(
            with_cut(self.app),
            host=self.host,
            port=self.port,
            http=door(self.addresses.is_locked_out),  # a locked-out address is refused at once
            ws="websockets-sansio",
            ws_max_size=self.limits.frame_bytes,
            ws_per_message_deflate=False,  # compression would undo the padding: sizes follow content
            log_level="warning",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=1,
            ws_ping_interval=10,
            ws_ping_timeout=10,
        )
        self._server = _QuietServer(config)
        self._task = asyncio.create_task(self._server.serve())
        while not self._server.started:
            if self._task.done():
                self._task.result()
                raise RuntimeError("the phone server stopped before it started")
            await asyncio.sleep(0.01)
        sockets = self._server.servers[0].sockets
        for listening in sockets:  # the phones' sockets inherit it (Rule 2)
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, self.limits.receive_buffer)
        self.port = int(sockets[0].getsockname()[1])

    async def wait_closed(self) -> None:
        """Return when the server stops (`stop`)."""
        if self._task is not None:
            await asyncio.shield(self._task)

    async def stop(self) -> None:
        """Close every phone's link and stop serving."""
        for link in list(self._links):
            link.close(CLOSE_GOING_AWAY)
        if self._server is not None and self._task is not None:
            self._server.should_exit = True
            if not self._task.done():
                await self._task
        self._server = self._task = None

    @property
    def join_urls(self) -> list[str]:
        """The page's addresses for phones, the likeliest first (see `address.join_urls`)."""
        return join_urls(self.host, self.port)

    @property
    def join_url(self) -> str:
        return self.join_urls[0]

    def print_join(self) -> None:
        """Print the join addresses, the QR code of the first, and how the host claims the
        role, on the box's terminal (no token: the screen is public)."""
        print_join(self.join_urls)


class BackgroundServer:
    """A phone server on its own event loop in a thread, for callers without a loop (a
    browser test, a script); `call` runs a function on that loop and returns its result."""

    def __init__(self, make_table: Callable[[], PhoneTable], host: str = "127.0.0.1", port: int = 0) -> None:
        self._make_table = make_table
        self._host, self._port = host, port
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self.server: PhoneServer | None = None

    def start(self) -> PhoneServer:
        self._thread.start()

        async def begin() -> PhoneServer:
            server = PhoneServer(self._make_table(), self._host, self._port)
            await server.start()
            return server

        self.server = asyncio.run_coroutine_threadsafe(begin(), self._loop).result(10)
        return self.server

    def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """`function(*args)` on the server's loop, awaited there when it is a coroutine (the
        table's changes to the game are: they wait for its turn and the store)."""

        async def run() -> Any:
            result = function(*args)
            return await result if inspect.isawaitable(result) else result

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    def stop(self) -> None:
        if self.server is not None:
            asyncio.run_coroutine_threadsafe(self.server.stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()
