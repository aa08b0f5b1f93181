"""A connection to a satellite kept up by itself, on a thread of its own: what the Wyoming link
and the ESPHome link share (`link.SatelliteLink`, `esphome.EsphomeLink`).

Rule 1: one thread owns the connection, with an event loop of its own; `start` starts it and
        returns at once; `close` stops it for good.
Rule 2: a kind of link says what one connection is (`_session`: from its opening to its end, why
        it ended) and calls `_came_up` once the satellite answered; `drop` ends the connection
        now (`_end`: what ends the kind's session), and the link tries again every `retry_s`.
Rule 3: each change is told once (`on_change`, a `LinkChange`): down while down, up again when
        the satellite answers, whatever happened between.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from narrator.satellite.address import SatelliteAddress

log = logging.getLogger(__name__)


class LinkDown(RuntimeError):
    """The satellite cannot be sent to now; the message says why."""


@dataclass(frozen=True, slots=True)
class LinkChange:
    """The satellite came up (`up`) or went down, and why (`reason`, for the table); `name` is
    the name the satellite gave (its address until it answered); `again`: it was up before;
    `microphone`: why it came up without its microphone ("" when the microphone streams)."""

    up: bool
    reason: str
    name: str
    again: bool
    microphone: str = ""


class Link(Protocol):
    """What the judge's output and notices use of a satellite's link, whatever its protocol
    (`SatelliteLink`, Wyoming; `narrator.satellite.esphome.EsphomeLink`, ESPHome)."""

    address: SatelliteAddress
    name: str
    reason: str
    microphone: str
    connection: int
    attempts: int
    on_change: list[Callable[[LinkChange], None]]
    on_played: list[Callable[[], None]]
    on_audio: Callable[[np.ndarray], None] | None

    @property
    def up(self) -> bool: ...

    @property
    def says_played(self) -> bool: ...

    def start(self) -> None: ...

    def wait_up(self, timeout: float | None = None) -> bool: ...

    def drop(self, reason: str, connection: int | None = None) -> None: ...

    def close(self) -> None: ...


class KeptLink:
    """The connection to the satellite at `address`, tried again every `retry_s` seconds while
    it is down (Rules 1–3). `what` names the kind in the box's log ("satellite")."""

    def __init__(self, address: SatelliteAddress, *, retry_s: float, what: str) -> None:
        self.address = address
        self.retry_s = retry_s
        self.name = str(address)
        self.reason = "not connected yet"
        self.microphone = ""
        """Why the satellite is up without its microphone ("" while it streams)."""
        self.on_change: list[Callable[[LinkChange], None]] = []
        self.attempts = 0  # connections tried
        self.connection = 0  # connections that came up (the current one's number while up)
        self._what = what
        self._up = threading.Event()
        self._was_up = False
        self._told_down = False
        self._closing = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._dropped: str | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()

    @property
    def up(self) -> bool:
        """Connected, and the satellite answered."""
        return self._up.is_set()

    def start(self) -> None:
        """Start connecting (in the link's own thread); returns at once."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=f"judge-{self._what}", daemon=True)
            self._thread.start()
            self._started.wait(5)

    def wait_up(self, timeout: float | None = None) -> bool:
        """Wait until the satellite is up; False after `timeout` seconds."""
        return self._up.wait(timeout)

    def drop(self, reason: str, connection: int | None = None) -> None:
        """Close the connection now, as down for `reason` (Rule 2); the link tries again.
        `connection`: only if it is still that one (`self.connection` when it was seen)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._drop, reason, connection)

    def close(self) -> None:
        """Stop for good: close the connection and the link's thread."""
        self._closing = True
        self.drop("closed")
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    # -- the link's thread ----------------------------------------------------------------

    async def _session(self) -> str:
        """One connection, from its opening to its end; why it ended (the kind's)."""
        raise NotImplementedError

    def _end(self) -> None:
        """End the session under way now (the kind's: close its writer, set its event)."""
        raise NotImplementedError

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._started.set()
        while not self._closing:
            reason = await self._session()
            if self._closing:
                break
            self._went_down(reason)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.retry_s)
            self._wake.clear()

    def _drop(self, reason: str, connection: int | None = None) -> None:
        if connection is not None and (connection != self.connection or not self._up.is_set()):
            return  # that connection has ended already
        if self._dropped is None:
            self._dropped = reason
        self._end()
        if self._wake is not None:
            self._wake.set()

    def _came_up(self, name: str, microphone: str) -> None:
        self.name, self.reason, self.microphone = name, "connected", microphone
        self.connection += 1
        again, self._was_up, self._told_down = self._was_up, True, False
        self._up.set()
        without = f"; {microphone}" if microphone else ""
        log.info("%s %s (%s) is up%s", self._what, name, self.address, without)
        self._tell(LinkChange(True, "connected", name, again, microphone))

    def _went_down(self, reason: str) -> None:
        self.reason = reason
        if self._told_down:
            log.debug("%s %s still down: %s", self._what, self.address, reason)
            return
        self._told_down = True
        log.info("%s %s is down: %s", self._what, self.address, reason)
        self._tell(LinkChange(False, reason, self.name, self._was_up))

    def _tell(self, change: LinkChange) -> None:
        for hook in list(self.on_change):
            try:
                hook(change)
            except Exception as error:  # noqa: BLE001 - a hook's trouble must not stop the link
                log.error("a satellite hook failed: %r", error)
