"""The join address comes from the box's interfaces, the default route's first, never from its
hostname: checked in network namespaces of this machine (a veth pair to a namespace standing in
for the router; nothing leaves the machine), where the hostname resolves to 127.0.1.1 as on
stock Debian and Raspberry Pi OS."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from narrator.phones.address import default_route_interfaces, join_urls, usable

ROOT = Path(__file__).resolve().parents[2]
HOSTNAME = "werewolf-box"
# What runs inside the box's namespace: what the hostname resolves to, and what the judge
# would print and read aloud.
PROBE = """
import contextlib, io, json, socket
from narrator.phones.address import join_urls, lan_addresses, print_join, qr_text
from narrator.moderator.host_pin import join_words
urls = join_urls("0.0.0.0", 8000)
out = io.StringIO()
print_join(urls, out)
print(json.dumps({
    "hostname": socket.gethostname(),
    "resolved": socket.gethostbyname(socket.gethostname()),
    "lan": lan_addresses(),
    "urls": urls,
    "printed": out.getvalue(),
    "qr_of_first": qr_text(urls[0]),
    "spoken": join_words("zh-CN", urls[0]),
}))
"""

needs_namespaces = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None or shutil.which("unshare") is None,
    reason="network namespaces need root, iproute2 (ip) and util-linux (unshare)",
)


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=30)


class Box:
    """Two network namespaces: the box's, and a LAN's (the router's side of each veth)."""

    def __init__(self, tag: str) -> None:
        self.box, self.lan = f"ww-box-{tag}", f"ww-lan-{tag}"
        self.cable = 0

    def __enter__(self) -> Box:
        ip("netns", "add", self.box)
        ip("netns", "add", self.lan)
        ip("-n", self.box, "link", "set", "lo", "up")
        return self

    def __exit__(self, *exc: object) -> None:
        for name in (self.box, self.lan):
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=30)

    def plug(self, address: str, router: str, *, carrier: bool = True) -> str:
        """A cable from the box (`address`/24) to the LAN side (`router`/24); the LAN end is
        left down when there is no `carrier`. The box's interface name."""
        name, peer = f"ww{self.cable}", f"ww{self.cable}r"
        self.cable += 1
        ip("-n", self.box, "link", "add", name, "type", "veth", "peer", "name", peer, "netns", self.lan)
        ip("-n", self.box, "addr", "add", f"{address}/24", "dev", name)
        ip("-n", self.box, "link", "set", name, "up")
        ip("-n", self.lan, "addr", "add", f"{router}/24", "dev", peer)
        if carrier:
            ip("-n", self.lan, "link", "set", peer, "up")
        return name

    def route(self, via: str) -> None:
        ip("-n", self.box, "route", "replace", "default", "via", via)

    def probe(self, tmp_path: Path) -> dict[str, Any]:
        """What the judge finds inside the box's namespace, with a hostname that resolves to
        127.0.1.1 (its own UTS and mount namespaces, /etc/hosts bound over)."""
        hosts = tmp_path / "hosts"
        hosts.write_text(f"127.0.0.1 localhost\n127.0.1.1 {HOSTNAME}\n", encoding="utf-8")
        script = (
            f"hostname {HOSTNAME} && mount --bind {hosts} /etc/hosts && exec {sys.executable} -c '{PROBE}'"
        )
        done = subprocess.run(
            ["ip", "netns", "exec", self.box, "unshare", "--uts", "--mount", "--", "sh", "-c", script],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        found: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
        return found


@pytest.fixture
def box() -> Iterator[Box]:
    with Box(str(os.getpid())) as namespaces:
        yield namespaces


@needs_namespaces
def test_the_default_routes_address_comes_first_and_the_others_are_shown_too(
    box: Box, tmp_path: Path
) -> None:
    box.plug("192.168.50.2", "192.168.50.1")
    box.plug("10.77.0.2", "10.77.0.1")
    box.plug("172.16.9.2", "172.16.9.1", carrier=False)  # a cable with nothing at the end
    box.route(via="10.77.0.1")
    found = box.probe(tmp_path)
    assert found["hostname"] == HOSTNAME and found["resolved"] == "127.0.1.1"  # the old trap
    assert found["lan"] == ["10.77.0.2", "192.168.50.2"]
    assert found["urls"] == ["http://10.77.0.2:8000/", "http://192.168.50.2:8000/"]
    printed = found["printed"].splitlines()
    assert printed[0] == "Join / 加入: http://10.77.0.2:8000/"
    assert printed[1] == "  or / 或: http://192.168.50.2:8000/"
    assert found["qr_of_first"] in found["printed"]
    assert found["spoken"][1] == "在浏览器里打开一零点七七点零点二，端口八零零零。"
    assert "127." not in found["printed"] and "127" not in "".join(found["spoken"])


@needs_namespaces
def test_the_default_route_decides_not_the_order_of_the_interfaces(box: Box, tmp_path: Path) -> None:
    box.plug("10.77.0.2", "10.77.0.1")
    box.plug("192.168.50.2", "192.168.50.1")
    box.route(via="192.168.50.1")
    assert box.probe(tmp_path)["lan"] == ["192.168.50.2", "10.77.0.2"]


@needs_namespaces
def test_without_a_default_route_every_interface_is_offered(box: Box, tmp_path: Path) -> None:
    box.plug("10.42.0.1", "10.42.0.2")  # the box as a Wi-Fi hotspot: no way out
    found = box.probe(tmp_path)
    assert found["lan"] == ["10.42.0.1"]
    assert found["urls"] == ["http://10.42.0.1:8000/"]


@needs_namespaces
def test_a_box_with_no_network_says_127_0_0_1(box: Box, tmp_path: Path) -> None:
    found = box.probe(tmp_path)
    assert found["lan"] == [] and found["urls"] == ["http://127.0.0.1:8000/"]


def test_a_host_that_is_named_is_kept_and_a_wildcard_takes_the_addresses_given() -> None:
    assert join_urls("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    assert join_urls("0.0.0.0", 80, ["10.0.0.2", "192.168.1.4"]) == [
        "http://10.0.0.2:80/",
        "http://192.168.1.4:80/",
    ]
    assert join_urls("::", 80, []) == ["http://127.0.0.1:80/"]
    assert join_urls("fd00::2", 80) == ["http://[fd00::2]:80/"]


def test_loopback_and_link_local_addresses_are_never_offered() -> None:
    assert not usable("127.0.1.1") and not usable("169.254.3.4") and not usable("0.0.0.0")
    assert usable("10.0.0.2") and usable("192.168.1.4") and usable("203.0.113.9")


def test_the_default_routes_are_read_lowest_metric_first(tmp_path: Path) -> None:
    table = tmp_path / "route"
    table.write_text(
        "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
        "wlan0\t00000000\t0100A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n"
        "eth0\t00000000\t0100000A\t0003\t0\t0\t100\t00000000\t0\t0\t0\n"
        "eth0\t0000000A\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0\n"
        "usb0\t00000000\t0100000B\t0002\t0\t0\t50\t00000000\t0\t0\t0\n",  # not up
        encoding="ascii",
    )
    assert default_route_interfaces(str(table)) == ["eth0", "wlan0"]
    assert default_route_interfaces(str(tmp_path / "missing")) == []
