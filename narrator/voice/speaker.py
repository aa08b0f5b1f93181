"""The judge's voice as the moderator uses it: say a line of the script, know when it is quiet.

    with Speaker(SpeakerOptions(locale="zh-CN")) as judge:
        judge.night(True)                       # ambience under the night steps
        judge.say("night.falls")                # blocks until the line has been heard
        judge.say("deaths.announce", seats=[3, 5], wait=False)
        judge.wait_quiet()                      # the line ended, and the echo guard too

A line comes from the voice pack if it has the clip, else from the cache, else the voice
renders it (and the cache keeps it). The voice is espeak-ng, or the neural Mandarin voice
(`engine="neural"`, when installed; its rendered pack is used by default). Without the neural
engine, a line with seats is composed from a rendered pack's pieces when it has them.

The voices render in worker processes the speaker owns (`narrator.voice.voices`): a worker
that crashes or hangs is started again and the line tried once more; a line that fails twice
is printed (with the time, on the transcript's stream) instead of said, and the game goes on.
`prepare` renders every line a table can need before the game, so none is rendered mid-game.

Lines play one after another on one output queue: the box's sound device, or a Wyoming voice
satellite (`satellite`: `narrator.voice.satellite`), with the box's device in its stead while
the satellite is away. Whether the judge counts as speaking, for the listener, is its echo
guard's (`narrator.voice.echo`). With no output device the judge says so
once (on stderr) and goes on: lines are printed with the time, and `out_dir` gets each line
as a numbered WAV file either way.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from narrator.progress import ProgressBar
from narrator.satellite.kept import Link
from narrator.voice.ambience import night_ambience
from narrator.voice.cache import LineCache, LineKey
from narrator.voice.catalogue import DEFAULT_LOCALE, Catalogue, load_catalogue
from narrator.voice.clips import Clip, silence
from narrator.voice.compose import composed
from narrator.voice.echo import ECHO_GUARD, EchoGuard
from narrator.voice.neural_text import Unreadable
from narrator.voice.offline import SilentPlayer
from narrator.voice.pack import VoicePack
from narrator.voice.player import NoOutputDevice, Playback, Player
from narrator.voice.prerender import LineToSay, lines_to_render
from narrator.voice.record import LineFolder, Transcript
from narrator.voice.remote import satellite_output
from narrator.voice.satellite import SatellitePlayer
from narrator.voice.speech import LineRenderer
from narrator.voice.voices import Voices
from narrator.voice.worker import WorkerFailed

PAUSE_LABEL = "pause"


@dataclass(frozen=True, slots=True)
class SpeakerOptions:
    """How the judge speaks; built once from the game's settings.

    `device`: a sounddevice output (index or name; None = the system default); `play`: False
    never opens a device (files and printing only). `out_dir`: also write every line there as
    a numbered WAV. `pack`: a voice pack folder. `cache_dir`: where rendered lines are kept
    (None = the user's cache). `echo_guard`: seconds. `ambience`: night ambience available.
    `pace`: with no device, each line still takes as long as it would to say. `printed`:
    print each line with the time (None = only when nothing can be heard). `samplerate`:
    Hertz of the output stream (None = the voice's own: 22050 for espeak-ng, 24000 neural).
    `engine`: the voice, "espeak" (pyttsx3 + espeak-ng, always there) or "neural" (the
    Mandarin neural voice; where it is not installed or for English, espeak-ng says so once
    and speaks instead). `prepare_seats`: render every line a table of that many seats can
    need, in the background from the start, with a progress bar on stderr (see `prepare`).
    `patient`: wait for the voice however slow the machine is (`narrator say`, `voices
    render`); a game keeps the voice's deadlines, prints a late line and goes on.
    """

    locale: str = DEFAULT_LOCALE
    device: int | str | None = None
    play: bool = True
    out_dir: Path | None = None
    pack: Path | None = None
    cache_dir: Path | None = None
    echo_guard: float = ECHO_GUARD
    ambience: bool = True
    pace: bool = True
    printed: bool | None = None
    samplerate: int | None = None
    engine: str = "espeak"
    prepare_seats: int | None = None
    patient: bool = False


class Speaker:
    """Says lines of the script, one after another, and tells who listens when it speaks."""

    def __init__(
        self,
        options: SpeakerOptions | None = None,
        *,
        catalogue: Catalogue | None = None,
        stream: TextIO | None = None,
        satellite: Link | None = None,
    ) -> None:
        self.options = options = options or SpeakerOptions()
        self.satellite = satellite
        self.catalogue = catalogue or load_catalogue(options.locale)
        self._told: set[str] = set()
        self.voices = Voices(patient=options.patient, tell_once=self._tell_once)
        pack = options.pack or self._rendered_pack()
        self.pack = VoicePack.open(pack) if pack else None
        if self.pack and self.pack.locale and self.pack.locale != self.catalogue.locale:
            raise ValueError(
                f"voice pack {self.pack.name!r} speaks {self.pack.locale}, not {self.catalogue.locale}"
            )
        self.cache = LineCache(options.cache_dir)
        self.folder = LineFolder(options.out_dir) if options.out_dir else None
        self.engine: LineRenderer = self.voices.chosen(options.engine, self.catalogue.locale)
        self.samplerate = options.samplerate or self.engine.samplerate
        try:
            self.player: Player | SilentPlayer | SatellitePlayer = self._open_output()
        except BaseException:
            self.voices.close()
            raise
        printed = options.printed if options.printed is not None else not self.online
        self.transcript = Transcript(stream) if printed else None
        self.echo = EchoGuard(options.echo_guard)
        self._say_lock = threading.Lock()
        self._last: Playback | None = None
        self._stream = stream
        self._closed = threading.Event()
        self._listen_to(self.player)
        if options.prepare_seats:
            seats = options.prepare_seats
            prepare = threading.Thread(target=self._prepare_in_background, args=(seats,), daemon=True)
            prepare.start()

    # -- saying lines -------------------------------------------------------------------

    @property
    def online(self) -> bool:
        """Whether the lines are heard (an output device is open, or a satellite speaks them)."""
        return isinstance(self.player, Player | SatellitePlayer)

    def text(self, key: str, /, **params: object) -> str:
        """The words of line `key` with `params`, as they would be said."""
        return self.catalogue.text(key, **params)

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> Playback:
        """Say the catalogue line `key` with its placeholders `params`.

        With `wait` (the default) returns once the line has been heard; else returns at once
        with the `Playback` to wait on. Raises `UnknownLine` or `CatalogueError`.
        """
        asked = time.perf_counter()
        text = self.catalogue.text(key, **params)
        try:
            clip = self.clip(key, params, text)
        except WorkerFailed as error:
            return self._unspoken(text, error)
        return self._speak(clip, key, text, wait, asked)

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> Playback:
        """Say any text in the locale's synthetic voice (not from the catalogue)."""
        asked = time.perf_counter()
        try:
            clip = self.spoken(text)
        except WorkerFailed as error:
            return self._unspoken(text, error)
        return self._speak(clip, label, text, wait, asked)

    def pause(self, seconds: float, *, wait: bool = False) -> Playback:
        """Queue `seconds` of silence (the judge is not speaking meanwhile)."""
        with self._say_lock:
            playback = self._enqueue(silence(seconds, self.player.samplerate), PAUSE_LABEL)
            self._last = playback
        if wait:
            playback.wait()
        return playback

    def clip(self, key: str, params: Mapping[str, object], text: str | None = None) -> Clip:
        """The audio of line `key` with `params`: the pack's clip, the line composed from the
        pack's pieces (not with the neural voice, which says the whole line better), or the
        synthetic voice."""
        text = text if text is not None else self.catalogue.text(key, **params)
        if self.pack is not None:
            recorded = self.pack.clip(key, params, text)
            if recorded is not None:
                return recorded
            if self.engine.name != "neural":
                pieced = composed(self.pack, self.catalogue, key, params)
                if pieced is not None:
                    return pieced
        return self.spoken(text)

    def spoken(self, text: str) -> Clip:
        """`text` in the locale's synthetic voice, from the cache or rendered into it; text the
        neural voice cannot read (Latin letters) is said by espeak-ng."""
        if self._closed.is_set():  # Ctrl-C: no worker is started again for a line nobody hears
            raise WorkerFailed("the judge's voice is closed")
        try:
            return self._spoken(self.engine, text)
        except Unreadable:
            return self._spoken(self.voices.worker("espeak"), text)

    def _spoken(self, engine: LineRenderer, text: str) -> Clip:
        voice = self.catalogue.voice
        key = self._line_key(engine, text)
        return self.cache.clip(key, lambda path: engine.render_clip(text, voice, path))

    def _line_key(self, engine: LineRenderer, text: str) -> LineKey:
        return LineKey(engine.identity, self.catalogue.voice, self.catalogue.locale, text)

    def prepare(self, seats: int, progress: Callable[[int, int], None] | None = None) -> int:
        """Render into the cache every line a table of `seats` can need that is not there yet
        (see `prerender.lines_to_render`), reporting `progress(done, total)`; returns how many
        lines were rendered. Lines the pack has are not rendered; a line the voice fails is
        left for the game to try again. Stops early when the speaker is closed."""
        missing: list[LineToSay] = []
        for line in lines_to_render(self.catalogue, seats=seats):
            text = self.catalogue.text(line.key, **line.params)
            if self.pack is not None and self.pack.clip(line.key, line.params, text) is not None:
                continue
            if self._line_key(self.engine, text) not in self.cache:
                missing.append(line)
        for done, line in enumerate(missing, start=1):
            if self._closed.is_set():
                return done - 1
            try:
                self.clip(line.key, line.params)
            except WorkerFailed as error:
                print(f"narrator: a line was not rendered ahead: {error}", file=sys.stderr, flush=True)
            if progress is not None:
                progress(done, len(missing))
        self.cache.forget_memory()
        return len(missing)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been said; False on timeout."""
        last = self._last
        return last.wait(timeout) if last is not None else True

    def stop(self) -> None:
        """Cut the line being said and drop the queued ones."""
        self.player.stop()

    def night(self, on: bool) -> None:
        """Fade the night ambience in or out (if there is a device and ambience is on)."""
        self.player.set_night(on)

    def close(self) -> None:
        """Stop speaking, release the output device and stop the voice workers."""
        with self._say_lock:  # a line rendered meanwhile is queued before, or never (`_enqueue`)
            self._closed.set()
        self.player.close()
        self.echo.close()
        self.voices.close()

    def __enter__(self) -> Speaker:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- speaking state, for the listener ------------------------------------------------

    @property
    def speaking(self) -> bool:
        """True from a line's first sample until `echo_guard` seconds after the last ended."""
        return self.echo.speaking

    def on_speaking(self, listener: Callable[[bool], None]) -> None:
        """Call `listener(True)` when the judge starts speaking, `listener(False)` when the
        echo guard after the last line is over. Runs in the player's thread: keep it short."""
        self.echo.on_speaking(listener)

    def wait_quiet(self, timeout: float | None = None) -> bool:
        """Block until every queued line was said and the echo guard is over."""
        if not self.wait(timeout):
            return False
        return self.echo.wait_quiet(timeout)

    # -- inside ----------------------------------------------------------------------------

    def _listen_to(self, player: Player | SilentPlayer | SatellitePlayer) -> None:
        player.on_start.append(self._line_started)
        player.on_end.append(self._line_ended)
        if isinstance(player, Player):
            player.on_failure.append(self._output_lost)

    def _output_lost(self, player: Player) -> None:
        """The device stopped mid-game: say so, and go on without it, from the cut line."""
        with self._say_lock:
            unheard = player.abandon()
            silent = SilentPlayer(pace=self.options.pace, samplerate=self.samplerate)
            self._listen_to(silent)
            self.player = silent
            if self.transcript is None and self.options.printed is None:
                self.transcript = Transcript(self._stream)
            for playback in unheard:
                self._last = silent.enqueue(playback.clip, playback.label, playback.text)
        notice = self.catalogue.notices.get("output_lost", "The sound output stopped.")
        print(f"narrator: {notice}", file=sys.stderr)
        player.close()

    def _prepare_in_background(self, seats: int) -> None:
        try:
            self.prepare(seats, ProgressBar(f"voice {self.catalogue.locale}"))
        except Exception as error:  # noqa: BLE001 - lines not rendered ahead are rendered when said
            if not self._closed.is_set():
                print(f"narrator: lines not all rendered ahead: {error}", file=sys.stderr, flush=True)

    def _enqueue(self, clip: Clip, label: str, text: str = "") -> Playback:
        """`clip` queued (under `_say_lock`); once closed (Ctrl-C while it was rendered) it is
        not, and counts as finished: nobody waits for a line that will never play."""
        if not self._closed.is_set():
            return self.player.enqueue(clip, label, text)
        playback = Playback(clip, label, text, cancelled=True)
        playback.finished.set()
        return playback

    def _unspoken(self, text: str, error: Exception) -> Playback:
        """A line the voice failed twice: printed with the time instead of said (rule of the
        worker: it costs one line), and a finished playback for whoever waits on it."""
        Transcript(self._stream).line(text)
        print(f"narrator: line printed, not said ({error})", file=sys.stderr, flush=True)
        playback = Playback(silence(0.0, self.samplerate), "unspoken", text)
        playback.cancelled = True
        playback.finished.set()
        return playback

    def _rendered_pack(self) -> Path | None:
        """The neural voice's rendered pack of this locale, when that voice is chosen."""
        if self.options.engine != "neural":
            return None
        from narrator.voice.neural_setup import default_pack_dir

        folder = default_pack_dir(self.catalogue.locale)
        return folder if folder.is_dir() else None

    def _open_output(self) -> Player | SilentPlayer | SatellitePlayer:
        options = self.options
        if not options.play:
            return SilentPlayer(pace=False, samplerate=self.samplerate)
        ambience = self._ambience()
        if self.satellite is not None:
            return satellite_output(self.satellite, self.samplerate, ambience=ambience, box=self._box_output)
        player = Player(options.device, self.samplerate, ambience)
        try:
            player.open()
        except NoOutputDevice as error:
            notice = self.catalogue.notices.get("no_output", "No sound output device: lines are printed.")
            self._tell_once(f"{notice} ({error})")
            return SilentPlayer(pace=options.pace, samplerate=self.samplerate)
        return player

    def _ambience(self) -> Clip | None:
        if not self.options.ambience:
            return None
        return (self.pack.ambience() if self.pack else None) or night_ambience(self.samplerate)

    def _box_output(self) -> Player | None:
        """The box's own output, while the satellite is away (None: there is none; said once)."""
        player = Player(self.options.device, self.samplerate, self._ambience())
        try:
            player.open()
        except NoOutputDevice as error:
            self._tell_once(f"the box has no sound output of its own ({error})")
            return None
        return player

    def _speak(self, clip: Clip, label: str, text: str, wait: bool, asked: float) -> Playback:
        with self._say_lock:
            if self.folder is not None:
                self.folder.write(clip, label)
            playback = self._enqueue(clip, label, text)
            playback.asked_at = asked
            self._last = playback
        if wait:
            playback.wait()
        return playback

    def _line_started(self, playback: Playback) -> None:
        if playback.label == PAUSE_LABEL:
            return
        if self.transcript is not None:
            self.transcript.line(playback.text)
        self.echo.line_started()

    def _line_ended(self, playback: Playback) -> None:
        if playback.label == PAUSE_LABEL or playback.started_at is None:
            return
        self.echo.line_ended()

    def _tell_once(self, message: str) -> None:
        """Say `message` on stderr, once for this speaker."""
        if message not in self._told:
            self._told.add(message)
            print(f"narrator: {message}", file=sys.stderr)
