"""The join address the judge reads aloud, and its QR code printed on the box's terminal."""

from __future__ import annotations

import io
import socket
import sys
from typing import TextIO

import segno


def lan_address() -> str:
    """This box's address on the local network, as its own name resolves (no traffic sent);
    127.0.0.1 when it has none."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return "127.0.0.1"
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return "127.0.0.1"


def join_url(host: str, port: int) -> str:
    """The page's address for phones: a wildcard `host` becomes the LAN address."""
    if host in ("0.0.0.0", "", "::"):
        host = lan_address()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def qr_text(url: str) -> str:
    """The QR code of `url` drawn with block characters for a terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def print_join(url: str, host_token: str, out: TextIO | None = None) -> None:
    """Print the join address, its QR code, the host token (to free a seat) and the host's
    page (the join address that hands the phone the token: its host controls) on the box."""
    out = out or sys.stdout
    out.write(f"Join / 加入: {url}\n")
    out.write(qr_text(url))
    out.write(f"Host token / 主持人口令: {host_token}\n")
    out.write(f"Host page / 主持人页面: {host_url(url, host_token)}\n")
    out.flush()


def host_url(url: str, host_token: str) -> str:
    """The page's address for the host's phone: the token rides in the fragment, which the
    browser never sends to the server (nor logs)."""
    return f"{url}#host={host_token}"
