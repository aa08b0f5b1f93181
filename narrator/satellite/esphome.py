"""The judge's connection to an ESPHome voice device, kept up by itself: a Home Assistant Voice
Preview Edition, an ESP32-S3 box, a Pi running Linux Voice Assistant.

Rule 1: the judge connects as Home Assistant does, with `aioesphomeapi` (the client Home
        Assistant itself uses), with the device's API encryption key when it has one; asks its
        name and features, and subscribes to its voice assistant. It is up once it has answered.
Rule 2: one thread owns the connection, with an event loop of its own; another thread asks for
        a line with `announce`, which returns once the device says it finished the line.
Rule 3: the device is *down* when it cannot be reached, refuses the key, cannot play
        announcements, or the connection ends: the change is told once (`on_change`, the same
        `LinkChange` as the Wyoming link's), and the link tries again every `retry_s` until the
        device answers, which is told too.
Rule 4: an ESPHome voice device streams its microphone only after its own wake word (or button),
        for Home Assistant's pipeline: the judge does not use it (`microphone` says so); the
        box's own microphone and the phones take the table's answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import numpy as np

from narrator.satellite.address import SatelliteAddress
from narrator.satellite.kept import KeptLink, LinkDown

log = logging.getLogger(__name__)

NO_MICROPHONE = (
    "its microphone is not used: an ESPHome voice device streams it only after its own wake word, "
    "for Home Assistant (the box's microphone and the phones take the answers)"
)
HELD = (
    "it did not take the judge's line: Home Assistant holds its voice assistant "
    "(disable the device in Home Assistant's ESPHome integration for the game)"
)


class AnnounceUnheard(RuntimeError):
    """The device did not say it finished a line in time (it is held, or stalled)."""


class EsphomeLink(KeptLink):
    """The connection to the ESPHome voice device at `address` (see the rules above); `key`:
    its API encryption key (base64, from its ESPHome configuration), None when it has none."""

    says_played = True  # the device says when it finished each line

    def __init__(
        self,
        address: SatelliteAddress,
        key: str | None = None,
        *,
        retry_s: float = 1.0,
        answer_s: float = 5.0,
    ) -> None:
        super().__init__(address, retry_s=retry_s, what="ESPHome voice device")
        self.key, self.answer_s = key, answer_s
        self.microphone = NO_MICROPHONE
        self.on_audio: Callable[[np.ndarray], None] | None = None  # never called (Rule 4)
        self.on_played: list[Callable[[], None]] = []
        self._client: Any = None
        self._ended: asyncio.Event | None = None

    def announce(self, url: str, text: str, timeout: float) -> Any:
        """Ask the device to play the line at `url`; a future that is done once it says it
        finished (raises `LinkDown` when it dropped meanwhile, `AnnounceUnheard` after `timeout`)."""
        loop, client, connection = self._loop, self._client, self.connection
        if not self._up.is_set() or loop is None or client is None:
            raise LinkDown(self.reason)
        return asyncio.run_coroutine_threadsafe(self._announce(client, connection, url, text, timeout), loop)

    # -- the link's thread ----------------------------------------------------------------

    def _end(self) -> None:
        if self._ended is not None:
            self._ended.set()

    async def _session(self) -> str:
        """One connection, from its opening to its end; why it ended."""
        from aioesphomeapi import VoiceAssistantFeature
        from aioesphomeapi.client import APIClient
        from aioesphomeapi.core import (
            APIConnectionError,
            InvalidEncryptionKeyAPIError,
            RequiresEncryptionAPIError,
        )

        self._dropped = None
        self.attempts += 1
        ended = self._ended = asyncio.Event()

        async def stopped(_expected: bool) -> None:
            ended.set()

        client = APIClient(
            self.address.host,
            self.address.port,
            None,
            noise_psk=self.key or None,
            client_info="werewolf-judge",
        )
        try:
            try:
                await asyncio.wait_for(
                    client.connect(on_stop=stopped, login=True, log_errors=False), self.answer_s
                )
                info = await asyncio.wait_for(client.device_info(), self.answer_s)
            except TimeoutError:
                return "it does not answer on the network"
            except RequiresEncryptionAPIError:
                return "it wants its API encryption key (satellite_key in the settings)"
            except InvalidEncryptionKeyAPIError:
                return "it refuses the API encryption key given (satellite_key in the settings)"
            except (APIConnectionError, OSError) as error:
                return f"it cannot be reached ({error})"
            if not info.voice_assistant_feature_flags & VoiceAssistantFeature.ANNOUNCE:
                return "it cannot play announcements (not a voice device, or its firmware is too old)"
            unsubscribe = client.subscribe_voice_assistant(handle_start=_no_pipeline, handle_stop=_stopped)
            self._client = client
            self._came_up(info.friendly_name or info.name or str(self.address), NO_MICROPHONE)
            await ended.wait()
            with contextlib.suppress(Exception):
                unsubscribe()
            return self._dropped or "the connection ended"
        finally:
            self._up.clear()
            self._client = None
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.disconnect(force=True), 1.0)

    async def _announce(self, client: Any, connection: int, url: str, text: str, timeout: float) -> None:
        ended = self._ended
        if connection != self.connection or ended is None or ended.is_set():
            raise LinkDown(self.reason)
        said = asyncio.ensure_future(
            client.send_voice_assistant_announcement_await_response(url, timeout, text)
        )
        gone = asyncio.ensure_future(ended.wait())
        try:
            done, _ = await asyncio.wait({said, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
        if said not in done:
            said.cancel()
            raise LinkDown(self._dropped or "the connection ended")
        from aioesphomeapi.core import TimeoutAPIError

        try:
            said.result()
        except (TimeoutError, TimeoutAPIError):
            raise AnnounceUnheard(HELD) from None
        except Exception as error:  # noqa: BLE001 - aioesphomeapi's errors: the connection broke
            raise LinkDown(f"the connection broke ({error})") from None


async def _no_pipeline(*_args: Any) -> int | None:
    """The device asks to run Home Assistant's pipeline (its wake word was heard): not the judge's."""
    return None


async def _stopped(*_args: Any) -> None:
    return None
