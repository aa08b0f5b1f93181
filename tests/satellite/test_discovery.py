"""Satellites found on the LAN by zeroconf: the real wyoming-satellite announces itself
(`_wyoming._tcp`, here on 127.0.0.1 under a name of this test's own) and `narrator devices`
lists it, with its address and the name it gives when asked."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from narrator.satellite.discovery import find_services
from tests.support.satellite import RealSatellite, SatelliteMissing, real_satellite


@pytest.fixture
def announced(tmp_path: Path) -> Iterator[tuple[RealSatellite, str]]:
    name = f"judge-test-{uuid.uuid4().hex[:8]}"
    options = ("--zeroconf-host", "127.0.0.1", "--zeroconf-name", name)
    try:
        with real_satellite(tmp_path / "satellite", extra=options) as satellite:
            yield satellite, name
    except SatelliteMissing as error:
        pytest.skip(reason=str(error))


def test_a_satellite_on_the_lan_is_found_by_zeroconf_and_listed_by_narrator_devices(
    announced: tuple[RealSatellite, str],
) -> None:
    satellite, name = announced
    found = {service.name: service for service in find_services(3.0)}
    ours = found.get(f"{name}._wyoming._tcp.local.")
    if ours is None and not found:
        pytest.skip(reason="no mDNS answer at all on this machine's loopback (multicast is off here)")
    assert ours is not None, found
    assert str(ours.address) == satellite.uri and ours.satellite == "table-speaker"

    listed = subprocess.run(
        [sys.executable, "-m", "narrator", "devices", "--look", "3"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert listed.returncode in (0, 1), listed.stderr
    assert f"{satellite.uri}  {name}  (satellite 'table-speaker')" in listed.stdout
    assert "narrator play --satellite tcp://HOST:PORT" in listed.stdout
