"""The day's talk on its own (`narrator.phones.day`): a real game of the beginner's board played
to its first day, real links with real seats; the decision path that takes a day action is
noted, not run (`tests/phones/test_day_actions.py` runs it at a real table)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from engine.bots import random_decision
from engine.decisions import Decision, SelfDestruct
from engine.game import Game
from narrator.inbox import Command
from narrator.phones.day import Day
from narrator.phones.links import Links
from narrator.phones.messages import Refusal
from tests.phones.parts import Phone, TableFields, beginner_game, seated


def at_step(step: str) -> Game:
    """The beginner's game (seed 1) played to its first `step`."""
    game, rng = beginner_game(), random.Random(1)
    while game.pending is not None and game.pending.step != step:
        game.apply(random_decision(game, rng, self_destruct=0))
    return game


class Talk:
    def __init__(self, table: TableFields) -> None:
        self.table = table
        self.taken: list[tuple[Decision, int, int, str]] = []
        self.states = 0
        self.screens = 0
        self.links = Links(
            table,
            out=lambda link, sent: link.send(sent),
            send_state=lambda seat: None,
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
            take=self.take,
            send_states=self.sent_states,
            send_screens=self.sent_screens,
            now=lambda: 100.0,
        )

    async def take(self, link: Any, decision: Decision, seat: int, n: int, name: str) -> None:
        self.taken.append((decision, seat, n, name))

    def sent_states(self) -> None:
        self.states += 1

    def sent_screens(self) -> None:
        self.screens += 1

    async def seat(self, *seats: int) -> dict[int, Phone]:
        return await seated(self.links, *seats)


def test_the_speaker_alone_ends_the_speech_once_and_an_unread_pass_is_dropped() -> None:
    async def scenario() -> None:
        table = TableFields(game=at_step("speech_order"))
        talk = Talk(table)
        phones = await talk.seat(1, 2)
        talk.day.speaking(2, 30)
        assert all(
            phone.last("speaking") == {**phone.last("speaking"), "seat": 2, "seconds": 30}
            for phone in phones.values()
        )
        assert talk.screens == 1
        with pytest.raises(Refusal) as refused:
            talk.day.end_speech(phones[1], 1, 5)
        assert refused.value.code == "not_speaking"
        talk.day.end_speech(phones[2], 2, 6)
        assert phones[2].last("ack")["n"] == 6
        with pytest.raises(Refusal) as refused:
            talk.day.end_speech(phones[2], 2, 7)
        assert refused.value.code == "already"
        assert table.inbox.take(lambda item: item == Command("pass", "speaker")) is not None
        table.inbox.put(Command("pass", "speaker"))
        talk.day.speaking(None)  # the speech ended: its pass, unread, is dropped
        assert table.inbox.take(lambda item: isinstance(item, Command)) is None
        assert phones[1].last("speaking")["seat"] is None and talk.day.speech_left() is None

    asyncio.run(scenario())


def test_a_day_action_shown_is_taken_and_one_not_shown_is_refused() -> None:
    async def scenario() -> None:
        game = at_step("speech_order")
        first = beginner_game().pending
        assert first is not None and first.step == "werewolves"
        wolf = first.seats[0]  # a werewolf: the pack owes the first step
        table = TableFields(game=game, narrating="speech_order")
        talk = Talk(table)
        phones = await talk.seat(wolf)
        with pytest.raises(Refusal) as refused:
            await talk.day.day_action(phones[wolf], wolf, 3, "self_destruct", None)
        assert refused.value.code != "malformed" and talk.taken == []  # not shown yet
        talk.day.offer()
        assert [a.name for a in talk.day.shown_actions] == ["self_destruct"]
        with pytest.raises(Refusal) as refused:
            await talk.day.day_action(phones[wolf], wolf, 3, "no_such_action", None)
        assert refused.value.code == "malformed"
        await talk.day.day_action(phones[wolf], wolf, 4, "self_destruct", None)
        ((decision, seat, n, name),) = talk.taken
        assert isinstance(decision, SelfDestruct) and (seat, n, name) == (wolf, 4, "self_destruct")

    asyncio.run(scenario())


def test_no_day_action_while_a_vote_is_taken_or_last_words_are_spoken() -> None:
    async def scenario() -> None:
        table = TableFields(game=at_step("vote"), narrating="vote")
        talk = Talk(table)
        phones = await talk.seat(1)
        assert talk.day.voting() and talk.day.actions_now() == ()
        with pytest.raises(Refusal) as refused:
            await talk.day.day_action(phones[1], 1, 1, "self_destruct", None)
        assert refused.value.code == "vote_open"
        table.auto_narrate = True  # no moderator calls the vote: the vote step is the talk too
        assert not talk.day.voting() and talk.day.actions_now() != ()
        talk.day.last_words = True
        assert talk.day.actions_now() == ()
        with pytest.raises(Refusal) as refused:
            await talk.day.day_action(phones[1], 1, 2, "self_destruct", None)
        assert refused.value.code == "last_words_open" and talk.taken == []
        talk.day.speaking(1, 10)  # a speech starts: the buttons shown change, every phone told
        talk.day.speaking(None)
        assert talk.day.last_words is False

    asyncio.run(scenario())
