"""The host's phone in real headless Chromium: claimed with the PIN (a wrong one refused), kept
after a reload, frees a seat with two presses, and loses the host to a later claim."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.phones import BackgroundServer
from tests.phones.harness import poll_command
from tests.phones.test_browser import PHONE, box, browser, expect, shots, sit

__all__ = ["box", "browser"]  # the fixtures, shared with test_browser


def claim(browser: Any, url: str, pin: str) -> Any:
    page = browser.new_context(**PHONE).new_page()
    page.goto(url)
    expect(page.locator("#menu summary")).not_to_be_empty()  # the page's words came with its welcome
    page.click("#menu summary")  # the host's claim is in the page's menu
    page.get_by_role("button", name="我是主持人").click()
    page.fill("#host-pin", pin)
    page.get_by_role("button", name="认领").click()
    return page


def test_the_host_claims_with_the_pin_frees_a_seat_and_a_later_claim_takes_over(
    box: BackgroundServer, browser: Any, tmp_path: Path
) -> None:
    assert box.server is not None
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
    player = sit(browser, url, 5, "Ann")
    bo = sit(browser, url, 7, "Bo")
    assert player.locator("#host").is_hidden()

    pin = box.call(table.registry.host_pin)
    wrong = f"{(int(pin) + 1) % 1_000_000:06d}"
    host = claim(browser, url, wrong)
    expect(host.locator("#toast")).to_have_text("主持人口令无效")
    assert host.locator("#host").is_hidden()
    host.fill("#host-pin", pin)
    host.get_by_role("button", name="认领").click()
    expect(host.locator("#host")).to_be_visible()
    expect(host.locator("#host-claim")).to_be_hidden()
    host.reload()
    expect(host.locator("#host")).to_be_visible()  # the key is kept by the phone

    host.fill("#host-free-seat", "5")
    host.locator("#host-free").click()
    expect(host.locator("#host-free")).to_have_text("再按一次清空5号")
    assert box.call(table.registry.names) == {5: "Ann", 7: "Bo"}
    host.screenshot(path=str(shots(tmp_path) / "host-free.png"))
    host.locator("#host-free").click()
    expect(player.locator("#lobby")).to_be_visible()  # the freed phone is back in the lobby
    expect(bo.locator("#toast")).to_have_text("主持人清空了5号座位，可以重新入座。")  # told to every phone
    assert box.call(table.registry.names) == {7: "Bo"}

    other = claim(browser, url, box.call(table.registry.host_pin))
    expect(other.locator("#host")).to_be_visible()
    host.get_by_role("button", name="暂停").click()  # the first host's key is worthless now
    expect(host.locator("#host")).to_be_hidden()
    expect(host.locator("#host-claim")).to_be_visible()
    assert box.call(poll_command, table) is None
