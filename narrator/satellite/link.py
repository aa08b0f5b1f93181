"""The judge's connection to one satellite, kept up by itself.

Rule 1: the judge connects as Home Assistant does: `describe` (the satellite answers `info`, with
        its name), then `run-satellite`; from then on the satellite streams its microphone
        (`audio-chunk`) and plays the audio it is sent. It is up once its microphone streams.
Rule 2: one thread owns the connection, with an event loop of its own; another thread sends
        through `send`, which returns once the events are written and raises `LinkDown` else.
Rule 3: a satellite is *down* when it refuses the connection, closes it, answers nothing to
        `describe`, or after `run-satellite` neither streams its microphone nor answers a second
        `describe` within `answer_s` each (it serves another server), sends nothing for `stall_s`
        while its microphone streams,
        takes more than `stall_s` to take what is written, or sends what is not the protocol:
        the connection is closed, the change is told once (`on_change`), and the link tries again
        every `retry_s` until the satellite answers, which is told too. One that answers the second
        `describe` but streams no sound is up as a speaker: its microphone's fault is told with it
        (`LinkChange.microphone`; its microphone command fails, or it waits for a wake word).
Rule 4: events read: `audio-chunk` goes to `on_audio` as 16 kHz 16-bit mono, `played` to
        `on_played`; the others are let be. A header or a length that is not the protocol's is
        garbage (Rule 3); an audio chunk whose format is missing or wrong is dropped alone.

wyoming's own reader is not used for reading: it lets some malformed headers raise what it
does not catch and trusts any length a header gives; the events are wyoming's all the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from wyoming.audio import AudioChunk, AudioChunkConverter, AudioStop
from wyoming.event import Event, async_write_event
from wyoming.info import Describe, Info
from wyoming.satellite import RunSatellite
from wyoming.snd import Played

from narrator.satellite.address import SatelliteAddress
from narrator.satellite.kept import KeptLink, LinkDown

log = logging.getLogger(__name__)

MAX_LINE = 64 * 1024  # bytes of one event's JSON header
MAX_DATA = 1 << 20  # bytes of an event's extra data
MAX_PAYLOAD = 1 << 20  # bytes of an event's payload (a second of 16 kHz audio is 32 KB)
MIC_RATE = 16000  # Hertz of the blocks `on_audio` gets (the listener's rate)
SILENT_MICROPHONE = (
    "its microphone sends no sound: its microphone command fails (see the satellite's log: a wrong "
    "capture device?), or it waits for a wake word (start it without --wake-uri and --vad)"
)


class Garbage(ValueError):
    """What the satellite sent is not the Wyoming protocol."""


def _length(header: dict[str, Any], key: str, most: int) -> int:
    value = header.get(key) or 0
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise Garbage(f"{key} {value!r}")
    return value


async def read_event(reader: asyncio.StreamReader) -> Event | None:
    """The next event on `reader`, or None when the connection closed; raises `Garbage`."""
    try:
        line = await reader.readline()
    except ValueError:  # a header longer than MAX_LINE
        raise Garbage("a header too long") from None
    if not line.endswith(b"\n"):
        return None
    try:
        header = json.loads(line)
    except ValueError:
        raise Garbage(f"not JSON: {line[:40]!r}") from None
    if not isinstance(header, dict) or not isinstance(header.get("type"), str):
        raise Garbage(f"not an event: {line[:40]!r}")
    data = header.get("data") or {}
    if not isinstance(data, dict):
        raise Garbage("its data is not an object")
    try:
        extra = _length(header, "data_length", MAX_DATA)
        if extra:
            more = json.loads(await reader.readexactly(extra))
            if not isinstance(more, dict):
                raise Garbage("its data is not an object")
            data = {**data, **more}
        size = _length(header, "payload_length", MAX_PAYLOAD)
        payload = await reader.readexactly(size) if size else None
    except asyncio.IncompleteReadError:
        return None
    except ValueError as error:
        raise Garbage(str(error)) from None
    return Event(type=header["type"], data=data, payload=payload)


class SatelliteLink(KeptLink):
    """The connection to the satellite at `address` (see the rules above). Times are seconds.

    `on_change` hooks get a `LinkChange`; `on_audio` gets each microphone block (int16, 16 kHz,
    mono); `on_played` hooks run on each `played`. All run in the link's thread: keep them short.
    """

    def __init__(
        self,
        address: SatelliteAddress,
        *,
        retry_s: float = 1.0,
        answer_s: float = 3.0,
        stall_s: float = 2.0,
    ) -> None:
        super().__init__(address, retry_s=retry_s, what="satellite")
        self.answer_s, self.stall_s = answer_s, stall_s
        self.on_audio: Callable[[np.ndarray], None] | None = None
        self.on_played: list[Callable[[], None]] = []
        self.says_played = False
        """The satellite sends `played` once it has played a stream (wyoming-satellite 1.1 and
        later do; 1.0, the release on PyPI, does not): seen once, it is waited for."""
        self.garbage = 0  # events dropped for a wrong format, and connections dropped for garbage
        self._writer: asyncio.StreamWriter | None = None
        self._mic_seen = False
        self._converter = AudioChunkConverter(rate=MIC_RATE, width=2, channels=1)

    def send(self, events: Sequence[Event]) -> None:
        """Write `events` in order (Rule 2); raises `LinkDown` when the satellite is down or
        does not take them within `stall_s` (it is then dropped: Rule 3)."""
        loop, writer, connection = self._loop, self._writer, self.connection
        if not self._up.is_set() or loop is None or writer is None:
            raise LinkDown(self.reason)
        future = asyncio.run_coroutine_threadsafe(self._write(writer, events), loop)
        try:
            future.result(self.stall_s)
        except TimeoutError:
            future.cancel()
            self.drop("it stopped taking the sound (stalled)", connection)
            raise LinkDown(self.reason) from None
        except (OSError, RuntimeError) as error:
            self.drop(f"the connection broke ({error})", connection)
            raise LinkDown(self.reason) from None

    async def _write(self, writer: asyncio.StreamWriter, events: Sequence[Event]) -> None:
        for event in events:
            await async_write_event(event, writer)

    def _end(self) -> None:
        if self._writer is not None:
            self._writer.close()

    async def _session(self) -> str:
        """One connection, from its opening to its end; why it ended."""
        self._dropped = None
        self.attempts += 1
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.address.host, self.address.port, limit=MAX_LINE),
                self.answer_s,
            )
        except TimeoutError:
            return "it does not answer on the network"
        except OSError as error:
            return f"it cannot be reached ({error.strerror or error})"
        try:
            await async_write_event(Describe().event(), writer)
            name = await asyncio.wait_for(self._answer(reader), self.answer_s)
            await async_write_event(RunSatellite().event(), writer)
            self._mic_seen = False
            self._converter = AudioChunkConverter(rate=MIC_RATE, width=2, channels=1)
            first = await self._accepted(reader)
            if first is None:
                await async_write_event(Describe().event(), writer)
                if await self._accepted(reader, Info.is_type) is None:
                    return self._dropped or (
                        "it takes nothing from the judge: another server (Home Assistant, say) holds it"
                    )
            self._writer = writer
            self._came_up(name, "" if first is not None else SILENT_MICROPHONE)
            if first is not None:
                self._heard(first)
            return await self._serve(reader)
        except TimeoutError:
            return self._dropped or "it did not answer (describe)"
        except Garbage as error:
            self.garbage += 1
            return f"it sent what is not the Wyoming protocol ({error})"
        except (OSError, RuntimeError) as error:
            return self._dropped or f"the connection broke ({error})"
        finally:
            self._up.clear()
            self._writer = None
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1.0)

    async def _answer(self, reader: asyncio.StreamReader) -> str:
        """The satellite's name from its `info` (the events before it are let be)."""
        while True:
            event = await read_event(reader)
            if event is None:
                raise RuntimeError(self._dropped or "it closed the connection")
            if Info.is_type(event.type):
                satellite = event.data.get("satellite")
                name = satellite.get("name") if isinstance(satellite, dict) else None
                return name if isinstance(name, str) and name else str(self.address)

    async def _accepted(
        self, reader: asyncio.StreamReader, wanted: Callable[[str], bool] = AudioChunk.is_type
    ) -> Event | None:
        """After `run-satellite`: the first event of a `wanted` type (a chunk of the satellite's
        microphone), within `answer_s`; None when none comes. wyoming-satellite serves one server
        at a time: to a second one it answers `describe`, then stops reading and sends nothing,
        the line open; one whose microphone fails reads on and answers a second `describe`."""
        deadline = asyncio.get_running_loop().time() + self.answer_s
        while (left := deadline - asyncio.get_running_loop().time()) > 0:
            try:
                event = await asyncio.wait_for(read_event(reader), left)
            except TimeoutError:
                return None
            if event is None:
                return None
            if wanted(event.type):
                return event
        return None

    async def _serve(self, reader: asyncio.StreamReader) -> str:
        """Read events until the connection ends (Rule 4); why it ended."""
        while True:
            try:
                wait = self.stall_s if self._mic_seen else None
                event = await asyncio.wait_for(read_event(reader), wait)
            except TimeoutError:
                return self._dropped or "it stopped sending (stalled)"
            if event is None or self._dropped is not None:
                return self._dropped or "it closed the connection"
            self._heard(event)

    def _heard(self, event: Event) -> None:
        if AudioChunk.is_type(event.type):
            self._mic_seen = True
            try:
                chunk = self._converter.convert(AudioChunk.from_event(event))
                block = np.frombuffer(chunk.audio, dtype="<i2").astype(np.int16)
            except Exception:  # noqa: BLE001 - a chunk of a wrong format is dropped alone (Rule 4)
                self.garbage += 1
                return
            if self.on_audio is not None and len(block):
                self.on_audio(block)
        elif AudioStop.is_type(event.type):
            self._mic_seen = False  # a satellite with a wake word or VAD stops streaming a while
        elif Played.is_type(event.type):
            self.says_played = True
            for hook in list(self.on_played):
                hook()
