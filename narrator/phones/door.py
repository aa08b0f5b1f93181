"""The box's front door: the HTTP protocol every connection starts on (uvicorn's h11 one, with
the box's own rules before a request is read).

Rule 1: a connection from an address locked out for abuse (`lockout.py`) is answered 403 as
        soon as it opens, before a byte of its request is parsed: a flood's connections cost
        the box no parsing, no handshake and no app.
Rule 2: a request whose head passes HEAD_BYTES is answered 414 when its request line alone
        (the URL) passes it, else 431 (its header fields), in plain words, never a reset.
Rule 3: a refused connection is closed gently: the box says why, stops sending, and reads
        and drops whatever the client still sends, for at most LINGER_S, so that the client
        reads the answer before the connection goes (closing with unread data would reset
        it, and a reset may throw the answer away).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from http import HTTPStatus

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_BYTES = 8192  # a request's line and header fields (a phone's browser sends about 1 KB)
LINGER_S = 1.0  # seconds a refused connection is read and dropped before it is closed
LOCKED_OUT = (
    "Too many connections from this address: try again in a few seconds.\n此地址的连接过多：请几秒后再试。\n"
)
URL_TOO_LONG = "The address asked for is too long.\n请求的地址太长。\n"
HEAD_TOO_LONG = "The request's header fields are too long.\n请求的头部太长。\n"


class Door(H11Protocol):
    """uvicorn's h11 protocol with Rules 1–3; `locked_out(address)` says whether an address
    is locked out (a subclass made by `door` answers it)."""

    refused = False
    head = b""  # the request head read so far, while one is awaited (at most HEAD_BYTES + 4)

    def locked_out(self, address: str) -> bool:
        return False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.locked_out(self.client[0] if self.client else ""):
            self.refuse(HTTPStatus.FORBIDDEN, LOCKED_OUT)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return  # read and dropped (Rule 3)
        if self.conn.their_state is h11.IDLE:
            self.head = (self.head + data)[: HEAD_BYTES + 4]
            if b"\r\n\r\n" not in self.head and len(self.head) > HEAD_BYTES:
                if b"\r\n" not in self.head[:HEAD_BYTES]:
                    self.refuse(HTTPStatus.REQUEST_URI_TOO_LONG, URL_TOO_LONG)
                else:
                    self.refuse(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, HEAD_TOO_LONG)
                return
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self.head = b""  # the head was read: the next request's is counted afresh

    def refuse(self, status: HTTPStatus, text: str) -> None:
        """Answer `status` with `text` and close gently (Rule 3)."""
        self.refused = True
        body = text.encode()
        head = (
            f"HTTP/1.1 {status.value} {status.phrase}\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head.encode() + body)
        try:
            self.transport.write_eof()
        except OSError:  # the client is gone already: nothing is left to read
            self.transport.abort()
            return
        self.loop.call_later(LINGER_S, self.transport.close)


def door(locked_out: Callable[[str], bool]) -> type[Door]:
    """The front door of a box whose lock-outs `locked_out(address)` tells."""

    class BoxDoor(Door):
        def locked_out(self, address: str) -> bool:
            return locked_out(address)

    return BoxDoor
