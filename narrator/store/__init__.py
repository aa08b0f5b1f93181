"""The game store: every game, its settings, its deal and every decision, in SQLite (WAL).

A decision is committed before it is acknowledged, so a crash or a pulled plug loses
nothing that a player was told was taken. The store's connection belongs to one writer thread
(aiosqlite's pattern: a queue of calls, each answered through a future), so the server's event
loop never waits for the disk: `await store.write(store.append, …)` returns once the commit is
on disk, and the loop serves every phone meanwhile; the plain methods wait for their call in
the calling thread, as before. Calls that queue up while a commit runs are committed together
(one transaction, each call in a savepoint of its own, every future answered once the commit
is on disk or was refused): on an SD card, where the fsync is the cost, a night step's touches
(the real one and the decoys, `Store.touch`) end together. The log of decisions rebuilds the game
(`engine.Game.replay`), which is how `narrator resume` continues at the same step.

Damage is named, never a traceback: a file SQLite cannot read (or an empty main file with its
write-ahead log beside it, which SQLite would silently take for an empty store) raises
`DamagedStore` when opened, and `set_aside` moves it (with its WAL and SHM) next to the store
for `narrator games` to list; a game whose stored rows cannot be read back raises
`DamagedGame` from `load`, and `mark` keeps it in the store as "damaged". The files (the
database, its WAL and SHM) are the owner's only (0600): they hold the seats' tokens.

Its rooms: `file` (the SQLite file and its writes on the writer thread, `writer`), `schema`,
`games` (and `kinds`: how a decision's kind is stored), `seats` (and the host's token),
`evenings`, `damaged` (damaged files set aside), `paths`, `errors`. What the rest of the
judge uses is named here.
"""

from __future__ import annotations

from narrator.store.damaged import kept_aside, set_aside
from narrator.store.errors import (
    DamagedGame,
    DamagedStore,
    StoreError,
    StoreUnwritable,
    unwritable_line,
)
from narrator.store.evenings import Evenings
from narrator.store.games import Games, StoredGame
from narrator.store.paths import demo_store, store_path, write_private
from narrator.store.seats import Seats

__all__ = [
    "DamagedGame",
    "DamagedStore",
    "Store",
    "StoreError",
    "StoreUnwritable",
    "StoredGame",
    "demo_store",
    "kept_aside",
    "set_aside",
    "store_path",
    "unwritable_line",
    "write_private",
]


class Store(Games, Seats, Evenings):
    """One SQLite file of games: its games, their seats and host tokens, its evenings (each
    method on the writer thread; `write` awaits one without holding up the event loop)."""
