"""The box's web server: the phone page and the public screen's, the join address's QR code,
the sockets (`sockets`, `screen_sockets`) and the host's endpoints (`host_endpoints`), served
by Starlette on uvicorn.

Rule 1: the server logs no request lines (no access log): the table logs public facts only.
Rule 2: a request whose `Host` is not one of the box's own names is refused before it is
        read (403: `hosts.py`, against DNS rebinding); a locked-out address is refused before
        a byte is parsed (`door.py`); a WebSocket from another site's page is refused before
        it opens (socketlink Rule 2).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import io
import socket
import threading
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from importlib import resources
from typing import Any

import segno
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from narrator.phones.address import join_urls, print_join
from narrator.phones.door import door
from narrator.phones.host_endpoints import HostRoutes
from narrator.phones.hosts import OwnHosts
from narrator.phones.limits import CLOSE_GOING_AWAY, Limits, addresses_for
from narrator.phones.lockout import Addresses
from narrator.phones.screen_sockets import PublicScreens
from narrator.phones.socketlink import CUT, GONE, SocketLink
from narrator.phones.sockets import PhoneSockets
from narrator.phones.sweeper import sweep_in_turns
from narrator.phones.table import PhoneTable

PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:",
    "Referrer-Policy": "no-referrer",
}

HostAct = Callable[[str, dict[str, object]], None]
Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Any, Any], Awaitable[None]]


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
    one may open a WebSocket: socketlink Rule 2)."""
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
    ("host_claimed", "host_freed" with its seat, "host_board" with its board, "host_seats" and
    "host_table_seats" with its count): the judge says it aloud."""

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
        self._sweeper: asyncio.Task[None] | None = None

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

    def sweep_in_turns(self) -> None:
        """The box's own server: the garbage collector sweeps between callbacks while it
        serves (`sweeper` Rules 1 and 2), until `stop`. Not for servers that share their
        process (the tests'): the collector is the process's."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(sweep_in_turns())

    async def wait_closed(self) -> None:
        """Return when the server stops (`stop`)."""
        if self._task is not None:
            await asyncio.shield(self._task)

    async def stop(self) -> None:
        """Close every phone's link and stop serving."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
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
