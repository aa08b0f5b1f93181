"""The public screen's feed on its own (`narrator.phones.public`): a real game of the beginner's
board, a real SeatRegistry, the judge's real catalogue for the line he says."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.views import public_view
from narrator.phones.public import PublicScreen, spoken_line
from narrator.phones.said import NIGHT_FALLS
from tests.phones.parts import Phone, TableFields, finished_game


def screen_of(table: TableFields, scores: dict[str, Any] | None = None) -> PublicScreen:
    return PublicScreen(
        table,
        shown=lambda: public_view(table.game),
        clock=lambda: {"type": "clock"},
        speaker=lambda: 4,
        scores=lambda: scores,
    )


def test_a_screen_attached_gets_the_picture_at_once_and_each_change_until_detached() -> None:
    async def scenario() -> None:
        table = TableFields()
        public, screen = screen_of(table), Phone()
        public.send()  # no screen yet: nothing to build
        public.attach(screen)
        await table.registry.take(2, "Bo")
        public.send()
        assert screen.types() == ["table", "table"]
        first, second = screen.sent
        assert first["lobby"][1]["name"] is None and second["lobby"][1]["name"] == "Bo"
        assert second["names"] == {2: "Bo"} and second["seats"] == 9 and second["speaking"] == 4
        public.detach(screen)
        public.send()
        assert len(screen.sent) == 2

    asyncio.run(scenario())


def test_the_screen_shows_the_judges_line_as_spoken_and_the_days_stage() -> None:
    table = TableFields(locale="zh-CN")
    public = screen_of(table)
    public.hear(NIGHT_FALLS, {})
    assert public.line == spoken_line("zh-CN", NIGHT_FALLS, {}) != ""
    assert public.message()["line"] == public.line
    public.hear("sheriff.election", {})
    assert public.message()["stage"] != screen_of(table).message()["stage"]
    public.new_game()
    assert public.line == "" and public.message()["stage"] == screen_of(table).message()["stage"]
    assert spoken_line("zh-CN", "no.such.line", {}) == ""


def test_the_review_and_the_scores_show_only_once_the_game_is_over() -> None:
    table = TableFields()
    public = screen_of(table, scores={"games": 1})
    assert public.message()["review"] is None and public.message()["scores"] == {"games": 1}
    table.game = finished_game()
    review = public.message()["review"]
    assert review is not None and public.review("en") is public.review("en")  # made once
    assert public.review("zh-CN") is not public.review("en")
