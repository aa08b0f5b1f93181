"""The box's web server: the phone page, its WebSocket, and the host's endpoints (Starlette on
uvicorn).

Rule 1: each phone's messages are sent by its own writer task from a queue, so a slow phone
        never holds up the others or the table.
Rule 2: the server logs no request lines (no access log): the table logs public facts only.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from importlib import resources
from typing import Any, TypeVar

import uvicorn
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from narrator.phones.address import join_url, print_join
from narrator.phones.messages import HostCommand
from narrator.phones.table import PhoneTable, encode

T = TypeVar("T")
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:",
    "Referrer-Policy": "no-referrer",
}
CLOSE_GOING_AWAY = 1001


class SocketLink:
    """A phone's WebSocket as the table sees it: messages queue and a writer sends them."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self._queue: asyncio.Queue[str | int] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        self._queue.put_nowait(encode(message))

    def close(self, code: int) -> None:
        self._queue.put_nowait(code)

    async def write(self) -> None:
        while True:
            item = await self._queue.get()
            if isinstance(item, int):
                await self.websocket.close(item)
                return
            await self.websocket.send_text(item)


def build_app(table: PhoneTable, links: set[SocketLink]) -> Starlette:
    """The Starlette app serving `table`; open links are kept in `links`."""
    page = resources.files("narrator.phones").joinpath("static", "index.html")

    async def index(request: Request) -> Response:
        return HTMLResponse(page.read_text(encoding="utf-8"), headers=PAGE_HEADERS)

    def is_host(request: Request) -> bool:
        token = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
        return bool(token) and table.registry.is_host(token)

    async def free_seat(request: Request) -> Response:
        if not is_host(request):
            return JSONResponse({"error": "host_only"}, status_code=403)
        try:
            body = await request.json()
            seat = int(body["seat"])
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": "malformed"}, status_code=400)
        return JSONResponse({"freed": table.free_seat(seat)})

    async def host_command(request: Request) -> Response:
        if not is_host(request):
            return JSONResponse({"error": "host_only"}, status_code=403)
        body = await request.body()
        try:
            command = HostCommand.model_validate_json(body[:256])
        except ValidationError:
            return JSONResponse({"error": "malformed"}, status_code=400)
        table.host_command(command)
        return JSONResponse({"command": command.command})

    async def phone(websocket: WebSocket) -> None:
        await websocket.accept()
        link = SocketLink(websocket)
        links.add(link)
        writer = asyncio.create_task(link.write())
        table.connect(link)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                table.receive(link, raw)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            links.discard(link)
            table.disconnect(link)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    return Starlette(
        routes=[
            Route("/", index),
            Route("/host/free", free_seat, methods=["POST"]),
            Route("/host/command", host_command, methods=["POST"]),
            WebSocketRoute("/ws", phone),
            Mount("/static", StaticFiles(packages=[("narrator.phones", "static")]), name="static"),
        ]
    )


class PhoneServer:
    """The server of one phone table on `host`:`port` (port 0 picks a free one)."""

    def __init__(self, table: PhoneTable, host: str = "0.0.0.0", port: int = 8000) -> None:
        self.table = table
        self.host = host
        self.port = port
        self._links: set[SocketLink] = set()
        self.app = build_app(table, self._links)
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start serving on the running event loop; returns once the socket listens."""
        config = uvicorn.Config(
            self.app,
            host=self.host,
            port=self.port,
            ws="websockets-sansio",
            log_level="warning",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=1,
            ws_ping_interval=10,
            ws_ping_timeout=10,
        )
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._server.serve())
        while not self._server.started:
            if self._task.done():
                self._task.result()
                raise RuntimeError("the phone server stopped before it started")
            await asyncio.sleep(0.01)
        sockets = self._server.servers[0].sockets
        self.port = int(sockets[0].getsockname()[1])

    async def wait_closed(self) -> None:
        """Return when the server stops (a signal such as Ctrl-C, or `stop`)."""
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
    def join_url(self) -> str:
        return join_url(self.host, self.port)

    def print_join(self) -> None:
        """Print the join address, its QR code and the host token on the box's terminal."""
        print_join(self.join_url, self.table.registry.host_token)


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
