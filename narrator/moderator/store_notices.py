"""What the table is told while its store cannot save: once at the box (the store's own line),
once on every phone (the host's too), and again when it saves.

Rule 1: a store that refuses to write (a full or read-only disk) or does not answer (a hung
        fsync: `narrator.store.file.SILENT`) is a notice on every phone, the same for all (nothing in
        it tells a seat's secret: a night's decoys commit as its real touches do); its return
        is a notice too. Each change is told once, however often the store is tried again.
Rule 2: each change also wakes the moderator (`StoreChanged` in the inbox), which holds every
        timer while the store cannot save and goes on by itself once it can (its Rule 6).
"""

from __future__ import annotations

import asyncio

from narrator.inbox import Inbox, StoreChanged
from narrator.phones.links import Links
from narrator.store import Store


class StoreNotices:
    """Watches `store` while it is open (`close` stops), telling `links` and `inbox` (Rules 1-2)
    on the event loop it was made on."""

    def __init__(self, store: Store, links: Links, inbox: Inbox) -> None:
        self.store, self.links, self.inbox = store, links, inbox
        self.told: list[str] = []  # the notices' keys, in order
        self._loop = asyncio.get_running_loop()
        store.watchers.append(self._changed)

    def close(self) -> None:
        if self._changed in self.store.watchers:
            self.store.watchers.remove(self._changed)

    def _changed(self) -> None:
        """Called on the thread where the store changed (its writer, or the event loop)."""
        if not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._tell)
            except RuntimeError:  # closed in the meantime: the session is over
                pass

    def _tell(self) -> None:
        store = self.store
        key = "store_silent" if store.silent else "store_refused" if store.unwritable else "store_back"
        last = self.told[-1] if self.told else "store_back"
        if key != last:
            self.told.append(key)
            self.links.notify(key)
        self.inbox.put(StoreChanged())
