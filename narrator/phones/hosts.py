"""The box's own names: a request whose `Host` names anything else is refused (DNS rebinding).

A page on any website a player opens may have its name re-pointed at the box; its requests
then reach the box with that site's name in `Host` (and in `Origin`, so comparing the two
proves nothing). The name in `Host` is the one thing such a page cannot forge.

Rule 1: a request is answered when its `Host` names the box: `localhost` or a loopback
        address (with any port: only a forwarder on the box itself reaches it so), or, with
        the box's own port, the address the connection came in on, one of the box's join
        addresses, the machine's host name, or that name under mDNS's `.local` or a home
        router's own suffix (`raspberrypi.lan`, `.home`, `.home.arpa`, `.fritz.box` …: names
        the table's router answers, never a website).
Rule 2: anything else — another name, another port, no `Host` at all — is refused before the
        app sees it, a WebSocket before its upgrade: 403 with a plain body in both languages
        that names no address of the box (a rebinding page could read it).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import PlainTextResponse

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Any, Any], Awaitable[None]]
LOCALHOST = "localhost"
REFUSED = (
    "This is not the judge's address: open the address the judge shows.\n"
    "这不是法官的地址：请打开法官显示的地址。\n"
)


def host_and_port(host: str, default_port: int) -> tuple[str, int] | None:
    """A `Host` header's name (lower case, no trailing dot, an IPv6 address without its
    brackets) and port (`default_port` when none is said); None when it is no host."""
    try:
        parts = urlsplit(f"http://{host}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.path or parts.query or parts.fragment or parts.username:
        return None
    return parts.hostname.lower().rstrip("."), port if port is not None else default_port


LOCAL_SUFFIXES = ("local", "lan", "home", "home.arpa", "localdomain", "internal", "fritz.box", "box")


def machine_names() -> set[str]:
    """The machine's host name, and its short name under `.local` (mDNS) and under the
    suffixes home routers give their clients' names (a phone that types `raspberrypi.lan`),
    lower case. None of them is a public name: a rebinding website cannot own one."""
    name = socket.gethostname().lower().rstrip(".")
    short = name.split(".")[0]
    if not short:
        return set()
    return {name, short, *(f"{short}.{suffix}" for suffix in LOCAL_SUFFIXES)}


def is_loopback(name: str) -> bool:
    """Whether `name` is `localhost` or a loopback address (127.0.0.0/8, ::1)."""
    if name == LOCALHOST:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def same_address(one: str, other: str) -> bool:
    """Whether two names are the same IP address (each written its own way), or equal."""
    try:
        return ipaddress.ip_address(one) == ipaddress.ip_address(other)
    except ValueError:
        return one == other


class OwnHosts:
    """An ASGI middleware answering only requests whose `Host` names the box (Rules 1–2);
    `join_urls()` are the box's join addresses (asked only when nothing cheaper answered)."""

    def __init__(self, app: ASGIApp, join_urls: Callable[[], list[str]]) -> None:
        self.app = app
        self.join_urls = join_urls
        self.names = machine_names()

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket") and not self.is_own(scope):
            if scope["type"] == "websocket":
                await receive()  # the "websocket.connect": the answer is the handshake's
            await PlainTextResponse(REFUSED, status_code=403)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def is_own(self, scope: Scope) -> bool:
        """Whether the request's `Host` names the box (Rule 1)."""
        server = scope.get("server") or ("", 0)
        secure = scope.get("scheme") in ("https", "wss")
        hosts = [value for key, value in scope.get("headers", ()) if key == b"host"]
        if len(hosts) != 1:
            return False
        asked = host_and_port(hosts[0].decode("latin-1"), 443 if secure else 80)
        if asked is None:
            return False
        name, port = asked
        if is_loopback(name):
            return True
        if port != server[1]:
            return False
        if same_address(name, str(server[0])) or name in self.names:
            return True
        joined = (host_and_port(urlsplit(url).netloc, 80) for url in self.join_urls())
        return any(own is not None and same_address(name, own[0]) for own in joined)
