"""The phone page in real headless Chromium (Debian's): join, peek, act at night, vote, reload;
a New Moon card step (the medium's question, the ghost's answer)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import GuardChoice, WerewolvesChoice, WitchChoice
from engine.cards.deck import QUESTIONS
from engine.game import state_of
from engine.roles.guard import guarded
from narrator.phones import BackgroundServer, PhoneTable
from narrator.phones.catalogue import text
from tests.phones import chromium
from tests.phones.chromium import ARGS, CHROMIUM  # noqa: F401  (imported from here by other tests)
from tests.phones.harness import classic_game, game_at, poll_command

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")
expect = sync_api.expect
browser = chromium.browser  # the fixture, imported from here by other tests
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "zh-CN",
}

# Classic 9: 1, 2 werewolves; 3 seer; 4 witch; 5 guard; 6 hunter; 7, 8, 9 villagers.


@pytest.fixture
def box() -> Iterator[BackgroundServer]:
    background = BackgroundServer(lambda: PhoneTable(classic_game()))
    background.start()
    yield background
    background.stop()


def shots(tmp_path: Path) -> Path:
    """Where screenshots go: $PHONES_SCREENSHOTS when set (to look at them), else a temp dir."""
    folder = Path(os.environ.get("PHONES_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def sit(browser: Any, url: str, seat: int, name: str) -> Any:
    page = browser.new_context(**PHONE).new_page()
    page.goto(url)
    page.locator("#lobby-seats button", has_text=str(seat)).first.click()
    page.fill("#name", name)
    page.click("#join")
    page.wait_for_selector("#game:not([hidden])")
    return page


def seat_button(page: Any, seat: int) -> Any:
    return page.locator("#step-seats button").filter(has_text=f"{seat}").first


def test_phones_in_chromium_join_peek_act_vote_and_rejoin(
    box: BackgroundServer,
    browser: Any,
    tmp_path: Path,
) -> None:
    assert box.server is not None
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
    game = table.game
    folder = shots(tmp_path)

    lobby = browser.new_context(**PHONE).new_page()
    lobby.goto(url)
    lobby.wait_for_selector("#lobby:not([hidden])")
    assert lobby.locator("#lobby-seats button").count() == 9
    lobby.screenshot(path=str(folder / "lobby.png"))

    guard = sit(browser, url, 5, "Ann")
    seer = sit(browser, url, 3, "Bo")
    villager = sit(browser, url, 7, "Cy")
    # the lobby hears of the taken seat over its socket: waited for, not read at once
    expect(lobby.locator("#lobby-seats button:enabled", has_text="7")).to_have_count(0)
    assert "7" not in [t.strip() for t in lobby.locator("#lobby-seats button:enabled").all_inner_texts()]

    assert guard.locator("#card-face").is_hidden()
    box_ = guard.locator("#card").bounding_box()
    guard.mouse.move(box_["x"] + 40, box_["y"] + 40)
    guard.mouse.down()
    assert guard.locator("#card-face .role").inner_text() == "守卫"
    guard.screenshot(path=str(folder / "peek.png"))
    guard.mouse.up()
    assert guard.locator("#card-face").is_hidden()
    guard.wait_for_timeout(300)
    assert guard.locator("#toast").is_hidden()  # a peek is not a decision: no "已提交"

    assert guard.locator("#step-title").inner_text() == "守卫请行动"
    assert villager.locator("#step-title").inner_text() == "守卫请行动"
    assert villager.locator("#step-seats button").count() == 9  # every living seat, as the guard's
    seat_button(villager, 2).click()
    villager.click("#confirm")
    expect(villager.locator("#toast")).to_have_text("已收到，按住查看")  # the same for everyone
    assert "已提交" in hold(villager, "#step-secret")
    seat_button(guard, 3).click()
    guard.screenshot(path=str(folder / "guard.png"))
    guard.click("#confirm")
    expect(seer.locator("#step-title")).to_have_text("预言家请行动")
    assert box.call(lambda: guarded(state_of(game), 3))

    seat_button(seer, 1).click()
    seer.click("#confirm")
    expect(seer.locator("#step-title")).to_have_text("狼人请行动")
    card = seer.locator("#card").bounding_box()
    seer.mouse.move(card["x"] + 30, card["y"] + 30)
    seer.mouse.down()
    assert "第1夜：1号是狼人" in seer.locator("#card-face").inner_text()
    seer.mouse.up()
    assert "1号是狼人" not in seer.locator("body").inner_text()

    box.call(table.apply, WerewolvesChoice(victim=8))
    box.call(table.apply, WitchChoice())
    guard.wait_for_selector("#step-extra button")
    guard.get_by_role("button", name="上警", exact=True).click()
    guard.wait_for_selector("#step-extra button:disabled")
    box.call(table.close_step)
    assert box.call(lambda: state_of(game).sheriff) == 5

    villager.reload()
    villager.wait_for_selector("#game:not([hidden])")
    assert villager.locator("#me-seat").inner_text() == "7号"
    for page in (guard, seer, villager):
        expect(page.locator("#step-title")).to_have_text("放逐投票")
        seat_button(page, 1).click()
        page.click("#confirm")
        page.wait_for_selector("#confirm:disabled")
    villager.screenshot(path=str(folder / "vote.png"))
    applied = box.call(table.close_step)
    assert applied is not None and dict(applied.decision.votes) == {3: 1, 5: 1, 7: 1}
    expect(villager.locator("#tally")).to_contain_text("1号 4票（警长2票）：3、5、7")  # the judge counts
    out = villager.locator('#board [data-seat="1"]')
    expect(out).to_have_class("seat dead")  # the exiled seat is out on the board, his card shown
    expect(out).to_contain_text("狼人")
    villager.screenshot(path=str(folder / "after-vote.png"))
    for name in ("lobby", "peek", "guard", "vote", "after-vote"):
        assert (folder / f"{name}.png").stat().st_size > 5000
    assert shutil.which("chromium") or os.path.exists(CHROMIUM)


def test_a_medium_asks_and_the_ghost_answers_from_their_phones_in_chromium(
    browser: Any,
    tmp_path: Path,
) -> None:
    game = game_at("question")
    background = BackgroundServer(lambda: PhoneTable(game))
    background.start()
    try:
        assert background.server is not None
        table, url = background.server.table, f"http://127.0.0.1:{background.server.port}/"
        folder = shots(tmp_path)
        pending = game.pending
        assert pending is not None
        medium_seat, ghost_seat = pending.seats[0], pending.info["ghost"]
        questions = pending.info["questions"]
        ask = min(questions, key=lambda q: QUESTIONS[q].seats)

        lobby = browser.new_context(**PHONE).new_page()
        lobby.goto(url)
        lobby.wait_for_selector("#facts:not([hidden])")
        assert lobby.locator("#facts select, #facts input").count() == len(table.facts_asked)
        lobby.screenshot(path=str(folder / "facts.png"))

        medium = sit(browser, url, medium_seat, "Mo")
        expect(medium.locator("#step-title")).to_have_text(text("zh-CN", "steps.question"))
        assert medium.locator(".questions button").count() == len(questions)
        expect(medium.locator("#public")).to_contain_text("招魂术")
        medium.get_by_role("button", name=text("zh-CN", f"questions.{ask}")).click()
        for seat in [s for s in pending.targets if s != medium_seat][: QUESTIONS[ask].seats]:
            seat_button(medium, seat).click()
        medium.screenshot(path=str(folder / "question.png"))
        medium.click("#confirm")

        ghost = sit(browser, url, ghost_seat, "Gu")
        expect(ghost.locator("#step-title")).to_have_text(text("zh-CN", "steps.ghost"))
        truth = background.call(lambda: game.pending.info["truth"])  # type: ignore[union-attr]
        assert text("zh-CN", f"questions.{ask}") in ghost.locator("#step-info").inner_text()
        yes, no = (
            ghost.get_by_role("button", name="是", exact=True),
            ghost.get_by_role("button", name="否", exact=True),
        )
        if truth is not None:
            assert (no if truth else yes).is_disabled()
        ghost.screenshot(path=str(folder / "ghost.png"))
        (yes if truth in (True, None) else no).click()
        background.call(lambda: None)
        expect(medium.locator("#public")).to_contain_text("亡魂回答")
        answer = background.call(lambda: game.log[-1])
        assert answer.step == "ghost" and answer.yes == (truth in (True, None))  # type: ignore[attr-defined]
        medium.screenshot(path=str(folder / "ghost-answered.png"))
        for name in ("facts", "question", "ghost", "ghost-answered"):
            assert (folder / f"{name}.png").stat().st_size > 5000
    finally:
        background.stop()


def test_the_speakers_button_and_the_hosts_controls_in_chromium(
    box: BackgroundServer,
    browser: Any,
    tmp_path: Path,
) -> None:
    assert box.server is not None
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
    folder = shots(tmp_path)
    speaker, listener = sit(browser, url, 3, "Bo"), sit(browser, url, 5, "Ann")
    assert speaker.locator("#speech").is_hidden() and speaker.locator("#host").is_hidden()

    box.call(table.speaking, 3, 90)
    expect(speaker.locator("#done-speaking")).to_be_visible()
    for page in (speaker, listener):  # the countdown on every phone
        expect(page.locator("#speech-timer")).to_contain_text("还剩")
        seconds = int("".join(c for c in page.locator("#speech-timer").inner_text() if c.isdigit()))
        assert 0 < seconds <= 90
    expect(speaker.locator("#speaking")).to_have_text("轮到你发言")
    expect(listener.locator("#speaking")).to_have_text("3号正在发言")
    assert listener.locator("#done-speaking").is_hidden()
    speaker.screenshot(path=str(folder / "speaking.png"))
    speaker.click("#done-speaking")
    expect(speaker.locator("#done-speaking")).to_be_disabled()
    for _ in range(100):
        if (command := box.call(poll_command, table)) is not None:
            break
        speaker.wait_for_timeout(20)
    assert command == "pass"
    box.call(table.speaking, None)
    expect(speaker.locator("#speech")).to_be_hidden()

    host = browser.new_context(**PHONE).new_page()
    host.goto(url)
    assert host.locator("#host").is_hidden()
    assert host.get_by_role("button", name="我是主持人").is_hidden()  # in the menu, not on the page
    host.click("#menu summary")
    host.get_by_role("button", name="我是主持人").click()
    host.fill("#host-pin", box.call(table.registry.host_pin))  # what h shows on the box
    host.get_by_role("button", name="认领").click()
    expect(host.locator("#host")).to_be_visible()
    expect(host.locator("#host-claim")).to_be_hidden()
    host.get_by_role("button", name="暂停").click()
    host.get_by_role("button", name="结束游戏").click()
    expect(host.locator("#host-end")).to_have_text("再按一次结束游戏")
    host.screenshot(path=str(folder / "host.png"))
    host.locator("#host-end").click()
    said: list[str] = []
    for _ in range(100):
        while (command := box.call(poll_command, table)) is not None:
            said.append(command)
        if len(said) == 2:
            break
        host.wait_for_timeout(20)
    assert said == ["pause", "end"]
    host.reload()
    expect(host.locator("#host")).to_be_visible()  # the key stays after a reload
    for name in ("speaking", "host"):
        assert (folder / f"{name}.png").stat().st_size > 5000


def test_the_review_is_shown_on_the_phones_when_the_game_is_over(browser: Any, tmp_path: Path) -> None:
    from engine.record import parse_record, replay
    from tests.engine.harness import table as record_table

    over = replay(
        parse_record(
            record_table(rules="sheriff = false")
            + (
                "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { poison = 1 }\n[[day]]\nvote = { 3 = 2 }\n"
            )
        )
    ).game
    assert over.over
    background = BackgroundServer(lambda: PhoneTable(over))
    server = background.start()
    try:
        page = sit(browser, f"http://127.0.0.1:{server.port}/", 3, "Ming")
        expect(page.locator("#public")).to_contain_text("复盘")
        public = page.locator("#public")
        expect(public).to_contain_text(
            "第一夜，守卫守护了5号，预言家查验了1号，是狼人，狼人杀了7号，女巫毒了1号"
        )
        expect(public).to_contain_text("第一天，放逐投票结果：2号得1票，2号被投票放逐。")
        assert "请行动" not in public.inner_text() and ":" not in public.inner_text()
        expect(page.locator("#step-secret")).to_be_hidden()  # nothing to hold once it is over
        page.screenshot(path=str(shots(tmp_path) / "review.png"), full_page=True)
    finally:
        background.stop()


def picture(page: Any) -> tuple[str, bytes]:
    """What anyone looking at the phone sees: the game's DOM (one's own seat and name left out)
    and its pixels (the seat and name masked), once no toast is shown."""
    expect(page.locator("#toast")).to_be_hidden()
    dom = page.evaluate(
        "() => { const g = document.querySelector('#game').cloneNode(true);"
        " g.querySelector('#me').textContent = '';"
        " g.querySelectorAll('#board .mine').forEach(s => s.classList.remove('mine'));"
        " return g.outerHTML; }"
    )
    pixels = b""
    for _ in range(5):  # a shot taken while the page still paints differs from the next one
        again = page.screenshot(mask=[page.locator("#me"), page.locator("#board")], animations="disabled")
        if again == pixels:
            break
        pixels = again
    return dom, pixels


def assert_same_picture(actor: Any, decoy: Any, step: str) -> tuple[str, bytes]:
    title = text("zh-CN", f"steps.{step}")
    for page in (actor, decoy):
        expect(page.locator("#step-title")).to_have_text(title)
    seen, shown = picture(actor), picture(decoy)
    for _ in range(8):  # a busy machine may catch one page mid-paint: a lasting difference fails
        if seen == shown:
            break
        actor.wait_for_timeout(250)
        seen, shown = picture(actor), picture(decoy)
    if seen[1] != shown[1] and os.environ.get("PHONES_SCREENSHOTS"):
        folder = Path(os.environ["PHONES_SCREENSHOTS"])
        (folder / f"{step}-actor.png").write_bytes(seen[1])
        (folder / f"{step}-decoy.png").write_bytes(shown[1])
    assert seen[0] == shown[0], f"{step}: the actor's screen differs from a decoy's"
    alike = seen[1] == shown[1]  # asserted as a flag: a failure says the sizes, not the bytes
    assert alike, f"{step}: the actor's pixels differ from a decoy's: {seen_as(seen[1], shown[1])}"
    return shown


def seen_as(one: bytes, other: bytes) -> str:
    """Two pictures said in a line (their size in pixels and bytes), not as their bytes."""

    def size(png: bytes) -> str:
        width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
        return f"{width}×{height} px, {len(png)} bytes"

    return f"{size(one)} against {size(other)}"


def hold(page: Any, selector: str) -> str:
    """Hold a finger on `selector` and read what it shows; the finger is lifted after."""
    area = page.locator(selector).bounding_box()
    page.mouse.move(area["x"] + 20, area["y"] + 10)
    page.mouse.down()
    shown = str(page.locator(selector).inner_text())
    page.mouse.up()
    return shown


def test_the_actor_and_a_decoy_see_the_same_screen_at_every_night_step(
    box: BackgroundServer, browser: Any, tmp_path: Path
) -> None:
    assert box.server is not None
    table, url = box.server.table, f"http://127.0.0.1:{box.server.port}/"
    folder = shots(tmp_path)
    wolf, seer, witch, guard, villager = (sit(browser, url, seat, f"P{seat}") for seat in (1, 3, 4, 5, 7))

    box.call(table.narrate, "seer")  # a pretended step: the seer's phone is a decoy like any
    pretended = assert_same_picture(seer, villager, "seer")
    (folder / "pretended-seer.png").write_bytes(pretended[1])
    box.call(table.narrate, "guard")
    assert_same_picture(guard, villager, "guard")
    expect(guard.locator("#phase")).to_have_text("第1夜")
    assert guard.locator("#step-seats button").count() == 9  # every living seat, one's own too

    box.call(table.apply, GuardChoice(target=3), 5)
    real = assert_same_picture(seer, villager, "seer")
    assert real[0] == pretended[0], "a pretended step does not look like a real one"
    alike = real[1] == pretended[1]
    assert alike, f"a pretended step does not look like a real one: {seen_as(real[1], pretended[1])}"
    for page in (seer, villager):  # the seer may not check himself: refused, but alike
        seat_button(page, 3).click()
        page.click("#confirm")
        expect(page.locator("#toast")).to_have_text("已收到，按住查看")
    assert_same_picture(seer, villager, "seer")
    assert "预言家不能查验自己" in hold(seer, "#step-secret")
    assert "预言家不能查验自己" not in hold(villager, "#step-secret")
    seat_button(seer, 1).click()
    seer.click("#confirm")
    expect(seer.locator("#step-title")).to_have_text(text("zh-CN", "steps.werewolves"))
    assert "1号是狼人" not in seer.locator("body").inner_text()
    assert_same_picture(wolf, villager, "werewolves")
    (folder / "werewolves.png").write_bytes(picture(wolf)[1])

    seat_button(wolf, 8).click()
    wolf.click("#confirm")
    expect(wolf.locator("#toast")).to_have_text("已收到，按住查看")
    area = wolf.locator("#step-secret").bounding_box()
    wolf.mouse.move(area["x"] + 20, area["y"] + 10)
    wolf.mouse.down()
    expect(wolf.locator("#step-secret")).to_contain_text("狼队：8号（1号）")  # the pack's picks, to the pack
    wolf.mouse.up()
    assert "狼队" not in hold(villager, "#step-secret")
    box.call(table.apply, WerewolvesChoice(victim=8))
    assert_same_picture(witch, villager, "witch")
    assert "8号" not in witch.locator("#step").inner_text()
    assert "8号" in hold(witch, "#step-secret")
    assert "8号" not in hold(villager, "#step-secret")
    assert "8号" not in witch.locator("#step").inner_text()


def test_a_new_moon_card_step_looks_the_same_to_a_werewolf_and_a_villager(
    browser: Any, tmp_path: Path
) -> None:
    game = game_at("touch")
    pending = game.pending
    assert pending is not None
    actor_seat = pending.seats[0]
    decoy_seat = next(s for s in state_of(game).alive() if s not in pending.seats)
    background = BackgroundServer(lambda: PhoneTable(game))
    background.start()
    try:
        assert background.server is not None
        url = f"http://127.0.0.1:{background.server.port}/"
        actor = sit(browser, url, actor_seat, "P1")
        decoy = sit(browser, url, decoy_seat, "P2")
        shown = assert_same_picture(actor, decoy, "touch")
        (shots(tmp_path) / "touch.png").write_bytes(shown[1])
        assert str(pending.info["victim"]) + "号" in hold(actor, "#step-secret")
    finally:
        background.stop()
