"""The moderator: narrates the engine's steps, waits for each decision, keeps every timer.

Rule 1: events are narrated in order: cues are said; a pretended night step pauses as long
        as a real one (`NightPacing`), on the same clock: its reminder falls where a real
        step's does and it closes at the same second after it, however long the reminder
        takes to say; a step that only shows its holder something (his shot status, the
        pack) asks nothing and lasts the night step's drawn minimum, tap or not, without a
        reminder, like its pretended twin; a meeting pauses; the discussion, candidates' and
        revote speeches and last words run with a timer per speaker.
Rule 2: a decision is awaited until its deadline, with a spoken reminder before it; then
        the rule's default is applied (the phones' parts so far; a pass for one seat). A
        decision by day that a dead seat owes (a shot) is on the phones with the line that asks
        for it, and its time runs from then.
Rule 3: a day action (a self-destruct, the knight's duel, the white wolf king's blow) ends the
        speech running at any moment and with it the day's speeches (in the club election, the
        deaths and last words are then still told before night falls), unless the step the
        talk came before is pending again (a duel the knight lost): then what it did is said at
        once and the next seat speaks; "过" (said, or the
        speaker's button) ends one speech, "开始投票" the discussion; "暂停" stops every timer
        until "继续" (the commands given meanwhile, and a day action applied meanwhile, are
        kept for after it, but "结束", which ends the game at once); "重复" says the last line again.
Rule 4: the judge never hears itself: the listener is told while the judge speaks.
Rule 5: everything reaches the moderator through the table's inbox, awaited with the clock's
        timeouts; a keyed entry is applied here, on the loop, if its step is still pending.
Rule 6: a write the store refused, or a store that does not answer (the box said so in one
        line, every phone in a notice: `store_notices`), holds every timer; the inputs are
        still taken (a phone's retry may be written; a day action applied is kept for the
        speech it ends), a refusing store is tried again every `STORE_RETRY` real seconds, a
        silent one is waited for, and once it writes the game goes on by itself.
Rule 7: the moderator owns the table's orders (`narrator.phones.orders`): every change to the
        game is an order carried out in turn, and each one applied reaches the inbox in order
        (`Decided`). It keeps no flag of what happened while it spoke: a speech returns what
        ended it (`Ended`), the speeches return the day action that stopped the talk, and the
        narration skips what that talk said or dropped (`Talk`). The cases, each with its test:
        docs/architecture.md, "What the moderator knows".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeGuard

from engine.catalog import usual
from engine.decisions import Decision
from engine.events import Event
from engine.game import Game
from engine.state import IllegalDecision, Pending
from engine.steps import Answer, Form, Kind, Share
from narrator.deadlines import draw_seconds, shown
from narrator.inbox import Applied, Command, Decided, Input, Keyed, Stale, StoreChanged
from narrator.moderator.cues import night_of, spoken_as
from narrator.moderator.store_notices import StoreNotices
from narrator.phones.table import PhoneTable
from narrator.store import Store, StoreUnwritable
from narrator.timing import Clock, NightPacing, Timers

log = logging.getLogger("narrator.moderator")
STORE_RETRY = 0.5  # real seconds between two tries of a store that refused a write (Rule 6)


class Voice(Protocol):
    """The judge's voice as the moderator needs it (`narrator.voice.Speaker` is one)."""

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> object: ...

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> object: ...

    def night(self, on: bool) -> None: ...


class Desk(Protocol):
    """Another way to decide beside the phones (`narrator.moderator.desk.KeypadDesk`)."""

    def ask(self, pending: Pending) -> None: ...


ANCHORS = (
    "night.falls",
    "day.breaks",
    "vote.start",
    "sheriff.election",
    "sheriff.stand",
    "sheriff.vote",
    "sheriff.withdraw",
    "sheriff.vote_below",
    "sheriff.order",
    "hunter.shoot",
    "badge.handover",
    "scapegoat.choose",
)


SPEECHES = ("sheriff.candidates", "sheriff.runoff", "sheriff.pk", "vote.revote", "vote.pk")
"""The cues after which the seats they name speak in turn, in the order named."""


Ended = str | Applied
"""What ended a speech: "time", "pass", "start_vote", "end" (the game ended), "over" (the
game is won), or the day action applied meanwhile (`Applied`), which ended it."""


@dataclass(slots=True)
class Talk:
    """What the speeches of one narrated event did beside the speeches: the events they said
    already (a day action after which the talk went on) or dropped (the lines that opened the
    step a day action that stopped the talk never reached); the narration skips them."""

    said: set[int] = field(default_factory=set)
    stopped_by: Applied | None = None


def is_day_action(item: object) -> TypeGuard[Decided]:
    """Whether `item` is a day action the table applied (it ends the speech running)."""
    return isinstance(item, Decided) and type(item.applied.decision) in usual().actions


def self_destructed(events: Sequence[Event], at: int, seat: int) -> bool:
    """Whether `seat`, whose last words are the cue at `at`, self-destructed that day: they
    last `self_destruct_last_words`."""
    for event in reversed(events[:at]):
        if event.kind != "cue":
            continue
        key = event.data["key"]
        if key in ("night.falls", "day.breaks"):
            return False
        if key in ("self_destruct", "sheriff.self_destruct") and event.data.get("seat") == seat:
            return True
    return False


def anchor(events: Sequence[Event]) -> int:
    """Where to narrate from again (a resume, an undo): the last cue that opens a step."""
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if event.kind == "cue" and (event.data["key"] in ANCHORS or event.data["key"].endswith(".wake")):
            return index
    return 0


class Moderator:
    """Runs one game at a phone table to its end."""

    def __init__(
        self,
        table: PhoneTable,
        voice: Voice,
        *,
        timers: Timers | None = None,
        clock: Clock | None = None,
        rng: random.Random | None = None,
        desk: Desk | None = None,
        on_line: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        self.table = table
        self.inbox = table.inbox
        self.voice = voice
        self.timers = timers or Timers()
        self.clock = clock or Clock()
        table.now = self.clock.now  # the phones' countdowns run on this clock
        self.rng = rng or random.Random()
        self.desk = desk
        self.pacing = NightPacing(self.timers, self.rng)
        self.on_line = on_line
        self._seen = 0
        self._last_line: tuple[str, dict[str, Any]] | None = None
        self.orders = table.orders  # every change to the game, carried out in turn (Rule 7)
        self._night = 0
        self._store_waiting = False
        self._offered: tuple[Pending, float] | None = None  # a dead seat's decision shown, since when
        self.ended = False
        self.ended_by: str | None = None
        """Where the command that ended the game early came from ("host", "terminal", …)."""

    @property
    def game(self) -> Game:
        return self.table.game

    # The whole game

    async def run(self, *, from_event: int = 0) -> None:
        """Narrate and decide until the game is over (`from_event`: resume after these)."""
        self._seen = from_event
        self._night = night_of(self.game.events, from_event)
        notices = StoreNotices(self.store, self.table.links, self.inbox) if self.store else None
        try:
            while not self.ended:
                await self.narrate_new()
                pending = self.game.pending
                if self.game.over or pending is None or self.ended:
                    break
                await self.decide(pending)
            await self.table.narrate_next(None, final=True)
        finally:
            await self.orders.stop()  # every order given is carried out before the game ends
            if notices is not None:
                notices.close()

    async def narrate_new(self) -> None:
        """Narrate the events not narrated yet, in order, but those a talk said or dropped."""
        skip: set[int] = set()
        while self._seen < len(self.game.events) and not self.ended:
            index = self._seen
            self._seen += 1
            if index in skip:
                continue
            talk = await self.narrate(self.game.events[index], index)
            if talk is not None:
                skip |= talk.said

    async def narrate(self, event: Event, index: int | None = None) -> Talk | None:
        """Narrate `event` (the game's event at `index`); what its speeches did (`Talk`)."""
        if event.kind == "cue":
            key = event.data["key"]
            params = {k: v for k, v in event.data.items() if k != "key"}
            if key in ("night.falls", "day.breaks"):
                self.voice.night(key == "night.falls")
            if key == "night.falls":
                self._night = int(params["night"])
            if index == len(self.game.events) - 1:
                await self.offer_to_the_dead()
            await self.say(spoken_as(key, self._night), **params)
            if key == "game.opening" and self.table.board is not None:
                await self.say(f"board.{self.table.board.id}")  # the board is public: said at the deal
            elif key == "game.peek":
                await self.wait_ready(self.timers.peek)
            elif key in SPEECHES:
                return await self.speeches(list(params["seats"]))
            elif key == "last_words":
                blast = index is not None and self_destructed(self.game.events, index, params["seat"])
                seconds = self.timers.self_destruct_last_words if blast else self.timers.last_words
                await self.speech(params["seat"], seconds)
        elif event.kind == "pretend":
            seconds = draw_seconds(self.timers, self.pacing, event.data["step"])
            await self.table.narrate_next(event.data["step"], seconds=seconds)
            await self.pretend(event.data["step"], seconds)
            await self.table.narrate_next(None)
        elif event.kind == "meeting":
            seconds = draw_seconds(self.timers, self.pacing, event.data["step"])
            await self.table.narrate_next(event.data["step"], seconds=seconds)
            await self.pause_for(seconds)
            await self.table.narrate_next(None)
        elif event.kind == "speakers":
            return await self.speeches(list(event.data["order"]), discussion=True)
        return None

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

    # Decisions

    async def offer_to_the_dead(self) -> None:
        """A decision by day owed by a dead seat (a hunter's shot, the badge's handover) is
        on the phones as the line that asks for it is said, not after it (Rule 2): a dead
        phone would say "你已出局" meanwhile. Its time runs from now."""
        pending = self.game.pending
        if pending is None or self.game.catalogue.steps[pending.step].kind is not Kind.DAY:
            return
        if all(self.game.is_alive(seat) for seat in pending.seats):
            return
        self._offered = (pending, self.clock.now())
        await self.table.narrate_next(
            pending.step, seconds=draw_seconds(self.timers, self.pacing, pending.step)
        )

    async def decide(self, pending: Pending) -> None:
        """Wait for `pending` (Rule 2); night steps last as the pacing says."""
        spec = self.game.catalogue.steps[pending.step]
        night = spec.kind is Kind.NIGHT
        limit = draw_seconds(self.timers, self.pacing, pending.step)  # the phones count it down
        await self.table.narrate_next(pending.step, seconds=limit)
        if self.desk is not None:
            self.desk.ask(pending)
        if shown(pending.step):
            if not await self.show(pending, limit):
                await self.table.narrate_next(None)
            return
        offered, self._offered = self._offered, None
        start = offered[1] if offered is not None and offered[0] is pending else self.clock.now()
        deadline, remind_at = start + limit, start + (limit - self.timers.reminder)
        reminded = False
        while self.game.pending is pending and not self.game.over and not self.ended:
            now = self.clock.now()
            if now >= deadline:
                if await self.close(pending):
                    break
                await self.wait_for_store()  # then the deadline's default is tried again
                continue
            if not reminded and now >= remind_at:
                reminded = True
                await self.say("reminder.hurry")
                continue  # what came while the reminder was said, before the time runs on
            due = (deadline if reminded else remind_at) - now
            if await self.wait(due, ("undo",), owed=True) == "undo" and await self.undo():
                return
        if self.clock.now() >= deadline and not night:  # a night step's name would tell it was real
            log.info("%s: no decision by the deadline", pending.step)
        if night and not self.ended:  # an ended game waits for nothing more
            took = self.clock.now() - start
            self.pacing.record(took)
            await self.clock.sleep(self.pacing.minimum() - took)
        await self.table.narrate_next(None)

    # The inbox

    async def wait(
        self, seconds: float, ending: tuple[str, ...] = (), *, owed: bool = False
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
                if is_day_action(item):
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

    async def take(self, item: Input | None, ending: tuple[str, ...] = ()) -> str | Input | None:
        """Act on one input from the inbox, as `wait` says."""
        if isinstance(item, Command):
            if item.word == "end":
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

    async def close(self, pending: Pending) -> bool:
        """The deadline passed: the phones' parts so far, or the rule's default; False when
        the store refused it (nothing was taken: Rule 6). True when `pending` was decided
        meanwhile (a touch that came before the deadline, written first)."""
        try:
            if self.game.pending is pending and await self.table.close_step(pending) is None:
                await self.table.apply(self.default(pending), pending=pending)
        except Stale:
            return True
        except StoreUnwritable:
            return False
        return True

    def default(self, pending: Pending) -> Decision:
        """What a silent seat decides: a pass where the rules allow one (the rule's default),
        else a draw among the legal choices."""
        spec = self.game.catalogue.steps[pending.step]
        drawn: Answer | None = None
        if not pending.allow_none and spec.form == Form.SEATS and len(pending.targets) >= pending.count:
            drawn = Answer(seats=tuple(self.rng.sample(pending.targets, pending.count)))
        elif not pending.allow_none and spec.form == Form.TAKE:
            drawn = Answer(take=self.rng.choice((1, 2)))
        if drawn is not None and spec.share == Share.ONE:
            try:
                decision = self.game.answer({pending.seats[0]: drawn})
                self.game.check(decision)
                return decision
            except IllegalDecision:
                pass
        return self.game.default()

    async def pretend(self, step: str, limit: float) -> None:
        """A pretended night step of `limit` seconds at most: it sounds like a real one of the
        evening (`NightPacing.pretended`), its reminder where a real step's falls; the time
        the reminder takes to say is counted in, as it is in a real step, so a pretended step
        closes at the second after it a real one does (Rule 1). A notice lasts its `limit`,
        as a real one does."""
        if shown(step):
            await self.pause_for(limit)
            return
        start = self.clock.now()
        heard = self.pacing.pretended(limit)
        if heard.reminded:
            await self.pause_until(start + (limit - self.timers.reminder))
            await self.say("reminder.hurry")
        await self.pause_until(start + heard.closes)

    async def show(self, pending: Pending, seconds: float) -> bool:
        """A step that shows its holder something and asks nothing (Rule 1): it lasts its
        `seconds` (the night step's drawn minimum), whether he touches the screen or not, and
        then closes as a touch would; True when an undo took the game back meanwhile."""
        end = self.clock.now() + seconds
        while (left := end - self.clock.now()) > 0 and not self.ended:
            if await self.wait(left, ("undo",), owed=True) == "undo" and await self.undo():
                return True
        while self.game.pending is pending and not self.game.over and not self.ended:
            if await self.close(pending):
                break
            await self.wait_for_store()  # then the default is tried again
        return False

    # Speeches and timers

    async def speeches(self, seats: list[int], *, discussion: bool = False) -> Talk:
        """The seats speak in turn. A day action ends the speech running; the talk stops there,
        unless the step the speeches came before is pending again (a duel the knight lost: the
        discussion goes on, once what the action did has been said). What the talk said or
        dropped of the game's events, and the day action that stopped it (`Talk`)."""
        talk, told = self.game.pending, Talk()
        for i, seat in enumerate(seats):
            if self.game.over or self.ended:
                return told
            if not self.game.is_alive(seat):
                continue
            last = discussion and i == len(seats) - 1
            seconds = self.timers.last_speech if last else self.timers.speech
            ended = await self.speech(seat, seconds, say_turn=True)
            if isinstance(ended, Applied):  # a day action ended the speech
                if not self._talk_goes_on(talk):
                    told.stopped_by = ended
                    told.said |= self._unsaid_openings(ended)
                    return told
                if i < len(seats) - 1:  # the next seat speaks once what it did is said
                    told.said |= await self._say_day_action(ended)
            elif ended == "start_vote" and discussion:
                return told
        return told

    def _first_of_day_action(self, applied: Applied) -> int | None:
        """Where the events of the day action `applied` begin, when not yet narrated."""
        events = self.game.events
        if not applied.events:
            return None
        return next((i for i in range(self._seen, len(events)) if events[i] is applied.events[0]), None)

    def _unsaid_openings(self, applied: Applied) -> set[int]:
        """The day action `applied` ended the talk: the lines that opened the step it never
        reached (the vote's call after the discussion), not to be said."""
        first, events = self._first_of_day_action(applied), self.game.events
        if first is None:
            return set()
        return {i for i in range(self._seen, first) if events[i].kind == "cue"}

    async def _say_day_action(self, applied: Applied) -> set[int]:
        """Say what the day action `applied` did while the talk goes on; its events, not to be
        said again later (a line the talk's end says anyway, the vote's call, is left to it)."""
        events, first = self.game.events, self._first_of_day_action(applied)
        if first is None:
            return set()
        coming = {e.data["key"] for e in events[self._seen : first] if e.kind == "cue"}
        said = set(range(first, first + len(applied.events)))
        for index in sorted(said):
            event = events[index]
            if not (event.kind == "cue" and event.data["key"] in coming):
                await self.narrate(event, index)
        return said

    def _talk_goes_on(self, talk: Pending | None) -> bool:
        """Whether the step `talk` (pending when the speeches began) is pending again, a new
        one of the same step, after a day action: the talk before it goes on."""
        pending = self.game.pending
        return (
            talk is not None
            and pending is not None
            and pending is not talk
            and pending.step == talk.step
            and self.game.catalogue.steps[pending.step].talk
            and not self.game.over
        )

    async def speech(self, seat: int, seconds: float, *, say_turn: bool = False) -> Ended:
        """One player speaks for up to `seconds`; what ended it (`Ended`: "time", "pass", …,
        or the day action applied meanwhile). The speaker's phone shows a button that ends
        the speech ("pass")."""
        if say_turn:
            await self.say("speech.turn", seat=seat)
        warned = False
        end = self.clock.now() + seconds
        self.table.speaking(seat, seconds)
        try:
            while True:
                left = end - self.clock.now()
                if left <= 0:
                    await self.say("timer.up")
                    return "time"
                if not warned and left <= self.timers.warning < seconds:
                    warned = True
                    await self.say("timer.remaining", seconds=round(self.timers.warning))
                due = left - self.timers.warning if not warned and self.timers.warning < seconds else left
                taken = await self.wait(due, ("pass", "start_vote"))
                if self.ended:
                    return "end"
                if isinstance(taken, str):
                    return taken
                if is_day_action(taken):
                    return taken.applied
                if self.game.over:
                    return "over"
        finally:
            self.table.speaking(None)

    async def wait_ready(self, seconds: float) -> None:
        """The players look at their cards: until every phone has peeked (at least `seconds`
        on a table without phones), or the table says it is ready."""
        start = self.clock.now()
        reminded = start
        shown = -1
        seats = set(range(1, self.game.setup.seats + 1))
        while True:
            phones = bool(self.table.connected())
            peeked = self.table.peeked() & seats
            if len(peeked) != shown and phones:
                shown = len(peeked)
                print(f"看牌 / cards seen: {shown}/{len(seats)}", flush=True)
            if phones and peeked == seats:
                return
            if not phones and self.clock.now() - start >= seconds:
                return
            again = max(30.0, seconds)
            if phones and self.clock.now() - reminded >= again:
                reminded = self.clock.now()
                await self.say("game.peek")
            due = reminded + again - self.clock.now() if phones else start + seconds - self.clock.now()
            if await self.wait(due, ("ready",), owed=True) == "ready" or self.ended:
                return

    async def pause_for(self, seconds: float) -> None:
        """Let `seconds` pass on the clock, acting on the commands that come meanwhile."""
        await self.pause_until(self.clock.now() + seconds)

    async def pause_until(self, end: float) -> None:
        """Let the clock run to `end`, acting on the commands that come meanwhile."""
        while (left := end - self.clock.now()) > 0 and not self.ended:
            await self.wait(left)

    async def undo(self) -> bool:
        """Take back the last decision if it has not taken effect (the same night, before
        dawn; the same day step otherwise): the game goes back to that step."""
        game, history = self.game, self.game.history
        if not history or game.over:
            return False
        asked = history[-1][0]
        if asked.phase != game.phase or not game.phase.night:
            return False
        try:
            await self.table.undo(len(history))
        except (StoreUnwritable, Stale):  # the store keeps it, so does the game (Rule 6)
            return False
        await self.table.narrate_next(None)
        self._seen = anchor(self.game.events)
        log.info("undid the last decision of %s", asked.phase)
        return True

    async def command(self, word: str, ending: tuple[str, ...] = ()) -> str | None:
        """Act on a public command (Rule 3); a word of `ending` is returned for the caller."""
        if word in ending:
            return word
        if word == "end":
            self.ended = True
        elif word == "repeat" and self._last_line is not None:
            key, params = self._last_line
            await self.say(key, **params)
        elif word == "pause":
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
                    if item.word == "resume":
                        break
                    if item.word == "end":
                        self.ended, self.ended_by = True, item.source
                        return
                    if item.word != "pause":  # a pause while paused means nothing more
                        kept.append(item)
                elif is_day_action(item):
                    kept.append(item)  # the speech paused hears it once resumed
                else:
                    await self.take(item)
        finally:
            self.inbox.keep(kept)
            self.clock.release()
        await self.say("judge.resume")
