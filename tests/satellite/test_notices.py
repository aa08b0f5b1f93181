"""What the table is told when the real satellite drops and comes back, on a box with no sound
output of its own: once each way, the phones' notice naming it, and the game's clock held
while nothing can be heard."""

from __future__ import annotations

import time
from collections.abc import Callable

from narrator.moderator.satellite_notices import SatelliteNotices
from narrator.satellite.address import SatelliteAddress
from narrator.satellite.link import SatelliteLink
from narrator.voice.satellite import SatellitePlayer
from tests.support.satellite import RealSatellite

PATIENCE = 30.0


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.01)


def test_a_drop_and_a_return_are_told_once_each_and_the_clock_held_between(satellite: RealSatellite) -> None:
    link = SatelliteLink(SatelliteAddress.parse(satellite.uri), retry_s=0.1)
    link.start()
    assert link.wait_up(PATIENCE)
    player = SatellitePlayer(link, 22050, box=lambda: None)
    told: list[tuple[str, dict[str, object]]] = []
    held: list[bool] = []
    notices = SatelliteNotices(link, player, lambda key, **params: told.append((key, params)), held.append)
    try:
        satellite.kill()
        wait_until(lambda: held == [True], "the clock held")
        wait_until(lambda: link.attempts >= 5, "five tries")
        satellite.start()
        wait_until(lambda: held == [True, False], "the clock going again")
        wait_until(lambda: len(told) == 2, "the return told")
    finally:
        notices.close()
        player.close()
        link.close()
    assert told == [
        ("satellite_waiting", {"name": "table-speaker"}),
        ("satellite_back", {"name": "table-speaker"}),
    ]
    assert held == [True, False] and notices.told == ["satellite_waiting", "satellite_back"]
