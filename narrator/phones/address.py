"""The join addresses the judge prints and reads aloud, from the box's own network interfaces,
and the QR code of the first printed on the box's terminal.

Rule 1: the addresses come from the interfaces, never from what the hostname resolves to
        (Debian and Raspberry Pi OS resolve it to 127.0.1.1, which no phone can reach).
Rule 2: the address of the interface that carries the default route comes first; then
        every other IPv4 address of an interface that is up and running, private ones first.
        Loopback and link-local addresses are never offered. Nothing is sent to learn them.
Rule 3: nothing here prints or says a token: the box's screen is public.
"""

from __future__ import annotations

import fcntl
import io
import ipaddress
import socket
import struct
import sys
from collections.abc import Iterable
from typing import TextIO

import segno

SIOCGIFFLAGS = 0x8913
SIOCGIFADDR = 0x8915
IFF_UP, IFF_LOOPBACK, IFF_RUNNING = 0x1, 0x8, 0x40
ROUTES = "/proc/net/route"
RTF_UP = 0x1
LOOPBACK = "127.0.0.1"
WILDCARDS = ("0.0.0.0", "", "::")


def default_route_interfaces(table: str = ROUTES) -> list[str]:
    """The interfaces that carry an IPv4 default route, the lowest metric first (read from
    the kernel's routing table `table`; empty when it cannot be read, or has none)."""
    try:
        with open(table, encoding="ascii") as routes:
            rows = [line.split() for line in routes.readlines()[1:]]
    except OSError:
        return []
    defaults = sorted(
        (int(row[6]), row[0])
        for row in rows
        if len(row) >= 8 and int(row[1], 16) == 0 and int(row[7], 16) == 0 and int(row[3], 16) & RTF_UP
    )
    return list(dict.fromkeys(name for _, name in defaults))


def interface_addresses() -> dict[str, str]:
    """Interface name → its IPv4 address, for every interface that is up and running and not
    loopback, in the kernel's order; empty where interfaces cannot be asked (not Linux)."""
    found: dict[str, str] = {}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                flags = struct.unpack_from("H", fcntl.ioctl(probe.fileno(), SIOCGIFFLAGS, request), 16)[0]
                if flags & IFF_LOOPBACK or not (flags & IFF_UP and flags & IFF_RUNNING):
                    continue
                address = socket.inet_ntoa(fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)[20:24])
            except OSError:  # no IPv4 address on it
                continue
            if usable(address):
                found[name] = address
    return found


def usable(address: str) -> bool:
    """Whether a phone on the LAN could reach `address` (not loopback, link-local, or unset)."""
    ip = ipaddress.IPv4Address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses() -> list[str]:
    """This box's addresses on the local networks, the likeliest first (Rules 1–2); empty
    when it has none."""
    addresses = interface_addresses()
    routed = [addresses[name] for name in default_route_interfaces() if name in addresses]
    others = sorted(
        (a for a in addresses.values() if a not in routed),
        key=lambda a: not ipaddress.IPv4Address(a).is_private,
    )
    return list(dict.fromkeys(routed + others))


def join_urls(host: str, port: int, addresses: Iterable[str] | None = None) -> list[str]:
    """The page's addresses for phones: a wildcard `host` becomes each LAN address (from
    `addresses`, by default `lan_addresses()`), or 127.0.0.1 when there is none."""
    if host in WILDCARDS:
        hosts = list(lan_addresses() if addresses is None else addresses) or [LOOPBACK]
    else:
        hosts = [host]
    return [f"http://{f'[{h}]' if ':' in h else h}:{port}/" for h in hosts]


def join_url(host: str, port: int) -> str:
    """The likeliest of `join_urls`."""
    return join_urls(host, port)[0]


def qr_text(url: str) -> str:
    """The QR code of `url` drawn with block characters for a terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def print_join(urls: list[str], out: TextIO | None = None) -> None:
    """Print the join addresses on the box's terminal: the likeliest first, with its QR
    code, then the others. No token is printed (Rule 3)."""
    out = out or sys.stdout
    out.write(f"Join / 加入: {urls[0]}\n")
    for other in urls[1:]:
        out.write(f"  or / 或: {other}\n")
    out.write(qr_text(urls[0]))
    out.flush()
