"""Fixtures for the satellite tests: the real wyoming-satellite on loopback, one per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.satellite import RealSatellite, SatelliteMissing, real_satellite


@pytest.fixture
def satellite(tmp_path: Path) -> Iterator[RealSatellite]:
    """wyoming-satellite 1.0.0 on 127.0.0.1 at a port the OS gave, its sound and microphone in tmp_path."""
    try:
        with real_satellite(tmp_path / "satellite") as running:
            yield running
    except SatelliteMissing as error:
        pytest.skip(reason=str(error))
