"""The phone table: one game table played from phones, made of its parts, and its orders.

The parts: the links to the phones and their seats (`links`), the night gate (`nightgate`),
the day's talk and actions (`day`), the evening (`evening`), the public screen (`public`),
what each phone is shown (`views`) and the decision path (`decisions`).

Rule 1: one queue of orders (`orders`, `narrator.phones.orders`): whatever may change the
        game or the seats (a phone's decision, a pick, a ballot, a day action, a seat taken or
        left or freed, the host's claim, the moderator's decision, its deadline's default, its
        undo) is an order, checked, written and applied by the orders' one task, in the order
        they came, and answered through its reply; the writes are awaited (the event loop
        serves every phone meanwhile), so nothing else moves the game between a check and its
        apply. The moderator changes the narrated step only by an order (`narrate_next`):
        every touch that came before is answered first.
Rule 2: the host's phone may pause, resume, repeat, undo and end; these become commands in the
        moderator's inbox (`inbox`), as do the decisions applied, the seats taken, the cards
        seen and a speaker's end of speech (day Rule 1).
Rule 3: the log holds public facts only: the steps narrated (and the seats, links Rule 2).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Callable
from typing import Any

from engine.boards import Board
from engine.game import Game
from engine.steps import is_shared
from engine.views import public_view
from narrator.inbox import Applied, CardSeen, Command, Decided, Inbox
from narrator.phones import dispatch
from narrator.phones import outbound as out
from narrator.phones.catalogue import DEFAULT_LOCALE, Locale, read_all
from narrator.phones.day import LAST_WORDS, Day
from narrator.phones.decisions import Decisions, Later
from narrator.phones.evening import Evening
from narrator.phones.facts import facts_asked
from narrator.phones.judging import Judging
from narrator.phones.links import Links
from narrator.phones.messages import (
    Done,
    Hello,
    HostCommand,
    Malformed,
    Message,
    Peeked,
    Ping,
    Refusal,
    parse,
)
from narrator.phones.nightgate import Link, NightGate
from narrator.phones.orders import NextStep, Order, Orders, Touch
from narrator.phones.public import PublicScreen
from narrator.phones.said import (
    DAY_BREAKS,
    DAY_ZERO,
    GAME_OVER,
    NIGHT_FALLS,
    PAUSE,
    RESUME,
    Countdown,
    Said,
    step_seconds,
)
from narrator.phones.screens import is_night, spec_of
from narrator.phones.seats import SeatRegistry
from narrator.phones.views import Views
from narrator.phones.wire import text_of as encode
from narrator.store import StoreUnwritable
from narrator.timing import Timers

__all__ = ["PhoneTable", "encode"]  # `encode`: the text a link sends (the tests read it here)

log = logging.getLogger("narrator.phones")


class PhoneTable:
    """One game table played from phones; every method runs on the server's event loop."""

    def __init__(
        self,
        game: Game,
        *,
        locale: Locale = DEFAULT_LOCALE,
        auto_narrate: bool = True,
        host_token: str | None = None,
        inbox: Inbox | None = None,
        board: Board | None = None,
    ) -> None:
        read_all()
        self.game = game
        """The game played at this table (undo changes it in place: `Game.pop`); a field, not a
        property: the parts read it without a call back into the table (test_walk)."""
        self.board = board
        self.inbox = inbox or Inbox()
        self.locale = locale
        self.auto_narrate = auto_narrate
        self.registry = SeatRegistry(game.setup.seats, host_token)
        self.narrating: str | None = None
        self.facts_asked = facts_asked(game.rules)
        self.now: Callable[[], float] = time.monotonic
        """The moderator's clock (seconds): every countdown the phones are shown runs on it,
        so a fast clock's game shows the figures a real one would (`said` Rule 3)."""
        self.timers: Timers | None = None  # the moderator's: each step's countdown (`said` Rule 3)
        self.judge = Said()  # what the judge said of this game
        self.orders = Orders(self._carry_out)  # whatever changes the game is one of them (Rule 1)
        self.gate = NightGate()  # nightgate Rule 4
        self._peeked: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._followed: tuple[str | None, ...] = ()  # the step an order moved the narration on to
        send = self.gate.out
        self.public = PublicScreen(
            self,
            shown=lambda: self.views.shown_public(),
            clock=lambda: self.views.clock(),
            speaker=lambda: self.day.speaker,
            scores=lambda: self.evening.scores,
        )
        self.links = Links(
            self,
            out=send,
            send_state=lambda seat: self.views.send_state(seat),
            send_screens=self.public.send,
            boards=lambda locale: self.evening.boards(locale),
            counts=lambda locale: self.evening.counts(locale),
            choices=lambda locale: self.evening.table(locale),
            scores=lambda locale: self.evening.scores_message(locale),
        )
        self.evening = Evening(
            self,
            self.links,
            deal=self._deal,
            restart=self._restart,
            send_states=lambda: self.views.send_states(fresh=True),
            send_screens=self.public.send,
        )
        self.day = Day(
            self,
            self.links,
            out=send,
            take=lambda *action: self.decisions.take_action(*action),
            send_states=lambda: self.views.send_states(fresh=False),
            send_screens=self.public.send,
            now=self._now,
        )
        self.views = Views(
            self,
            self.links,
            self.day,
            out=send,
            out_all=self.gate.out_all,
            answered=lambda seat: self.decisions.answered(seat),
            review=self.public.review,
            send_screens=self.public.send,
            now=self._now,
        )
        self.decisions = Decisions(self, self.links, self.views)
        judging = Judging(self.orders)  # the moderator's side: each of its asks is an order (Rule 1)
        self.apply, self.close_step, self.undo = judging.apply, judging.close_step, judging.undo
        self.settle, self.narrate_next = judging.settle, judging.narrate_next
        self.speaking = self.day.speaking
        self._carriers = dispatch.carriers(  # orders Rule 2
            touch=self._touch,
            next_step=self._next_step,
            decisions=self.decisions,
            links=self.links,
            registry=lambda: self.registry,
        )
        self._seatless = dispatch.seatless(links=self.links, gate=self.gate)
        self._seated = dispatch.seated(
            decisions=self.decisions,
            day=self.day,
            evening=self.evening,
            gate=self.gate,
            peeked=self._peeked_card,
            game=lambda: self.game,
        )
        if auto_narrate:
            self.narrating = game.pending.step if game.pending else None
        self.views.feeds.absorb(game.events)
        self.views.snapshot()

    def deal_again(self, game: Game) -> None:
        """Play `game` from now on: the same game, not started, dealt again (the facts the
        players gave at joining); the phones see it at the first step narrated."""
        assert not game.log and game.setup.seats == self.game.setup.seats
        self.game = game

    def _deal(self, board: Board | None, game: Game) -> None:
        """The host's board (or rules) dealt before the game began (evening Rule 1): `game` in
        its place."""
        self.board, self.game, self._peeked = board, game, set()
        self.facts_asked = facts_asked(game.rules)
        self.views.new_game()

    def _restart(self, game: Game, registry: SeatRegistry, board: Board | None) -> None:
        """The evening's next game (evening Rule 2): nothing of the last one is kept but its
        phones, welcomed again and sent their new views."""
        self.game, self.registry, self.board, self.narrating = game, registry, board, None
        self.decisions.forget(game=True)
        self._peeked = set()
        self.facts_asked = facts_asked(game.rules)
        self.day.new_game()
        self.views.step_clock = Countdown(self._now)
        self.judge = Said()  # the judge has said nothing of this game yet
        self.public.new_game()
        self.views.new_game()
        self.links.welcome_all()
        self.views.send_states(fresh=True)

    # The moderator's side

    def narrate(self, step: str | None, *, final: bool = False, seconds: float | None = None) -> None:
        """Tell every phone that `step` is being narrated now (None: between steps); `final`:
        the moderator has said the end of the game, the phones may show it (views Rule 1);
        `seconds`: how long the moderator gives the step (every phone counts it down)."""
        if step != self.narrating:
            self.gate.send_held()  # a step's answers leave before anything of the next (nightgate Rule 4)
        if step is not None:
            self._begin()
        if step != self.narrating or step is None:
            if seconds is None:
                seconds = step_seconds(self.timers, spec_of(self.game.catalogue, step))
            self.views.step_clock.start(seconds)
        self.narrating = step
        self.decisions.forget()
        if step is not None:
            log.info("narrating %s", step)
        pending = self.game.pending
        in_step = pending is not None and pending.step == step
        if in_step or (self.game.over and (final or self.auto_narrate)):
            self.views.publish()
        else:
            if is_night(self.game.catalogue, step) and not self.game.over and self.game.phase.night:
                self.views.refresh_public()
            self.views.send_states(fresh=False)
        if in_step and is_shared(self.game.spec):
            work = self.decisions.owed_by_nobody()
            if work is not None:
                self._soon(work)

    async def _carry_out(self, order: Order[Any]) -> Any:
        """Carry out one order (Rule 1, orders Rule 2) by its part; the narration it moved on after."""
        try:
            return await self._carriers[type(order)](order)
        finally:
            if self._followed:
                (step,), self._followed = self._followed, ()
                for _ in range(2):  # a turn for the answer's writes, then every phone's next state
                    await asyncio.sleep(0)
                self.narrate(step)

    def follow(self, step: str | None) -> None:
        """Narrate `step` once the order carried out now is done, still in its turn of the orders."""
        self._followed = (step,)

    async def _touch(self, order: Touch) -> Later | None:
        later = await self._handle(order.link, order.message)
        if not order.reply.done():  # its giver still waits: in flight before the next order
            order.landing.enter_context(self.gate.flight())
        return later

    async def _next_step(self, order: NextStep) -> None:
        await self.gate.quiet()
        self.narrate(order.step, final=order.final, seconds=order.seconds)

    def _soon(self, work: Any) -> None:
        """Run the coroutine `work` on the event loop, after the order carried out now."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def subscribe(self) -> asyncio.Queue[Applied]:
        """A queue that receives every decision applied from now on."""
        queue: asyncio.Queue[Applied] = asyncio.Queue()
        self.decisions.answers.subscribers.append(queue)
        return queue

    async def next_applied(self, timeout: float | None = None) -> Applied:
        """Take the first applied decision left in the inbox (TimeoutError after `timeout`
        seconds), for a table without a moderator: the moderator awaits the inbox itself."""
        item = await self.inbox.take_first(lambda item: isinstance(item, Decided), timeout)
        assert isinstance(item, Decided)
        return item.applied

    def said(self, key: str, params: dict[str, Any]) -> None:
        """The judge says the line `key` (the moderator's `on_line`): by day every line refreshes
        what the phones show of the table (the end with the line that says it), the pause stops
        their countdowns (`said` Rules 1-3)."""
        if key in (NIGHT_FALLS, DAY_ZERO):
            self._begin()
        if key == LAST_WORDS:
            self.day.last_words = True
        self.judge.hear(key, params, len(public_view(self.game).votes))
        self.public.hear(key, params)
        self.public.send()
        if key in (PAUSE, RESUME):
            for clock in (self.views.step_clock, self.day.speech_clock):
                clock.hold() if key == PAUSE else clock.release()
            self.views.broadcast({seat: self.views.clock() for seat in self.links.connected()})
        elif (self.judge.by_day() and key != DAY_BREAKS) or key in (NIGHT_FALLS, GAME_OVER):
            self.day.withdraw()
            pending = self.game.pending
            if (pending is not None and pending.step == self.narrating) or key == GAME_OVER:
                self.views.publish()
            elif not self.game.over:
                self.views.refresh_public()
                self.views.send_states(fresh=False)

    def _begin(self) -> None:
        """The game begins (night falls, day 0, a first step): each phone welcomed again, no board to pick."""
        if self.judge.began:
            return
        self.judge.began = True
        self.links.welcome_all()

    def host_command(self, command: HostCommand) -> None:
        """A host control from the host's phone (the caller checked the host token, Rule 2)."""
        log.info("host: %s", command.command)
        self.inbox.put(Command(command.command, "host"))

    def peeked(self) -> set[int]:
        """The seats whose players have looked at their card."""
        return set(self._peeked)

    def connected(self) -> list[int]:
        """The seats whose phones are connected."""
        return self.links.connected()

    # The phones' side

    async def receive(self, link: Link, raw: str | bytes) -> None:
        """Handle one message from `link`: answer it, and act on it when it is sound; what may
        change the game or the seats is an order, carried out in its turn (Rule 1). A touch at
        night is answered, real or decoy, NIGHT_ANSWER_S after it came, or once its commit is
        done when that takes longer (nightgate Rule 4)."""
        loop = asyncio.get_running_loop()
        arrival = loop.time()
        try:
            message = parse(raw)
        except Malformed as refusal:
            link.send(self.links.error(link, refusal, refusal.n))
            return
        if isinstance(message, Hello | Ping | Peeked | Done):  # nothing of the game changes
            await self._handle(link, message)
            return
        with contextlib.ExitStack() as stack:
            seat = self.links.seat_of(link)
            decoy = stack.enter_context(self.gate.holding(arrival, message, seat, self.narrating, self.game))
            # a decoy changes nothing of the game: no order, its commit starts at once; but while
            # orders wait (the narration's next step, say) it is one, taken in its turn
            if decoy and not self.orders.busy:
                stack.enter_context(self.gate.flight())
                later = await self._handle(link, message)
            else:  # put in flight on `stack` before the next order is taken
                later = await self.orders.give(Touch(link, message, stack))
            if later is not None:
                await self.gate.finish(later, functools.partial(self._refuse, link, message.n))

    async def _handle(self, link: Link, message: Message) -> Later | None:
        """Answer `message` by its type's handler, or return the rest of its work (`Later`: a
        commit to await after its order, then the answer)."""
        try:
            seatless = self._seatless.get(type(message))
            if seatless is not None:
                later = seatless(link, message)
            elif (seat := self.links.seat_of(link)) is None:
                raise Refusal("not_joined")
            else:
                later = self._seated[type(message)](link, seat, message)
            return await later if later is not None else None
        except Refusal as refusal:
            self._refuse(link, message.n, refusal)
        except StoreUnwritable:  # nothing was taken (write ahead): the phone may try again
            self._refuse(link, message.n, Refusal("not_saved"))
        return None

    def _peeked_card(self, link: Link, seat: int, peeked: Peeked) -> None:
        """A seat's player looked at the card (once told to the moderator's inbox)."""
        if seat not in self._peeked:
            self._peeked.add(seat)
            log.info("seat %d looked at its card", seat)
            self.inbox.put(CardSeen(seat))
        self.gate.out(link, out.ack(peeked.n, "peeked"))

    def _refuse(self, link: Link, n: int, refusal: Refusal) -> None:
        """Answer message `n` of `link` with `refusal` in its language (held with a touch at
        night, nightgate Rule 1)."""
        self.gate.out(link, self.links.error(link, refusal, n))

    def _now(self) -> float:
        return self.now()
