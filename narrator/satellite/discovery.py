"""Satellites on the LAN, found by zeroconf (mDNS), for `narrator devices`.

wyoming-satellite announces itself as `_wyoming._tcp` (as Home Assistant finds it); so do the
other Wyoming services (speech to text, text to speech, wake words). Each one found is asked
`describe`: those whose `info` names a satellite are satellites.

ESPHome devices announce themselves as `_esphomelib._tcp` (a Voice Preview Edition, Linux Voice
Assistant, and every other ESPHome device): each one found is asked its name and features, as
Home Assistant asks; those that can play announcements are voice devices.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass
from typing import Any

from wyoming.event import async_write_event
from wyoming.info import Describe, Info

from narrator.satellite.address import Kind, SatelliteAddress
from narrator.satellite.link import Garbage, read_event

SERVICE = "_wyoming._tcp.local."
ESPHOME_SERVICE = "_esphomelib._tcp.local."


@dataclass(frozen=True, slots=True)
class FoundService:
    """A Wyoming service on the LAN: its zeroconf name, its address, and the satellite's own
    name when it is a satellite (None: another Wyoming service, or it did not answer)."""

    name: str
    address: SatelliteAddress
    satellite: str | None

    def describe(self) -> str:
        """One line for a listing."""
        what = f"satellite {self.satellite!r}" if self.satellite else "a Wyoming service, not a satellite"
        return f"  {self.address}  {self.name.removesuffix('.' + SERVICE)}  ({what})"


@dataclass(frozen=True, slots=True)
class FoundDevice:
    """An ESPHome device on the LAN: its zeroconf name, its address, its own name and whether
    it can play announcements (None: it did not answer; `why` says why)."""

    name: str
    address: SatelliteAddress
    device: str | None
    voice: bool
    why: str = ""

    def describe(self) -> str:
        """One line for a listing."""
        if self.device is None:
            what = f"an ESPHome device; {self.why}"
        elif self.voice:
            what = f"voice device {self.device!r}; if Home Assistant uses it, disable it there for the game"
        else:
            what = f"ESPHome device {self.device!r}, not a voice device"
        return f"  {self.address}  {self.name.removesuffix('.' + ESPHOME_SERVICE)}  ({what})"


def find_services(seconds: float = 2.0) -> list[FoundService]:
    """The Wyoming services that answer mDNS within `seconds`, each asked what it is."""
    found = _browse(SERVICE, seconds, "wyoming")
    return [FoundService(name, address, satellite_name(address)) for name, address in found]


def find_esphome_devices(seconds: float = 2.0) -> list[FoundDevice]:
    """The ESPHome devices that answer mDNS within `seconds`, each asked what it is."""
    found = _browse(ESPHOME_SERVICE, seconds, "esphome")
    return [asyncio.run(_esphome_device(name, address)) for name, address in found]


def _browse(service: str, seconds: float, kind: Kind) -> list[tuple[str, SatelliteAddress]]:
    from zeroconf import ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

    names: set[str] = set()

    def changed(zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            names.add(name)

    zeroconf = Zeroconf()
    try:
        browser = ServiceBrowser(zeroconf, service, handlers=[changed])
        time.sleep(seconds)
        browser.cancel()
        addresses = []
        for name in sorted(names):
            info = ServiceInfo(service, name)
            if info.request(zeroconf, 1000) and info.port:
                for host in info.parsed_addresses() or []:
                    addresses.append((name, SatelliteAddress(host, int(info.port), kind)))
                    break
    finally:
        zeroconf.close()
    return addresses


async def _esphome_device(name: str, address: SatelliteAddress, timeout: float = 3.0) -> FoundDevice:
    from aioesphomeapi import VoiceAssistantFeature
    from aioesphomeapi.client import APIClient
    from aioesphomeapi.core import APIConnectionError, RequiresEncryptionAPIError

    client = APIClient(address.host, address.port, None, client_info="werewolf-judge")
    try:
        await asyncio.wait_for(client.connect(login=True, log_errors=False), timeout)
        info = await asyncio.wait_for(client.device_info(), timeout)
    except RequiresEncryptionAPIError:
        return FoundDevice(name, address, None, False, "it wants its API encryption key (satellite_key)")
    except (APIConnectionError, OSError, TimeoutError) as error:
        return FoundDevice(name, address, None, False, f"it did not answer ({error or 'timed out'})")
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.disconnect(force=True), 1.0)
    voice = bool(info.voice_assistant_feature_flags & VoiceAssistantFeature.ANNOUNCE)
    return FoundDevice(name, address, info.friendly_name or info.name, voice)


def satellite_name(address: SatelliteAddress, timeout: float = 2.0) -> str | None:
    """The name a Wyoming service at `address` gives when asked `describe`, if it is a satellite."""
    return asyncio.run(_satellite_name(address, timeout))


async def _satellite_name(address: SatelliteAddress, timeout: float) -> str | None:
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(address.host, address.port), timeout)
    except (OSError, TimeoutError):
        return None
    try:
        await async_write_event(Describe().event(), writer)
        deadline = asyncio.get_running_loop().time() + timeout
        while (left := deadline - asyncio.get_running_loop().time()) > 0:
            event = await asyncio.wait_for(read_event(reader), left)
            if event is None:
                return None
            if Info.is_type(event.type):
                satellite = event.data.get("satellite")
                if not isinstance(satellite, dict):
                    return None
                name = satellite.get("name")
                return name if isinstance(name, str) and name else str(address)
        return None
    except (OSError, TimeoutError, Garbage):
        return None
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()
