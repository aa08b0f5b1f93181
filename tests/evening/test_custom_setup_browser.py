"""The host's phone alone makes custom cards in Chromium (issue 39): a box started with the
judge's defaults (nine seats) is made a twelve-seat game of custom cards (a wolf king for a
werewolf, an idiot for the guard, the club's preset), the witch unable to heal herself and
shorter timers; the balance is read at a glance and the engine's checks said in words as the
host changes the cards; every phone and the public screen show it, the judge says it, the game
plays to its end under those rules and cards (its record says so), and the box's next start
offers the same setup. The screenshots of the custom cards (390×844 and 360×740, zh-CN and en)
are written to `PHONES_SCREENSHOTS/setup/` when it is set (docs/phone/setup/ holds them).

The session as in test_table_setup_browser.py."""

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
from tests.evening.test_table_setup_browser import _language
from tests.phones.test_browser import browser, expect
from tests.support.ports import free_port

__all__ = ["browser"]

CUSTOM = {"werewolf": 3, "wolf_king": 1, "seer": 1, "witch": 1, "hunter": 1, "idiot": 1, "villager": 4}


def _screens(page: Any, name: str) -> None:
    """The custom cards as they are at 390×844 and 360×740: the fold fits the phone with no
    scroll of the page (its list scrolls inside, the button below it in view); written under
    PHONES_SCREENSHOTS when set."""
    shots = os.environ.get("PHONES_SCREENSHOTS")
    where = Path(shots) / "setup" if shots else None
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#table-cards").scroll_into_view_if_needed()
        page.evaluate("document.getElementById('table-cards').scrollIntoView({block: 'start'})")
        box = page.locator("#table-cards").bounding_box()
        assert box is not None and box["height"] <= height and box["width"] <= width
        if page.locator("#cards-confirm").count():
            expect(page.locator("#cards-confirm")).to_be_in_viewport()
        list_box = page.locator("#cards-list")
        assert list_box.evaluate("list => list.scrollHeight > list.clientHeight")  # it scrolls inside
        if where:
            where.mkdir(parents=True, exist_ok=True)
            page.evaluate("document.getElementById('toast').hidden = true")  # the screen, not a notice
            page.screenshot(path=str(where / f"cards-{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 390, "height": 844})


CUT = """() => Array.from(document.querySelectorAll('#table-setup select')).flatMap(select => {
  const style = getComputedStyle(select), probe = document.createElement('span');
  probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font}`;
  document.body.appendChild(probe);
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  const cut = Array.from(select.options).map(o => o.text).filter(text => {
    probe.textContent = text;
    return probe.getBoundingClientRect().width > room;
  });
  probe.remove();
  return cut;
})"""
"""The choices whose words are wider than their select's box (its arrow aside): cut on the phone."""


def _fold_screens(page: Any, name: str) -> None:
    """The rules' fold with the judge's language at 390×844 and 360×740, as `_screens`."""
    shots = os.environ.get("PHONES_SCREENSHOTS")
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("document.getElementById('table-setup').scrollIntoView({block: 'start'})")
        box = page.locator("#table-setup").bounding_box()
        assert box is not None and box["height"] <= height and box["width"] <= width
        expect(page.locator("#table-language-set")).to_be_in_viewport()
        assert page.evaluate(CUT) == []  # every choice's words whole in its box
        if shots:
            page.evaluate("document.getElementById('toast').hidden = true")
            page.screenshot(path=str(Path(shots) / "setup" / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 390, "height": 844})


def _set(page: Any, role: str, count: int) -> None:
    """The host's count of `role`, with its − and + (each read back by the page)."""
    row = page.locator(f"#cards-list [data-card={role}]")
    shown = int(row.locator(".cards-count").inner_text())
    while shown != count:
        row.locator(".cards-more" if shown < count else ".cards-less").click()
        shown += 1 if shown < count else -1
        expect(row.locator(".cards-count")).to_have_text(str(shown))


def test_the_hosts_phone_alone_makes_a_twelve_seat_custom_game_and_the_box_keeps_it(
    browser: Any, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    store_dir, port = tmp_path / "store", free_port()
    session = Session(store_dir, port)
    session.config = PlayConfig(  # the box's defaults: nine seats, the judge's cards and rules
        seed=5,
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

    # Twelve seats, then the custom cards, from the host's phone alone.
    host.select_option("#host-seats-select", "12")
    host.click("#host-seats-pick")
    for page in (bo, en, host):
        expect(page.locator("#lobby-seats button")).to_have_count(12)
        expect(page.locator("#table-cards summary")).to_contain_text(
            "4狼 4神 4民" if page is not en else "4 wolves"
        )
    host.click("#table-cards summary")
    expect(host.locator("#cards-balance")).to_contain_text("12人常见：4狼4神4民")
    _set(host, "thief", 1)  # the engine's own check, in words, as the host changes the cards
    expect(host.locator("#cards-balance")).to_contain_text("盗贼需要两张底牌")
    expect(host.locator("#cards-confirm")).to_be_disabled()
    _set(host, "thief", 0)
    _set(host, "werewolf", 2)
    expect(host.locator("#cards-balance")).to_contain_text("⚠ 狼偏少：2张，常见4张")  # far from the usual
    _screens(host, "host-warning-zh-CN")
    for role, count in CUSTOM.items():
        _set(host, role, count)
    _set(host, "guard", 0)
    expect(host.locator("#cards-balance")).not_to_contain_text("⚠")
    expect(host.locator("#cards-balance")).to_contain_text("共12张牌，12人")
    expect(host.locator("#cards-confirm")).to_be_enabled()
    host.select_option("#cards-preset", "chinese-club")
    _screens(host, "host-zh-CN")
    host.click("#cards-confirm")
    expect(bo.locator("#toast")).to_contain_text("主持人定了本局的牌（12人）：")
    expect(bo.locator("#toast")).to_contain_text("狼王")
    expect(en.locator("#toast")).to_contain_text("The host set this game's cards (12 players)")
    expect(screen.locator("#line")).to_have_text("主持人定了本局的牌：十二人，四张狼牌，四张神牌，四张民牌。")
    for page in (bo, en):
        page.click("#table-cards summary")
        expect(page.locator("#cards-list [data-card=wolf_king] .cards-count")).to_have_text("1")
        expect(page.locator("#cards-list [data-card=guard] .cards-count")).to_have_text("0")
        expect(page.locator("#cards-list [data-card=wolf_king] .cards-more")).to_be_disabled()  # read-only
    _screens(bo, "player-zh-CN")
    _screens(en, "player-en")
    _language(host, "en")
    if not host.evaluate("document.getElementById('table-cards').open"):
        host.click("#table-cards summary")
    expect(host.locator("#cards-confirm")).to_have_text("Use these cards")
    _screens(host, "host-en")
    _language(host, "zh-CN")

    # The judge's language is the table's: English for his voice and the public screen, the
    # phones keep their own; then back to Mandarin.
    host.click("#table-setup summary")
    _fold_screens(host, "language-host-zh-CN")
    host.select_option("#table-language-select", "en")
    if host.locator("#table-voice-select").count():  # the box has the neural voice: Mandarin only
        natural = host.locator("#table-voice-select option[value=neural]")
        assert natural.evaluate("option => option.disabled")  # greyed for English
        host.select_option("#table-language-select", "zh-TW")
        assert not natural.evaluate("option => option.disabled")
        host.select_option("#table-language-select", "en")
    else:
        print("the neural voice is not installed here: the voice choice is not offered")
    host.click("#table-language-set")
    expect(screen.locator("#line")).to_have_text("The judge now speaks English.")
    expect(bo.locator("#toast")).to_contain_text("主持人把法官的语言改成了English")
    expect(bo.locator("#table-language-select")).to_have_value("en")
    expect(bo.locator("#table-language-select")).to_be_disabled()
    _language(host, "en")
    _fold_screens(host, "language-host-en")
    _language(host, "zh-CN")
    host.select_option("#table-language-select", "zh-CN")
    host.click("#table-language-set")
    expect(screen.locator("#line")).to_have_text("法官现在说普通话。")

    # Then a rule and shorter timers, as on a board.
    host.select_option("#table-setup select[data-rule=witch_self_heal]", "false")
    host.fill("#table-setup input[data-timer=speech]", "30")
    host.fill("#table-setup input[data-timer=last_speech]", "20")
    host.fill("#table-setup input[data-timer=decision]", "10")
    host.click("#table-confirm")
    expect(bo.locator("#toast")).to_contain_text("女巫不能自救")
    expect(screen.locator("#line")).to_contain_text("女巫不能自救")
    expect(bo.locator("#cards-list [data-card=wolf_king] .cards-count")).to_have_text("1")  # the cards stay
    said = capfd.readouterr().out
    assert "主持人定了本局的牌：十二人，四张狼牌" in said and "女巫不能自救" in said  # the judge says it
    assert "The judge now speaks English." in said and "法官现在说普通话。" in said  # in his new voice

    _sit(host, 1, "Ann")
    _sit(bo, 2, "Bo")
    _sit(en, 3, "Cy")
    bots = Bots(ws, list(range(4, 13)))
    bots.start()
    try:
        assert bots.ready.wait(60)
        _start(host, [host, bo, en])
        expect(host.locator("#table-cards")).to_be_hidden()  # begun: nothing changes any more
        (game_id,) = _after_game([host, bo], store_dir, 1)
        stored = Store(store_dir).load(game_id)
        dealt = sorted(card.value for card in stored.setup.deck)
        assert dealt == sorted(role for role, count in CUSTOM.items() for _ in range(count))
        assert stored.rules.witch_self_heal is False and stored.rules.win == "side"  # the club's preset
        record = tomllib.loads(
            (Store(store_dir).path.parent / "records" / f"{game_id}.toml").read_text(encoding="utf-8")
        )
        assert sorted(record["setup"]["roles"]) == dealt and record["rules"]["witch_self_heal"] is False

        # Between two games the same screen sets the next game, in 更多: the host's beside the
        # next board and seat count.
        bo.click("#menu summary")
        expect(bo.locator("#menu #table-setup")).to_be_visible()
        host.click("#menu summary")
        expect(host.locator("#host #table-setup")).to_be_visible()
        host.evaluate("document.getElementById('table-setup').open = true")
        host.select_option("#table-setup select[data-rule=sheriff]", "false")
        host.click("#table-confirm")
        expect(bo.locator("#toast")).to_contain_text("没有警长")
        expect(bo.locator("#table-setup .table-summary")).to_contain_text("没有警长")
        expect(bo.locator("#table-setup select[data-rule=sheriff]")).to_be_disabled()  # read-only
        shots = os.environ.get("PHONES_SCREENSHOTS")
        if shots:
            host.evaluate("document.getElementById('toast').hidden = true")
            host.locator("#table-setup").screenshot(
                path=str(Path(shots) / "setup" / "between-host-zh-CN.png")
            )
        host.click("#host-end")
        host.click("#host-end")
        session.join(timeout=60)
        assert session.error is None and session.result is not None
    finally:
        bots.stop()
        if session.is_alive():
            session.join(timeout=5)
        screen.close()

    # The box's next start offers the same setup (the settings file gives none of it).
    again = load_config(None, kept=Store(store_dir).remembered())
    setup, rules = again.table()
    assert sorted(card.value for card in setup.deck) == dealt
    assert rules.witch_self_heal is False and rules.win == "side" and rules.sheriff is False
    assert (again.timers.speech, again.timers.last_speech, again.timers.decision) == (30, 20, 10)
