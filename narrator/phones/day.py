"""The day at the table: the speech running and the day actions every living phone shows.

Rule 1: the seat whose speech runs (`speaking`) may end it from its phone; it becomes a
        command in the moderator's inbox, and a speaker's "pass" left unread when the speech
        ends is dropped.
Rule 2: by day every living phone shows the same buttons, one for each day action the game
        offers (`Game.actions_offered`: public facts only, never who holds which card), taken
        when the narration and the engine agree (views Rule 1) and when a speech starts (the
        talk before the step the engine waits for: the day's vote, say); the seat that presses
        one takes it (naming a seat when its form asks for one) or is told why not, in its
        language. A button the game no longer offers leaves every phone with the judge's next
        line (the self-destruct said, the day is over).
Rule 3: while a vote is taken (narrated by the moderator, the step pending) there is no talk:
        no day action is shown or taken (RULES-CLUB: a wolf self-destructs in the speeches, the
        white wolf king and the knight "not in a vote"; the engine's vote step stands for the
        talk before it and the vote itself, only the narration knows which). Nor while a
        seat's last words are spoken (the white wolf king and the knight "not in … last
        words"; a wolf's self-destruct is for the discussion and the election's speeches).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from engine.decisions import Decision
from engine.game import Game
from engine.steps import DayAction, Share
from narrator.inbox import Command, CommandWord, Inbox
from narrator.phones import outbound as out
from narrator.phones.links import Links, Out
from narrator.phones.messages import Refusal
from narrator.phones.nightgate import Link
from narrator.phones.said import Countdown
from narrator.phones.screens import spec_of
from narrator.phones.turns import day_action, not_offered

LAST_WORDS = "last_words"
"""The cue of a seat's last words: no day action while they are spoken (Rule 3)."""

TakeAction = Callable[[Link, Decision, int, int, str], Awaitable[None]]
"""Take a seat's day action with the turn held: (link, decision, seat, message n, its name)."""


class Talking(Protocol):
    """What the day reads of the table: the game, the step narrated, whether a moderator
    narrates, the moderator's inbox."""

    @property
    def game(self) -> Game: ...

    narrating: str | None
    auto_narrate: bool
    inbox: Inbox


class Day:
    """The talk of the day at one table. `take` takes a day action (the decision path);
    `send_states` sends every phone its state (not fresh: the day actions changed);
    `send_screens` tells the public screens; `now` is the moderator's clock (seconds)."""

    def __init__(
        self,
        table: Talking,
        links: Links,
        *,
        out: Out,
        take: TakeAction,
        send_states: Callable[[], None],
        send_screens: Callable[[], None],
        now: Callable[[], float],
    ) -> None:
        self._table = table
        self._links = links
        self._out = out
        self._take = take
        self._send_states = send_states
        self._send_screens = send_screens
        self._now = now
        self.speaker: int | None = None
        self._speech_ended = False
        self.last_words = False  # a seat's last words are being spoken (Rule 3)
        self.speech_clock = Countdown(now)
        self.shown_actions: tuple[DayAction, ...] = ()

    def speaking(self, seat: int | None, seconds: float | None = None) -> None:
        """The speech of `seat` starts (None: it ended), for `seconds` (every phone counts
        them down): that seat's phone may end it (Rule 1)."""
        self.speaker, self._speech_ended = seat, False
        if seat is None:
            self.last_words = False
        self.speech_clock.start(seconds if seat is not None else None)
        self._table.inbox.drop(_speakers_pass)
        offered = self.actions_now()
        if seat is not None and offered != self.shown_actions:  # the talk before a step (Rule 2)
            self.shown_actions = offered
            self._send_states()
        message = out.Speaking(seat=seat, seconds=self.speech_left(), last_words=self.last_words)
        for link in self._links.seated():
            link.send(message)
        self._send_screens()

    def end_speech(self, link: Link, seat: int, n: int) -> None:
        """The speaker's phone ends its speech (Rule 1)."""
        if seat != self.speaker:
            raise Refusal("not_speaking")
        if self._speech_ended:
            raise Refusal("already")
        self._speech_ended = True
        self._table.inbox.put(Command(CommandWord.PASS, "speaker"))
        self._out(link, out.ack(n, "speech"))

    async def day_action(self, link: Link, seat: int, n: int, name: str, target: int | None) -> None:
        """The day action called `name` pressed at `seat` (Rules 2 and 3), the caller holding
        the turn."""
        game = self._table.game
        if game.over:
            raise Refusal("game_over")
        action = next((a for a in self._table.game.catalogue.actions.values() if a.name == name), None)
        if action is None:
            raise Refusal("malformed")
        if self.voting():
            raise Refusal("vote_open")
        if self.last_words:
            raise Refusal("last_words_open")
        if action not in self.shown_actions:
            raise not_offered(game, action, seat, target)
        await self._take(link, day_action(game, action, seat, target), seat, n, action.name)

    def actions_now(self) -> tuple[DayAction, ...]:
        """The day actions the phones show now: none while a vote is taken or last words are
        spoken (Rule 3), else those the game offers."""
        return () if self.voting() or self.last_words else tuple(self._table.game.actions_offered())

    def voting(self) -> bool:
        """Whether a vote is being taken now: narrated and pending (Rule 3); with
        `auto_narrate` (no moderator, nobody calls the vote) the vote step is the talk too."""
        table = self._table
        pending, spec = table.game.pending, spec_of(table.game.catalogue, table.narrating)
        return (
            not table.auto_narrate
            and pending is not None
            and pending.step == table.narrating
            and spec is not None
            and spec.share is Share.VOTES
        )

    def offer(self) -> None:
        """The day actions shown from now on: those of now (Rule 2)."""
        self.shown_actions = self.actions_now()

    def withdraw(self) -> None:
        """The judge said a line: the buttons of the day actions the game no longer offers
        leave the phones (a self-destruct said, "直接进入黑夜"); none is added (Rule 2)."""
        now = self.actions_now()
        self.shown_actions = tuple(action for action in self.shown_actions if action in now)

    def speech_left(self) -> int | None:
        """Whole seconds left of the speech running (None: no timed speech)."""
        return self.speech_clock.left()

    def new_game(self) -> None:
        """The evening's next game: no speech runs."""
        self.speaker, self._speech_ended = None, False
        self.speech_clock = Countdown(self._now)


def _speakers_pass(item: object) -> bool:
    return isinstance(item, Command) and item.source == "speaker" and item.word == CommandWord.PASS
