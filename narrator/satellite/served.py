"""The judge's lines served over HTTP on the LAN, for an ESPHome voice device to fetch and play.

Rule 1: each line is a WAV file at a URL of its own (`/line/<n>.wav`, `n` counting up), offered
        until the next one is: a device fetches the line it was told to play, and nothing else.
Rule 2: the URL's host is the judge's own address on the way to the device (the interface the
        box would use to reach it), so a device on the LAN, or on loopback, can reach it.
Rule 3: the first fetch of a line is told (`on_fetch`, in the server's thread): the device has
        begun to take it.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def address_towards(host: str) -> str:
    """The box's own IP address on the way to `host` (no packet is sent)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        target = socket.getaddrinfo(host, 9, family, socket.SOCK_DGRAM)[0][4]
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(target)
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


class ServedLines:
    """An HTTP server on all interfaces at `port` (0: one the OS gives) offering one line at a
    time to the device at `device_host` (see the rules above)."""

    def __init__(self, device_host: str, port: int = 0) -> None:
        self.host = address_towards(device_host)
        self._lock = threading.Lock()
        self._count = 0
        self._body = b""
        self._on_fetch: Callable[[float], None] | None = None
        self.fetches = 0  # requests answered with a line
        served = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                body = served._fetched(self.path)
                if body is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "audio/wav")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's name
                """Quiet: the judge's terminal is the table's."""

        self._server = ThreadingHTTPServer(("", port), Handler)
        self._server.daemon_threads = True
        self.port = int(self._server.server_address[1])
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="judge-lines-http", daemon=True
        )
        self._thread.start()

    def offer(self, wav: bytes, on_fetch: Callable[[float], None]) -> str:
        """Offer `wav` as the next line (Rule 1); its URL. `on_fetch` gets the time
        (`time.perf_counter()`) of its first fetch."""
        with self._lock:
            self._count += 1
            self._body, self._on_fetch = wav, on_fetch
            host = f"[{self.host}]" if ":" in self.host else self.host
            return f"http://{host}:{self.port}/line/{self._count}.wav"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _fetched(self, path: str) -> bytes | None:
        with self._lock:
            if path.split("?")[0] != f"/line/{self._count}.wav" or self._count == 0:
                return None
            self.fetches += 1
            hook, self._on_fetch = self._on_fetch, None
            body = self._body
        if hook is not None:
            hook(time.perf_counter())
        return body
