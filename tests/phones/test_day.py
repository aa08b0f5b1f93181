"""Day steps through the real server: the election, the hunter, votes shown together, closing."""

from __future__ import annotations

import asyncio

from engine import GuardChoice, SeerChoice, WerewolvesChoice, WitchChoice
from engine.game import Game, state_of
from tests.phones.harness import (
    Phone,
    classic_game,
    close_all,
    seat_everyone,
    served,
    state_copy,
    wait_until,
)

# Classic 9: 1, 2 werewolves; 3 seer; 4 witch; 5 guard; 6 hunter; 7, 8, 9 villagers.


def after_night_one(victim: int = 6) -> Game:
    """Classic 9 at dawn of day 1: the werewolves took `victim`, nobody saved."""
    game = classic_game()
    for decision in (
        GuardChoice(target=0),
        SeerChoice(target=0),
        WerewolvesChoice(victim=victim),
        WitchChoice(),
    ):
        game.apply(decision)
    return game


async def elect(phones: list[Phone], candidate: int) -> None:
    for phone in phones:
        answer = await phone.answer(
            {"type": "act", "step": "sheriff_candidacy", "stand": phone.seat == candidate}
        )
        assert answer["type"] == "ack", answer


def test_the_election_counts_every_phone_and_shows_progress() -> None:
    async def scenario() -> None:
        game = after_night_one()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            assert all(p.last("state")["screen"]["form"] == "stand" for p in phones)
            await elect(phones[:4], 3)
            progress = await phones[8].expect("progress", where=lambda m: m["answered"] == 4)
            public = {k: v for k, v in progress.items() if k not in ("sealed", "pad")}
            assert public == {"type": "progress", "step": "sheriff_candidacy", "answered": 4, "owed": 9}
            assert state_of(game).sheriff == 0
            await elect(phones[4:], 3)
            assert state_of(game).sheriff == 3
            await close_all(phones)

    asyncio.run(scenario())


def test_the_dead_hunter_shoots_from_his_phone_while_the_others_wait() -> None:
    async def scenario() -> None:
        game = after_night_one(victim=6)
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            await elect(phones, 3)
            hunter = await phones[5].expect("state", where=lambda m: m["screen"]["step"] == "hunter")
            assert hunter["view"]["alive"] is False
            assert hunter["screen"]["real"] and hunter["screen"]["form"] == "seats"
            other = await phones[6].expect("state", where=lambda m: m["screen"]["step"] == "hunter")
            assert other["screen"]["form"] == "wait" and not other["screen"]["real"]
            refused = await phones[6].answer({"type": "act", "step": "hunter", "targets": [1]})
            assert refused["code"] == "not_yours"
            await phones[5].answer({"type": "act", "step": "hunter", "targets": [1]})
            assert not state_of(game).is_alive(1)
            await close_all(phones)

    asyncio.run(scenario())


def test_votes_are_shown_to_everyone_only_once_all_have_voted() -> None:
    async def scenario() -> None:
        game = after_night_one(victim=7)
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            await elect(phones, 3)
            await wait_until(lambda: game.pending is not None and game.pending.step == "vote")
            voters = [p for p in phones if p.seat != 7]
            choices = {1: 5, 2: 1, 3: 1, 4: 1, 5: 2, 6: 1, 8: 0, 9: 1}
            for phone in voters[:-1]:
                target = choices[phone.seat]
                assert (
                    await phone.answer({"type": "act", "step": "vote", "targets": [target] if target else []})
                )["type"] == "ack"
            again = await voters[0].answer({"type": "act", "step": "vote", "targets": [5]})
            assert again["code"] == "already"
            for phone in phones:
                assert all(m["view"]["public"]["votes"] == [] for m in phone.inbox if m["type"] == "state")
            await voters[-1].answer({"type": "act", "step": "vote", "targets": [1]})
            expected = {
                "step": "vote",
                "votes": {"1": 5, "2": 1, "3": 1, "4": 1, "5": 2, "6": 1, "9": 1},
                "weights": {"3": 2.0},  # the sheriff's vote, public as every vote is
                "sheriff": 3,
            }
            for phone in phones:
                shown = await phone.expect("state", where=lambda m: m["view"]["public"]["votes"] != [])
                assert shown["view"]["public"]["votes"] == [expected]
            assert not state_of(game).is_alive(1)
            await close_all(phones)

    asyncio.run(scenario())


def test_closing_a_vote_counts_absent_voters_as_abstaining() -> None:
    async def scenario() -> None:
        game = after_night_one(victim=7)
        async with served(game) as (server, table):
            phones = await seat_everyone(server, game)
            await elect(phones, 3)
            await wait_until(lambda: game.pending is not None and game.pending.step == "vote")
            for phone in phones[2:5]:
                await phone.answer({"type": "act", "step": "vote", "targets": [2]})
            applied = await table.close_step()
            assert applied is not None and applied.step == "vote" and applied.by is None
            assert dict(applied.decision.votes) == {3: 2, 4: 2, 5: 2}  # type: ignore[attr-defined]
            assert not state_of(game).is_alive(2)
            assert (await table.next_applied(timeout=1)).step == "sheriff_candidacy"
            await close_all(phones)

    asyncio.run(scenario())


def test_a_werewolf_self_destructs_from_the_phone_and_a_villager_cannot() -> None:
    async def scenario() -> None:
        game = after_night_one(victim=7)
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            await elect(phones, 3)
            await wait_until(lambda: game.pending is not None and game.pending.step == "vote")
            for phone in phones:
                await phone.expect("state", where=lambda m: m["screen"]["step"] == "vote")
            assert all(
                p.last("state")["screen"]["actions"] == [{"name": "self_destruct", "form": "none"}]
                for p in phones
                if p.seat != 7
            )
            before = state_copy(game)
            refused = await phones[8].answer({"type": "self_destruct"})
            assert refused["code"] == "not_werewolf" and refused["message"] == "只有狼人才能自爆。"
            assert state_copy(game) == before
            assert (await phones[1].answer({"type": "self_destruct"}))["type"] == "ack"
            assert not state_of(game).is_alive(2)
            assert game.log[-1].step == "self_destruct"
            await close_all(phones)

    asyncio.run(scenario())
