"""The parts of a session, made and wired together here and nowhere else: the phone table
and its server, the satellite, the judge's voice, the box's controls (the listener, the
terminal's keys, the keypad, the host's PIN) and the phones that join."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from engine.boards import Board, find_board
from engine.rules import find_preset
from narrator.inbox import CommandWord, Inbox
from narrator.moderator.botphones import BotPhone, seat_bots
from narrator.moderator.config import PlayConfig
from narrator.moderator.desk import KeypadDesk
from narrator.moderator.hearing import Voice
from narrator.moderator.host_pin import HOST_HINT, HOST_HINT_HEADLESS, HostPin, join_words
from narrator.moderator.keyboard import TERMINAL, keypad
from narrator.moderator.options import Options
from narrator.moderator.stored_seats import StoredSeats
from narrator.moderator.table_choice import TableChoice
from narrator.moderator.table_voice import TableVoice
from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.table_rules import LANGUAGES
from narrator.recorded import RecordedGame
from narrator.store import Store
from narrator.voice.preflight import PrintedVoice
from narrator.voice.voices import spoken

if TYPE_CHECKING:
    from narrator.listen.listener import Listener, ListeningStatus
    from narrator.moderator.satellite_notices import SatelliteNotices
    from narrator.satellite.kept import Link


class BoxVoice(Voice, Protocol):
    """The judge's voice as a session holds it (`narrator.voice.Speaker`, or the printed
    lines of `narrator.voice.preflight.PrintedVoice`)."""

    def on_speaking(self, listener: Callable[[bool], None]) -> None: ...

    def close(self) -> None: ...


@dataclass
class Parts:
    """What a session opened, to be closed at its end in this order."""

    server: PhoneServer
    voice: BoxVoice | None = None
    listener: Listener | None = None
    desk: KeypadDesk | None = None
    bots: list[BotPhone] = field(default_factory=list)
    satellite: Link | None = None  # the satellite's link (`narrator.satellite.link`, `.esphome`)
    notices: SatelliteNotices | None = None

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


async def open_table(
    game: RecordedGame, config: PlayConfig, store: Store, options: Options
) -> tuple[PhoneTable, PhoneServer, TableChoice]:
    """The phone table of `game`, its seats kept in the store, its server, serving, and the
    settings the host's phone changes until the deal."""
    board = find_board(config.board) if config.board else None
    table = PhoneTable(game, locale=config.locale, auto_narrate=False, board=board)  # type: ignore[arg-type]
    choice = TableChoice(store, game.game_id, config)
    timers = config.timers_for(game.rules)
    table.evening.timers = {name: getattr(timers, name) for name in table.evening.timers}
    table.evening.rechoose = choice.rules  # before the deal, and between two games
    table.evening.recard = choice.cards
    table.evening.voices = spoken(tuple(LANGUAGES))
    table.evening.voice = config.voice if config.voice in table.evening.voices else "espeak"
    if not game.log:  # the host may set the table until the deal (a resumed lobby too)
        table.evening.dealer = choice.board
        table.evening.reseat = lambda seats: choice.seats(seats, table.registry)
        table.evening.preset = find_preset(config.preset)
    table.registry = StoredSeats(store, game.game_id, game.setup.seats)
    host = "127.0.0.1" if options.bots else config.host
    server = PhoneServer(table, host=host, port=0 if options.bots else config.port)
    await server.start()
    server.sweep_in_turns()  # the collector sweeps between callbacks (phones.sweeper)
    table.public.join_address = server.join_url
    if options.screen:
        open_screen(f"http://127.0.0.1:{server.port}/screen")
    if not options.bots:
        server.print_join()
        print(HOST_HINT if sys.stdin.isatty() else HOST_HINT_HEADLESS, flush=True)
    return table, server, choice


def open_screen(url: str) -> None:
    """The public screen in this computer's browser (`narrator play --screen`), said in one line."""
    import webbrowser

    opened = webbrowser.open(url, new=1)
    print(f"公屏 / public screen: {url}" + ("" if opened else " (open it in a browser)"), flush=True)


SATELLITE_FIRST_WAIT = 5.0  # seconds the judge waits for the satellite at the start


async def open_satellite(config: PlayConfig, options: Options) -> Link | None:
    """The link to the table's satellite (Wyoming or ESPHome), connecting (None: none is set,
    or no sound)."""
    if config.satellite is None or options.silent or options.voiceless:
        return None
    from narrator.satellite.address import SatelliteAddress
    from narrator.satellite.esphome import EsphomeLink
    from narrator.satellite.link import SatelliteLink

    address = SatelliteAddress.parse(config.satellite)
    link: Link = (
        EsphomeLink(address, config.satellite_key) if address.kind == "esphome" else SatelliteLink(address)
    )
    link.start()
    await asyncio.to_thread(link.wait_up, SATELLITE_FIRST_WAIT)
    return link


async def open_voice(
    config: PlayConfig, options: Options, seats: int, satellite: Link | None = None
) -> TableVoice:
    """The judge's voice in the table's language, made anew in another language when the
    host's phone changes it (`TableVoice.relocale`; another language's own voice pack)."""
    voice = await asyncio.to_thread(make_voice, config, options, seats, satellite)

    def in_language(locale: str, engine: str) -> BoxVoice:
        settings = {**config.model_dump(exclude_unset=True), "locale": locale, "voice": engine}
        again = PlayConfig.model_validate(settings)
        same = (locale, engine) == (config.locale, config.voice)
        pack = config.voice_pack if same else None  # another's: its own default pack
        return make_voice(again.model_copy(update={"voice_pack": pack}), options, seats, satellite)

    return TableVoice(voice, config.locale, in_language, config.voice)


def make_voice(config: PlayConfig, options: Options, seats: int, satellite: Link | None = None) -> BoxVoice:
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
    return Speaker(speaker_options, satellite=satellite)


async def open_controls(
    table: PhoneTable,
    server: PhoneServer,
    config: PlayConfig,
    options: Options,
    voice: BoxVoice,
    satellite: Link | None = None,
) -> tuple[Listener | None, KeypadDesk | None, HostPin]:
    """The box's own controls, each posting to the moderator's inbox: the listener (on the
    satellite's microphone when there is one), the terminal's keys, the keypad; and the
    host's PIN on request."""
    inbox = table.inbox
    listener = None
    if config.listen and not options.bots:
        listener = await asyncio.to_thread(open_listener, config, voice, inbox, satellite)
    host_pin = HostPin(table.registry, voice, config.locale, asyncio.get_running_loop())
    server.on_host_act = host_pin.announce
    if not options.bots and options.keypad != "-" and sys.stdin.isatty():
        TERMINAL.serve(inbox, host_pin.key)
    desk = None
    if options.keypad:
        desk = KeypadDesk(keypad(options.keypad, config.locale), table, asyncio.get_running_loop())
    return listener, desk, host_pin


async def phones_join(
    table: PhoneTable,
    server: PhoneServer,
    options: Options,
    seed: int,
    resumed: bool,
    voice: BoxVoice,
    host_pin: HostPin,
    config: PlayConfig,
) -> list[BotPhone]:
    """The bots take every seat (a demo); at a real table the join address is said aloud
    (after the last evening's end, on a box that stays up: `Options.evening_over`), and on a
    box without a keyboard the host's PIN once."""
    if options.bots:
        seats = table.registry
        assert isinstance(seats, StoredSeats)
        tokens = seats.tokens() if resumed else None
        url = f"ws://127.0.0.1:{server.port}/ws"
        return await seat_bots(url, table.game.setup.seats, seed, tokens, options.self_destruct)
    if not resumed:
        try:
            if options.evening_over:
                await asyncio.to_thread(voice.say, "host.new_evening")
            for sentence in join_words(config.locale, server.join_url):
                await asyncio.to_thread(voice.say_text, sentence)
        except Exception as error:  # noqa: BLE001 - the address is printed anyway
            print(f"narrator: could not say the join address: {error}", file=sys.stderr)
        if not sys.stdin.isatty():  # a box with no keyboard: the PIN is said once, now
            await host_pin.say()
    return []


def deal_board(board: Board, game_id: str, store: Store, config: PlayConfig) -> RecordedGame:
    """The game dealt again from the board the host picked, with the table's settings on top;
    the store keeps its setup and rules, so a resume plays the same."""
    setup, rules = board.deal(config.seed), board.rules(config.rules)
    store.replace_setup(game_id, setup, rules)
    print(f"board / 板子: {board.id} ({board.name}), picked by the host / 主持人选择", flush=True)
    return RecordedGame(setup, rules).record_to(store, game_id)


def open_listener(
    config: PlayConfig,
    voice: BoxVoice,
    inbox: Inbox,
    satellite: Link | None = None,
    locale: str | None = None,
) -> Listener:
    """The listener for the spoken commands in `locale` (None: the table's), on the satellite's
    microphone when there is a Wyoming one, each posted to `inbox` from a thread of its own;
    off, and said why, when it cannot listen. The model given for the table's language
    (`--model`) is not another's."""
    from narrator.listen.listener import Listener
    from narrator.listen.models import model_locale

    locale = locale or config.locale
    given = config.model if model_locale(locale) == model_locale(config.locale) else None

    source = None
    if satellite is not None and satellite.address.kind == "wyoming":  # an ESPHome device's is not used
        from narrator.listen.satellite import SatelliteMicrophone

        source = SatelliteMicrophone(satellite)
    listener = Listener.for_locale(
        locale,
        model_path=str(given) if given else None,
        device=config.input_device,
        source=source,
        on_decision=None,
        on_status=lambda status: _listening_changed(voice, status),
    )
    if not listener.status.on:
        print(f"narrator: {listener.status.reason}; the game goes on with buttons.", file=sys.stderr)
        return listener
    listener.listen_for([w for w in CommandWord if w not in (CommandWord.CONFIRM, CommandWord.CANCEL)])
    if listener.unknown_words:
        print(f"narrator: {listener.unknown_words}", file=sys.stderr)
    voice.on_speaking(listener.judge_speaking)

    def pump() -> None:
        while listener.running:  # on through a lost microphone: listening comes back by itself
            heard = listener.next_command(timeout=0.5)
            if heard is not None and heard.command is not None:
                inbox.command(heard.command, "voice")

    threading.Thread(target=pump, name="commands", daemon=True).start()
    return listener


def _listening_changed(voice: BoxVoice, status: ListeningStatus) -> None:
    """The microphone was lost or came back: say so once, in a thread of its own (the
    listener's thread must not wait for the voice); the buttons work all along."""
    print(f"narrator: {status.reason}", file=sys.stderr, flush=True)

    def say() -> None:
        try:
            voice.say("listening.back" if status.on else "listening.lost", wait=False)
        except Exception as error:  # noqa: BLE001 - a voice failure must never stop the game
            print(f"narrator: could not say it: {error}", file=sys.stderr, flush=True)

    threading.Thread(target=say, name="listening-notice", daemon=True).start()
