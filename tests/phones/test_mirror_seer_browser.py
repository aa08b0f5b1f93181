"""灯影预言家 on the phone, in Chromium: the mirror seer holding his card sees the seer's card, its
power and his label, as the seer does hers; neither face says 灯影预言家 (RULES-CLUB-MORE.md: each
holder is told "预言家" and his label, never which card he holds)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.game import Game, state_of
from engine.role import Role
from engine.roles.mirror_seer import label_of
from narrator.moderator.config import PlayConfig
from narrator.phones import BackgroundServer, PhoneTable
from narrator.phones.catalogue import text
from tests.phones.test_browser import sit

pytest.importorskip("playwright.sync_api", reason="playwright is not installed (dev)")

HOLD_CARD = """() => {
  const card = document.querySelector('#card');
  card.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerId: 1}));
  const face = document.querySelector('#card-face');
  const r = face.getBoundingClientRect();
  const seen = {role: face.querySelector('.role').textContent, text: face.textContent,
                height: r.height, width: r.width};
  card.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerId: 1}));
  return seen;
}"""


@pytest.fixture
def mirror() -> Iterator[BackgroundServer]:
    setup, rules = PlayConfig(board="mirror-seer-12", seed=5).table()
    background = BackgroundServer(lambda: PhoneTable(Game(setup, rules)))
    background.start()
    yield background
    background.stop()


def test_the_mirror_seer_holds_the_seers_card_and_his_label(browser: Any, mirror: BackgroundServer) -> None:
    game = mirror.server.table.game  # type: ignore[union-attr]
    state = state_of(game)
    url = f"http://127.0.0.1:{mirror.server.port}/"  # type: ignore[union-attr]
    faces = {}
    for card in (Role.SEER, Role.MIRROR_SEER):
        seat = game.setup.roles.index(card) + 1
        page = sit(browser, url, seat, f"玩家{seat}")
        seen = page.evaluate(HOLD_CARD)
        assert seen["role"] == text("zh-CN", "roles.seer")
        assert text("zh-CN", "powers.seer") in seen["text"]
        label = ("ui.seer_label_one", "ui.seer_label_two")[label_of(state, seat) - 1]
        assert text("zh-CN", label) in seen["text"], seen
        assert text("zh-CN", "roles.mirror_seer") not in seen["text"]
        faces[card] = (seen["height"], seen["width"])
        page.context.close()
    assert len(set(faces.values())) == 1, faces
