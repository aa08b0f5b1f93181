"""Where a satellite is, as the settings and `--satellite` give it: `tcp://HOST:PORT` for a
Wyoming satellite, `esphome://HOST:PORT` for an ESPHome voice device (a Voice Preview Edition,
a Pi running Linux Voice Assistant)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlparse

DEFAULT_PORT = 10700
"""The port wyoming-satellite's own tutorial gives it (`--uri 'tcp://0.0.0.0:10700'`)."""
ESPHOME_PORT = 6053
"""The ESPHome native API's port (the devices' and Linux Voice Assistant's default)."""
SCHEMES = {"tcp": "wyoming", "esphome": "esphome"}

Kind = Literal["wyoming", "esphome"]


class BadAddress(ValueError):
    """A satellite address that is neither `tcp://HOST:PORT` nor `esphome://HOST:PORT`; the
    message says what is wrong."""


@dataclass(frozen=True, slots=True)
class SatelliteAddress:
    """A satellite's host name or IP address, TCP port, and protocol (`kind`)."""

    host: str
    port: int
    kind: Kind = "wyoming"

    @classmethod
    def parse(cls, text: str) -> SatelliteAddress:
        """`tcp://HOST:PORT`, `tcp://HOST` (port 10700), a bare `HOST[:PORT]` (Wyoming), or
        `esphome://HOST[:PORT]` (port 6053)."""
        given = text.strip()
        parsed = urlparse(given if "://" in given else f"tcp://{given}")
        if parsed.scheme not in SCHEMES:
            raise BadAddress(
                f"satellite {text!r}: only tcp://HOST:PORT and esphome://HOST:PORT are understood"
            )
        kind: Kind = "esphome" if parsed.scheme == "esphome" else "wyoming"
        try:
            port = parsed.port or (ESPHOME_PORT if kind == "esphome" else DEFAULT_PORT)
        except ValueError:
            raise BadAddress(f"satellite {text!r}: the port is not a number from 1 to 65535") from None
        if not parsed.hostname or parsed.path not in ("", "/"):
            raise BadAddress(
                f"satellite {text!r}: give it as tcp://HOST:PORT (e.g. tcp://192.168.1.20:10700) "
                "or esphome://HOST (e.g. esphome://192.168.1.21)"
            )
        return cls(parsed.hostname, port, kind)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        scheme = "esphome" if self.kind == "esphome" else "tcp"
        return f"{scheme}://{host}:{self.port}"
