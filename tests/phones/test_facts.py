"""Facts about the players for the New Moon cards: asked once at joining, only with the event
cards on, each one declinable, kept on the box and sent to no phone."""

from __future__ import annotations

import asyncio

from engine.rules import make_rules
from engine.setup import SeatFacts
from narrator.phones.facts import facts_asked
from tests.phones.harness import (
    EVENT_RULES,
    Phone,
    classic_game,
    close_all,
    served,
    state_copy,
    ws_url,
)


def test_the_facts_asked_are_those_the_games_cards_can_use() -> None:
    assert facts_asked(make_rules()) == []
    every = facts_asked(make_rules({"events": "every_morning"}))
    assert every[:2] == ["age", "gender"] and "glasses" in every and "studies_well" not in every
    few = facts_asked(make_rules({"events": "peaceful_nights", "event_deck": ["miracle", "gone_hunting"]}))
    assert few == ["gender"]
    assert "studies_well" in facts_asked(
        make_rules({"events": "every_morning", "spiritualism": "three_questions"})
    )


def test_facts_given_at_joining_are_kept_for_the_setup_and_a_player_may_decline() -> None:
    async def scenario() -> None:
        game = classic_game(events="every_morning")  # seed 000's whole deck
        async with served(game) as (server, table):
            url = ws_url(server)
            asked = facts_asked(game.rules)
            first = await Phone(url, game).open()
            assert first.inbox[0]["facts"] == asked
            await first.answer(
                {
                    "type": "join",
                    "seat": 1,
                    "name": "Ann",
                    "facts": {"age": 34, "gender": "female", "glasses": True},
                }
            )
            second = await Phone(url, game).open()
            await second.answer({"type": "join", "seat": 2, "name": "Bo", "facts": {}})
            third = await Phone(url, game).open()
            # studies_well is not asked with seed 000's Spiritualism: it is dropped
            await third.answer(
                {"type": "join", "seat": 3, "name": "Cy", "facts": {"age": 70, "studies_well": True}}
            )
            fourth = await Phone(url, game).open()
            await fourth.answer({"type": "join", "seat": 4, "name": "Di"})
            assert table.links.facts() == {
                1: SeatFacts(age=34, gender="female", glasses=True),
                3: SeatFacts(age=70),
            }

            before = (state_copy(game), table.links.facts())
            fifth = await Phone(url, game).open()
            for facts in ({"age": 300}, {"age": "old"}, {"gender": "other"}, {"shoe_size": 42}):
                refused = await fifth.answer({"type": "join", "seat": 5, "name": "Ed", "facts": facts})
                assert refused["code"] == "malformed", facts
            assert (state_copy(game), table.links.facts()) == before
            assert table.registry.holder(5) is None

            await table.links.free_seat(1)
            assert 1 not in table.links.facts()
            everyone = [first, second, third, fourth, fifth]
            for phone in everyone[1:]:
                received = "".join(phone.raw)
                assert '"gender":"female"' not in received and '"age":34' not in received
            await close_all(everyone)

    asyncio.run(scenario())


def test_with_the_event_cards_off_no_fact_is_asked_or_kept() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            phone = await Phone(ws_url(server), game).open()
            assert phone.inbox[0]["facts"] == []
            await phone.answer({"type": "join", "seat": 1, "name": "Ann", "facts": {"age": 34}})
            assert table.links.facts() == {}
            await phone.close()

    asyncio.run(scenario())


def test_the_test_tables_deck_asks_for_gender_but_has_no_card_about_age() -> None:
    asked = facts_asked(make_rules(EVENT_RULES))
    assert "gender" in asked and "age" not in asked
