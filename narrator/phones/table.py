"""The phone table: seats and their links, the narrated step, and every decision phones make.

Rule 1: a decision is taken only from the seat that owes it, at the step being narrated;
        anything else is refused with an answer in the player's language and changes nothing.
Rule 2: at a night step the seats that owe nothing touch a decoy: it is acknowledged exactly
        like a real answer (and a second touch is refused alike, but for the pack's steps,
        where a pick may change), and ignored. Every touch at a night step, real or not, sends
        every phone the same `progress` message; the pack's picks travel sealed inside it.
Rule 3: every narrated step sends every phone one `state` message of one padded size. Its
        views are fresh when the narration and the engine agree (the narrated step is the
        pending one), or the game is over and the moderator is done; at a pretended night
        step of the night the engine is in, only the public part is fresh (the night's
        number, the votes and who is out); otherwise the views are those last shown.
Rule 8: what only one seat may know at a step (that it acts, the witch's victim, the seer's
        answer, the pack's picks) travels sealed in a message every phone gets in the same
        shape; every message is padded (`wire`), so no size follows a role.
Rule 4: with `auto_narrate` (no moderator) the narrated step follows the engine's pending
        step, and every applied decision publishes at once. A table decision that no seat owes
        (everyone away, say) is taken, empty, as soon as it is narrated.
Rule 5: the log holds public facts only: seats taken and freed, the steps narrated.
Rule 6: when the event cards are on, a phone joining tells the facts the cards ask for (each
        may be declined); they stay on the box, for the game's setup, and go to no phone.
Rule 7: the seat whose speech runs (`speaking`) may end it from its phone; the host's phone may
        pause, resume, repeat, undo and end. Both become commands in the moderator's inbox
        (`inbox`), as do the decisions applied, the seats taken and the cards seen; a
        speaker's "pass" left unread when the speech ends is dropped.
Rule 9: until the deal (while a `dealer` is set, a seat is free and no step was narrated) the
        host may pick a board of the table's seat count: the dealer deals it in place of the
        game, and every phone is told which, welcomed again (the rules changed) and sent its
        view anew.
Rule 10: by day every living phone shows the same buttons, one for each day action the game
        offers (`Game.actions_offered`: public facts only, never who holds which card), taken
        when the narration and the engine agree (Rule 3) and when a speech starts (the talk
        before the step the engine waits for: the day's vote, say); the seat that presses one
        takes it (naming a seat when its form asks for one) or is told why not, in its language.
        While a vote is taken (narrated by the moderator, the step pending) there is no talk:
        no day action is shown or taken (RULES-CLUB: a wolf self-destructs in the speeches, the
        white wolf king and the knight "not in a vote"; the engine's vote step stands for the
        talk before it and the vote itself, only the narration knows which). Nor while a
        seat's last words are spoken (the white wolf king and the knight "not in … last
        words"; a wolf's self-destruct is for the discussion and the election's speeches).
Rule 11: a touch at night is answered (its ack or refusal, the `progress` every phone gets, and
        whatever else it sends) NIGHT_ANSWER_S after it came, real or decoy, timed from its
        arrival: the store's write before a real decision counts (write ahead) runs off the
        event loop meanwhile, and a decoy (or a pick of the pack's that decides nothing yet)
        commits once too (`touch`), so that when the disk is slower than the hold (an SD
        card) every touch of the step waits alike for its own commit.
Rule 14: one queue of orders (`orders`, `narrator.phones.orders`): whatever may change the
        game or the seats (a phone's decision, a pick, a ballot, a day action, a seat taken or
        left or freed, the host's claim, the moderator's decision, its deadline's default, its
        undo) is an order, checked, written and applied by the orders' one task, in the order
        they came, and answered through its reply; the writes are awaited (the event loop
        serves every phone meanwhile), so nothing else moves the game between a check and its
        apply. The moderator changes the narrated step only by an order (`narrate_next`):
        every touch that came before is answered first.
Rule 13: the public screen (`attach_screen`, no seat, no token) gets one `table` message
        whenever the phones' public picture changes or the judge says a line: the public
        view the phones show (Rule 3: never the night's deaths before the day's line), the
        names, the lobby, the judge's line as spoken (the same for a real and a pretended
        step: the voice's own words), the day's stage as said (`stage`: the election, a PK,
        last words), the speech and step countdowns, the review at the end and the evening's
        scores; nothing any seat alone was told.
Rule 12: between two games of an evening (the game over) the host may pick the next game's
        board, of any seat count (`next_board`), or a bare seat count, dealt the judge's default
        cards for it (`next_seats`, as `narrator play --seats N`), every phone told; a player
        may leave (his seat is freed, every phone told, `on_leave` says it aloud); `next_game`
        seats the same phones at the next game (same seats, names and tokens), the seats it
        no longer has told so and let go; `show_scores` sends every phone the evening's scores, the same
        message to each (public: names, wins, the cards shown at the ends).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, runtime_checkable

from engine.boards import Board, BoardError, find_board
from engine.decisions import Decision, SelfDestruct
from engine.events import Event
from engine.game import Game
from engine.setup import SeatFacts
from engine.state import IllegalDecision, Pending
from engine.steps import ACTIONS, Answer, DayAction, Share, is_shared
from engine.views import SeatView, public_view, seat_view
from narrator.inbox import Applied, CardSeen, Command, Decided, Inbox, Seated, Stale
from narrator.phones import outbound as out
from narrator.phones.boards import (
    SEAT_COUNTS,
    SEPARATOR,
    board_cards,
    board_title,
    default_cards,
    offered_boards,
    offered_counts,
)
from narrator.phones.catalogue import DEFAULT_LOCALE, Locale, card_variants, page_strings, text
from narrator.phones.collector import Collector, is_pack, refusal
from narrator.phones.facts import facts_asked, seat_facts
from narrator.phones.feed import Feeds
from narrator.phones.messages import (
    Act,
    DayActionNow,
    Done,
    Hello,
    HostCommand,
    Join,
    Leave,
    Malformed,
    Message,
    Peeked,
    Ping,
    Refusal,
    Rejoin,
    SelfDestructNow,
    parse,
)
from narrator.phones.nightgate import Link, NightGate
from narrator.phones.orders import (
    ClaimHost,
    Close,
    Decide,
    FreeSeat,
    NextStep,
    Order,
    Orders,
    Settle,
    Touch,
    Undo,
)
from narrator.phones.recap import written_review
from narrator.phones.said import DAY_BREAKS, NIGHT_FALLS, PAUSE, RESUME, Countdown, Said, step_seconds
from narrator.phones.screens import is_night, screen, spec_of, without_early_prompt
from narrator.phones.seats import SeatRegistry
from narrator.phones.stage import Stage
from narrator.phones.turns import answer_of, day_action, decision_of, not_offered
from narrator.phones.wire import encode as encode_padded
from narrator.phones.wire import padded, padded_alike, seal
from narrator.store import StoreUnwritable
from narrator.timing import Timers

LAST_WORDS = "last_words"
"""The cue of a seat's last words: no day action while they are spoken (Rule 10)."""

log = logging.getLogger("narrator.phones")

CLOSE_REPLACED = 4001  # another phone came back with this seat's token
CLOSE_FREED = 4002  # the host freed the seat


Later = Callable[[], Awaitable[None]]


@runtime_checkable
class WrittenGame(Protocol):
    """A game that writes ahead to a store (`narrator.recorded.RecordedGame`): each
    change awaited, its write off the event loop (Rule 14)."""

    async def take(self, decision: Decision, *, by: int | None = None) -> list[Event]: ...

    async def take_back(self) -> Decision: ...

    async def touch(self) -> None: ...

    async def put_part(self, seat: int, given: Answer) -> None: ...

    def stored_parts(self) -> dict[int, Answer]: ...


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
        self._game = game
        self.board = board
        self.dealer: Callable[[Board], Game] | None = None  # set: the host may pick a board (Rule 9)
        self.next_board: Board | None = None  # the host's board for the evening's next game (Rule 12)
        self.next_seats: int | None = None  # or the host's bare seat count for it (Rule 12)
        self.scores: dict[str, Any] | None = None  # the evening's scores, after a game (Rule 12)
        self.on_leave: Callable[[int, str], None] | None = None  # a player left between games
        self.inbox = inbox or Inbox()
        self.locale = locale
        self.auto_narrate = auto_narrate
        self.registry = SeatRegistry(game.setup.seats, host_token)
        self.narrating: str | None = None
        self._links: dict[int, Link] = {}
        self._link_seat: dict[Link, int] = {}
        self._link_locale: dict[Link, Locale] = {}
        self._feeds = Feeds(game.setup.seats)
        self._collector: Collector | None = None
        self._touched: set[int] = set()
        self._last_deciders: tuple[str, frozenset[int]] = ("", frozenset())
        self._subscribers: list[asyncio.Queue[Applied]] = []
        self._shown: dict[int, SeatView] = {}
        self._shown_actions: tuple[DayAction, ...] = ()
        self._last_words = False  # a seat's last words are being spoken (Rule 10)
        self._peeked: set[int] = set()
        self.facts_asked = facts_asked(game.rules)
        self._facts: dict[int, SeatFacts] = {}
        self._speaker: int | None = None
        self.now: Callable[[], float] = time.monotonic
        """The moderator's clock (seconds): every countdown the phones are shown runs on it,
        so a fast clock's game shows the figures a real one would (`said` Rule 3)."""
        self._speech_clock = Countdown(self._now)
        self._speech_ended = False
        self._gate = NightGate()  # Rule 11
        self.orders = Orders(self._carry_out)  # whatever changes the game is one of them (Rule 14)
        self._reviews: dict[tuple[int, int, Locale], Any] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.timers: Timers | None = None  # the moderator's: each step's countdown (`said` Rule 3)
        self._said = Said()
        self._step_clock = Countdown(self._now)
        self._screens: set[Link] = set()  # the public screens (Rule 13)
        self._line = ""  # the judge's last line, as spoken (Rule 13)
        self._stage = Stage()  # the election, a PK, last words, as said (Rule 13)
        self.join_address: str | None = None  # the join address the box prints (Rule 13)
        if auto_narrate:
            self.narrating = game.pending.step if game.pending else None
        self._feeds.absorb(game.events)
        self._snapshot()

    @property
    def game(self) -> Game:
        """The game played at this table (undo changes it in place: `Game.pop`)."""
        return self._game

    def deal_again(self, game: Game) -> None:
        """Play `game` from now on: the same game, not started, dealt again (the facts the
        players gave at joining); the phones see it at the first step narrated."""
        assert not game.log and game.setup.seats == self._game.setup.seats
        self._game = game

    def pick_board(self, name: str) -> Board:
        """The host's board (Rule 9). Refusal "board_late" (no dealer, every seat taken, or the
        deal began), "board_unknown", "board_unplayable" (roles the engine lacks), "board_seats".
        Between two games of an evening it is the next game's board, of any seat count (Rule 12)."""
        if self.game.over:
            return self._pick_next_board(name)
        if not self._boards_open():
            raise Refusal("board_late")
        try:
            board = find_board(name)
        except BoardError:
            raise Refusal("board_unknown") from None
        if not board.playable:
            raise Refusal("board_unplayable", missing=", ".join(board.missing_roles()))
        if board.seats != self.game.setup.seats:
            raise Refusal("board_seats", seats=board.seats)
        assert self.dealer is not None
        game = self.dealer(board)
        assert not game.log and game.setup.seats == self.game.setup.seats
        self.board, self._game, self._peeked = board, game, set()
        self.facts_asked = facts_asked(game.rules)
        self._feeds = Feeds(game.setup.seats)
        self._feeds.absorb(game.events)
        self._snapshot()
        log.info("the host picked the board %s", board.id)
        for link in list(self._link_locale):
            locale = self._locale(link)
            named = {"board": board_title(board, locale), "cards": board_cards(board, locale)}
            told = text(locale, "notices.host_board", **named)
            link.send(self._welcome(locale))
            link.send(out.Notice(key="host_board", text=told).wire())
        self._send_states(fresh=True)
        return board

    def _pick_next_board(self, name: str) -> Board:
        try:
            board = find_board(name)
        except BoardError:
            raise Refusal("board_unknown") from None
        if not board.playable:
            raise Refusal("board_unplayable", missing=", ".join(board.missing_roles()))
        self.next_board, self.next_seats = board, None
        log.info("the host picked the next game's board %s", board.id)
        for link in list(self._link_locale):
            locale = self._locale(link)
            named = {"board": board_title(board, locale), "cards": board_cards(board, locale)}
            told = text(locale, "notices.next_board", seats=board.seats, **named)
            link.send(out.Notice(key="next_board", text=told).wire())
        return board

    def pick_seats(self, seats: int) -> int:
        """The host's bare seat count for the evening's next game (Rule 12), dealt the judge's
        default cards for it; every phone told, and the seats it no longer has. Refusal
        "seats_late" (the game is not over), "seats_unknown" (no default cards for it)."""
        if not self.game.over:
            raise Refusal("seats_late")
        if seats not in SEAT_COUNTS:
            raise Refusal("seats_unknown", low=SEAT_COUNTS[0], high=SEAT_COUNTS[-1])
        self.next_board, self.next_seats = None, seats
        log.info("the host picked %d seats for the next game", seats)
        gone = [seat for seat in range(seats + 1, self.game.setup.seats + 1) if self.registry.holder(seat)]
        for link in list(self._link_locale):
            locale = self._locale(link)
            named = {"seats": seats, "cards": default_cards(seats, locale)}
            told = text(locale, "notices.next_seats", **named)
            if gone:
                told += text(locale, "notices.seats_gone", gone=SEPARATOR[locale].join(map(str, gone)))
            link.send(out.Notice(key="next_seats", text=told).wire())
        return seats

    def next_game(self, game: Game, registry: SeatRegistry, board: Board | None) -> list[int]:
        """Play the evening's next game, `game` (not started), at this table: the phones stay
        connected, the seats `registry` holds keep their holders; a phone whose seat the game
        no longer has is told and let go. The seats let go (Rule 12)."""
        assert not game.log
        gone = sorted(seat for seat in self._links if registry.holder(seat) is None)
        for seat in gone:
            link = self._links.pop(seat)
            self._link_seat.pop(link, None)
            link.send(out.Freed(reason="seat_gone").wire())
            link.close(CLOSE_FREED)
        self._game, self.registry, self.board = game, registry, board
        self.next_board, self.next_seats, self.scores, self.narrating = None, None, None, None
        self._feeds = Feeds(game.setup.seats)
        self._feeds.absorb(game.events)
        self._collector, self._touched, self._peeked = None, set(), set()
        self._last_deciders = ("", frozenset())
        self.facts_asked = facts_asked(game.rules)
        self._facts = {seat: f for seat, f in self._facts.items() if registry.holder(seat) is not None}
        self._speaker, self._speech_ended = None, False
        self._speech_clock, self._step_clock = Countdown(self._now), Countdown(self._now)
        self._said = Said()  # the judge has said nothing of this game yet
        self._line, self._stage = "", Stage()
        self._snapshot()
        for link in list(self._link_locale):
            link.send(self._welcome(self._locale(link)))
        self._send_states(fresh=True)
        log.info("the evening's next game: %d seats, %s", game.setup.seats, board.id if board else "no board")
        return gone

    def show_scores(self, scores: dict[str, Any]) -> None:
        """The evening's scores on every phone (Rule 12), with every board and seat count the
        host may pick for the next game: one message, the same for each phone of a language."""
        self.scores = scores
        for link in list(self._link_locale):
            link.send(self._scores_message(self._locale(link)))
        self._send_screens()

    def _scores_message(self, locale: Locale) -> dict[str, Any]:
        assert self.scores is not None
        boards, counts = offered_boards(None, locale), offered_counts(locale)
        return out.Scores(scores=self.scores, boards=boards, counts=counts).wire()

    async def _leave(self, link: Link, seat: int, n: int) -> None:
        """The player at `seat` leaves between two games (Rule 12)."""
        if not self.game.over:
            raise Refusal("leave_late")
        holder = self.registry.holder(seat)
        self._out(link, _ack(n, "leave"))
        await self._free_seat(seat)
        name = holder.name if holder is not None else ""
        self.notify("player_left", seat=seat, name=name)
        if self.on_leave is not None:
            self.on_leave(seat, name)

    def _boards_open(self) -> bool:
        free = any(entry["name"] is None for entry in self.registry.lobby())
        began = self._said.began
        return free and self.dealer is not None and not self.game.log and self.narrating is None and not began

    # The moderator's side

    def narrate(self, step: str | None, *, final: bool = False, seconds: float | None = None) -> None:
        """Tell every phone that `step` is being narrated now (None: between steps); `final`:
        the moderator has said the end of the game, the phones may show it (Rule 3);
        `seconds`: how long the moderator gives the step (every phone counts it down)."""
        if step != self.narrating:
            self._gate.send_held()  # a step's answers leave before anything of the next (Rule 11)
        if step is not None:
            self._begin()
        if step != self.narrating or step is None:
            self._step_clock.start(seconds if seconds is not None else step_seconds(self.timers, step))
        self.narrating = step
        self._touched = set()
        if step is not None:
            log.info("narrating %s", step)
        pending = self.game.pending
        in_step = pending is not None and pending.step == step
        if in_step or (self.game.over and (final or self.auto_narrate)):
            self.publish()
        else:
            if is_night(step) and not self.game.over and self.game.phase.night:
                self._refresh_public()
            self._send_states(fresh=False)
        if in_step and is_shared(self.game.spec):
            collector = self._collector_for_pending()
            if not collector.owed:
                self._soon(self._settle_owed_by_nobody(collector.pending))

    async def narrate_next(
        self, step: str | None, *, final: bool = False, seconds: float | None = None
    ) -> None:
        """`narrate` as an order (Rule 14): the touches that came before are answered first."""
        await self.orders.give(NextStep(step, final, seconds))

    def _soon(self, work: Any) -> None:
        """Run the coroutine `work` on the event loop, after the order carried out now."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _settle_owed_by_nobody(self, pending: Pending) -> None:
        """A table decision that no seat owes (everyone away), taken empty (Rule 4)."""
        await self.orders.give(Settle(pending, owed_by_nobody=True))

    async def settle(self) -> Applied | None:
        """Apply the pending collective decision if every part of it is in (after the store
        refused it: the moderator calls this once the store writes again)."""
        settled: Applied | None = await self.orders.give(Settle())
        return settled

    async def _settle(self, order: Settle) -> Applied | None:
        if order.owed_by_nobody:
            pending = order.pending
            if pending is not None and self.game.pending is pending and pending.step == self.narrating:
                await self._settle_collective(self._collector_for_pending())
            return None
        await self._gate.quiet()
        pending = self.game.pending
        if pending is None or pending.step != self.narrating or not is_shared(self.game.spec):
            return None
        collector = self._collector_for_pending()
        if collector.complete() or not collector.owed:
            return await self._apply_collective(collector)
        return None

    def publish(self) -> None:
        """Send every phone its view as the game stands now, and its new feed entries."""
        self._feeds.absorb(self.game.events)
        self._snapshot()
        self._send_states(fresh=True)

    async def apply(
        self, decision: Decision, by: int | None = None, *, pending: Pending | None = None
    ) -> Applied:
        """Apply a decision made elsewhere (the keypad, the moderator) as an order (Rule
        14); IllegalDecision as the engine raises it, StoreUnwritable (nothing taken), Stale
        when `pending` (the step it was made for) was decided while it waited for its turn."""
        applied: Applied = await self.orders.give(Decide(decision, by, pending))
        return applied

    async def _decide(self, order: Decide) -> Applied:
        await self._gate.quiet()
        decision, by, pending = order.decision, order.by, order.pending
        if pending is not None and self.game.pending is not pending:
            raise Stale()
        pending = self.game.pending
        events = await self._take(decision, by)
        action = ACTIONS.get(type(decision))
        step = action.name if action is not None else pending.step if pending else decision.step
        return self._after(decision, by, step, events)

    async def close_step(self, pending: Pending | None = None) -> Applied | None:
        """Apply what the phones gave for the pending collective decision (a deadline
        passed); None when the pending decision is not a collective one, or (`pending`
        given) no longer the game's pending one."""
        closed: Applied | None = await self.orders.give(Close(pending))
        return closed

    async def _close(self, order: Close) -> Applied | None:
        await self._gate.quiet()
        pending = order.pending
        if pending is not None and self.game.pending is not pending:
            return None
        pending = self.game.pending
        if pending is None or not is_shared(self.game.spec):
            return None
        collector = self._collector_for_pending()
        if not is_night(pending.step):  # by night the count would tell how many owe it (the pack)
            answered, owed = collector.answered(), len(collector.owed)
            log.info("%s closed: %d of %d answered", pending.step, answered, owed)
        return await self._apply_collective(collector)

    async def undo(self, decided: int) -> Decision:
        """Take the game's last decision back as an order (Rule 14), from the store first;
        Stale when the game no longer has `decided` decisions (one came while it waited)."""
        taken: Decision = await self.orders.give(Undo(decided))
        return taken

    async def _undo(self, order: Undo) -> Decision:
        await self._gate.quiet()
        game = self.game
        if len(game.history) != order.decided:
            raise Stale()
        return await game.take_back() if isinstance(game, WrittenGame) else game.pop()

    async def _carry_out(self, order: Order[Any]) -> Any:
        """Carry out one order (Rule 14, `orders` Rule 2): check, await the write, apply."""
        if isinstance(order, Touch):
            later = await self._handle(order.link, order.message)
            if not order.reply.done():  # its giver still waits: in flight before the next order
                order.landing.enter_context(self._gate.flight())
            return later
        if isinstance(order, NextStep):
            await self._gate.quiet()
            self.narrate(order.step, final=order.final, seconds=order.seconds)
            return None
        if isinstance(order, Decide):
            return await self._decide(order)
        if isinstance(order, Close):
            return await self._close(order)
        if isinstance(order, Settle):
            return await self._settle(order)
        if isinstance(order, Undo):
            return await self._undo(order)
        if isinstance(order, FreeSeat):
            return await self._free_seat(order.seat)
        assert isinstance(order, ClaimHost)
        return await self.registry.claim(order.pin, order.address)

    def subscribe(self) -> asyncio.Queue[Applied]:
        """A queue that receives every decision applied from now on."""
        queue: asyncio.Queue[Applied] = asyncio.Queue()
        self._subscribers.append(queue)
        return queue

    async def next_applied(self, timeout: float | None = None) -> Applied:
        """Take the first applied decision left in the inbox (TimeoutError after `timeout`
        seconds), for a table without a moderator: the moderator awaits the inbox itself."""
        item = await self.inbox.take_first(_decided, timeout)
        assert isinstance(item, Decided)
        return item.applied

    def speaking(self, seat: int | None, seconds: float | None = None) -> None:
        """The speech of `seat` starts (None: it ended), for `seconds` (every phone counts
        them down): that seat's phone may end it."""
        self._speaker, self._speech_ended = seat, False
        if seat is None:
            self._last_words = False
        self._speech_clock.start(seconds if seat is not None else None)
        self.inbox.drop(_speakers_pass)
        offered = self._actions_now()
        if seat is not None and offered != self._shown_actions:  # the talk before a step (Rule 10)
            self._shown_actions = offered
            self._send_states(fresh=False)
        message = out.Speaking(seat=seat, seconds=self._speech_left(), last_words=self._last_words).wire()
        for link in list(self._links.values()):
            link.send(message)
        self._send_screens()

    def said(self, key: str, params: dict[str, Any]) -> None:
        """The judge says the line `key` (the moderator's `on_line`): by day every line refreshes
        what the phones show of the table, the pause stops their countdowns (`said` Rules 1-3)."""
        if key == NIGHT_FALLS:
            self._begin()
        if key == LAST_WORDS:
            self._last_words = True
        self._said.hear(key, params, len(public_view(self.game).votes))
        self._line = spoken_line(self.locale, key, params)
        self._stage.hear(key, params)
        self._send_screens()
        if key in (PAUSE, RESUME):
            for clock in (self._step_clock, self._speech_clock):
                clock.hold() if key == PAUSE else clock.release()
            self._broadcast({seat: self._clock() for seat in self._links})
        elif (self._said.by_day() and key != DAY_BREAKS) or key == NIGHT_FALLS:
            pending = self.game.pending
            if pending is not None and pending.step == self.narrating:
                self.publish()
            elif not self.game.over:
                self._refresh_public()
                self._send_states(fresh=False)

    def _begin(self) -> None:
        """The game begins (the first night falls, or a first step is narrated): every phone
        is welcomed again, with no board to pick any more."""
        if self._said.began:
            return
        self._said.began = True
        for link in list(self._link_locale):
            link.send(self._welcome(self._locale(link)))

    def host_command(self, command: HostCommand) -> None:
        """A host control from the host's phone (the caller checked the host token)."""
        log.info("host: %s", command.command)
        self.inbox.put(Command(command.command, "host"))

    def facts(self) -> dict[int, SeatFacts]:
        """The facts the seated players gave at joining (Rule 6), seat → facts."""
        return {
            seat: facts
            for seat, facts in sorted(self._facts.items())
            if self.registry.holder(seat) is not None
        }

    async def free_seat(self, seat: int) -> bool:
        """Free `seat` (the host's act) as an order (Rule 14): written first, then its
        phone is told and disconnected; StoreUnwritable frees nothing."""
        return await self.orders.give(FreeSeat(seat))

    async def claim_host(self, pin: str, address: str = "") -> str:
        """The host's claim as an order (Rule 14), written before it counts."""
        return await self.orders.give(ClaimHost(pin, address))

    async def _free_seat(self, seat: int) -> bool:
        holder = await self.registry.let_go(seat)
        self._facts.pop(seat, None)
        link = self._links.pop(seat, None)
        if link is not None:
            self._link_seat.pop(link, None)
            link.send(out.Freed().wire())
            link.close(CLOSE_FREED)
        if holder is not None:
            log.info("seat %d freed by the host", seat)
            self._send_lobby()
        return holder is not None

    def notify(self, key: str, **params: object) -> None:
        """Tell every phone a public fact (a host's act) in its own language: a `notice`
        carrying the catalogue line `notices.<key>`."""
        for link in list(self._link_locale):
            line = text(self._locale(link), f"notices.{key}", **params)
            link.send(out.Notice(key=key, text=line).wire())

    def refuse(self, link: Link, code: str) -> None:
        """Answer `link` with the error `code` in its language (a message the server refused
        before reading it: too many, say)."""
        link.send(self._error(link, Refusal(code), 0))

    def peeked(self) -> set[int]:
        """The seats whose players have looked at their card."""
        return set(self._peeked)

    def connected(self) -> list[int]:
        return sorted(self._links)

    def seat_of(self, link: Link) -> int | None:
        """The seat `link` holds, or None."""
        return self._link_seat.get(link)

    # The phones' side

    def connect(self, link: Link) -> None:
        self._link_locale[link] = self.locale
        link.send(self._welcome(self.locale))
        if self.scores is not None:
            link.send(self._scores_message(self.locale))

    def disconnect(self, link: Link) -> None:
        seat = self._link_seat.pop(link, None)
        self._link_locale.pop(link, None)
        if seat is not None and self._links.get(seat) is link:
            del self._links[seat]

    async def receive(self, link: Link, raw: str | bytes) -> None:
        """Handle one message from `link`: answer it, and act on it when it is sound; what may
        change the game or the seats is an order, carried out in its turn (Rule 14). A touch
        at night is answered, real or decoy, NIGHT_ANSWER_S after it came, or once its commit
        is done when that takes longer (Rule 11)."""
        loop = asyncio.get_running_loop()
        arrival = loop.time()
        try:
            message = parse(raw)
        except Malformed as refusal:
            link.send(self._error(link, refusal, refusal.n))
            return
        if isinstance(message, Hello | Ping | Peeked | Done):  # nothing of the game changes
            await self._handle(link, message)
            return
        night = isinstance(message, Act) and is_night(self.narrating)
        with contextlib.ExitStack() as stack:
            stack.enter_context(self._gate.holding(arrival, night))
            if self._decoy(link, message):  # it changes nothing of the game: no order
                stack.enter_context(self._gate.flight())
                later = await self._handle(link, message)
            else:  # put in flight on `stack` before the next order is taken
                later = await self.orders.give(Touch(link, message, stack))
            if later is not None:
                await self._finish(link, message.n, later)

    def _decoy(self, link: Link, message: Message) -> bool:
        """Whether `message` is a touch at the night step narrated from a seat that owes it
        nothing: it changes nothing of the game, so it is no order (Rule 14), and its
        commit starts at once, as a real touch's does (Rule 11). While orders wait (the
        narration's next step, say) it is one, taken in its turn, as a real touch is."""
        seat = self._link_seat.get(link)
        if not isinstance(message, Act) or seat is None or message.step != self.narrating:
            return False
        if self.orders.busy:
            return False
        pending = self.game.pending
        owes = pending is not None and pending.step == message.step and seat in pending.seats
        return is_night(message.step) and not owes

    async def _finish(self, link: Link, n: int, later: Later) -> None:
        """The rest of a touch's work, after its order (its commit, then its answer)."""
        try:
            await later()
        except Refusal as refused:
            self._out(link, self._error(link, refused, n))
        except StoreUnwritable:  # nothing was taken (write ahead): the phone may try again
            self._out(link, self._error(link, Refusal("not_saved"), n))

    def send_held_answers(self) -> None:
        """Send every held answer now, in the order the touches came (Rule 11)."""
        self._gate.send_held()

    async def _handle(self, link: Link, message: Message) -> Later | None:
        """Answer `message`, or return the rest of its work (`Later`: a commit to await
        after the order, then the answer)."""
        n = message.n
        try:
            if isinstance(message, Hello):
                self._link_locale[link] = message.locale or self._locale(link)
                self._out(link, self._welcome(self._locale(link)))
            elif isinstance(message, Join | Rejoin):
                await self._sit(link, message)
            elif isinstance(message, Ping):
                self._out(link, out.Pong(n=n).wire())
            else:
                seat = self._link_seat.get(link)
                if seat is None:
                    raise Refusal("not_joined")
                if isinstance(message, Act):
                    return await self._act(link, seat, message)
                elif isinstance(message, Done):
                    self._end_speech(link, seat, n)
                elif isinstance(message, Peeked):
                    if seat not in self._peeked:
                        self._peeked.add(seat)
                        log.info("seat %d looked at its card", seat)
                        self.inbox.put(CardSeen(seat))
                    self._out(link, _ack(n, "peeked"))
                elif isinstance(message, DayActionNow):
                    await self._day_action(link, seat, n, message.action, message.target)
                elif isinstance(message, Leave):
                    await self._leave(link, seat, n)
                else:
                    assert isinstance(message, SelfDestructNow)
                    await self._day_action(link, seat, n, ACTIONS[SelfDestruct].name, None)
        except Refusal as refusal:
            self._out(link, self._error(link, refusal, n))
        except StoreUnwritable:  # nothing was taken (write ahead): the phone may try again
            self._out(link, self._error(link, Refusal("not_saved"), n))
        return None

    def _out(self, link: Link, message: dict[str, Any]) -> None:
        """Send `message` to `link`, or hold it with the answer to a touch at night (Rule 11)."""
        self._gate.out(link, message)

    async def _sit(self, link: Link, message: Join | Rejoin) -> None:
        locale = message.locale or self._locale(link)
        held = self._link_seat.get(link)  # a link holds one seat (server Rule 3)
        if held is not None and (
            isinstance(message, Join) or self.registry.rejoin(message.token).seat != held
        ):
            raise Refusal("one_seat", seat=held)
        if isinstance(message, Join):
            holder = await self.registry.take(message.seat, message.name, locale)
            log.info("seat %d taken by %s", holder.seat, holder.name)
            facts = seat_facts(message.facts, self.facts_asked)
            if facts is not None:
                self._facts[holder.seat] = facts
            self.inbox.put(Seated(holder.seat))
        else:
            holder = self.registry.rejoin(message.token)
            holder.locale = locale
        old = self._links.get(holder.seat)
        if old is not None and old is not link:
            self._link_seat.pop(old, None)
            old.close(CLOSE_REPLACED)
        self._links[holder.seat] = link
        self._link_seat[link] = holder.seat
        self._link_locale[link] = locale
        self._out(
            link,
            out.Joined(
                n=message.n, seat=holder.seat, name=holder.name, token=holder.token, locale=locale
            ).wire(),
        )
        self._send_state(holder.seat, feed=self._feeds.everything(holder.seat))
        if isinstance(message, Join):
            self._send_lobby()

    async def _act(self, link: Link, seat: int, act: Act) -> Later | None:
        game = self.game
        if game.over:
            raise Refusal("game_over")
        if act.step != self.narrating:
            step, seats = self._last_deciders
            raise Refusal("already" if act.step == step and seat in seats else "not_now")
        pending = game.pending
        owes = pending is not None and pending.step == act.step and seat in pending.seats
        if not owes:
            shown = self._shown.get(seat)
            if shown is None or not shown.alive:
                raise Refusal("dead")
            if not is_night(act.step):
                raise Refusal("not_yours")
            if seat in self._touched and not is_pack(spec_of(act.step)):
                raise Refusal("already")
            self._touched.add(seat)

            async def decoy() -> None:
                try:
                    await self._touch()  # the decoy commits as a real touch does (Rule 11)
                except StoreUnwritable:
                    self._touched.discard(seat)
                    raise
                self._out(link, _ack(act.n, act.step))
                self._send_progress(None)

            return decoy
        assert pending is not None
        spec = game.spec
        assert spec is not None
        if is_shared(spec):
            collector = self._collector_for_pending()
            given = answer_of(spec, act)
            collector.check(seat, given)
            if not collector.completes(seat, given):
                collector.reserve(seat, given)  # counts from now, until the store refuses it

                async def part() -> None:
                    try:
                        await self._part_written(seat, given)  # a ballot or a pick, written as it comes
                    except StoreUnwritable:
                        collector.withdraw(seat, given)
                        raise
                    collector.confirm(seat, given)
                    if not is_pack(spec):
                        self._touched.add(seat)
                    self._out(link, _ack(act.n, act.step))
                    self._send_progress(collector)

                return part
            before = collector.parts.get(seat)
            collector.offer(seat, given)
            progress = self._progress_now(collector)  # as the step stands, before it is decided
            decision = collector.combined()
            try:
                events = await self._take(decision, None)  # the last part: the decision's own write
            except (StoreUnwritable, IllegalDecision) as error:
                collector.parts.pop(seat)
                if before is not None:
                    collector.parts[seat] = before
                if isinstance(error, IllegalDecision):
                    raise refusal(error, pending) from None
                raise
            if not is_pack(spec):
                self._touched.add(seat)
            self._out(link, _ack(act.n, act.step))
            if progress is not None:
                self._broadcast(progress)
            self._after(decision, None, collector.step, events)
            return None
        if seat in self._touched:
            raise Refusal("already")
        decision = decision_of(game, seat, act)
        try:
            events = await self._take(decision, seat)
        except IllegalDecision as error:
            raise refusal(error, pending) from None
        self._touched.add(seat)
        added = self._feeds.absorb(game.events)
        results = [entry for s, entry in added if s == seat and entry["kind"] in spec.reveals]
        self._out(link, _ack(act.n, act.step, {"feed": results} if results else None))
        if is_night(pending.step):
            self._send_progress(None)
        self._after(decision, seat, pending.step, events)
        return None

    def _end_speech(self, link: Link, seat: int, n: int) -> None:
        if seat != self._speaker:
            raise Refusal("not_speaking")
        if self._speech_ended:
            raise Refusal("already")
        self._speech_ended = True
        self.inbox.put(Command("pass", "speaker"))
        self._out(link, _ack(n, "speech"))

    async def _day_action(self, link: Link, seat: int, n: int, name: str, target: int | None) -> None:
        """The day action called `name` pressed at `seat` (Rule 10)."""
        game = self.game
        if game.over:
            raise Refusal("game_over")
        action = next((a for a in ACTIONS.values() if a.name == name), None)
        if action is None:
            raise Refusal("malformed")
        if self._voting():
            raise Refusal("vote_open")
        if self._last_words:
            raise Refusal("last_words_open")
        if action not in self._shown_actions:
            raise not_offered(game, action, seat, target)
        decision = day_action(game, action, seat, target)
        events = await self._take(decision, seat)
        self._out(link, _ack(n, action.name))
        self._after(decision, seat, action.name, events)

    # Collective decisions

    def _collector_for_pending(self) -> Collector:
        pending = self.game.pending
        assert pending is not None
        if self._collector is None or self._collector.pending is not pending:
            self._collector = Collector(self.game, pending)
            game = self.game
            if isinstance(game, WrittenGame):  # the parts given before a crash count
                for seat, given in game.stored_parts().items():
                    with contextlib.suppress(Refusal):
                        self._collector.offer(seat, given)
        return self._collector

    async def _settle_collective(self, collector: Collector) -> None:
        """Apply the collective decision whose parts are all in; when the store refuses it
        the parts stay, for `settle` once the store writes again (the box was told)."""
        try:
            await self._apply_collective(collector)
        except StoreUnwritable:
            pass

    async def _apply_collective(self, collector: Collector) -> Applied:
        decision = collector.combined()
        events = await self._take(decision, None)
        return self._after(decision, None, collector.step, events)

    async def _take(self, decision: Decision, by: int | None) -> list[Event]:
        """The one place a decision enters the game, whoever made it (a phone, the table
        together, the keypad, a deadline's default), in an order (Rule 14): checked,
        written to the store when the game has one (the write awaited off the event loop),
        then applied (`RecordedGame.take`); `IllegalDecision` or `StoreUnwritable` change
        nothing."""
        game = self.game
        if isinstance(game, WrittenGame):
            return await game.take(decision, by=by)
        return game.apply(decision, by=by)

    async def _touch(self) -> None:
        """A touch that decides nothing commits all the same (Rule 11); `StoreUnwritable`."""
        game = self.game
        if isinstance(game, WrittenGame):
            await game.touch()

    async def _part_written(self, seat: int, given: Answer) -> None:
        """A part of a shared decision that does not complete it (a ballot, a pick), committed
        before it counts (Rule 14): one commit, as a decoy's touch is (Rule 11)."""
        game = self.game
        if isinstance(game, WrittenGame):
            await game.put_part(seat, given)

    def _send_progress(self, collector: Collector | None) -> None:
        """A touch was taken (`collector`: the part of a collective decision it gave). At
        night every phone gets the same message, the pack's picks sealed for the pack (Rule
        2); by day the count of answers is public."""
        progress = self._progress_now(collector)
        if progress is not None:
            self._broadcast(progress)

    def _progress_now(self, collector: Collector | None) -> dict[int, dict[str, Any]] | None:
        """The `progress` message of each phone for a touch taken now (`_send_progress`)."""
        if not is_night(self.narrating):
            if collector is None:
                return None
            public = {"answered": collector.answered(), "owed": len(collector.owed)}
            return {seat: self._progress(public) for seat in self._links}
        pending = self.game.pending
        pack: tuple[int, ...] = ()
        picks: dict[str, int | None] = {}
        if pending is not None and pending.step == self.narrating and is_pack(self.game.spec):
            pack_collector = collector or self._collector_for_pending()
            pack, picks = pending.seats, pack_collector.picks()
        return {seat: self._progress({}, {"picks": picks} if seat in pack else None) for seat in self._links}

    def _progress(self, public: dict[str, Any], told: dict[str, Any] | None = None) -> dict[str, Any]:
        return out.Progress(step=self.narrating, **public, sealed=seal(told)).wire()

    # After a decision

    def _after(self, decision: Decision, by: int | None, step: str, events: list[Event]) -> Applied:
        deciders = frozenset({by} if by is not None else ())
        collector = self._collector
        if by is None and collector is not None and collector.step == step:
            pack = is_pack(collector.spec)
            deciders = frozenset(collector.pending.seats if pack else collector.parts)
        self._collector = None
        self._last_deciders = (step, deciders)
        applied = Applied(decision, by, step, tuple(events))
        for queue in self._subscribers:
            queue.put_nowait(applied)
        self._said.decided(events)  # its chained deaths wait for their line (`said` Rule 4)
        self.inbox.put(Decided(applied))
        self._feeds.absorb(self.game.events)
        if self.auto_narrate or self.game.over:
            pending = self.game.pending
            self.narrate(pending.step if pending is not None else None)
        return applied

    # What is sent

    def _snapshot(self) -> None:
        """Take the views to show now (Rule 3: only when narration and engine agree)."""
        game = self.game
        public = self._as_said(public_view(game))  # the same for every seat: computed once
        self._shown = {
            seat: without_early_prompt(self._seen_alive(seat_view(game, seat, public)), self.narrating)
            for seat in range(1, game.setup.seats + 1)
        }
        self._shown_actions = self._actions_now()

    def _actions_now(self) -> tuple[DayAction, ...]:
        """The day actions the phones show now: none while a vote is taken or last words are
        spoken (Rule 10), else those the game offers."""
        return () if self._voting() or self._last_words else tuple(self.game.actions_offered())

    def _voting(self) -> bool:
        """Whether a vote is being taken now: narrated and pending (Rule 10); with
        `auto_narrate` (no moderator, nobody calls the vote) the vote step is the talk too."""
        pending, spec = self.game.pending, spec_of(self.narrating)
        return (
            not self.auto_narrate
            and pending is not None
            and pending.step == self.narrating
            and spec is not None
            and spec.share is Share.VOTES
        )

    @staticmethod
    def _seen_alive(view: SeatView) -> SeatView:
        """`view` alive as the picture shows it (a death not yet said, `said` Rule 4)."""
        alive = view.seat in view.public.alive
        return view if alive == view.alive else view.model_copy(update={"alive": alive})

    def _refresh_public(self) -> None:
        """The public part of the views as the game stands (Rule 3: a pretended step of the
        night the engine is in); what each seat was told stays as it was last shown."""
        public = self._as_said(public_view(self.game))
        self._shown = {
            seat: view.model_copy(update={"public": public, "alive": seat in public.alive})
            for seat, view in self._shown.items()
        }

    def _as_said(self, public: Any) -> Any:
        """The public view with the phase the judge last said and the deaths he has said
        (`said` Rules 1 and 4)."""
        public = self._said.picture(public)
        if self._said.phase is None or public.winner is not None:
            return public
        return public.model_copy(update={"phase": self._said.phase})

    def _now(self) -> float:
        return self.now()

    def _clock(self) -> dict[str, Any]:
        """The countdowns every phone shows alike (`said` Rule 3)."""
        return out.Clock(
            step=self._step_clock.left(), speech=self._speech_clock.left(), paused=self._said.paused
        ).wire()

    def _screen(self, seat: int, *, fresh: bool) -> dict[str, Any]:
        view = self._shown[seat]
        if not fresh:
            view = view.model_copy(update={"prompt": None})
        alive = self._shown[seat].public.alive
        return screen(
            view,
            self.narrating,
            shown_alive=alive,
            answered=seat in self._touched and not is_pack(spec_of(self.narrating)),
            actions=self._shown_actions,
        )

    def _state(self, seat: int, feed: list[dict[str, Any]], *, fresh: bool) -> dict[str, Any]:
        """The `state` message of `seat`: its view (without the prompt: the screen has what
        the phone may show of it), its screen, the names, its feed, the speech running."""
        view = self._shown[seat].model_copy(update={"prompt": None})
        return out.State(
            view=view.model_dump(mode="json"),
            screen=self._screen(seat, fresh=fresh),
            names=self.registry.names(),
            feed=feed,
            speaking=self._speaker,
            seconds=self._speech_left(),
            last_words=self._last_words,
            review=self._review(self._seat_locale(seat)) if view.public.winner is not None else None,
            clock=self._clock(),
            started=self._said.began or self.auto_narrate or bool(self.game.log),
            candidates=list(self._said.candidates),
            pk=self._said.pk,
            votes_from=self._said.votes_from,
        ).wire()

    def attach_screen(self, link: Link) -> None:
        """A public screen (Rule 13): it is sent the table's public picture from now on."""
        self._screens.add(link)
        link.send(self.screen_message())

    def detach_screen(self, link: Link) -> None:
        self._screens.discard(link)

    def screen_message(self) -> dict[str, Any]:
        """What the public screen shows now (Rule 13): public facts only, the table's picture
        as every phone shows it (Rule 3: not the engine's, which knows the night's deaths
        before the judge says them)."""
        public = self.shown_public()
        return out.Table(
            locale=self.locale,
            strings=page_strings(self.locale),
            public=public.model_dump(mode="json"),
            seats=self.game.setup.seats,
            lobby=self.registry.lobby(),
            names=self.registry.names(),
            board=board_title(self.board, self.locale) if self.board is not None else None,
            board_cards=board_cards(self.board, self.locale) if self.board is not None else None,
            line=self._line,
            join=self.join_address,
            speaking=self._speaker,
            clock=self._clock(),
            started=self._said.began or self.auto_narrate or bool(self.game.log),
            candidates=list(self._said.candidates),
            votes_from=self._said.votes_from,
            stage=self._stage.shown(),
            review=self._review(self.locale) if public.winner is not None else None,
            scores=self.scores,
        ).wire()

    def _review(self, locale: Locale) -> Any:
        """The game's written review in `locale`, made once per language and game state
        (every phone's `state` at the end carries it: made for each, it held up the loop)."""
        key = (id(self.game), len(self.game.events), locale)
        if key not in self._reviews:
            self._reviews = {k: v for k, v in self._reviews.items() if k[:2] == key[:2]}
            self._reviews[key] = written_review(self.game, locale)
        return self._reviews[key]

    def shown_public(self) -> Any:
        """The public view every phone shows now (the same in every seat's view, Rule 3)."""
        view = next(iter(self._shown.values()), None)
        return view.public if view is not None else self._as_said(public_view(self.game))

    def _send_screens(self) -> None:
        if not self._screens:
            return
        message = self.screen_message()
        for link in list(self._screens):
            link.send(message)

    def _send_states(self, *, fresh: bool) -> None:
        """One `state` message to every phone, padded alike (Rule 3); the public screens'
        picture with it (Rule 13)."""
        self._send_screens()
        self._broadcast(
            {
                seat: self._state(seat, self._feeds.undelivered(seat) if fresh else [], fresh=fresh)
                for seat in list(self._links)
            }
        )

    def _send_state(self, seat: int, feed: list[dict[str, Any]]) -> None:
        """The state of one phone (joining or back), padded like every seat's would be."""
        everyone = {s: self._state(s, feed if s == seat else [], fresh=True) for s in self._shown}
        self._send(seat, padded_alike(everyone)[seat])

    def _broadcast(self, messages: dict[int, dict[str, Any]]) -> None:
        """A message for each of several seats, sent padded alike (wire Rule 2)."""
        for seat, message in padded_alike(messages).items():
            self._send(seat, message)

    def _speech_left(self) -> int | None:
        """Whole seconds left of the speech running (None: no timed speech)."""
        return self._speech_clock.left()

    def _seat_locale(self, seat: int) -> Locale:
        link = self._links.get(seat)
        return self._locale(link) if link is not None else self.locale

    def _send_lobby(self) -> None:
        message = out.Lobby(lobby=self.registry.lobby()).wire()
        for link in list(self._link_locale):
            link.send(message)
        self._send_screens()

    def _send(self, seat: int, message: dict[str, Any]) -> None:
        link = self._links.get(seat)
        if link is not None:
            self._out(link, message)

    def _welcome(self, locale: Locale) -> dict[str, Any]:
        return out.Welcome(
            locale=locale,
            strings=page_strings(locale),
            seats=self.game.setup.seats,
            lobby=self.registry.lobby(),
            facts=self.facts_asked,
            variants=card_variants(self.game.rules),
            boards=offered_boards(self.game.setup.seats, locale) if self._boards_open() else [],
            board=self.board.id if self.board is not None else None,
        ).wire()

    def _locale(self, link: Link) -> Locale:
        return self._link_locale.get(link, self.locale)

    def _error(self, link: Link, refusal: Refusal, n: int) -> dict[str, Any]:
        """A refusal, in the shape of an ack (an empty seal), so that on the wire a refused
        touch and an accepted one have one size."""
        message = refusal.message(self._locale(link))
        return out.Error(n=n, code=refusal.code, message=message, sealed=seal(None)).wire()


@functools.lru_cache(maxsize=4)
def _voice_catalogue(locale: str) -> Any:
    from narrator.voice.catalogue import load_catalogue

    return load_catalogue(locale)


def spoken_line(locale: str, key: str, params: dict[str, Any]) -> str:
    """The judge's line `key` as the voice says it (its catalogue's text), or "" when the
    catalogue has none (Rule 13)."""
    from narrator.voice.catalogue import CatalogueError, UnknownLine

    try:
        return str(_voice_catalogue(locale).text(key, **params))
    except (UnknownLine, CatalogueError):
        return ""


def _speakers_pass(item: object) -> bool:
    return isinstance(item, Command) and item.source == "speaker" and item.word == "pass"


def _decided(item: object) -> bool:
    return isinstance(item, Decided)


def encode(message: dict[str, Any]) -> str:
    """A message as the JSON text sent on the wire, padded to its bucket unless the table
    padded it already (with the other seats' messages)."""
    return encode_padded(message if "pad" in message else padded(message))


def _ack(n: int, step: str, told: dict[str, Any] | None = None) -> dict[str, Any]:
    """The answer to a phone's message `n`: every ack has one shape, what the seat is told
    (the seer's answer) sealed."""
    return out.Ack(n=n, step=step, sealed=seal(told)).wire()
