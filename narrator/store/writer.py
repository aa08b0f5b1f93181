"""The thread that owns a store's connection (aiosqlite's pattern: a queue of calls, each
answered through a future)."""

from __future__ import annotations

import queue
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")
Call = tuple[Callable[[], Any], "Future[Any]"]


class Writer:
    """The thread that owns a store's connection: calls queue up and run there in order; the
    calls waiting when one begins run with it in one transaction (`StoreFile._batch`)."""

    def __init__(self, run_batch: weakref.WeakMethod[Callable[[list[Call]], None]], name: str) -> None:
        """`run_batch` is held weakly: a store nobody holds any more is closed (`StoreFile.close`)."""
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


def settle(future: Future[Any], call: Callable[[], Any]) -> None:
    """Run `call`, its answer (or its error) into `future`."""
    try:
        answer = call()
    except BaseException as error:  # noqa: BLE001 - the caller's to see
        future.set_exception(error)
    else:
        future.set_result(answer)
