"""The phone page as a Chinese table uses it, in real headless Chromium (Debian's): the day at a
glance the moment the judge says it, the countdown stopped by the pause, the witch's refused heal
then 不选, what a tap leaves on the actor's and a decoy's screens; and whole games on every
phone (9 seats, the default setup; 12 seats, 狼王守卫 with the club day) to the end, the sealed
box of one size and line count for every seat at every night step."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import GuardChoice, SeerChoice, WerewolvesChoice
from engine.game import Game
from narrator.inbox import Command
from narrator.moderator.config import PlayConfig
from narrator.phones import BackgroundServer, PhoneTable
from tests.phones.chromium_table import QUICK, ChromiumTable, Held
from tests.phones.harness import classic_game
from tests.phones.test_browser import PHONE, assert_same_picture, seat_button, sit

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")
expect = sync_api.expect


def screenshots(game: str) -> Path | None:
    """Where a whole game keeps a picture of each screen: $PHONES_SCREENSHOTS/<game> when set."""
    folder = os.environ.get("PHONES_SCREENSHOTS")
    return Path(folder) / game if folder else None


def cell(page: Any, seat: int) -> Any:
    return page.locator(f'#board [data-seat="{seat}"]')


def play_until_held(table: ChromiumTable, limit: float = 300) -> tuple[str, dict[str, Any]]:
    """Play until the judge is saying one of the lines the voice holds on."""
    end = time.monotonic() + limit
    while not table.voice.holding.is_set():
        assert table.running is not None and not table.running.done(), "the game ended first"
        assert time.monotonic() < end, "the line never came"
        table.round(measure=False)
    assert table.voice.held is not None
    return table.voice.held


def assert_out_on_every_phone(table: ChromiumTable, seats: list[int]) -> None:
    """While the judge says it: the seats are out on every phone's board, and each of them
    says so on his own phone and offers nothing (but the decision a dead seat still owes)."""
    for seat in seats:
        expect(table.players[seat - 1].page.locator("#step")).to_contain_text("你已出局", timeout=3000)
    for player in table.players:
        for seat in seats:
            expect(cell(player.page, seat)).to_have_class(re.compile(r"\bdead\b"), timeout=3000)
    pending = table.table.game.pending  # a dying sheriff hands the badge on, a dying hunter shoots
    owing = set(pending.seats) if pending is not None else set()
    for seat in seats:
        page = table.players[seat - 1].page
        if seat in owing:
            continue
        expect(page.locator("#step-title")).to_have_text("你已出局")
        expect(page.locator("#day-actions")).to_be_hidden()
        assert page.locator("#step button:visible").count() == 0


def assert_one_sealed_size(held: list[Held]) -> None:
    """At every night step every phone's sealed box had one size and one line count, and some
    step had a real actor among them (else nothing was compared)."""
    steps: dict[str, list[Held]] = {}
    for h in held:
        steps.setdefault(h.step, []).append(h)
    assert any(any(h.real for h in seen) and len(seen) > 1 for seen in steps.values()), "no actor measured"
    for step, seen in steps.items():
        sizes = {(round(h.height), h.lines) for h in seen}
        assert len(sizes) == 1, (
            f"{step}: the sealed box differs: {[(h.seat, h.real, h.height, h.lines) for h in seen]}"
        )


def test_a_whole_nine_seat_game_on_chromium_phones(browser: Any) -> None:
    """The default nine seats, to the end: the pause stops every countdown; the dead are out on
    every phone the moment the judge announces them (the dawn, an exile); the sealed box is one
    size for all; the end is a table of every seat."""
    setup, rules = PlayConfig(seed=7).table()
    table = ChromiumTable(browser, Game(setup, rules), seed=7, shots=screenshots("nine"))
    try:
        table.voice.hold_on = {"deaths.announce", "vote.out"}
        table.start()

        first = table.players[0].page.locator("#step-timer")
        while "还剩" not in (first.text_content() or ""):  # the first night step counts down
            table.round(measure=False)
        table.box.call(table.table.inbox.put, Command("pause", "host"))
        for player in table.players:
            expect(player.page.locator("#step-timer")).to_have_text("已暂停", timeout=5000)
        frozen = [p.page.locator("#step-timer").inner_text() for p in table.players]
        time.sleep(1.5)
        assert [p.page.locator("#step-timer").inner_text() for p in table.players] == frozen
        table.box.call(table.table.inbox.put, Command("resume", "host"))
        for player in table.players:
            expect(player.page.locator("#step-timer")).to_contain_text("还剩", timeout=5000)

        for _ in range(2):  # the dawn's deaths, then the exile, each while the judge says it
            key, params = play_until_held(table)
            seats = list(params.get("seats", [])) if key == "deaths.announce" else [params["seat"]]
            assert_out_on_every_phone(table, seats)
            table.voice.go_on()
        table.play_to_the_end()
        assert table.game.over
        assert_one_sealed_size(table.held)
        assert table.overflow == [], table.overflow[:10]  # every screen fits the phone
        for player in table.players:
            expect(player.page.locator("table.end tr")).to_have_count(10)  # the head and nine seats
            expect(player.page.locator("#step-title")).to_contain_text("获胜")
    finally:
        table.stop()


def test_a_whole_twelve_seat_club_game_on_chromium_phones(browser: Any) -> None:
    """狼王守卫 with the club day, to the end, every phone driven by what it shows."""
    setup, rules = PlayConfig(board="wolf-king-guard-12", seed=3).table()
    table = ChromiumTable(browser, Game(setup, rules), seed=3, shots=screenshots("club"))
    try:
        table.start()
        table.play_to_the_end()
        assert table.game.over
        assert_one_sealed_size(table.held)
        assert table.overflow == [], table.overflow[:10]  # every screen fits the phone
        for player in table.players:
            expect(player.page.locator("table.end tr")).to_have_count(13)
            assert player.page.locator("table.end tr.wolf").count() == 4  # the wolves marked
    finally:
        table.stop()


@pytest.fixture
def box() -> Iterator[BackgroundServer]:
    background = BackgroundServer(lambda: PhoneTable(classic_game(), auto_narrate=False))
    background.start()
    yield background
    background.stop()


# Classic 9: 1, 2 werewolves; 3 seer; 4 witch; 5 guard; 6 hunter; 7, 8, 9 villagers.


def test_the_witch_refused_a_heal_then_passes_with_no_potion(browser: Any) -> None:
    game = classic_game(witch_self_heal=False)
    box = BackgroundServer(lambda: PhoneTable(game, auto_narrate=False))
    box.start()
    try:
        witch_refused_then_passes(box, browser)
    finally:
        box.stop()


def witch_refused_then_passes(box: BackgroundServer, browser: Any) -> None:
    assert box.server is not None
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
    witch, _villager = sit(browser, url, 4, "W"), sit(browser, url, 7, "V")
    for decision, seat in (
        (GuardChoice(target=5), 5),
        (SeerChoice(target=1), 3),
        (WerewolvesChoice(victim=4), None),
    ):
        box.call(table.apply, decision, seat)
    box.call(table.narrate, "witch")
    expect(witch.locator("#step-title")).to_have_text("女巫请行动")
    witch.get_by_role("button", name="使用解药").click()
    witch.click("#confirm")
    expect(witch.locator("#toast")).to_have_text("已收到，按住查看")
    area = witch.locator("#step-secret").bounding_box()
    witch.mouse.move(area["x"] + 20, area["y"] + 10)
    witch.mouse.down()
    expect(witch.locator("#step-secret")).to_contain_text("今晚不能自救")
    witch.mouse.up()
    expect(witch.locator("#step-extra button.picked")).to_have_count(0)  # the refused choice is cleared
    witch.click("#none")  # 不选: no potion
    for _ in range(100):
        if box.call(lambda: table.game.pending is None or table.game.pending.step != "witch"):
            break
        time.sleep(0.05)
    last = box.call(lambda: table.game.log[-1])
    assert last.step == "witch" and not last.heal and not last.poison  # type: ignore[attr-defined]


def test_a_tap_leaves_the_same_on_the_actors_screen_and_a_decoys(box: BackgroundServer, browser: Any) -> None:
    assert box.server is not None
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
    guard, villager = sit(browser, url, 5, "G"), sit(browser, url, 7, "V")
    box.call(table.narrate, "guard")
    assert_same_picture(guard, villager, "guard")
    for page in (guard, villager):
        seat_button(page, 3).click()
        page.click("#confirm")
        expect(page.locator("#toast")).to_have_text("已收到，按住查看")
    assert box.call(lambda: table.game.pending.step) == "seer"  # type: ignore[union-attr]  # the guard's was taken
    assert_same_picture(guard, villager, "guard")
    for page in (guard, villager):
        expect(page.locator("#step-seats button.picked")).to_have_count(0)


def test_a_long_name_a_second_tab_and_no_missing_file(box: BackgroundServer, browser: Any) -> None:
    """A 16-character name keeps the header on one line ("第1夜" whole); the page loads with no
    404; a second page of the same seat tells the first "已在另一个页面打开"."""
    assert box.server is not None
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
    context = browser.new_context(**PHONE)
    first = context.new_page()
    missing: list[str] = []
    first.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    errors: list[str] = []  # the console's errors: a CSP refusal (the old data: favicon) among them
    first.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    first.goto(url)
    first.locator("#lobby-seats button", has_text="5").first.click()
    first.fill("#name", "一二三四五六七八九十甲乙丙丁戊己")
    first.click("#join")
    first.wait_for_selector("#game:not([hidden])")
    box.call(table.narrate, "guard")
    expect(first.locator("#phase")).to_have_text("第1夜")
    header, phase = first.locator("header").bounding_box(), first.locator("#phase").bounding_box()
    assert header["height"] < 40 and phase["height"] < 30, "the header wrapped"
    assert first.evaluate("document.documentElement.scrollWidth") <= 390, "the page is wider than the phone"
    assert missing == [] and errors == [], (missing, errors)
    screen = context.new_page()  # the public screen: its favicon too (no 404)
    screen.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    screen.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    screen.goto(url + "screen")
    screen.wait_for_load_state("networkidle")
    assert missing == [] and errors == [], (missing, errors)
    screen.close()

    second = context.new_page()  # the same phone's storage: the same seat's token
    second.goto(url)
    second.wait_for_selector("#game:not([hidden])")
    expect(first.locator("#replaced")).to_have_text("已在另一个页面打开，这个页面不再使用")
    expect(first.locator("#game")).to_be_hidden()
    expect(second.locator("#me-seat")).to_have_text("5号")


def test_once_the_game_is_over_a_closed_box_is_told_calmly(browser: Any) -> None:
    """The end stays readable after the box has closed: no red reconnect notice over the review,
    the page says the judge has closed."""
    from engine.record import parse_record, replay
    from tests.engine.harness import table as record_table

    record = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { poison = 1 }\n[[day]]\nvote = { 3 = 2 }\n"
    )
    over = replay(parse_record(record_table(rules="sheriff = false") + record)).game
    background = BackgroundServer(lambda: PhoneTable(over))
    server = background.start()
    page = sit(browser, f"http://127.0.0.1:{server.port}/", 3, "Ming")
    expect(page.locator("table.end")).to_be_visible()
    background.stop()
    expect(page.locator("#offline")).to_have_text("游戏已结束，法官已关闭。", timeout=10000)
    expect(page.locator("table.end")).to_be_visible()
    assert page.locator("#toast.bad:visible").count() == 0


def test_before_the_deal_a_seated_phone_says_how_the_page_is_played(
    box: BackgroundServer, browser: Any
) -> None:
    """A first-time player reads, while the others sit down, how the card is seen, what the
    night's one picture means, and what the day's board shows: nothing of the night yet."""
    assert box.server is not None
    page = sit(browser, f"http://127.0.0.1:{box.server.port}/", 3, "新人")
    expect(page.locator("#step-title")).to_have_text("等待入座 1/9")
    notes = page.locator("#step-notes li")
    expect(notes).to_have_count(3)
    expect(notes.nth(0)).to_contain_text("按住卡片查看身份")
    expect(notes.nth(1)).to_contain_text("夜里每部手机画面相同")
    expect(notes.nth(2)).to_contain_text("座位表")
    expect(page.locator("#phase")).to_have_text("")
    folder = screenshots("more")
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / "waiting-guide.png"))
    box.call(box.server.table.narrate, "guard")
    expect(page.locator("#phase")).to_have_text("第1夜")
    expect(page.locator("#step-notes li")).to_have_count(0)


def test_last_words_are_a_screen_of_their_own(browser: Any) -> None:
    """Issue 30, item 2: while a seat speaks its last words, its phone says 遗言 with the
    countdown and 过 and nothing of "你已出局 / 请安静观看"; every other phone says "N号 遗言"."""
    setup, rules = PlayConfig(board="beginner-9", seed=5).table()
    assert rules.last_words == "club"
    timers = QUICK.model_copy(update={"last_words": 30})
    table = ChromiumTable(browser, Game(setup, rules), seed=5, timers=timers, shots=screenshots("last-words"))
    try:
        for player in table.players:  # every seat taken, the cards dealt: nobody is awaited
            expect(player.page.locator("#step-title")).to_have_text("人已到齐，请查看身份")
        table.voice.hold_on = {"last_words"}
        table.start()
        _, params = play_until_held(table)
        speaker = params["seat"]
        table.voice.go_on()
        mine = table.players[speaker - 1].page
        expect(mine.locator("#speaking")).to_have_text("请发表遗言", timeout=5000)
        expect(mine.locator("#step-title")).to_have_text("遗言")
        expect(mine.locator("#speech-timer")).to_contain_text("还剩")
        expect(mine.locator("#done-speaking")).to_be_visible()
        assert "出局" not in mine.locator("#step").inner_text()
        assert "安静观看" not in mine.locator("#step").inner_text()
        for player in table.players:
            if player.seat != speaker:
                expect(player.page.locator("#speaking")).to_have_text(f"{speaker}号 遗言", timeout=5000)
        if table.shots is not None:
            table.shots.mkdir(parents=True, exist_ok=True)
            mine.screenshot(path=str(table.shots / "last-words-speaker.png"))
            other = table.players[speaker % len(table.players)]
            other.page.screenshot(path=str(table.shots / "last-words-other.png"))
    finally:
        table.stop()


def test_the_public_screen_draws_its_pause(box: BackgroundServer, browser: Any) -> None:
    """Issue 30: the pause was ⏸, a glyph no font on the box has (an empty box); it is two bars
    drawn by the style sheet and the word."""
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/screen"
    page = browser.new_context(viewport={"width": 1280, "height": 800}, locale="zh-CN").new_page()
    page.goto(url)
    box.call(table.said, "judge.pause", {})
    clock = page.locator("#clock")
    expect(clock).to_have_text("已暂停")
    expect(clock).to_have_class(re.compile(r"\bpaused\b"))
    bars = page.evaluate(
        """() => { const s = getComputedStyle(document.querySelector('#clock'), '::before');
                   return [s.borderLeftWidth, s.borderRightWidth, s.height].map(parseFloat); }"""
    )
    assert all(size > 2 for size in bars), bars
    assert "⏸" not in page.locator("body").inner_text()
    page.context.close()


PASSES = [
    ("sheriff = false", "werewolves = 6\n", 6, "不开枪"),  # the hunter knifed: his shot at dawn
    ("", "werewolves = 3\n[[day]]\nsheriff = 3\n", 3, "撕掉警徽"),  # the sheriff knifed: the badge
]


@pytest.mark.parametrize(("rules", "night", "seat", "word"), PASSES)
def test_passing_a_shot_or_the_badge_says_what_it_means(
    browser: Any, rules: str, night: str, seat: int, word: str
) -> None:
    """Issue 30: the hunter's shot and the badge said 不选 where 不开枪 and 撕掉警徽 are meant."""
    from engine.record import parse_record, replay
    from tests.engine.harness import table as record_table

    record = "[[night]]\nguard = 5\nseer = 1\nwitch = {}\n" + night
    game = replay(parse_record(record_table(rules=rules) + record)).game
    background = BackgroundServer(lambda: PhoneTable(game))
    server = background.start()
    try:
        page = sit(browser, f"http://127.0.0.1:{server.port}/", seat, "Ming")
        expect(page.locator("#none")).to_have_text(word)
        page.context.close()
    finally:
        background.stop()


def test_a_self_destructed_wolfs_seat_says_so(browser: Any) -> None:
    """Issue 30: with the cards not shown, a self-destructed wolf's seat said only 出局."""
    from engine.record import parse_record, replay
    from tests.engine.harness import table as record_table

    record = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n[[day]]\nself_destruct = 1\n"
    rules = "sheriff = false\nreveal_on_death = false"
    game = replay(parse_record(record_table(rules=rules) + record)).game
    background = BackgroundServer(lambda: PhoneTable(game))
    server = background.start()
    try:
        page = sit(browser, f"http://127.0.0.1:{server.port}/", 4, "Ming")
        expect(cell(page, 1)).to_contain_text("自爆")
        page.context.close()
    finally:
        background.stop()


def test_the_phones_tally_counts_the_sheriffs_weight(browser: Any) -> None:
    """Issue 30, item 1: 1号 and 2号 had two voters each; the sheriff (3) voted 1 and counts
    1.5, so 1号 was exiled: the phone's tally says why."""
    from engine.record import parse_record, replay
    from tests.engine.harness import table as record_table

    record = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n"
        "[[day]]\nsheriff = 3\nvote = { 3 = 1, 4 = 1, 5 = 2, 6 = 2 }\n"
    )
    game = replay(parse_record(record_table(rules="sheriff_weight = 1.5") + record)).game
    background = BackgroundServer(lambda: PhoneTable(game))
    server = background.start()
    try:
        page = sit(browser, f"http://127.0.0.1:{server.port}/", 4, "Ming")
        lines = page.locator("#tally p")
        expect(lines.first).to_have_text("1号 2.5票（警长1.5票）：3、4")
        expect(lines.nth(1)).to_have_text("2号 2票：5、6")
        page.context.close()
    finally:
        background.stop()


@pytest.mark.parametrize(
    ("votes", "first", "second", "picture"),
    [
        # 10 has one voter and the mark, 11 two voters
        ("1 = 10, 2 = 11, 3 = 11", "10号 3票：1（乌鸦诅咒2票）", "11号 2票：2、3", "tally-raven-phone"),
        # nobody voted for 10: its count and the mark, no "：" before an empty list of voters
        ("1 = 11, 2 = 11", "10号 2票（乌鸦诅咒2票）", "11号 2票：1、2", ""),
    ],
)
def test_the_phones_tally_counts_the_ravens_mark(
    browser: Any, votes: str, first: str, second: str, picture: str
) -> None:
    """The raven marked 10 (two votes, the default): the phone's tally counts the mark and
    names it, as the review does."""
    from engine.record import parse_record, replay
    from tests.engine.harness import table as record_table
    from tests.engine.test_raven import RAVEN_12, night
    from tests.phones.test_club_more_steps_browser import shot

    record = night(10) + f"[[day]]\nvote = {{ {votes} }}\n"
    rules = 'night_order = "club"\nsheriff = false'
    game = replay(parse_record(record_table(RAVEN_12, rules=rules) + record)).game
    background = BackgroundServer(lambda: PhoneTable(game))
    server = background.start()
    try:
        page = sit(browser, f"http://127.0.0.1:{server.port}/", 5, "Ming")
        lines = page.locator("#tally p")
        expect(lines.first).to_have_text(first)
        expect(lines.nth(1)).to_have_text(second)
        if picture:
            shot(page, picture)
        page.context.close()
    finally:
        background.stop()
