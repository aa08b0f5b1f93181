"""The decision path on its own (`narrator.phones.decisions`), called directly at a real table
(the beginner's board, seed 1: wolves at 6, 8 and 9, the witch at 4, the seer at 5) with no
moderator: a touch checked and applied, a decoy, a stale decision, an undo."""

from __future__ import annotations

import asyncio

import pytest

from engine import WerewolvesChoice
from narrator.inbox import Stale
from narrator.phones.messages import Refusal
from narrator.phones.table import PhoneTable
from tests.phones.parts import Phone, beginner_game, message


def act(step: str, *targets: int, n: int = 1) -> object:
    return message(type="act", step=step, targets=list(targets), n=n)


def test_only_the_seat_that_owes_the_step_narrated_decides_it() -> None:
    async def scenario() -> None:
        table = PhoneTable(beginner_game(), auto_narrate=False)
        decisions, phone = table.decisions, Phone()
        table.narrate("werewolves")
        with pytest.raises(Refusal) as refused:
            await decisions.act(phone, 5, act("seer", 6))
        assert refused.value.code == "not_now" and not table.game.log  # not the step narrated
        applied = table.subscribe()
        for wolf in (6, 8):  # the pack's picks: the decision waits for every wolf
            later = await decisions.act(phone, wolf, act("werewolves", 2))
            assert later is not None
            await later()
        assert not table.game.log and [m["type"] for m in phone.sent].count("ack") == 2
        assert await decisions.act(phone, 9, act("werewolves", 2)) is None  # the last pick decides
        assert isinstance(table.game.log[-1], WerewolvesChoice)
        assert applied.get_nowait().step == "werewolves"
        late = await decisions.act(phone, 9, act("werewolves", 3))  # decided: a decoy now, alike
        assert late is not None
        await late()
        assert len(table.game.log) == 1

    asyncio.run(scenario())


def test_a_seat_that_owes_nothing_at_night_touches_a_decoy_acknowledged_alike() -> None:
    async def scenario() -> None:
        table = PhoneTable(beginner_game(), auto_narrate=False)
        table.narrate("werewolves")
        villager = Phone()
        later = await table.decisions.act(villager, 2, act("werewolves", 5))
        assert later is not None and villager.sent == []  # answered after its commit
        await later()
        assert villager.sent[-1]["type"] == "ack" and not table.game.log
        assert table.decisions.answered(2)
        again = await table.decisions.act(villager, 2, act("werewolves", 6, n=2))
        assert again is not None  # the pack's step: a pick may change, so a decoy's may too
        await again()
        assert villager.sent[-1]["n"] == 2 and not table.game.log
        table.narrate("witch")  # a step narrated: nobody has touched it
        assert not table.decisions.answered(2)

    asyncio.run(scenario())


def test_a_decision_made_for_a_step_already_decided_is_stale_and_changes_nothing() -> None:
    async def scenario() -> None:
        table = PhoneTable(beginner_game(), auto_narrate=False)
        pending = table.game.pending
        await table.apply(WerewolvesChoice(victim=2), pending=pending)
        assert len(table.game.log) == 1
        with pytest.raises(Stale):
            await table.apply(WerewolvesChoice(victim=3), pending=pending)
        with pytest.raises(Stale):
            await table.undo(0)  # one decision came meanwhile
        assert len(table.game.log) == 1
        assert isinstance(await table.undo(1), WerewolvesChoice) and not table.game.log

    asyncio.run(scenario())


def test_the_moderators_side_of_the_table_gives_orders_the_decision_path_carries_out() -> None:
    """The keypad's decision, a deadline's close and the undo are orders (table Rule 1): given
    while another order is carried out, each waits its turn, then the decision path does it."""

    async def scenario() -> None:
        table = PhoneTable(beginner_game(), auto_narrate=False)
        pending = table.game.pending
        first = asyncio.ensure_future(table.apply(WerewolvesChoice(victim=2), pending=pending))
        second = asyncio.ensure_future(table.apply(WerewolvesChoice(victim=3), pending=pending))
        await asyncio.sleep(0)  # both given
        assert table.orders.busy
        await first
        with pytest.raises(Stale):  # the step was decided by the order before it
            await second
        assert [d.victim for d in table.game.log] == [2]  # type: ignore[attr-defined]
        assert not table.orders.busy

    asyncio.run(scenario())
