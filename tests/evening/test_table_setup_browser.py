"""The host's phone alone sets the table in Chromium (issue 39): a box started with the judge's
defaults (nine seats) is made a twelve-seat game with the witch unable to heal herself and
shorter timers; every phone shows it (the others read-only), the judge says it, the game plays
to its end under those rules (its record says so), and the box's next start offers the same
table. The screenshots of the setup screen (390×844 and 360×740, zh-CN and en) are written to
`PHONES_SCREENSHOTS/setup/` when it is set (docs/phone/setup/ holds them).

The session as in test_evening_browser.py: the real `run_session` on the fast clock in a thread
of its own, a real SQLite store, voiceless (the judge's lines printed), bot phones on real
WebSockets at the seats the Chromium phones leave."""

from __future__ import annotations

import os
import socket
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest

from narrator.moderator.config import PlayConfig, load_config
from narrator.store import Store
from narrator.timing import Timers
from tests.evening.test_evening_browser import Bots, Session, _after_game, _phone, _sit, _start
from tests.phones.test_browser import browser, expect
from tests.support.ports import free_port

__all__ = ["browser"]


def _language(page: Any, locale: str) -> None:
    """The phone's own language, from its menu (opened for it, and left as it was)."""
    was_open = page.evaluate("document.getElementById('menu').open")
    if not was_open:
        page.click("#menu summary")
    page.select_option("#lang", locale)
    if not was_open:
        page.click("#menu summary")


def _screens(page: Any, name: str) -> None:
    """The setup screen as it is at 390×844 and 360×740: it fits the phone with no scroll (the
    section, its own screen above the lobby); written under PHONES_SCREENSHOTS when set."""
    shots = os.environ.get("PHONES_SCREENSHOTS")
    where = Path(shots) / "setup" if shots else None
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        box = page.locator("#table-setup").bounding_box()
        assert box is not None and box["height"] <= height and box["width"] <= width
        if where:
            where.mkdir(parents=True, exist_ok=True)
            page.evaluate("document.getElementById('toast').hidden = true")  # the screen, not a notice
            page.locator("#table-setup").scroll_into_view_if_needed()
            page.screenshot(path=str(where / f"setup-{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 390, "height": 844})


def test_the_hosts_phone_alone_makes_a_nine_seat_box_a_twelve_seat_game_of_its_rules(
    browser: Any, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    store_dir, port = tmp_path / "store", free_port()
    session = Session(store_dir, port)
    session.config = PlayConfig(  # the box's defaults: nine seats, the judge's cards and rules
        seed=3,
        listen=False,
        host="127.0.0.1",
        port=port,
        store=store_dir,
        timers=Timers(vote=10, reminder=3, final_screen=300),
    )
    setup, rules = session.config.table()
    session.store.replace_setup(session.game.game_id, setup, rules)
    session.game = type(session.game)(setup, rules).record_to(session.store, session.game.game_id)
    session.start()
    url, ws = f"http://127.0.0.1:{port}/", f"ws://127.0.0.1:{port}/ws"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.1)
    host, bo, screen = _phone(browser, url, host=True), _phone(browser, url), _phone(browser, url + "screen")
    en = _phone(browser, url)
    _language(en, "en")
    expect(bo.locator("#lobby-seats button")).to_have_count(9)

    # Twelve seats, from the host's phone: every phone's lobby grows.
    expect(host.locator("#host-seats")).to_be_visible()
    host.select_option("#host-seats-select", "12")
    host.click("#host-seats-pick")
    for page in (bo, en, host):
        expect(page.locator("#lobby-seats button")).to_have_count(12)
    expect(bo.locator("#toast")).to_contain_text("主持人把本局改成12人")
    expect(screen.locator("#line")).to_have_text("主持人把本局改成十二人，请大家入座。")

    # The witch may not heal herself; shorter timers. The others see it, read-only, folded
    # under its one-line summary (the lobby fits the phone): a tap opens it.
    expect(bo.locator("#table-setup summary")).to_contain_text("本局12人：规则都用默认。")
    for page in (host, bo, en):
        page.click("#table-setup summary")
    expect(bo.locator("#table-setup select[data-rule=witch_self_heal]")).to_be_disabled()
    expect(bo.locator("#table-setup")).to_contain_text("女巫可以自救（默认）")
    host.select_option("#table-setup select[data-rule=witch_self_heal]", "false")
    host.fill("#table-setup input[data-timer=speech]", "30")
    host.fill("#table-setup input[data-timer=last_speech]", "20")
    host.fill("#table-setup input[data-timer=decision]", "10")
    _screens(host, "host-zh-CN")
    host.click("#table-confirm")
    expect(bo.locator("#toast")).to_have_text("本局12人：女巫不能自救。")
    expect(en.locator("#toast")).to_have_text("This game: 12 players; Witch self-heal: Not allowed.")
    expect(screen.locator("#line")).to_have_text("本局十二人。女巫不能自救。")  # the public screen
    for page in (bo, en):
        expect(page.locator("#table-setup select[data-rule=witch_self_heal]")).to_have_value("false")
        expect(page.locator("#table-setup summary")).to_contain_text("12")
        expect(page.locator("#table-setup input[data-timer=speech]")).to_have_value("30")
    _screens(bo, "player-zh-CN")
    _screens(en, "player-en")
    _language(host, "en")
    expect(host.locator("#table-confirm")).to_have_text("Confirm the rules")
    _screens(host, "host-en")
    _language(host, "zh-CN")
    said = capfd.readouterr().out
    assert "本局十二人。" in said and "女巫不能自救" in said  # the judge says it (printed: voiceless)

    _sit(host, 1, "Ann")
    _sit(bo, 2, "Bo")
    _sit(en, 3, "Cy")
    bots = Bots(ws, list(range(4, 13)))
    bots.start()
    try:
        assert bots.ready.wait(60)
        _start(host, [host, bo, en])
        expect(host.locator("#table-setup")).to_be_hidden()  # begun: nothing changes any more
        (game_id,) = _after_game([host, bo], store_dir, 1)
        expect(en.locator("#evening-title")).to_contain_text("1 games")
        stored = Store(store_dir).load(game_id)
        assert stored.setup.seats == 12 and stored.rules.witch_self_heal is False
        record = tomllib.loads(
            (Store(store_dir).path.parent / "records" / f"{game_id}.toml").read_text(encoding="utf-8")
        )
        assert len(record["setup"]["roles"]) == 12 and record["rules"]["witch_self_heal"] is False
        host.click("#menu summary")
        host.click("#host-end")
        host.click("#host-end")
        session.join(timeout=60)
        assert session.error is None and session.result is not None
    finally:
        bots.stop()
        if session.is_alive():
            session.join(timeout=5)
        screen.close()

    # The box's next start offers the same table (the settings file gives none of it).
    again = load_config(None, kept=Store(store_dir).remembered())
    setup, rules = again.table()
    assert setup.seats == 12 and rules.witch_self_heal is False
    assert (again.timers.speech, again.timers.last_speech, again.timers.decision) == (30, 20, 10)
