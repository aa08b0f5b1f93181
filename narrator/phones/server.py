"""The box's web server: the phone page, its WebSocket, and the host's endpoints (Starlette on
uvicorn).

Rule 1: each phone's messages are sent by its own writer task from a queue, so a slow phone
        never holds up the others or the table. The queue is bounded: a phone that does not
        read is cut off when its queue passes `Limits.pending_chars`; its seat stays its own,
        and it comes back with its token like after a dropped Wi-Fi.
Rule 2: a phone may send `Limits.burst` messages at once, then `Limits.rate` a second; more
        are dropped unread (the first of a run answered "busy"), and a phone that keeps on
        sending is closed (1008, after what was queued for it) and its connection cut at
        once, without waiting for its answer to the close, nor reading it; its address may
        not connect again for `Limits.penalty_s` (each connection of a flood costs the box a
        handshake and a burst of frames read at once). The kernel holds at most
        `Limits.receive_buffer` bytes from a phone, so no read parses thousands of frames
        while the others wait. Frames over `Limits.frame_bytes` close the connection (1009).
Rule 3: at most `Limits.seatless` connections may hold no seat at once; more are refused
        before the WebSocket opens.
Rule 4: the host's endpoints take small JSON bodies checked by a model: anything else is a
        400, never a 500. The host claims the role with the PIN (`POST /host/claim`); every
        host act that touches a seat, and every claim, is told to every phone and to
        `PhoneServer.on_host_act` (the judge says it aloud), so none passes in silence; so is
        a board picked before the deal (`POST /host/board`), which changes every card.
Rule 5: the server logs no request lines (no access log): the table logs public facts only.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from dataclasses import dataclass
from importlib import resources
from typing import Annotated, Any, TypeVar

import uvicorn
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from narrator.phones.address import join_urls, print_join
from narrator.phones.catalogue import Locale
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
CLOSE_TRY_LATER = 1013
MAX_BODY_BYTES = 256  # a host request's body
CUT = "narrator.cut"  # the scope extension that cuts a WebSocket's connection at once
CLOSE_GRACE = 2.0  # seconds a closing phone's writer may take to send what was queued

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
    seatless: int = 40  # connections that hold no seat, at once
    penalty_s: float = 10.0  # seconds a flooder's address may not connect again
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


class Bucket:
    """A token bucket: `burst` messages at once, then `rate` a second (Rule 2)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()
        self.refused = 0  # messages refused since the last one taken

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


class SocketLink:
    """A phone's WebSocket as the table sees it: messages queue and a writer sends them; a
    queue past `pending_chars` cuts the connection (Rule 1)."""

    def __init__(self, websocket: WebSocket, pending_chars: int) -> None:
        self.websocket = websocket
        self.pending_chars = pending_chars
        self.pending = 0
        self.cut_off = False
        self.closing: int | None = None  # the close code, once closing
        self._queue: asyncio.Queue[str | int] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        if self.cut_off:
            return
        text = encode(message)
        self.pending += len(text)
        if self.pending > self.pending_chars:
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
        while True:
            item = await self._queue.get()
            if isinstance(item, int):
                await self.websocket.close(item)
                return
            self.pending -= len(item)
            await self.websocket.send_text(item)


def with_cut(app: ASGIApp) -> ASGIApp:
    """`app` with a way to cut a WebSocket's connection at once: uvicorn's protocol (behind
    the ASGI `send` it gives) holds the transport; its `abort` is put in the scope under CUT.
    Starlette wraps `send` further in, so this sits outermost."""

    async def wrapped(scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            transport = getattr(getattr(send, "__self__", None), "transport", None)
            if transport is not None:
                scope = {**scope, "extensions": {**(scope.get("extensions") or {}), CUT: transport.abort}}
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


def build_app(
    table: PhoneTable,
    links: set[SocketLink],
    limits: Limits | None = None,
    announce: Callable[..., None] | None = None,
) -> Starlette:
    """The Starlette app serving `table`; open links are kept in `links`; `announce(key,
    **params)` tells a host's act to the table (the phones are told by the app itself)."""
    limits = limits or Limits()
    page = resources.files("narrator.phones").joinpath("static", "index.html")
    penalised: dict[str, float] = {}  # a flooder's address → until when (limits.clock)

    def penalise(websocket: WebSocket) -> None:
        now = limits.clock()
        for address in [a for a, until in penalised.items() if until <= now]:
            del penalised[address]
        if websocket.client is not None:
            penalised[websocket.client.host] = now + limits.penalty_s

    def is_penalised(websocket: WebSocket) -> bool:
        address = websocket.client.host if websocket.client is not None else ""
        return penalised.get(address, float("-inf")) > limits.clock()

    def tell(key: str, **params: object) -> None:
        table.notify(key, **params)
        if announce is not None:
            announce(key, **params)

    async def index(request: Request) -> Response:
        return HTMLResponse(page.read_text(encoding="utf-8"), headers=PAGE_HEADERS)

    def is_host(request: Request) -> bool:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        return scheme == "Bearer" and bool(token.strip()) and table.registry.is_host(token.strip())

    def refused(code: str, status: int) -> JSONResponse:
        return JSONResponse({"error": code}, status_code=status)

    async def claim_host(request: Request) -> Response:
        claim = await small_json(request, HostClaim)
        if claim is None:
            return refused("malformed", 400)
        try:
            token = table.registry.claim_host(claim.pin)
        except Refusal as refusal:
            return refused(refusal.code, 403)
        except StoreUnwritable:
            return refused("not_saved", 503)
        tell("host_claimed")
        return JSONResponse({"token": token})

    async def free_seat(request: Request) -> Response:
        if not is_host(request):
            return refused("host_only", 403)
        free = await small_json(request, HostFree)
        if free is None:
            return refused("malformed", 400)
        try:
            freed = table.free_seat(free.seat)
        except StoreUnwritable:
            return refused("not_saved", 503)
        if freed:
            tell("host_freed", seat=free.seat)
        return JSONResponse({"freed": freed})

    async def host_command(request: Request) -> Response:
        if not is_host(request):
            return refused("host_only", 403)
        command = await small_json(request, HostCommand)
        if command is None:
            return refused("malformed", 400)
        table.host_command(command)
        return JSONResponse({"command": command.command})

    async def pick_board(request: Request) -> Response:
        if not is_host(request):
            return refused("host_only", 403)
        pick = await small_json(request, HostBoard)
        if pick is None:
            return refused("malformed", 400)
        try:
            board = table.pick_board(pick.board)
        except Refusal as refusal:
            message = refusal.message(pick.locale or table.locale)
            return JSONResponse({"error": refusal.code, "message": message}, status_code=409)
        if announce is not None:
            announce("host_board", board=board.id)
        return JSONResponse({"board": board.id})

    async def phone(websocket: WebSocket) -> None:
        if len(links) - len(table.connected()) >= limits.seatless or is_penalised(websocket):
            await websocket.close(CLOSE_TRY_LATER)  # before accept: the handshake is refused
            return
        await websocket.accept()
        link = SocketLink(websocket, limits.pending_chars)
        bucket = Bucket(limits.rate, limits.burst, limits.clock)
        links.add(link)
        writer = asyncio.create_task(link.write())
        table.connect(link)
        try:
            while not link.cut_off:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not bucket.take():
                    if bucket.refused == 1:
                        table.refuse(link, "busy")
                    elif bucket.refused > limits.burst:
                        link.close(CLOSE_POLICY)
                        penalise(websocket)
                        break
                    continue
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                table.receive(link, raw)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            links.discard(link)
            table.disconnect(link)
            if link.closing is not None and not writer.done():
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(writer), CLOSE_GRACE)
            if link.closing == CLOSE_POLICY or not writer.done():
                link.cut()  # a flooder's close is not waited for; a deaf phone reads nothing
                writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    return Starlette(
        routes=[
            Route("/", index),
            Route("/host/claim", claim_host, methods=["POST"]),
            Route("/host/free", free_seat, methods=["POST"]),
            Route("/host/command", host_command, methods=["POST"]),
            Route("/host/board", pick_board, methods=["POST"]),
            WebSocketRoute("/ws", phone),
            Mount("/static", StaticFiles(packages=[("narrator.phones", "static")]), name="static"),
        ]
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
    ("host_claimed", "host_freed" with its seat, "host_board" with its board): the judge says it
    aloud."""

    def __init__(
        self, table: PhoneTable, host: str = "0.0.0.0", port: int = 8000, limits: Limits | None = None
    ) -> None:
        self.table = table
        self.host = host
        self.port = port
        self.limits = limits or Limits()
        self.on_host_act: HostAct | None = None
        self._links: set[SocketLink] = set()
        self.app = build_app(table, self._links, self.limits, self._announce)
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
            ws="websockets-sansio",
            ws_max_size=self.limits.frame_bytes,
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

    def call(self, function: Callable[..., T], *args: Any) -> T:
        async def run() -> T:
            return function(*args)

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    def stop(self) -> None:
        if self.server is not None:
            asyncio.run_coroutine_threadsafe(self.server.stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()
