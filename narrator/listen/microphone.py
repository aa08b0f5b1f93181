"""The microphone: a sounddevice input stream delivering 16 kHz 16-bit mono blocks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from narrator.listen.segmenter import SAMPLE_RATE

Deliver = Callable[[np.ndarray], None]
"""Called from the audio thread with each block (int16, mono, 16 kHz); must return quickly."""


class MicrophoneUnavailable(RuntimeError):
    """There is no microphone to listen with; the message says why, for the table."""


class AudioSource(Protocol):
    """Where spoken audio comes from."""

    def start(self, deliver: Deliver) -> None:
        """Begin delivering blocks; raise MicrophoneUnavailable if it cannot."""

    def stop(self) -> None:
        """Stop delivering; safe to call more than once."""


class Microphone:
    """The default input device (or `device`) through PortAudio, in PortAudio's own thread.

    `block_s` is the block length in seconds: shorter blocks mean earlier decisions.
    """

    def __init__(self, device: int | str | None = None, block_s: float = 0.02) -> None:
        self.device = device
        self.block_s = block_s
        self._stream: Any = None

    def start(self, deliver: Deliver) -> None:
        try:
            import sounddevice as sd
        except OSError as error:
            raise MicrophoneUnavailable(f"no microphone: PortAudio is missing ({error})") from error

        def callback(indata: np.ndarray, frames: int, time_info: Any, status: Any) -> None:
            deliver(indata[:, 0].copy())

        try:
            sd.check_input_settings(device=self.device, channels=1, dtype="int16", samplerate=SAMPLE_RATE)
            stream = sd.InputStream(
                samplerate=SAMPLE_RATE,
                channels=1,
                dtype="int16",
                blocksize=int(SAMPLE_RATE * self.block_s),
                device=self.device,
                callback=callback,
            )
            stream.start()
        except (sd.PortAudioError, ValueError) as error:
            raise MicrophoneUnavailable(f"no microphone found ({error})") from error
        self._stream = stream

    def stop(self) -> None:
        stream, self._stream = self._stream, None
        if stream is None:
            return
        import sounddevice as sd

        try:
            stream.abort()
            stream.close()
        except sd.PortAudioError:
            pass  # the device is already gone: there is nothing left to stop
