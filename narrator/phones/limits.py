"""What one connection may cost the box: the limits a phone's or a public screen's socket is
held to, and the codes it is closed with (`sockets`, `screen_sockets`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from narrator.phones.lockout import Addresses

CLOSE_GOING_AWAY = 1001
CLOSE_POLICY = 1008  # a phone that kept on sending past its rate
CLOSE_INTERNAL = 1011  # the table failed on the phone's message (sockets Rule 3)
CLOSE_TRY_LATER = 1013
CLOSE_TOO_BIG = 1009  # a frame over `Limits.frame_bytes` (uvicorn closes the connection)
SCREEN_PING_S = 20.0  # seconds between a public screen's pings (static/screen.js says the same)


@dataclass(frozen=True, slots=True)
class Limits:
    """What one phone's connection may cost the box (socketlink Rule 1, sockets Rules 1–2)."""

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


def addresses_for(limits: Limits) -> Addresses:
    """What each address may still do, under `limits` (sockets Rule 1, host_endpoints Rule 1)."""
    return Addresses(limits.claim_rate, limits.claim_burst, limits.penalty_s, limits.strikes, limits.clock)
