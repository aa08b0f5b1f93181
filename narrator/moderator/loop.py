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

import logging
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.decisions import Decision
from engine.events import Event
from engine.state import IllegalDecision, Pending
from engine.steps import Answer, Form, Kind, Share, StepSpec
from narrator.deadlines import draw_seconds, shown
from narrator.inbox import CommandWord, Stale
from narrator.moderator.cues import night_of, spoken_as
from narrator.moderator.hearing import Voice
from narrator.moderator.speeches import SPEECHES, Speeches, Talk, self_destructed
from narrator.moderator.store_notices import StoreNotices
from narrator.phones.table import PhoneTable
from narrator.store import StoreUnwritable
from narrator.timing import Clock, NightPacing, Timers

log = logging.getLogger("narrator.moderator")


class Desk(Protocol):
    """Another way to decide beside the phones (`narrator.moderator.desk.KeypadDesk`)."""

    def ask(self, pending: Pending) -> None: ...


ANCHORS = (
    "night.falls",
    "day.breaks",
    "day.zero",
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
    "stuttering_judge.ask",
    "stuttering_judge.second_vote",
)


def anchor(events: Sequence[Event]) -> int:
    """Where to narrate from again (a resume, an undo): the last cue that opens a step."""
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if event.kind == "cue" and (event.data["key"] in ANCHORS or event.data["key"].endswith(".wake")):
            return index
    return 0


class Moderator(Speeches):
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
        super().__init__(table, voice, timers=timers, clock=clock, on_line=on_line)
        self.rng = rng or random.Random()
        self.desk = desk
        self.pacing = NightPacing(self.timers, self.rng)
        self._seen = 0
        self._night = 0
        self._offered: tuple[Pending, float] | None = None  # a dead seat's decision shown, since when

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
            await self._offer_taken()
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
            seconds = draw_seconds(self.timers, self.pacing, self._spec(event.data["step"]))
            await self.table.narrate_next(event.data["step"], seconds=seconds)
            await self.pretend(event.data["step"], seconds)
            await self.table.narrate_next(None)
        elif event.kind == "meeting":
            seconds = draw_seconds(self.timers, self.pacing, self._spec(event.data["step"]))
            await self.table.narrate_next(event.data["step"], seconds=seconds)
            await self.pause_for(seconds)
            await self.table.narrate_next(None)
        elif event.kind == "speakers":
            return await self.speeches(list(event.data["order"]), discussion=True)
        return None

    def _spec(self, step: str) -> StepSpec:
        """The step called `step`, from the game's catalogue (the one place a game's steps are
        found)."""
        return self.game.catalogue.steps[step]

    # Decisions

    async def offer_to_the_dead(self) -> None:
        """A decision by day owed by a dead seat (a hunter's shot, the badge's handover) is
        on the phones as the line that asks for it is said, not after it (Rule 2): a dead
        phone would say "你已出局" meanwhile. Its time runs from now."""
        pending = self.game.pending
        if pending is None or self._spec(pending.step).kind is not Kind.DAY:
            return
        if all(self.game.is_alive(seat) for seat in pending.seats):
            return
        self._offered = (pending, self.clock.now())
        await self.table.narrate_next(
            pending.step, seconds=draw_seconds(self.timers, self.pacing, self._spec(pending.step))
        )

    async def _offer_taken(self) -> None:
        """A dead seat's decision offered with its line (Rule 2) and taken before it was
        waited for (his phone answered while the line was said): its step is over, and its
        countdown with it, before the next line (else it ran on every phone and the public
        screen through the last words and into the night)."""
        if self._offered is not None and self._offered[0] is not self.game.pending:
            self._offered = None
            await self.table.narrate_next(None)

    async def decide(self, pending: Pending) -> None:
        """Wait for `pending` (Rule 2); night steps last as the pacing says."""
        spec = self._spec(pending.step)
        night = spec.kind in (Kind.NIGHT, Kind.SECRET)  # a secret step by day is paced as at night
        limit = draw_seconds(self.timers, self.pacing, spec)  # the phones count it down
        await self.table.narrate_next(pending.step, seconds=limit)
        if self.desk is not None:
            self.desk.ask(pending)
        if shown(spec):
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
            if await self.wait(due, (CommandWord.UNDO,), owed=True) == CommandWord.UNDO and await self.undo():
                return
        if self.clock.now() >= deadline and not night:  # a night step's name would tell it was real
            log.info("%s: no decision by the deadline", pending.step)
        if night and not self.ended:  # an ended game waits for nothing more
            took = self.clock.now() - start
            self.pacing.record(took)
            await self.clock.sleep(self.pacing.minimum() - took)
        await self.table.narrate_next(None)

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
        spec = self._spec(pending.step)
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
        if shown(self._spec(step)):
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
            if (
                await self.wait(left, (CommandWord.UNDO,), owed=True) == CommandWord.UNDO
                and await self.undo()
            ):
                return True
        while self.game.pending is pending and not self.game.over and not self.ended:
            if await self.close(pending):
                break
            await self.wait_for_store()  # then the default is tried again
        return False

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
