"""The satellite's address as the settings and `--satellite` give it."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.moderator.config import ConfigError, load_config
from narrator.satellite.address import BadAddress, SatelliteAddress


def test_an_address_is_tcp_host_and_port_the_tutorial_s_port_by_default() -> None:
    assert SatelliteAddress.parse("tcp://192.168.1.20:10700") == SatelliteAddress("192.168.1.20", 10700)
    assert SatelliteAddress.parse("kitchen.local") == SatelliteAddress("kitchen.local", 10700)
    assert str(SatelliteAddress.parse("tcp://[fe80::1]:10701")) == "tcp://[fe80::1]:10701"


def test_an_esphome_device_is_esphome_host_the_api_s_port_by_default() -> None:
    device = SatelliteAddress.parse("esphome://voice-pe.local")
    assert (
        device == SatelliteAddress("voice-pe.local", 6053, "esphome")
        and str(device) == "esphome://voice-pe.local:6053"
    )
    assert load_config(None, satellite="esphome://10.0.0.5:6054").satellite == "esphome://10.0.0.5:6054"


@pytest.mark.parametrize(
    "text", ["unix:///tmp/sat.sock", "tcp://host:99999", "tcp://:10700", "tcp://host:10700/x"]
)
def test_an_address_that_is_not_tcp_host_port_is_refused_saying_how_to_write_it(text: str) -> None:
    with pytest.raises(BadAddress, match="satellite"):
        SatelliteAddress.parse(text)


def test_the_settings_take_a_satellite_and_refuse_a_bad_one_by_name() -> None:
    assert load_config(None, satellite="speaker.local:10700").satellite == "tcp://speaker.local:10700"
    assert load_config(None).satellite is None
    with pytest.raises(ConfigError, match="satellite"):
        load_config(None, satellite="udp://speaker.local")


@pytest.mark.parametrize("command", ["play", "demo", "resume"])
def test_a_bad_satellite_option_is_refused_in_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from narrator.cli import main

    assert main([command, "--satellite", "udp://speaker.local", "--store", str(tmp_path)]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"narrator {command}: ") and "tcp://HOST:PORT" in error and "\n" not in error
