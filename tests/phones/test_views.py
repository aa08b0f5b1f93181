"""What every phone is shown, on its own (`narrator.phones.views`): a real game of the beginner's
board, real links and seats, the real day; the sizes on the wire as `encode` sends them."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from engine.bots import random_decision
from narrator.phones.day import Day
from narrator.phones.links import Links
from narrator.phones.said import PAUSE
from narrator.phones.table import encode
from narrator.phones.views import Views
from narrator.phones.wire import unseal
from tests.phones.parts import Phone, TableFields, seated


def send_all(messages: list[tuple[Any, dict[str, Any]]]) -> None:
    for link, sent in messages:
        link.send(sent)


class Shown:
    def __init__(self, table: TableFields) -> None:
        self.table = table
        self.answered: set[int] = set()
        self.links = Links(
            table,
            out=lambda link, sent: link.send(sent),
            send_state=lambda seat: self.views.send_state(seat),
            send_screens=lambda: None,
            boards=lambda locale: [],
            counts=lambda locale: [],
            choices=lambda locale: None,
            scores=lambda locale: None,
        )
        self.day = Day(
            table,
            self.links,
            out=lambda link, sent: link.send(sent),
            take=self.no_take,
            send_states=lambda: self.views.send_states(fresh=False),
            send_screens=lambda: None,
            now=lambda: 50.0,
        )
        self.views = Views(
            table,
            self.links,
            self.day,
            out=lambda link, sent: link.send(sent),
            out_all=send_all,
            answered=self.answered.__contains__,
            review=lambda locale: {"review": locale},
            send_screens=lambda: None,
            now=lambda: 50.0,
        )
        self.views.snapshot()

    async def no_take(self, *action: object) -> None:
        raise AssertionError("no day action here")

    async def seat(self, *seats: int) -> dict[int, Phone]:
        return await seated(self.links, *seats)


def test_every_phone_gets_one_state_of_one_size_and_only_its_own_secrets() -> None:
    async def scenario() -> None:
        table = TableFields(narrating="werewolves")
        shown = Shown(table)
        phones = await shown.seat(*range(1, 10))
        shown.views.send_states(fresh=True)
        states = {seat: phone.last("state") for seat, phone in phones.items()}
        assert len({len(encode(state)) for state in states.values()}) == 1
        pending = table.game.pending
        assert pending is not None
        screens = {seat: {**state["screen"], "sealed": None} for seat, state in states.items()}
        assert len({str(screen) for screen in screens.values()}) == 1  # what is not sealed is alike
        for seat, state in states.items():
            assert state["view"]["seat"] == seat
            assert unseal(state["screen"]["sealed"]).get("real", False) == (seat in pending.seats)

    asyncio.run(scenario())


def test_a_phone_joining_gets_its_whole_feed_padded_like_every_other_seats_state() -> None:
    async def scenario() -> None:
        table = TableFields()
        shown = Shown(table)
        rng = random.Random(1)
        while table.game.pending is not None and table.game.pending.step != "sheriff_candidacy":
            table.game.apply(random_decision(table.game, rng, self_destruct=0))
        shown.views.publish()
        (late,) = (await shown.seat(4)).values()
        state = late.last("state")
        assert state["feed"] == shown.views.feeds.everything(4) != []
        (other,) = (await shown.seat(5)).values()
        assert len(encode(other.last("state"))) == len(encode(state))

    asyncio.run(scenario())


def test_a_pretended_step_refreshes_only_the_public_part_of_the_views() -> None:
    async def scenario() -> None:
        table = TableFields()
        shown = Shown(table)
        before = dict(shown.views.shown)
        rng = random.Random(1)
        table.game.apply(random_decision(table.game, rng, self_destruct=0))  # the pack's kill
        table.narrating = "witch"
        shown.views.refresh_public()
        for seat, view in shown.views.shown.items():
            assert view.model_copy(update={"public": before[seat].public}) == before[seat]
        shown.views.snapshot()
        assert any(shown.views.shown[seat] != before[seat] for seat in before)  # the witch is told

    asyncio.run(scenario())


def test_the_clock_every_phone_shows_holds_when_the_judge_pauses() -> None:
    table = TableFields()
    shown = Shown(table)
    shown.views.step_clock.start(20)
    shown.day.speech_clock.start(10)
    assert (shown.views.clock()["step"], shown.views.clock()["speech"]) == (20, 10)
    table.judge.hear(PAUSE, {}, 0)
    assert shown.views.clock()["paused"] is True
