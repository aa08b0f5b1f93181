"""The table's links on their own (`narrator.phones.links`): a real game, a real SeatRegistry,
phones that note what they are sent."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from narrator.inbox import Seated
from narrator.phones.links import CLOSE_FREED, CLOSE_REPLACED, Links
from narrator.phones.messages import Refusal
from narrator.phones.wire import text_of
from tests.phones.parts import Phone, TableFields, join, message


class Seen:
    """What the links asked of the table's other parts."""

    def __init__(self) -> None:
        self.states: list[int] = []
        self.screens = 0

    def screen(self) -> None:
        self.screens += 1


def links_of(table: TableFields, seen: Seen, scores: dict[str, Any] | None = None) -> Links:
    links = Links(
        table,
        out=lambda link, sent: link.send(sent),
        send_state=seen.states.append,
        send_screens=seen.screen,
        boards=lambda locale: [],
        counts=lambda locale: [],
        choices=lambda locale: None,
        scores=lambda locale: scores,
    )
    table.links = links  # the orders free a seat through it
    return links


def test_a_phone_takes_a_free_seat_and_every_phone_sees_the_lobby() -> None:
    async def scenario() -> None:
        table, seen = TableFields(), Seen()
        links = links_of(table, seen)
        ann, bo = Phone(), Phone()
        links.connect(ann)
        links.connect(bo)
        assert ann.types() == ["welcome"] and links.connected() == []
        await links.sit(ann, join(3, "Ann"))
        assert links.seat_of(ann) == 3 and links.connected() == [3] and links.seat_of(bo) is None
        joined = ann.last("joined")
        assert (joined["seat"], joined["name"]) == (3, "Ann") and joined["token"]
        assert seen.states == [3]  # its state, with its whole feed
        assert bo.last("lobby")["lobby"][2]["name"] == "Ann"
        assert seen.screens == 1  # the public screen sees the lobby too
        assert table.inbox.take(lambda item: isinstance(item, Seated)) == Seated(3)

    asyncio.run(scenario())


def test_a_phone_holds_one_seat() -> None:
    async def scenario() -> None:
        table = TableFields()
        links = links_of(table, Seen())
        ann = Phone()
        links.connect(ann)
        await links.sit(ann, join(3, "Ann"))
        with pytest.raises(Refusal) as refused:
            await links.sit(ann, join(4, "Ann again"))
        assert refused.value.code == "one_seat" and table.registry.holder(4) is None

    asyncio.run(scenario())


def test_a_phone_back_with_the_token_replaces_the_link_that_held_the_seat() -> None:
    async def scenario() -> None:
        links = links_of(TableFields(), Seen())
        old, new = Phone(), Phone()
        links.connect(old)
        await links.sit(old, join(5, "Cy"))
        token = old.last("joined")["token"]
        links.connect(new)
        await links.sit(new, message(type="rejoin", token=token, n=1, locale="zh-CN"))
        assert old.closed == CLOSE_REPLACED and links.seat_of(old) is None
        assert links.seat_of(new) == 5 and links.link(5) is new and links.seat_locale(5) == "zh-CN"
        links.disconnect(old)  # the old link's end does not let the new one go
        assert links.connected() == [5]
        links.disconnect(new)
        assert links.connected() == []

    asyncio.run(scenario())


def test_the_host_frees_a_seat_its_phone_is_told_and_let_go_its_facts_forgotten() -> None:
    async def scenario() -> None:
        table = TableFields(facts_asked=["glasses", "jeans"])
        links = links_of(table, Seen())
        ann, bo = Phone(), Phone()
        for phone in (ann, bo):
            links.connect(phone)
        facts = {"glasses": True, "jeans": False}
        await links.sit(ann, message(type="join", seat=1, name="Ann", n=1, facts=facts))
        assert links.facts()[1].glasses is True
        assert await links.free_seat(1) is True
        assert ann.closed == CLOSE_FREED and ann.last("freed") and links.connected() == []
        assert links.facts() == {} and table.registry.holder(1) is None
        assert bo.last("lobby")["lobby"][0]["name"] is None
        assert await links.free_seat(1) is False  # nothing to free

    asyncio.run(scenario())


def test_every_phone_is_told_in_its_own_language() -> None:
    async def scenario() -> None:
        links = links_of(TableFields(locale="en"), Seen(), scores={"type": "scores"})
        en, zh = Phone(), Phone()
        links.connect(en)
        links.connect(zh)
        assert en.types() == ["welcome", "scores"]  # an evening's scores, to a phone that opens the page
        links.hello(zh, "zh-CN")
        assert zh.last("welcome")["locale"] == "zh-CN"
        links.notify("host_claimed")
        assert en.last("notice")["text"] != zh.last("notice")["text"]
        links.refuse(zh, "busy")
        refused = links.error(en, Refusal("busy"), 7)  # a model until the wire
        assert (refused.n, refused.code) == (7, "busy") and refused.message != zh.last("error")["message"]

    asyncio.run(scenario())


def test_every_phone_welcomed_again_gets_its_languages_one_welcome_made_once() -> None:
    """Issue 35, item 2: the game's start welcomed 18 phones with 18 welcomes of 20 KB, each
    made and encoded alone (40 ms of the loop); now one per language, the same text."""
    table, seen = TableFields(), Seen()
    links = links_of(table, seen)
    phones = {name: Phone() for name in ("ann", "bo", "chen", "dai")}
    for phone in phones.values():
        links.connect(phone)
    links.hello(phones["chen"], "zh-CN")
    links.hello(phones["dai"], "zh-CN")
    links.welcome_all()
    welcomes = {name: phone.sent[-1] for name, phone in phones.items()}
    assert welcomes["ann"] is welcomes["bo"] and welcomes["chen"] is welcomes["dai"]
    assert text_of(welcomes["ann"]) == text_of(links.welcome("en"))  # what each was sent alone
    assert text_of(welcomes["chen"]) == text_of(links.welcome("zh-CN"))
    assert welcomes["ann"]["locale"] == "en" and welcomes["chen"]["locale"] == "zh-CN"
