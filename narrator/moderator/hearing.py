"""What the moderator hears and how it waits (its loop's Rules 3, 5 and 6, `loop`): one
input at a time from the table's inbox, on the clock's timeouts; the public commands, the
pause, a keyed entry, and a store that does not write, which holds every timer."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Callable
from typing import Any, Protocol, TypeGuard

from engine.game import Game
from engine.state import IllegalDecision
from narrator.inbox import Command, CommandWord, Decided, Input, Keyed, Stale, StoreChanged
from narrator.moderator.written import STORE_RETRY
from narrator.phones.table import PhoneTable
from narrator.store import Store, StoreUnwritable
from narrator.timing import Clock, Timers

log = logging.getLogger("narrator.moderator")


class Voice(Protocol):
    """The judge's voice as the moderator needs it (`narrator.voice.Speaker` is one)."""

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> object: ...

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> object: ...

    def night(self, on: bool) -> None: ...


class Hearing:
    """The moderator's ears and patience: its inbox, its clock and its voice."""

    def __init__(
        self,
        table: PhoneTable,
        voice: Voice,
        *,
        timers: Timers | None = None,
        clock: Clock | None = None,
        on_line: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        self.table = table
        self.inbox = table.inbox
        self.voice = voice
        self.timers = timers or Timers()
        self.clock = clock or Clock()
        table.now = self.clock.now  # the phones' countdowns run on this clock
        self.on_line = on_line
        self._last_line: tuple[str, dict[str, Any]] | None = None
        self.orders = table.orders  # every change to the game, carried out in turn (Rule 7)
        self._store_waiting = False
        self.ended = False
        self.ended_by: str | None = None
        """Where the command that ended the game early came from ("host", "terminal", …)."""

    @property
    def game(self) -> Game:
        return self.table.game

    def is_day_action(self, item: object) -> TypeGuard[Decided]:
        """Whether `item` is a day action the table applied (it ends the speech running)."""
        return isinstance(item, Decided) and type(item.applied.decision) in self.game.catalogue.actions

    async def say(self, key: str, **params: Any) -> None:
        """Say a line; a line the voice cannot say is logged, and the game goes on."""
        if not key.startswith("judge."):  # "repeat" says the game's last line, not "继续"
            self._last_line = (key, params)
        if self.on_line is not None:
            self.on_line(key, params)
        try:
            await asyncio.to_thread(self.voice.say, key, **params)
        except Exception as error:  # noqa: BLE001 - a voice failure must never stop the game
            log.error("could not say %s %s: %s", key, params, error)
            print(f"narrator: could not say {key} {params}: {error}", file=sys.stderr, flush=True)

    # The inbox

    async def wait(
        self, seconds: float, ending: tuple[CommandWord, ...] = (), *, owed: bool = False
    ) -> str | Input | None:
        """Wait up to `seconds` for one input and act on it (Rule 5): a command of `ending`
        is returned for the caller to act on; another command is acted on here (None); a
        decision applied, or an input the caller may want (a card seen), is returned; None
        when the time ran out first. `owed`: the phones owe an answer."""
        item = await self.inbox.next(self.clock, max(0.0, seconds), owed=owed)
        taken = await self.take(item, ending)
        await self.wait_for_store()
        return taken

    @property
    def store(self) -> Store | None:
        store = getattr(self.game, "store", None)
        return store if isinstance(store, Store) else None

    async def wait_for_store(self) -> None:
        """While the store refuses to write or does not answer, hold every timer, take the
        inputs that come and try a refusing store again every STORE_RETRY real seconds (Rule
        6); the parts a table's decision had when it was refused are applied once the store
        writes."""
        store = self.store
        if store is None or (store.unwritable is None and not store.silent) or self._store_waiting:
            return
        self._store_waiting = True
        self.clock.hold()
        real = Clock()
        kept: list[Input] = []  # a day action is the speech's to hear, after the store writes
        try:
            while (store.unwritable is not None or store.silent) and not self.ended:
                item = await self.inbox.next(real, STORE_RETRY)
                if self.is_day_action(item):
                    kept.append(item)
                elif item is not None:
                    await self.take(item)
                elif store.unwritable is not None and not store.silent and await store.write(store.probe):
                    break
            if not self.ended:
                with contextlib.suppress(StoreUnwritable):
                    await self.table.settle()
        finally:
            self.inbox.keep(kept)
            self._store_waiting = False
            self.clock.release()

    async def take(self, item: Input | None, ending: tuple[CommandWord, ...] = ()) -> str | Input | None:
        """Act on one input from the inbox, as `wait` says."""
        if isinstance(item, Command):
            if item.word == CommandWord.END:
                self.ended_by = item.source
            return await self.command(item.word, ending)
        if isinstance(item, Keyed):
            await self.key(item)
            return None
        if isinstance(item, StoreChanged):
            return None  # then `wait_for_store` holds the timers, if the store cannot save
        return item  # a decision applied (a day action ends the speech running), a card seen

    async def key(self, keyed: Keyed) -> None:
        """A keyed entry: applied if its step is still pending; the keypad hears the outcome."""
        if keyed.reply.cancelled():
            return
        if self.game.pending is not keyed.pending or self.ended:
            keyed.reply.set_exception(Stale())
            return
        try:
            applied = await self.table.apply(keyed.decision, pending=keyed.pending)
        except (IllegalDecision, StoreUnwritable, Stale) as error:
            if not keyed.reply.cancelled():
                keyed.reply.set_exception(error)
            return
        if not keyed.reply.cancelled():
            keyed.reply.set_result(applied)

    async def pause_for(self, seconds: float) -> None:
        """Let `seconds` pass on the clock, acting on the commands that come meanwhile."""
        await self.pause_until(self.clock.now() + seconds)

    async def pause_until(self, end: float) -> None:
        """Let the clock run to `end`, acting on the commands that come meanwhile."""
        while (left := end - self.clock.now()) > 0 and not self.ended:
            await self.wait(left)

    async def command(self, word: CommandWord, ending: tuple[CommandWord, ...] = ()) -> str | None:
        """Act on a public command (Rule 3); a word of `ending` is returned for the caller."""
        if word in ending:
            return word
        if word == CommandWord.END:
            self.ended = True
        elif word == CommandWord.REPEAT and self._last_line is not None:
            key, params = self._last_line
            await self.say(key, **params)
        elif word == CommandWord.PAUSE:
            await self.pause()
        return None

    async def pause(self) -> None:
        """Every timer stops until "resume"; "end" ends the game at once; the other commands
        are kept, in order, for after the pause; decisions are taken meanwhile (Rule 3)."""
        self.clock.hold()
        await self.say("judge.pause")
        kept: list[Input] = []
        try:
            while True:
                item = await self.inbox.get()
                if isinstance(item, Command):
                    if item.word == CommandWord.RESUME:
                        break
                    if item.word == CommandWord.END:
                        self.ended, self.ended_by = True, item.source
                        return
                    if item.word != CommandWord.PAUSE:  # a pause while paused means nothing more
                        kept.append(item)
                elif self.is_day_action(item):
                    kept.append(item)  # the speech paused hears it once resumed
                else:
                    await self.take(item)
        finally:
            self.inbox.keep(kept)
            self.clock.release()
        await self.say("judge.resume")
