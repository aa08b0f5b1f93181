"""The satellite's microphone as the listener's audio source (`narrator.listen.microphone.AudioSource`)."""

from __future__ import annotations

import numpy as np

from narrator.listen.microphone import Deliver
from narrator.satellite.kept import Link


class SatelliteMicrophone:
    """The blocks the satellite streams (16 kHz 16-bit mono, from the link's thread).

    While the satellite is down no block comes: the listener counts the microphone lost, as an
    unplugged one, and hears the satellite again once it is back (its Rule 5). Stopping it lets
    the link be: the connection is the judge's voice too.
    """

    def __init__(self, link: Link) -> None:
        self.link = link
        self._deliver: Deliver | None = None
        link.on_audio = self._heard

    def start(self, deliver: Deliver) -> None:
        self._deliver = deliver

    def stop(self) -> None:
        self._deliver = None

    def _heard(self, block: np.ndarray) -> None:
        deliver = self._deliver
        if deliver is not None:
            deliver(block)
