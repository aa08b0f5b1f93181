"""One game at the table from start to end: server, voice, listener, store, moderator.

Wired together here and nowhere else: the phone server, the speaker, the listener, the
store and the moderator, for `narrator play`, `narrator demo` and `narrator resume`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import secrets
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from engine.boards import Board, find_board
from engine.record import write_record
from narrator.evening.ledger import evening_ledger
from narrator.evening.report import as_json, lines
from narrator.inbox import Command, Inbox, Input
from narrator.moderator.botphones import BotPhone, seat_bots
from narrator.moderator.config import PlayConfig
from narrator.moderator.desk import KeypadDesk
from narrator.moderator.loop import Moderator, anchor
from narrator.moderator.review import review, spoken_review
from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.catalogue import DEFAULT_LOCALE, Locale
from narrator.phones.keypad import Keypad, TerminalScreen, evdev_keys, terminal_keys
from narrator.phones.seats import SeatHolder, SeatRegistry
from narrator.recorded import RecordedGame
from narrator.store import Store, StoreUnwritable, unwritable_line, write_private
from narrator.timing import Clock, FastClock, Heard
from narrator.voice.catalogue import load_catalogue
from narrator.voice.preflight import PrintedVoice


@dataclass(frozen=True)
class Options:
    """How this session runs: bots at every seat, a fast clock, no sound, files out."""

    bots: bool = False
    fast: bool = False
    silent: bool = False
    out: Path | None = None
    record: Path | None = None
    self_destruct: float = 0.0
    printed: bool | None = None
    keypad: str | None = None  # "-" for the terminal, or a Linux input device
    voiceless: bool = False  # no voice on this box (`narrator.voice.preflight`): lines are printed
    screen: bool = False  # open the public screen (公屏) in this computer's browser


class StoredSeats(SeatRegistry):
    """Seats and the host's claim whose tokens are kept in the store, so phones (the host's
    too) rejoin after a resume. Once its game is over (`over`) the store keeps that game's
    seats as they were at its end (its scores name them): a leave or a newcomer between two
    games is stored with the next game (`following`)."""

    def __init__(self, store: Store, game_id: str, seats: int) -> None:
        super().__init__(seats, store.host_token(game_id))
        self.store, self.game_id = store, game_id
        self.over = False
        for seat, (name, token) in store.seats(game_id).items():
            self._holders[seat] = SeatHolder(seat, name, token)

    @classmethod
    def following(cls, before: SeatRegistry, store: Store, game_id: str, seats: int) -> StoredSeats:
        """The seats of the evening's next game `game_id`: the holders of `before` whose seat
        it has, with their names and tokens, and the same host; stored first."""
        kept = [h for seat, h in sorted(before._holders.items()) if seat <= seats]
        for holder in kept:
            store.bind_seat(game_id, holder.seat, holder.name, holder.token)
        store.bind_host(game_id, before.host_token)
        registry = cls(store, game_id, seats)
        registry._pin, registry._misses = before._pin, dict(before._misses)
        for holder in kept:
            registry._holders[holder.seat].locale = holder.locale
        return registry

    def claim_host(self, pin: str, address: str = "") -> str:
        """The claim counts once it is stored: a store that refuses it leaves the PIN and
        the host as they were (`StoreUnwritable`)."""
        before = (self.host_token, self._pin, dict(self._misses))
        token = super().claim_host(pin, address)
        if self.over:
            return token  # kept for the next game (`following`)
        try:
            self.store.bind_host(self.game_id, token)
        except StoreUnwritable:
            self.host_token, self._pin, self._misses = before
            raise
        return token

    def join(self, seat: int, name: str, locale: str = "zh-CN") -> SeatHolder:
        """The seat is taken once it is stored (write ahead: else it stays free)."""
        holder = super().join(seat, name, locale)  # type: ignore[arg-type]
        if self.over:
            return holder  # a newcomer between two games: stored with the next game
        try:
            self.store.bind_seat(self.game_id, holder.seat, holder.name, holder.token)
        except StoreUnwritable:
            del self._holders[holder.seat]
            raise
        return holder

    def free(self, seat: int) -> SeatHolder | None:
        if self.holder(seat) is not None and not self.over:
            self.store.free_seat(self.game_id, seat)  # stored first: a refusal frees nothing
        return super().free(seat)

    async def take(self, seat: int, name: str, locale: Locale = DEFAULT_LOCALE) -> SeatHolder:
        """The seat is taken once it is written (write ahead), off the event loop."""
        holder = self.holder_for(seat, name, locale)
        if not self.over:  # a newcomer between two games is stored with the next game
            await self.store.write(self.store.bind_seat, self.game_id, holder.seat, holder.name, holder.token)
        self._holders[seat] = holder
        return holder

    async def let_go(self, seat: int) -> SeatHolder | None:
        if self.holder(seat) is not None and not self.over:
            await self.store.write(self.store.free_seat, self.game_id, seat)  # a refusal frees nothing
        return super().free(seat)

    async def claim(self, pin: str, address: str = "") -> str:
        """`claim_host` with the write awaited off the event loop; the PIN and the host stay
        as they were when the store refuses it (`StoreUnwritable`)."""
        before = (self.host_token, self._pin, dict(self._misses))
        token = SeatRegistry.claim_host(self, pin, address)
        if self.over:
            return token
        try:
            await self.store.write(self.store.bind_host, self.game_id, token)
        except StoreUnwritable:
            self.host_token, self._pin, self._misses = before
            raise
        return token

    def tokens(self) -> dict[int, str]:
        return {seat: holder.token for seat, holder in self._holders.items()}


TYPED = {
    "p": "pause",
    "pause": "pause",
    "c": "resume",
    "resume": "resume",
    "r": "repeat",
    "repeat": "repeat",
    "n": "pass",
    "pass": "pass",
    "过": "pass",
    "v": "start_vote",
    "vote": "start_vote",
    "u": "undo",
    "undo": "undo",
    "q": "end",
    "end": "end",
    "a": "again",
    "again": "again",
    "再来一局": "again",
    "s": "ready",
    "start": "ready",
    "ready": "ready",
}


HOST_KEYS = ("h", "hs")  # show the host's PIN on the box's screen; say it aloud once


def read_terminal(inbox: Inbox, on_host_key: Callable[[str], None]) -> None:
    """The host's keyboard, read in a thread of its own and posted to the moderator's inbox:
    s start (everyone has seen their card), p pause, c continue, r repeat, n next speaker,
    v start the vote, u undo the last decision, q end the game (at the end: the evening), a one
    more game (再来一局, at the end); h shows the host's PIN, hs says it (`on_host_key` gets the
    word)."""
    try:
        for line in sys.stdin:
            word = line.strip().lower()
            if word in TYPED:
                inbox.command(TYPED[word], "terminal")
            elif word in HOST_KEYS:
                on_host_key(word)
    except (OSError, ValueError) as error:  # the terminal went away (a hang-up, a closed stdin)
        print(
            f"narrator: the box's terminal went away ({error}); the game goes on with the phones",
            file=sys.stderr,
            flush=True,
        )


async def run_session(
    game: RecordedGame,
    config: PlayConfig,
    store: Store,
    options: Options,
    *,
    seed: int,
    resumed: bool = False,
    evening: Evening | None = None,
) -> dict[str, Any]:
    """Play `game` to its end at a phone table, then the evening's next games at the same
    table while the host asks for one more (再来一局; a demo: until the evening has its
    games); the review of the last game, with the evening's scores. The parts are made here
    and closed here, whatever happens: the table and its server, the voice, the box's
    controls (listener, terminal, keypad, host PIN), the moderator."""
    evening = evening or Evening(None)
    table, server = await _open_table(game, config, store, options, resumed)
    parts = Parts(server=server)
    try:
        parts.satellite = await _satellite(config, options)
        parts.voice = await _voice(config, options, game.setup.seats, parts.satellite)
        clock: Clock = FastClock() if options.fast else Clock()
        if parts.satellite is not None:
            from narrator.moderator.satellite_notices import tell_the_table

            parts.notices = tell_the_table(parts.satellite, parts.voice, table, clock)
        parts.listener, parts.desk, host_pin = await _controls(
            table, server, config, options, parts.voice, parts.satellite
        )
        table.evening.on_leave = lambda seat, _name: host_pin.announce("host_left", {"seat": seat})
        parts.bots = await _phones_join(table, server, options, seed, resumed, parts.voice, host_pin, config)
        heard: list[Heard] = []  # the evening's real night steps: its pretended ones sound like them
        while True:
            moderator = Moderator(
                table,
                parts.voice,
                timers=config.timers_for(game.rules),
                clock=clock,
                rng=random.Random(seed),
                desk=parts.desk,
                on_line=table.said,  # the phones follow what the judge says
            )
            moderator.pacing.heard = heard
            table.timers = moderator.timers
            if parts.desk is None and not await _wait_for_seats(table):
                # `q` (or the host's end) while the phones join
                await saved(partial(store.finish, game.game_id, None, "ended"), store, table.inbox)
                evening.close(store)
                return {**review(game), "evening": evening.scores(store)}
            played = await _play(table, moderator, store, config, resumed)
            word = await _keep_the_end(played, table, moderator, store, options, clock, evening)
            if word != "again":
                evening.close(store)
                return {**review(played), "evening": evening.scores(store)}
            game, config, seed = await _next_game(table, store, config, evening, seed, options)
            resumed = False
            await moderator.say("host.again")
    finally:
        await parts.close()


@dataclass
class Evening:
    """The evening the session's games are played in (None: a game of its own), and how many
    games a demo plays in it (`games`; None: until the host ends it)."""

    id: str | None
    games: int | None = None

    def played(self, store: Store) -> int:
        """The evening's games so far (each stored game, finished or not)."""
        return next((len(e["games"]) for e in store.evenings() if e["id"] == self.id), 0)

    def scores(self, store: Store) -> dict[str, Any] | None:
        if self.id is None:
            return None
        return as_json(evening_ledger(store, self.id), evening=self.id)

    def close(self, store: Store) -> None:
        """The table has gone home (the host ended the evening, the demo played its games).
        A store that refuses it keeps the evening open (it said so itself, in one line): the
        next `narrator play` goes on with it, nothing of its games lost."""
        if self.id is not None:
            with contextlib.suppress(StoreUnwritable):
                store.close_evening(self.id)


async def _next_game(
    table: PhoneTable, store: Store, config: PlayConfig, evening: Evening, seed: int, options: Options
) -> tuple[RecordedGame, PlayConfig, int]:
    """The evening's next game dealt and stored (a new seed; the host's next board, or his
    bare seat count dealt the judge's default cards as `narrator play --seats N` would, or
    the same board or cards), and seated at the table with the same phones; its game,
    settings and seed. A store that refuses it is waited for (`written`)."""
    count = table.evening.next_seats
    board = None if count is not None else table.evening.next_board or table.board
    seed = seed + 1 if options.bots else secrets.randbelow(2**31)
    update: dict[str, Any] = {"seed": seed}
    if board is not None:
        update |= {"board": board.id, "seats": board.seats, "setup": "auto", "extra_cards": []}
    settings = config.model_dump(exclude_unset=True)
    if board is not None:
        settings.pop("preset", None)  # a board plays its own preset
    if count is not None:
        update |= {"seats": count, "setup": "auto", "extra_cards": []}
        settings.pop("board", None)
    config = PlayConfig.model_validate({**settings, **update})
    setup, rules = config.table()
    settings = config.model_dump(mode="json")
    if options.bots:
        settings |= {"demo": True, "evening_games": evening.games}
    game_id = await written(partial(store.create, setup, rules, settings, evening=evening.id), table.inbox)
    game = RecordedGame(setup, rules).record_to(store, game_id)
    seats = await written(
        partial(StoredSeats.following, table.registry, store, game_id, setup.seats), table.inbox
    )
    gone = table.evening.next_game(game, seats, board)
    print(
        f"再来一局 / one more game: game {game_id}, {setup.seats} seats"
        + (f", board {board.id}" if board else "")
        + (f"; seats {gone} are not in it" if gone else ""),
        flush=True,
    )
    return game, config, seed


@dataclass
class Parts:
    """What a session opened, to be closed at its end in this order."""

    server: PhoneServer
    voice: Any = None
    listener: Any = None
    desk: KeypadDesk | None = None
    bots: list[BotPhone] = field(default_factory=list)
    satellite: Any = None  # the satellite's link (`narrator.satellite.link`, `.esphome`)
    notices: Any = None

    async def close(self) -> None:
        if self.desk is not None:
            self.desk.close()
        for bot in self.bots:
            await bot.stop()
        await self.server.stop()
        if self.listener is not None:
            self.listener.close()
        if self.voice is not None:
            self.voice.close()
        if self.notices is not None:
            self.notices.close()
        if self.satellite is not None:
            self.satellite.close()


async def _open_table(
    game: RecordedGame, config: PlayConfig, store: Store, options: Options, resumed: bool
) -> tuple[PhoneTable, PhoneServer]:
    """The phone table of `game`, its seats kept in the store, and its server, serving."""
    board = find_board(config.board) if config.board else None
    table = PhoneTable(game, locale=config.locale, auto_narrate=False, board=board)  # type: ignore[arg-type]
    if not resumed and not game.log:  # the host may pick a board until the deal
        table.evening.dealer = lambda picked: _deal_board(picked, game.game_id, store, config)
    table.registry = StoredSeats(store, game.game_id, game.setup.seats)
    host = "127.0.0.1" if options.bots else config.host
    server = PhoneServer(table, host=host, port=0 if options.bots else config.port)
    await server.start()
    gc.freeze()  # what was made to start is kept: a full GC pass over it held up the loop for ~50 ms
    table.public.join_address = server.join_url
    if options.screen:
        _open_screen(f"http://127.0.0.1:{server.port}/screen")
    if not options.bots:
        server.print_join()
        print(HOST_HINT if sys.stdin.isatty() else HOST_HINT_HEADLESS, flush=True)
    return table, server


def _open_screen(url: str) -> None:
    """The public screen in this computer's browser (`narrator play --screen`), said in one line."""
    import webbrowser

    opened = webbrowser.open(url, new=1)
    print(f"公屏 / public screen: {url}" + ("" if opened else " (open it in a browser)"), flush=True)


SATELLITE_FIRST_WAIT = 5.0  # seconds the judge waits for the satellite at the start


async def _satellite(config: PlayConfig, options: Options) -> Any:
    """The link to the table's satellite (Wyoming or ESPHome), connecting (None: none is set,
    or no sound)."""
    if config.satellite is None or options.silent or options.voiceless:
        return None
    from narrator.satellite.address import SatelliteAddress
    from narrator.satellite.esphome import EsphomeLink
    from narrator.satellite.link import SatelliteLink

    address = SatelliteAddress.parse(config.satellite)
    link: Any = (
        EsphomeLink(address, config.satellite_key) if address.kind == "esphome" else SatelliteLink(address)
    )
    link.start()
    await asyncio.to_thread(link.wait_up, SATELLITE_FIRST_WAIT)
    return link


async def _voice(config: PlayConfig, options: Options, seats: int, satellite: Any = None) -> Any:
    """The judge's voice: the speaker (through the satellite when there is one), or printed
    lines on a box without one."""
    from narrator.voice.speaker import Speaker, SpeakerOptions

    if options.voiceless:
        return PrintedVoice(config.locale)
    speaker_options = SpeakerOptions(
        locale=config.locale,
        device=config.output_device,
        play=not options.silent,
        out_dir=options.out,
        pack=config.voice_pack,
        pace=not options.fast,
        printed=options.printed,
        engine=config.voice,
        prepare_seats=None if options.fast else seats,  # every line rendered ahead
    )
    return await asyncio.to_thread(partial(Speaker, speaker_options, satellite=satellite))


async def _controls(
    table: PhoneTable,
    server: PhoneServer,
    config: PlayConfig,
    options: Options,
    voice: Any,
    satellite: Any = None,
) -> tuple[Any, KeypadDesk | None, HostPin]:
    """The box's own controls, each posting to the moderator's inbox: the listener (on the
    satellite's microphone when there is one), the terminal's keys, the keypad; and the
    host's PIN on request."""
    inbox = table.inbox
    listener = None
    if config.listen and not options.bots:
        listener = await asyncio.to_thread(_listener, config, voice, inbox, satellite)
    host_pin = HostPin(table.registry, voice, config.locale, asyncio.get_running_loop())
    server.on_host_act = host_pin.announce
    if not options.bots and options.keypad != "-" and sys.stdin.isatty():
        threading.Thread(target=read_terminal, args=(inbox, host_pin.key), daemon=True).start()
    desk = None
    if options.keypad:
        desk = KeypadDesk(_keypad(options.keypad, config.locale), table, asyncio.get_running_loop())
    return listener, desk, host_pin


async def _phones_join(
    table: PhoneTable,
    server: PhoneServer,
    options: Options,
    seed: int,
    resumed: bool,
    voice: Any,
    host_pin: HostPin,
    config: PlayConfig,
) -> list[BotPhone]:
    """The bots take every seat (a demo); at a real table the join address is said aloud,
    and on a box without a keyboard the host's PIN once."""
    if options.bots:
        seats = table.registry
        assert isinstance(seats, StoredSeats)
        tokens = seats.tokens() if resumed else None
        url = f"ws://127.0.0.1:{server.port}/ws"
        return await seat_bots(url, table.game.setup.seats, seed, tokens, options.self_destruct)
    if not resumed:
        try:
            for sentence in _join_words(config.locale, server.join_url):
                await asyncio.to_thread(voice.say_text, sentence)
        except Exception as error:  # noqa: BLE001 - the address is printed anyway
            print(f"narrator: could not say the join address: {error}", file=sys.stderr)
        if not sys.stdin.isatty():  # a box with no keyboard: the PIN is said once, now
            await host_pin.say()
    return []


async def _play(
    table: PhoneTable, moderator: Moderator, store: Store, config: PlayConfig, resumed: bool
) -> RecordedGame:
    """Deal (the board the host picked, the facts the players gave) and play to the end; the
    game played (its review is said while the end is shown: `_keep_the_end`)."""
    table.evening.dealer = None
    game = table.game
    assert isinstance(game, RecordedGame)
    if not game.log:
        game = await _with_facts(game, table, store)
    await moderator.run(from_event=anchor(game.events) if resumed else 0)
    played = moderator.game
    assert isinstance(played, RecordedGame)
    return played


async def _say_the_review(played: RecordedGame, moderator: Moderator, locale: str) -> None:
    """The judge reads the game's review aloud."""
    has_line = load_catalogue(locale).__contains__
    for key, params in spoken_review(played, has_line, ended_by=moderator.ended_by):
        await moderator.say(key, **params)


async def _keep_the_end(
    game: RecordedGame,
    table: PhoneTable,
    moderator: Moderator,
    store: Store,
    options: Options,
    clock: Clock,
    evening: Evening,
) -> str | None:
    """Write the record and the game's end (each once the disk takes it), show the evening's
    scores (the box's terminal, every phone: the host's 再来一局 with them, at once), then let
    the phones show the end until the host closes it or asks for one more game, while the
    judge reads the review (a word from the host cuts it short); "again" for one more (a
    demo: until the evening has its games, once the review is read)."""
    reading = asyncio.create_task(_say_the_review(game, moderator, table.locale))
    try:
        word = await _show_the_end(game, table, moderator, store, options, evening)
        if word is None or options.bots:
            await reading  # nobody cut it short (a demo never does): the review is read to its end
        return word
    finally:
        reading.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reading


async def _show_the_end(
    game: RecordedGame,
    table: PhoneTable,
    moderator: Moderator,
    store: Store,
    options: Options,
    evening: Evening,
) -> str | None:
    """`_keep_the_end` but the review: the record, the game's end, the scores, the end shown."""
    outcome = game.outcome()
    record = options.record or store.path.parent / "records" / f"{game.game_id}.toml"
    if options.record is not None and (evening.games or 1) > 1:  # one file a game: FILE-N.toml
        record = record.with_name(f"{record.stem}-{evening.played(store)}{record.suffix}")
    text = write_record(game, comment=f"game {game.game_id}")
    winner = outcome.winner.value if outcome else None
    if not await saved(lambda: write_private(record, text), store, table.inbox, record):
        return None
    status = "over" if outcome else "ended"
    if not await saved(lambda: store.finish(game.game_id, winner, status), store, table.inbox):
        return None
    if isinstance(table.registry, StoredSeats):
        table.registry.over = True  # this game's seats are kept as they were (its scores)
    scores = evening.scores(store)
    if scores is not None:
        for line in lines(evening_ledger(store, str(evening.id)), table.locale):
            print(line, flush=True)
        table.evening.show_scores(scores)
    if outcome is None:
        return None
    if options.bots:
        return "again" if evening.games is not None and evening.played(store) < evening.games else None
    if table.connected():  # phones show the end, as long as people take (the real clock)
        return await serve_final_screen(table.inbox, Clock(), moderator.timers.final_screen)
    return None


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
        if isinstance(item, Command) and item.word == "end":
            store.report("没有保存，narrator resume 可继续 / not saved; `narrator resume` finishes the game")
            return False


async def serve_final_screen(inbox: Inbox, clock: Clock, seconds: float) -> str | None:
    """Keep serving the phones the end of the game (the winner, every card, the review, the
    evening's scores) until the host ends it ("end": the host's phone, `q` at the box), asks
    for one more game ("again": 再来一局 on the host's phone, `a` at the box, said aloud), or
    `seconds` pass (None)."""
    print(
        "游戏结束：手机上保留结果。再来一局：按 a 回车或在主持人手机上按“再来一局”；"
        "按 q 回车或“结束游戏”结束今晚。 / The game is over: the phones keep the result; "
        "a or the host's One more game deals the next one; q or the host's End ends the evening.",
        flush=True,
    )
    end = clock.now() + seconds
    while (left := end - clock.now()) > 0:
        item = await inbox.next(clock, left)
        if isinstance(item, Command) and item.word in ("end", "again"):
            return item.word
    return None


async def _wait_for_seats(table: PhoneTable) -> bool:
    """Wait until every seat has joined (True), or the game is ended first (False); the
    commands given meanwhile, but "end", count for nothing."""
    while any(entry["name"] is None for entry in table.registry.lobby()):
        item = await table.inbox.get()
        if isinstance(item, Command) and item.word == "end":
            return False
    return True


def _deal_board(board: Board, game_id: str, store: Store, config: PlayConfig) -> RecordedGame:
    """The game dealt again from the board the host picked, with the table's settings on top;
    the store keeps its setup and rules, so a resume plays the same."""
    setup, rules = board.deal(config.seed), board.rules(config.rules)
    store.replace_setup(game_id, setup, rules)
    print(f"board / 板子: {board.id} ({board.name}), picked by the host / 主持人选择", flush=True)
    return RecordedGame(setup, rules).record_to(store, game_id)


async def _with_facts(game: RecordedGame, table: PhoneTable, store: Store) -> RecordedGame:
    """The game, not started yet, dealt again with the facts the players gave at joining
    (for the New Moon cards); the stored setup holds them too, so a resume deals the same
    (a store that refuses it is waited for: `written`)."""
    facts = {**game.setup.facts, **table.links.facts()}
    if facts == dict(game.setup.facts):
        return game
    setup = game.setup.model_copy(update={"facts": facts})
    await written(partial(store.replace_setup, game.game_id, setup), table.inbox)
    again = RecordedGame(setup, game.rules).record_to(store, game.game_id)
    table.deal_again(again)
    return again


HOST_HINT = (
    "Host / 主持人: type h and Enter to see the host PIN, hs to hear it once; on the host's phone "
    "press “我是主持人” and enter it. / 输入 h 回车显示主持人PIN，hs 回车念一遍。"
)
HOST_HINT_HEADLESS = (
    "Host / 主持人: the judge says the host PIN once after the join address. / "
    "法官念完加入地址后念一遍主持人PIN。"
)


class HostPin:
    """The host's PIN on request (`key`: h shows it on the box's terminal, hs says it once)
    and the host's acts said aloud (`announce`, for `PhoneServer.on_host_act`). Runs the
    registry's calls on the server's loop, as the terminal reads in a thread of its own."""

    def __init__(self, seats: SeatRegistry, voice: Any, locale: str, loop: asyncio.AbstractEventLoop) -> None:
        self.seats, self.voice, self.locale, self.loop = seats, voice, locale, loop
        self._saying: set[asyncio.Task[None]] = set()

    def key(self, word: str) -> None:
        """A host key typed on the box's terminal (from the terminal's thread)."""
        if word == "h":
            self.loop.call_soon_threadsafe(self.show)
        else:
            asyncio.run_coroutine_threadsafe(self.say(), self.loop)

    def show(self) -> None:
        """The PIN on the box's screen; a new one when some address gave too many wrong PINs
        (the old one may have been half guessed, and that address may try again)."""
        if self.seats.barred():
            print("主持人PIN已更换（有人输错太多次）/ a new host PIN (too many wrong tries)", flush=True)
            self.seats.new_pin()
        print(f"Host PIN / 主持人PIN: {self.seats.host_pin()}", flush=True)

    async def say(self) -> None:
        """Say the PIN once, digit by digit."""
        await self._speak(lambda: self.voice.say_text(_pin_words(self.locale, self.seats.host_pin())))

    def announce(self, key: str, params: dict[str, object]) -> None:
        """Say a host's act aloud ("host_claimed", "host_freed"): the catalogue's `host.*`."""
        line = key.removeprefix("host_")
        task = self.loop.create_task(
            self._speak(lambda: self.voice.say(f"host.{line}", wait=False, **params))
        )
        self._saying.add(task)
        task.add_done_callback(self._saying.discard)

    async def _speak(self, speak: Callable[[], object]) -> None:
        try:
            await asyncio.to_thread(speak)
        except Exception as error:  # noqa: BLE001 - the phones were told; the game goes on
            print(f"narrator: could not say it: {error}", file=sys.stderr, flush=True)


DIGITS_ZH = dict(zip("0123456789", "零一二三四五六七八九", strict=True))


def _pin_words(locale: str, pin: str) -> str:
    """The host's PIN as it is read aloud, digit by digit."""
    if locale.startswith("en"):
        return f"The host PIN is {' '.join(pin)}. It works once."
    return f"主持人PIN是{'，'.join(DIGITS_ZH[c] for c in pin)}。只能用一次。"


def _join_words(locale: str, url: str) -> list[str]:
    """The join address as a person reads it aloud: digit by digit, "点" for the dots."""
    address = url.split("//", 1)[-1].rstrip("/")
    host, _, port = address.partition(":")
    if locale.startswith("en"):
        spoken = " dot ".join(" ".join(part) for part in host.split("."))
        return [
            "To join, connect your phone to this Wi-Fi.",
            f"Open the address {spoken}, port {' '.join(port or '80')}.",
            "Then take your seat.",
        ]
    spoken = "点".join("".join(DIGITS_ZH.get(c, c) for c in part) for part in host.split("."))
    port_words = "".join(DIGITS_ZH.get(c, c) for c in port or "80")
    return [
        "请用手机连接同一个无线网络。",
        f"在浏览器里打开{spoken}，端口{port_words}。",
        "然后选择自己的座位。",
    ]


def _keypad(device: str, locale: str) -> Keypad:
    """The keypad: the terminal ("-") or a USB numeric keypad's input device."""
    keys = terminal_keys(sys.stdin) if device == "-" else evdev_keys(device)
    return Keypad(keys, TerminalScreen(sys.stdout), locale)  # type: ignore[arg-type]


def _listener(config: PlayConfig, voice: Any, inbox: Inbox, satellite: Any = None) -> Any:
    from narrator.listen.listener import Listener

    source = None
    if satellite is not None and satellite.address.kind == "wyoming":  # an ESPHome device's is not used
        from narrator.listen.satellite import SatelliteMicrophone

        source = SatelliteMicrophone(satellite)
    listener = Listener.for_locale(
        config.locale,
        model_path=str(config.model) if config.model else None,
        device=config.input_device,
        source=source,
        on_decision=None,
        on_status=lambda status: _listening_changed(voice, status),
    )
    if not listener.status.on:
        print(f"narrator: {listener.status.reason}; the game goes on with buttons.", file=sys.stderr)
        return listener
    from narrator.listen.phrasebook import Command

    listener.listen_for([c for c in Command if c not in (Command.CONFIRM, Command.CANCEL)])
    if listener.unknown_words:
        print(f"narrator: {listener.unknown_words}", file=sys.stderr)
    voice.on_speaking(listener.judge_speaking)

    def pump() -> None:
        while listener.running:  # on through a lost microphone: listening comes back by itself
            heard = listener.next_command(timeout=0.5)
            if heard is not None and heard.command is not None:
                inbox.command(str(heard.command), "voice")

    threading.Thread(target=pump, name="commands", daemon=True).start()
    return listener


def _listening_changed(voice: Any, status: Any) -> None:
    """The microphone was lost or came back: say so once, in a thread of its own (the
    listener's thread must not wait for the voice); the buttons work all along."""
    print(f"narrator: {status.reason}", file=sys.stderr, flush=True)

    def say() -> None:
        try:
            voice.say("listening.back" if status.on else "listening.lost", wait=False)
        except Exception as error:  # noqa: BLE001 - a voice failure must never stop the game
            print(f"narrator: could not say it: {error}", file=sys.stderr, flush=True)

    threading.Thread(target=say, name="listening-notice", daemon=True).start()
