"""The judge's lines on an ESPHome voice device: `SatellitePlayer`'s queue, box and hooks, each
line played as the device's announcement.

Rules (those of `narrator.voice.satellite`, but how a line gets to the device):
1. A line is a WAV file the judge serves over HTTP on the LAN (`ServedLines`), at the rate the
   judge renders, with `END_PAD` seconds of silence after it (Linux Voice Assistant's player
   leaves out about the last 0.1 s of a file); the device is asked to announce it, fetches it
   and plays it. One at a time: the next is asked for only once the device said it finished
   this one.
2. A line counts as started when the device fetches it, and as finished when the device says
   it finished it (`VoiceAssistantAnnounceFinished`).
3. If the device drops before it says so, the line plays again from its start (on the box, or
   on the device once it is back) unless its whole time had passed since the fetch (it was
   heard whole): none is lost, none is said twice whole. A device silent `STALL_GRACE` past
   the line's time is dropped as stalled, or, when it never fetched the line, as held by Home
   Assistant.
4. At night the ambience is mixed under each line, as on a Wyoming satellite.
"""

from __future__ import annotations

import io
import time
import wave
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout

import numpy as np

from narrator.satellite.esphome import HELD, AnnounceUnheard, EsphomeLink
from narrator.satellite.kept import LinkDown
from narrator.satellite.served import ServedLines
from narrator.voice.clips import Clip
from narrator.voice.player import Playback
from narrator.voice.satellite import STALL_GRACE, TAIL, BoxOutput, SatellitePlayer

END_PAD = 0.3  # seconds of silence after each line, for the end a device's player leaves out
FETCH_WAIT = 5.0  # seconds a device has to fetch a line it was asked to announce
POLL = 0.05  # seconds between looks at a cut while the device plays


class EsphomePlayer(SatellitePlayer):
    """Plays clips in order on the ESPHome voice device of `link` (see the rules above)."""

    latency = 0.0

    def __init__(
        self,
        link: EsphomeLink,
        samplerate: int,
        *,
        rate: int = 22050,
        ambience: Clip | None = None,
        box: Callable[[], BoxOutput | None] = lambda: None,
        http_port: int = 0,
    ) -> None:
        self.esphome = link
        self.served = ServedLines(link.address.host, http_port)
        super().__init__(link, samplerate, rate=rate, ambience=ambience, box=box)

    def close(self) -> None:
        super().close()
        self.served.close()

    def _on_satellite(self, playback: Playback) -> bool:
        samples = self._mixed(playback.clip.at_rate(self.rate).samples)
        seconds = len(samples) / self.rate
        fetched: list[float] = []  # when the device fetched the line (Rule 2)

        def on_fetch(at: float) -> None:
            fetched.append(at)
            self._started(playback, at, 0.0)

        padded = np.concatenate([samples, np.zeros(round(END_PAD * self.rate), dtype=np.float32)])
        url = self.served.offer(wav_bytes(Clip(padded, self.rate)), on_fetch)
        connection = self.esphome.connection
        try:
            said: Future[None] = self.esphome.announce(url, playback.text, FETCH_WAIT + seconds + STALL_GRACE)
        except LinkDown:
            return False
        while True:
            if self._cut or self._closing:
                return True  # the device ends the line it has (no stop is sent)
            try:
                said.result(POLL)
            except FutureTimeout:
                continue
            except LinkDown:
                heard_whole = bool(fetched) and time.perf_counter() >= fetched[0] + seconds + TAIL
                return heard_whole
            except AnnounceUnheard:
                reason = "it did not say it finished the line (stalled)" if fetched else HELD
                self.esphome.drop(reason, connection)
                return False
            if not fetched:
                self._started(playback, time.perf_counter(), 0.0)
            return True


def wav_bytes(clip: Clip) -> bytes:
    """`clip` as a 16-bit mono WAV file."""
    out = io.BytesIO()
    with wave.open(out, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(clip.samplerate)
        file.writeframes(clip.pcm16())
    return out.getvalue()
