"""The judge's voice through a satellite of either kind: the one place that picks the output
for a link (the moderator and the speaker never ask which kind it is)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from narrator.satellite.esphome import EsphomeLink
from narrator.satellite.kept import Link
from narrator.voice.clips import Clip
from narrator.voice.esphome import EsphomePlayer
from narrator.voice.satellite import BoxOutput, SatellitePlayer


def satellite_output(
    link: Link,
    samplerate: int,
    *,
    ambience: Clip | None = None,
    box: Callable[[], BoxOutput | None] = lambda: None,
) -> SatellitePlayer:
    """The output for `link`'s kind of satellite: Wyoming's stream, or ESPHome's announcements."""
    if link.address.kind == "esphome":
        return EsphomePlayer(cast(EsphomeLink, link), samplerate, ambience=ambience, box=box)
    return SatellitePlayer(link, samplerate, ambience=ambience, box=box)
