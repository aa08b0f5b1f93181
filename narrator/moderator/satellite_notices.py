"""What the table is told when its satellite drops and comes back: once at the box, once on
every phone (the host's too), and the game's clock held while nothing can be heard.

Rule 1: a satellite that drops is said once (the box's terminal, a notice on every phone),
        however long it stays away and however often the link tries again; its return is said
        once too. One that did not answer at the start is said so (not "dropped"), and its
        coming is said as a return. A satellite up without its microphone is said so, with why.
Rule 2: while it is away the judge speaks through the box's own output; a box with none waits
        for the satellite, and the game's timers stand still meanwhile (`hold(True)`), as in a
        pause: no step runs out while nobody can hear the judge.
"""

from __future__ import annotations

import asyncio
import queue
import sys
import threading
from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from narrator.satellite.kept import Link, LinkChange
from narrator.voice.satellite import SatellitePlayer


class Notify(Protocol):
    """The phones' notices (`narrator.phones.links.Links.notify`), run on the server's loop."""

    def __call__(self, key: str, **params: object) -> None: ...


class SatelliteNotices:
    """Tells the table about `link` (Rules 1-2); `notify` and `hold` are called from a thread of
    its own, in the order things happened (the caller hands them on to its event loop)."""

    def __init__(
        self,
        link: Link,
        player: SatellitePlayer | None,
        notify: Notify,
        hold: Callable[[bool], None],
    ) -> None:
        self.link, self.player, self.notify, self.hold = link, player, notify, hold
        self.told: list[str] = []  # the notices' keys, in order
        self._held = False
        self._told_down = False  # a drop (or no answer at the start) was told, its return not yet
        self._changes: queue.SimpleQueue[LinkChange | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="satellite-notices", daemon=True)
        self._thread.start()
        link.on_change.append(self._changes.put)
        if link.up:
            self._speaking(link.name, link.microphone)
        else:  # it did not answer at the start: said as a drop is
            self._changes.put(LinkChange(False, link.reason, link.name, False))

    def close(self) -> None:
        self._changes.put(None)
        self._thread.join(timeout=5)
        if self._held:
            self.hold(False)

    def _run(self) -> None:
        while (change := self._changes.get()) is not None:
            try:
                self._tell(change)
            except Exception as error:  # noqa: BLE001 - the game goes on, told or not
                print(f"narrator: could not tell the table about the satellite: {error!r}", file=sys.stderr)

    def _tell(self, change: LinkChange) -> None:
        name = change.name
        if change.up:
            if self._held:
                self._held = False
                self.hold(False)
            if self._told_down:
                self._told_down = False
                back = f"narrator: the satellite {name} is back: the judge speaks through it again"
                print(back + _microphone(change.microphone), flush=True)
                self._notice("satellite_back", name)
            else:
                self._speaking(name, change.microphone)
            return
        if self._told_down:
            return  # the link's own first word of a satellite that did not answer at the start
        box = self.player is not None and self.player.box_ready()
        goes_on = (
            "the judge goes on through the box's own speaker"
            if box
            else "the box has no speaker of its own: the game waits for it"
        )
        self._told_down = True
        what = "dropped" if change.again else "does not answer yet"
        print(
            f"narrator: the satellite {name} ({self.link.address}) {what}: {change.reason}; "
            f"{goes_on}, and reconnects by itself",
            file=sys.stderr,
            flush=True,
        )
        self._notice("satellite_lost" if box else "satellite_waiting", name)
        if not box and not self._held:
            self._held = True
            self.hold(True)

    def _speaking(self, name: str, microphone: str) -> None:
        speaking = f"narrator: speaking through the satellite {name} ({self.link.address})"
        print(speaking + _microphone(microphone), flush=True)

    def _notice(self, key: str, name: str) -> None:
        self.told.append(key)
        self.notify(key, name=name)


def _microphone(fault: str) -> str:
    return f"; {fault}" if fault else ""


def tell_the_table(link: Link, voice: Any, table: Any, clock: Any) -> SatelliteNotices:
    """The notices of a session, on its running event loop: `table.links.notify` (the phones) and
    `clock.hold` / `clock.release` (the moderator's clock) are called on that loop."""
    loop = asyncio.get_running_loop()
    player = getattr(voice, "player", None)

    def hold(on: bool) -> None:
        loop.call_soon_threadsafe(clock.hold if on else clock.release)

    def notify(key: str, **params: object) -> None:
        loop.call_soon_threadsafe(partial(table.links.notify, key, **params))

    return SatelliteNotices(link, player if isinstance(player, SatellitePlayer) else None, notify, hold)
