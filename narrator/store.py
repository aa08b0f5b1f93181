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
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import queue
import secrets
import sqlite3
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from pydantic import ValidationError

from engine.decisions import Decision
from engine.game import Game
from engine.rules import Rules
from engine.setup import Setup
from engine.state import IllegalDecision, Pending
from narrator.decision_kinds import RENAME_CLASS_NAMES, decision_type, kind_of

DATA_ENV = "WEREWOLF_NARRATOR_DATA"

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    status TEXT NOT NULL,          -- playing | over | ended | abandoned | damaged
    setup TEXT NOT NULL,           -- JSON of engine.Setup
    rules TEXT NOT NULL,           -- JSON of engine.Rules
    config TEXT NOT NULL,          -- JSON of the moderator's settings (locale, timers, …)
    winner TEXT
);
CREATE TABLE IF NOT EXISTS decisions (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,            -- 0-based position in the game's log
    phase TEXT NOT NULL,
    step TEXT NOT NULL,
    kind TEXT NOT NULL,            -- the decision's record key (narrator.decision_kinds)
    body TEXT NOT NULL,            -- JSON of the decision
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS evenings (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    status TEXT NOT NULL           -- open (its table may play again) | closed
);
CREATE TABLE IF NOT EXISTS parts (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,            -- the decision they are parts of (its position in the log)
    step TEXT NOT NULL,
    seat INTEGER NOT NULL,
    body TEXT NOT NULL,            -- JSON of the seat's answer (a ballot, a pick)
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n, seat)
);
CREATE TABLE IF NOT EXISTS host (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    token TEXT NOT NULL            -- the host token the last PIN claim made
);
"""
# Schema changes, in order: change i brings a store from `PRAGMA user_version` i to i + 1.
# A new table needs none (add it to SCHEMA: CREATE TABLE IF NOT EXISTS); a new column of an
# existing table is one more entry here.
MIGRATIONS = (
    "ALTER TABLE games ADD COLUMN note TEXT",  # why a game is damaged or abandoned
    "ALTER TABLE games ADD COLUMN evening TEXT REFERENCES evenings(id)",  # the evening it was played in
    RENAME_CLASS_NAMES,  # decisions keyed by their record key, no longer by their class name
)
CORE_TABLES = ("games", "decisions", "seats")
# The part of a set-aside store's name that says it was set aside, and its note's suffix.
ASIDE_MARK = ".damaged-"
NOTE_SUFFIX = ".txt"
# Demo games are kept in this folder next to the table's store, apart from real games.
DEMO_FOLDER = "demo"
STORE_SUFFIX = ".sqlite3"  # a store's file name ends so (a folder named so is a mistake)
PRIVATE = 0o600
SILENT = 3.0  # seconds a write may wait for the disk before the box says it does not answer
SILENT_LOOK = 0.5  # seconds between two looks at a write that has not been answered yet


def default_path() -> Path:
    """`$WEREWOLF_NARRATOR_DATA/games.sqlite3`, else under `$XDG_DATA_HOME/werewolf-narrator`."""
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV]) / "games.sqlite3"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "werewolf-narrator" / "games.sqlite3"


class StoreError(LookupError):
    """A game that is not in the store, or a log that does not match the game."""


class DamagedStore(StoreError):
    """A store file that cannot be read as a store; `problem` says what is wrong."""

    def __init__(self, path: Path, problem: str) -> None:
        problem = " ".join(problem.split())  # one line (quick_check's rows hold newlines)
        super().__init__(f"the store {path} is damaged: {problem}")
        self.path, self.problem = path, problem


class StoreIsFolder(DamagedStore):
    """The store's path names a folder (a folder named as a store file)."""

    def __init__(self, path: Path) -> None:
        StoreError.__init__(self, f"the store {path} is a folder, not a store file")
        self.path, self.problem = path, "it is a folder, not a store file"


class StoreUnwritable(StoreError):
    """A write the store's disk refused (full, read-only, failing): nothing of it was written.
    `line` says in one line what is wrong and where, for the box's terminal."""

    def __init__(self, path: Path, error: sqlite3.Error | OSError) -> None:
        self.path, self.error = path, error
        self.line = unwritable_line(path, error)
        super().__init__(self.line)


def unwritable_line(path: Path, error: sqlite3.Error | OSError) -> str:
    """One line for a write that failed: what is wrong, where, and that the game waits."""
    code = getattr(error, "sqlite_errorname", "") or ""
    errno = getattr(error, "errno", None)
    detail = " ".join(str(error).split())
    if code == "SQLITE_FULL" or errno == 28:
        what = "存储已满 / the store's disk is full"
    elif code.startswith("SQLITE_READONLY") or errno == 30:
        what = "存储只读 / the store is read-only"
    else:
        what = "存储写入失败 / the store could not write"
    waits = "游戏暂停，写入恢复后自动继续 / the game waits until it can write again"
    return f"{what}：{path} ({detail}); {waits}"


def silent_line(path: Path) -> str:
    """One line for a disk that does not answer (a write has waited SILENT seconds and more)."""
    return (
        f"存储没有回应（{SILENT:g} 秒以上）/ the store does not answer (over {SILENT:g} s): {path}; "
        "游戏暂停，存储回应后自动继续 / the game waits until it answers"
    )


class DamagedGame(StoreError):
    """A stored game that cannot be read back or replayed; `problem` says what is wrong."""

    def __init__(self, game_id: str, problem: str) -> None:
        super().__init__(f"game {game_id} is damaged: {problem}")
        self.game_id, self.problem = game_id, problem


P = ParamSpec("P")
T = TypeVar("T")
Call = tuple[Callable[[], Any], "Future[Any]"]


class Writer:
    """The thread that owns a store's connection: calls queue up and run there in order; the
    calls waiting when one begins run with it in one transaction (`Store._batch`)."""

    def __init__(self, run_batch: weakref.WeakMethod[Callable[[list[Call]], None]], name: str) -> None:
        """`run_batch` is held weakly: a store nobody holds any more is closed (`Store.close`)."""
        self._calls: queue.SimpleQueue[Call | None] = queue.SimpleQueue()
        self._busy_since: list[float | None] = [None]  # when the batch running began (monotonic)
        self._thread = threading.Thread(
            target=self._serve, args=(self._calls, run_batch, self._busy_since), name=name, daemon=True
        )
        self._thread.start()

    def busy_for(self) -> float:
        """Seconds the batch running has run (0 when none runs)."""
        since = self._busy_since[0]
        return 0.0 if since is None else time.monotonic() - since

    @staticmethod
    def _serve(
        calls: queue.SimpleQueue[Call | None],
        run_batch: weakref.WeakMethod[Callable[[list[Call]], None]],
        busy_since: list[float | None],
    ) -> None:
        while True:
            first = calls.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while True:
                try:
                    more = calls.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            run = run_batch()
            if run is None:
                return
            busy_since[0] = time.monotonic()
            run(batch)
            busy_since[0] = None
            del run
            if stop:
                return

    def here(self) -> bool:
        """Whether the caller runs on the writer thread (a call inside a call)."""
        return threading.current_thread() is self._thread

    def submit(self, call: Callable[[], T]) -> Future[T]:
        future: Future[T] = Future()
        self._calls.put((call, future))
        return future

    def stop(self) -> None:
        """Run what is queued, then end the thread."""
        if self._thread.is_alive():
            self._calls.put(None)
            if not self.here():
                self._thread.join()


def on_the_writer(method: Callable[Concatenate[Store, P], T]) -> Callable[Concatenate[Store, P], T]:
    """The method runs on the store's writer thread; the caller waits for its answer."""

    def routed(self: Store, /, *args: P.args, **kwargs: P.kwargs) -> T:
        if self._writer.here():
            return method(self, *args, **kwargs)
        return self._writer.submit(functools.partial(method, self, *args, **kwargs)).result()

    functools.update_wrapper(routed, method)
    return routed


@dataclass(frozen=True)
class StoredGame:
    id: str
    created: float
    updated: float
    status: str
    setup: Setup
    rules: Rules
    config: dict[str, Any]
    winner: str | None
    decisions: list[Decision]

    def rebuild(self, game: Game | None = None) -> Game:
        """The game (`game`, fresh, when given), replayed from its log to the step where it
        stopped. Raises `DamagedGame` naming the first decision the rules refuse."""
        game = game if game is not None else Game(self.setup, self.rules)
        for n, decision in enumerate(self.decisions):
            try:
                game.apply(decision)
            except IllegalDecision as error:
                raise DamagedGame(
                    self.id, f"decision {n} ({type(decision).__name__}) is illegal there: {error.message}"
                ) from None
        return game


class Store:
    """One SQLite file of games; safe to open from one process at a time per game."""

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
        created = _check_files(self.path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise DamagedStore(self.path, str(error)) from None
        try:
            self._open(created)
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise DamagedStore(self.path, str(error)) from None
        for name in _companions(self.path):
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
            _answer(future, call)
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
                _answer(future, call)
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

    # Games

    @on_the_writer
    def create(
        self,
        setup: Setup,
        rules: Rules,
        config: Mapping[str, Any] | None = None,
        evening: str | None = None,
    ) -> str:
        """Store a new game (its deal and settings), played in `evening` when given; its id."""
        game_id = time.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, created, updated, status, setup, rules, config, evening) "
                "VALUES (?, ?, ?, 'playing', ?, ?, ?, ?)",
                (
                    game_id,
                    now,
                    now,
                    setup.model_dump_json(),
                    rules.model_dump_json(),
                    json.dumps(dict(config or {}), ensure_ascii=False),
                    evening,
                ),
            )
        return game_id

    @on_the_writer
    def append(self, game_id: str, n: int, pending: Pending, decision: Decision) -> None:
        """Commit decision number `n` (0-based) of the game; returns once it is on disk."""
        with self._transaction() as db:
            count = db.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)).fetchone()[0]
            row = (kind_of(decision), decision.model_dump_json())
            if count == n + 1 and self._stored(game_id, n) == row:
                return  # a commit reported failed that reached the disk after all: it is there
            if count != n:
                raise StoreError(f"game {game_id} has {count} decisions stored, not {n}")
            db.execute(
                "INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    n,
                    pending.phase,
                    pending.step,
                    kind_of(decision),
                    decision.model_dump_json(),
                    time.time(),
                ),
            )
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (time.time(), game_id))
            db.execute("DELETE FROM parts WHERE game_id = ? AND n <= ?", (game_id, n))

    @on_the_writer
    def put_part(self, game_id: str, n: int, step: str, seat: int, body: str) -> None:
        """Commit `seat`'s part (`body`, JSON) of decision number `n`, the pending one (a
        ballot, a pick: a pick may change, the last one counts); `append` of decision `n`
        drops them."""
        with self._transaction() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)).fetchone()
            if count != n:
                raise StoreError(f"game {game_id} has {count} decisions stored: no part of decision {n}")
            db.execute(
                "INSERT OR REPLACE INTO parts VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, n, step, seat, body, time.time()),
            )

    @on_the_writer
    def parts(self, game_id: str, n: int, step: str) -> dict[int, str]:
        """Seat → its part (JSON) of decision number `n` at `step`, as committed."""
        return {
            int(seat): str(body)
            for seat, body in self._db.execute(
                "SELECT seat, body FROM parts WHERE game_id = ? AND n = ? AND step = ? ORDER BY seat",
                (game_id, n, step),
            )
        }

    def _stored(self, game_id: str, n: int) -> tuple[str, str] | None:
        row = self._db.execute(
            "SELECT kind, body FROM decisions WHERE game_id = ? AND n = ?", (game_id, n)
        ).fetchone()
        return (str(row[0]), str(row[1])) if row else None

    @on_the_writer
    def touch(self, game_id: str) -> None:
        """Commit the game's last-touched time (a decoy's touch at night: one commit, as a
        decision's is, so a slow disk takes as long for it)."""
        with self._transaction() as db:
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (time.time(), game_id))

    @on_the_writer
    def undo(self, game_id: str) -> Decision | None:
        """Remove the game's last decision (a mistaken one); the decision removed."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT n, kind, body, step FROM decisions WHERE game_id = ? ORDER BY n DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            db.execute("DELETE FROM decisions WHERE game_id = ? AND n = ?", (game_id, row[0]))
            db.execute("DELETE FROM parts WHERE game_id = ? AND n >= ?", (game_id, row[0]))
        return _decision(row[1], row[3], row[2])

    @on_the_writer
    def replace_setup(self, game_id: str, setup: Setup, rules: Rules | None = None) -> None:
        """Replace the setup of a game with no decision yet (the facts given at joining), and
        its rules when given (a board the host picked)."""
        with self._transaction() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)).fetchone()
            if count:
                raise StoreError(f"game {game_id} has begun: its setup stays as it was dealt")
            db.execute("UPDATE games SET setup = ? WHERE id = ?", (setup.model_dump_json(), game_id))
            if rules is not None:
                db.execute("UPDATE games SET rules = ? WHERE id = ?", (rules.model_dump_json(), game_id))

    @on_the_writer
    def finish(self, game_id: str, winner: str | None, status: str = "over") -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET status = ?, winner = ?, updated = ? WHERE id = ?",
                (status, winner, time.time(), game_id),
            )

    @on_the_writer
    def mark(self, game_id: str, status: str, note: str | None) -> None:
        """Set the game's status ("damaged", "abandoned", …) and say why; its rows stay."""
        with self._transaction() as db:
            db.execute("UPDATE games SET status = ?, note = ? WHERE id = ?", (status, note, game_id))

    @on_the_writer
    def load(self, game_id: str) -> StoredGame:
        """The stored game; `StoreError` when there is none, `DamagedGame` naming the first
        row that cannot be read back (its setup, rules, settings, or a decision)."""
        row = self._db.execute(
            "SELECT id, created, updated, status, setup, rules, config, winner FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise StoreError(f"no game {game_id!r} in {self.path}")
        decisions = []
        rows = self._db.execute(
            "SELECT n, kind, body, step FROM decisions WHERE game_id = ? ORDER BY n", (game_id,)
        )
        for expected, (n, kind, body, step) in enumerate(rows):
            if n != expected:
                raise DamagedGame(game_id, f"decision {expected} is missing (the next stored is {n})")
            if decision_type(kind, step) is None:
                raise DamagedGame(game_id, f"decision {n} is of an unknown kind {kind!r}")
            try:
                decisions.append(_decision(kind, step, body))
            except ValueError as error:
                raise DamagedGame(game_id, f"decision {n} ({kind}) is {_problem(error)}") from None
        config = _part(game_id, "settings are", lambda: json.loads(row[6]))
        if not isinstance(config, dict):
            raise DamagedGame(game_id, "its settings are not a table")
        return StoredGame(
            id=row[0],
            created=row[1],
            updated=row[2],
            status=row[3],
            setup=_part(game_id, "setup is", lambda: Setup.model_validate_json(row[4])),
            rules=_part(game_id, "rules are", lambda: Rules.model_validate_json(row[5])),
            config=config,
            winner=row[7],
            decisions=decisions,
        )

    @on_the_writer
    def games(self) -> list[dict[str, Any]]:
        """Every game, newest first: id, status, seats (None when its setup is damaged),
        decisions, winner, times, note (why it is damaged or abandoned)."""
        rows = self._db.execute(
            "SELECT g.id, g.status, g.setup, g.winner, g.created, g.updated, "
            "(SELECT COUNT(*) FROM decisions d WHERE d.game_id = g.id), g.note "
            "FROM games g ORDER BY g.created DESC, g.id DESC"
        ).fetchall()
        return [
            {
                "id": r[0],
                "status": r[1],
                "seats": _seats(r[2]),
                "winner": r[3],
                "created": r[4],
                "updated": r[5],
                "decisions": r[6],
                "note": r[7],
            }
            for r in rows
        ]

    @on_the_writer
    def latest_unfinished(self) -> str | None:
        row = self._db.execute(
            "SELECT id FROM games WHERE status = 'playing' ORDER BY updated DESC LIMIT 1"
        ).fetchone()
        return row[0] if row else None

    # Phones

    @on_the_writer
    def bind_seat(self, game_id: str, seat: int, name: str, token: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?)", (game_id, seat, name, token))

    @on_the_writer
    def free_seat(self, game_id: str, seat: int) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    @on_the_writer
    def seats(self, game_id: str) -> dict[int, tuple[str, str]]:
        """Seat → (name, token) for the phones bound to the game."""
        return {
            seat: (name, token)
            for seat, name, token in self._db.execute(
                "SELECT seat, name, token FROM seats WHERE game_id = ?", (game_id,)
            )
        }

    @on_the_writer
    def bind_host(self, game_id: str, token: str) -> None:
        """Keep the host token of the game (the last claim), so the host's phone stays host."""
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO host VALUES (?, ?)", (game_id, token))

    @on_the_writer
    def host_token(self, game_id: str) -> str | None:
        """The host token of the game's last claim, or None when nobody claimed the host."""
        row = self._db.execute("SELECT token FROM host WHERE game_id = ?", (game_id,)).fetchone()
        return str(row[0]) if row else None

    # Evenings

    @on_the_writer
    def open_evening(self) -> str:
        """Start a new evening (its games are stored with it); its id."""
        evening_id = time.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
        with self._transaction() as db:
            db.execute("INSERT INTO evenings VALUES (?, ?, 'open')", (evening_id, time.time()))
        return evening_id

    @on_the_writer
    def close_evening(self, evening_id: str) -> None:
        """The table has gone home: `narrator play` starts a new evening after this one."""
        with self._transaction() as db:
            db.execute("UPDATE evenings SET status = 'closed' WHERE id = ?", (evening_id,))

    @on_the_writer
    def open_evening_id(self) -> str | None:
        """The latest evening still open (a crash or a pulled plug kept it so), or None."""
        row = self._db.execute(
            "SELECT id FROM evenings WHERE status = 'open' ORDER BY created DESC, id DESC LIMIT 1"
        ).fetchone()
        return str(row[0]) if row else None

    @on_the_writer
    def evening_of(self, game_id: str) -> str | None:
        row = self._db.execute("SELECT evening FROM games WHERE id = ?", (game_id,)).fetchone()
        return str(row[0]) if row and row[0] else None

    @on_the_writer
    def evenings(self) -> list[dict[str, Any]]:
        """Every evening, newest first: id, created, status, and its games' ids in play order."""
        found = []
        for evening_id, created, status in self._db.execute(
            "SELECT id, created, status FROM evenings ORDER BY created DESC, id DESC"
        ).fetchall():
            games = [
                row[0]
                for row in self._db.execute(
                    "SELECT id FROM games WHERE evening = ? ORDER BY created, id", (evening_id,)
                )
            ]
            found.append({"id": evening_id, "created": created, "status": status, "games": games})
        return found


def store_path(path: Path | str | None = None) -> Path:
    """The store's file: `path` itself, or `games.sqlite3` in it when it is a folder (or has
    no suffix) but one named as a store is (`StoreIsFolder` when opened); the user's default
    store when None."""
    chosen = Path(path) if path else default_path()
    folder = chosen.is_dir() and chosen.suffix != STORE_SUFFIX
    return chosen / f"games{STORE_SUFFIX}" if folder or not chosen.suffix else chosen


def demo_store(path: Path | str | None = None) -> Path:
    """Where demo games are kept: `path` when given, else apart from the table's real games."""
    return Path(path) if path is not None else store_path().parent / DEMO_FOLDER


def set_aside(path: Path, problem: str) -> Path:
    """Move the damaged store `path` (with its WAL and SHM) next to itself, under a name
    that says so, with a note of `problem`; the new path. The store's place is then free."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}{ASIDE_MARK}{stamp}{path.suffix}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.stem}{ASIDE_MARK}{stamp}-{number}{path.suffix}")
    for old, new in zip(_companions(path), _companions(aside), strict=True):
        if old.exists():
            old.rename(new)
    note = aside.with_name(aside.name + NOTE_SUFFIX)
    fd = os.open(note, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(problem + "\n")
    return aside


def kept_aside(path: Path) -> list[tuple[Path, str]]:
    """The damaged stores set aside next to the store `path`, oldest first, with their notes."""
    found = []
    for aside in sorted(path.parent.glob(f"{path.stem}{ASIDE_MARK}*{path.suffix}")):
        note = aside.with_name(aside.name + NOTE_SUFFIX)
        problem = note.read_text(encoding="utf-8").strip() if note.exists() else "(no note)"
        found.append((aside, problem))
    return found


def write_private(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path`, readable by its owner only (a record names the cards)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE)
    os.fchmod(fd, PRIVATE)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(text)


def _companions(path: Path) -> tuple[Path, Path, Path]:
    return path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


def _check_files(path: Path) -> bool:
    """Create the store file for its owner only (True: created now); refuse an empty one
    (SQLite would open it as an empty store, and delete a WAL beside it: every game lost)."""
    main, wal, _ = _companions(path)
    if main.is_dir():
        raise StoreIsFolder(path)
    if not main.exists():
        os.close(os.open(main, os.O_WRONLY | os.O_CREAT, PRIVATE))
        return True
    if main.stat().st_size == 0 and wal.exists() and wal.stat().st_size > 0:
        raise DamagedStore(
            path, f"the main file is empty but its write-ahead log ({wal.stat().st_size} bytes) is beside it"
        )
    if main.stat().st_size == 0:
        raise DamagedStore(path, "the main file is empty (0 bytes) and no write-ahead log holds its pages")
    return False


def _answer(future: Future[Any], call: Callable[[], Any]) -> None:
    try:
        answer = call()
    except BaseException as error:  # noqa: BLE001 - the caller's to see
        future.set_exception(error)
    else:
        future.set_result(answer)


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


def _part(game_id: str, what: str, read: Any) -> Any:
    """`read()`, or `DamagedGame` saying "its {what} not valid: …" (`what` ends with its verb)."""
    try:
        return read()
    except ValueError as error:
        raise DamagedGame(game_id, f"its {what} {_problem(error)}") from None


def _problem(error: Exception) -> str:
    """What is wrong with one stored JSON value, in a few words ("not JSON (…)", "not valid: …")."""
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        if first["type"] == "json_invalid":
            return f"not JSON ({first['ctx'].get('error', first['msg'])})"
        where = ".".join(str(p) for p in first["loc"])
        return f"not valid: {where + ': ' if where else ''}{first['msg']}"
    if isinstance(error, json.JSONDecodeError):
        return f"not JSON ({error.msg})"
    return f"not valid: {error}"


def _seats(setup: str) -> int | None:
    try:
        seats = json.loads(setup).get("seats")
    except (ValueError, AttributeError):
        return None
    return seats if isinstance(seats, int) else None


def _decision(kind: str, step: str, body: str) -> Decision:
    cls = decision_type(kind, step)
    if cls is None:
        raise StoreError(f"unknown decision kind {kind!r} in the store")
    return cls.model_validate_json(body)
