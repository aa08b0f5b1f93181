"""The speeches (the loop's Rules 1 and 3, `loop`): the seats speak in turn, each on a timer,
until a day action stops the talk, or the talk goes on once what it did has been said."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.events import Event
from engine.state import Pending
from narrator.inbox import Applied, CommandWord
from narrator.moderator.hearing import Hearing

SPEECHES = (
    "sheriff.candidates",
    "sheriff.runoff",
    "sheriff.pk",
    "vote.revote",
    "vote.pk",
    "sequence_prince.speech",
)
"""The cues after which the seats they name speak in turn, in the order named (the sequence
prince's extra speech: one ordinary speech)."""


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


class Speeches(Hearing):
    """The moderator's speeches and the card peek that waits for the table; the narration
    of what a day action did is the moderator's (`narrate`)."""

    _seen: int
    """How many of the game's events are narrated (or being narrated), kept by the moderator."""

    async def narrate(self, event: Event, index: int | None = None) -> Talk | None:
        """Narrate `event` (the game's event at `index`): `loop.Moderator.narrate`."""
        raise NotImplementedError

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
            elif ended == CommandWord.START_VOTE and discussion:
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
                taken = await self.wait(due, (CommandWord.PASS, CommandWord.START_VOTE))
                if self.ended:
                    return "end"
                if isinstance(taken, str):
                    return taken
                if self.is_day_action(taken):
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
            if await self.wait(due, (CommandWord.READY,), owed=True) == CommandWord.READY or self.ended:
                return
