"""A free TCP port on loopback, from the OS, for a judge started in another process (which must
be told its port before it starts); a server in the test's own process takes port 0 instead."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port the OS just gave out and nobody holds: each worker of a parallel run gets its own."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
