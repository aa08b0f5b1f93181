"""The store's SQLite file (WAL) on its writer thread: opened and checked, each write all or
nothing, the calls queued during a commit committed together, a disk that refuses or does not
answer said once on the box."""

from __future__ import annotations

import asyncio
import functools
import sqlite3
import sys
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from narrator.store.damaged import check_files
from narrator.store.errors import DamagedStore, StoreUnwritable
from narrator.store.paths import PRIVATE, companions, store_path
from narrator.store.schema import CORE_TABLES, MIGRATIONS, SCHEMA
from narrator.store.writer import Call, Writer, settle

SILENT = 3.0  # seconds a write may wait for the disk before the box says it does not answer
SILENT_LOOK = 0.5  # seconds between two looks at a write that has not been answered yet


def silent_line(path: Path) -> str:
    """One line for a disk that does not answer (a write has waited SILENT seconds and more)."""
    return (
        f"存储没有回应（{SILENT:g} 秒以上）/ the store does not answer (over {SILENT:g} s): {path}; "
        "游戏暂停，存储回应后自动继续 / the game waits until it answers"
    )


P = ParamSpec("P")
T = TypeVar("T")
S = TypeVar("S", bound="StoreFile")


def on_the_writer(method: Callable[Concatenate[S, P], T]) -> Callable[Concatenate[S, P], T]:
    """The method runs on the store's writer thread; the caller waits for its answer."""

    def routed(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        if self._writer.here():
            return method(self, *args, **kwargs)
        return self._writer.submit(functools.partial(method, self, *args, **kwargs)).result()

    functools.update_wrapper(routed, method)
    return routed


class StoreFile:
    """One SQLite file of games, open on its writer thread; safe to open from one process at a
    time per game. `narrator.store.Store` is it with its games, seats and evenings."""

    def __init__(self, path: Path | str | None = None) -> None:
        """Open (or create) the store; raises `DamagedStore` when the file cannot be one."""
        self.path = store_path(path)
        self.unwritable: StoreUnwritable | None = None  # the last write failed: why
        self.silent = False  # a write has waited longer than SILENT for the disk (`write`)
        self.report: Callable[[str], None] = _say  # where the box says it (one line)
        # Called (on the thread where it happened) when `unwritable` or `silent` changes.
        self.watchers: list[Callable[[], None]] = []
        self._in_batch = False  # the writer runs several calls in one transaction (`_batch`)
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        created = check_files(self.path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise DamagedStore(self.path, str(error)) from None
        try:
            self._open(created)
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise DamagedStore(self.path, str(error)) from None
        for name in companions(self.path):
            if name.exists() and name.stat().st_mode & 0o777 != PRIVATE:
                with suppress(PermissionError):  # another user's store: theirs to close
                    name.chmod(PRIVATE)
        self._writer = Writer(weakref.WeakMethod(self._batch), f"store {self.path.name}")
        self._closed = weakref.finalize(self, _stop, self._writer, self._db)

    async def write(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`call` (one of this store's methods) on the writer thread, awaited without holding
        up the event loop; its answer, or its error (`StoreUnwritable`: nothing was written),
        once the commit is on disk. A disk that has not answered within SILENT seconds (a
        hung fsync) is said once at the box, as a refusal is, and again when it answers."""
        answer = asyncio.wrap_future(self._writer.submit(functools.partial(call, *args, **kwargs)))
        while not (await asyncio.wait({answer}, timeout=SILENT_LOOK))[0]:
            if self._writer.busy_for() >= SILENT:  # one batch so long: not a queue of quick ones
                break
        else:
            return answer.result()
        if not self.silent:
            self.silent = True
            self.report(silent_line(self.path))
            self._changed()
        answer.add_done_callback(self._answered)
        return await answer

    def _answered(self, _: object) -> None:
        """A write that kept the disk silent is answered (on the event loop): said once."""
        if self.silent:
            self.silent = False
            self.report(f"存储有回应了 / the store answers again: {self.path}")
            self._changed()

    def _changed(self) -> None:
        for watcher in list(self.watchers):
            watcher()

    def _batch(self, calls: list[Call]) -> None:
        """Run `calls` (on the writer thread) in one transaction, each in a savepoint: a call
        that fails changes nothing and gets its error; the others' answers wait for the
        commit. A batch the disk refuses (a call's write or the commit) is rolled back and its
        calls run again one by one, so each meets the disk alone: a probe answers False, a
        refused write is its own caller's `StoreUnwritable`, a call that reads is answered."""
        if len(calls) == 1:
            call, future = calls[0]
            settle(future, call)
            return
        answers: list[tuple[Future[Any], bool, Any]] = []
        try:
            with self._transaction():
                self._in_batch = True
                try:
                    for call, future in calls:
                        try:
                            answers.append((future, True, call()))
                        except StoreUnwritable:
                            raise  # the disk refused: the whole batch is rolled back
                        except BaseException as error:  # noqa: BLE001 - the caller's to see
                            answers.append((future, False, error))
                finally:
                    self._in_batch = False
        except BaseException:  # noqa: BLE001 - refused: nothing of the batch written
            for call, future in calls:
                settle(future, call)
            return
        for future, done, answer in answers:
            future.set_result(answer) if done else future.set_exception(answer)

    def _open(self, created: bool) -> None:
        """Set the store up; `DatabaseError` naming what is wrong with a file that is not one
        (`created`: the file was made just now, empty)."""
        db = self._db
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError("; ".join(problems[:3]))
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = [name for name in CORE_TABLES if name not in tables]
        if tables & set(CORE_TABLES) and missing:
            raise sqlite3.DatabaseError(f"its table(s) {', '.join(missing)} are missing")
        if not created and not tables & set(CORE_TABLES):  # its WAL lost, or another's beside it
            others = f" (it has {', '.join(sorted(tables))})" if tables else ""
            raise sqlite3.DatabaseError(f"it holds none of the store's tables{others}")
        db.executescript(SCHEMA)
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if version > len(MIGRATIONS):
            raise sqlite3.DatabaseError(f"it was written by a newer narrator (schema {version})")
        for number in range(version, len(MIGRATIONS)):
            with self._transaction():
                db.execute(MIGRATIONS[number])
                db.execute(f"PRAGMA user_version = {number + 1}")

    def close(self) -> None:
        """Write what is queued, end the writer thread, close the file."""
        self._closed()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write, all or nothing: a write the disk refuses raises `StoreUnwritable` and
        leaves the store as it was (the caller has changed nothing yet: write ahead). Inside
        a batch (`_batch`) it is a savepoint of the batch's transaction."""
        if self._in_batch:
            self._db.execute("SAVEPOINT call")
            try:
                yield self._db
            except sqlite3.OperationalError as error:
                with suppress(sqlite3.Error):  # SQLite may have rolled the transaction back
                    self._db.execute("ROLLBACK TO call")
                    self._db.execute("RELEASE call")
                if _unwritable(error):
                    raise self._refused(error) from None
                raise
            except BaseException:
                self._db.execute("ROLLBACK TO call")
                self._db.execute("RELEASE call")
                raise
            self._db.execute("RELEASE call")
            return
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._rollback()
                raise
            self._db.execute("COMMIT")
        except sqlite3.OperationalError as error:
            self._rollback()
            if _unwritable(error):
                raise self._refused(error) from None
            raise
        if self.unwritable is not None:
            self.unwritable = None
            self.report(f"存储恢复 / the store writes again: {self.path}")
            self._changed()

    def _refused(self, error: sqlite3.OperationalError) -> StoreUnwritable:
        """The write the disk refused, said once on the box until the store writes again."""
        refused = StoreUnwritable(self.path, error)
        told = self.unwritable is not None
        if not told:
            self.report(refused.line)
        self.unwritable = refused
        if not told:
            self._changed()
        return refused

    def _rollback(self) -> None:
        """Roll back what is open (SQLite may have rolled back a failed commit itself)."""
        if self._db.in_transaction:
            with suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")

    @on_the_writer
    def probe(self) -> bool:
        """Whether the store writes again (a write that changes nothing a game holds)."""
        try:
            with self._transaction() as db:
                db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        except StoreUnwritable:
            return False
        return True


def _stop(writer: Writer, db: sqlite3.Connection) -> None:
    writer.stop()
    db.close()


def _say(line: str) -> None:
    print(f"narrator: {line}", file=sys.stderr, flush=True)


def _unwritable(error: sqlite3.OperationalError) -> bool:
    """A write the disk refused (full, read-only, an I/O error), not a mistake of ours."""
    code = getattr(error, "sqlite_errorname", "") or ""
    return code.startswith(("SQLITE_FULL", "SQLITE_IOERR", "SQLITE_READONLY", "SQLITE_CANTOPEN")) or any(
        words in str(error) for words in ("disk is full", "disk I/O error", "readonly database")
    )
