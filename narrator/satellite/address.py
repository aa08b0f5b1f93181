"""Where a satellite is: `tcp://HOST:PORT`, as the settings and `--satellite` give it."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlparse

DEFAULT_PORT = 10700
"""The port wyoming-satellite's own tutorial gives it (`--uri 'tcp://0.0.0.0:10700'`)."""


class BadAddress(ValueError):
    """A satellite address that is not `tcp://HOST:PORT`; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class SatelliteAddress:
    """A satellite's host name or IP address and TCP port."""

    host: str
    port: int

    @classmethod
    def parse(cls, text: str) -> SatelliteAddress:
        """`tcp://HOST:PORT`, `tcp://HOST` (port 10700) or a bare `HOST[:PORT]`."""
        given = text.strip()
        parsed = urlparse(given if "://" in given else f"tcp://{given}")
        if parsed.scheme != "tcp":
            raise BadAddress(f"satellite {text!r}: only tcp://HOST:PORT is understood")
        try:
            port = parsed.port or DEFAULT_PORT
        except ValueError:
            raise BadAddress(f"satellite {text!r}: the port is not a number from 1 to 65535") from None
        if not parsed.hostname or parsed.path not in ("", "/"):
            raise BadAddress(
                f"satellite {text!r}: give it as tcp://HOST:PORT (e.g. tcp://192.168.1.20:10700)"
            )
        return cls(parsed.hostname, port)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"tcp://{host}:{self.port}"
