"""A satellite that already serves another server (Home Assistant, say) refuses the judge: the
real wyoming-satellite answers `describe`, then neither reads nor sends. The judge says so once,
however often it tries again, and comes up once the other server has let the satellite go."""

from __future__ import annotations

import time

from narrator.satellite.address import SatelliteAddress
from narrator.satellite.kept import LinkChange
from narrator.satellite.link import SatelliteLink
from tests.support.satellite import RealSatellite

PATIENCE = 30.0


def test_a_satellite_held_by_another_server_refuses_the_judge_until_it_is_let_go(
    satellite: RealSatellite,
) -> None:
    address = SatelliteAddress.parse(satellite.uri)
    home_assistant = SatelliteLink(address)
    home_assistant.start()
    assert home_assistant.wait_up(PATIENCE)
    changes: list[LinkChange] = []
    judge = SatelliteLink(address, retry_s=0.1, answer_s=0.5)
    judge.on_change.append(changes.append)
    judge.start()
    try:
        deadline = time.monotonic() + PATIENCE
        while judge.attempts < 5:
            assert time.monotonic() < deadline, "the judge stopped trying"
            time.sleep(0.02)
        assert not judge.up
        assert [c.up for c in changes] == [False] and "another server" in changes[0].reason
        home_assistant.close()
        assert judge.wait_up(PATIENCE), judge.reason
    finally:
        judge.close()
        home_assistant.close()
    assert [c.up for c in changes] == [False, True]
