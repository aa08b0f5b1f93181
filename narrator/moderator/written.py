"""A write the session cannot go on without (a new game, the record, the game's end), done
off the event loop once the disk takes it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from narrator.inbox import Command, CommandWord, Inbox, Input
from narrator.store import Store, StoreUnwritable, unwritable_line
from narrator.timing import Clock

STORE_RETRY = 0.5  # real seconds between two tries of a write the disk refused
T = TypeVar("T")


async def written(write: Callable[[], T], inbox: Inbox) -> T:
    """`write` (to the store) off the event loop once the disk takes it: a refusal (the store
    said it, once, in one line) is tried again every STORE_RETRY real seconds; what comes to
    the inbox meanwhile is kept for after it, in order (the host's end ends the next game)."""
    kept: list[Input] = []
    try:
        while True:
            try:
                return await asyncio.to_thread(write)
            except StoreUnwritable:
                item = await inbox.next(Clock(), STORE_RETRY)
                if item is not None:
                    kept.append(item)
    finally:
        inbox.keep(kept)


async def saved(write: Callable[[], None], store: Store, inbox: Inbox, path: Path | None = None) -> bool:
    """Do `write` (the record, the game's end in the store) off the event loop, once the disk
    takes it: a refusal is said in one line at the box and it is tried again every
    STORE_RETRY seconds; False when the game is ended meanwhile (the store still holds every
    decision: `narrator resume` finishes it)."""
    told = False
    while True:
        try:
            await asyncio.to_thread(write)  # the disk's time is not the event loop's
            return True
        except StoreUnwritable:
            pass  # the store said so itself, once
        except OSError as error:
            if not told:
                store.report(unwritable_line(path or store.path, error))
                told = True
        item = await inbox.next(Clock(), STORE_RETRY)
        if isinstance(item, Command) and item.word == CommandWord.END:
            store.report("没有保存，narrator resume 可继续 / not saved; `narrator resume` finishes the game")
            return False
