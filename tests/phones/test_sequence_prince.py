"""The sequence prince's flip through the real server (RULES-CLUB-MORE.md, 永序之轮, issue 36): after
the tally of the day's first vote every living phone is asked the same question in the same
picture, sealed alike; a press by anyone else is answered exactly as the prince's and applies
nothing; the wire tells no phone apart up to the picture of everybody's revote."""

from __future__ import annotations

import asyncio
import json

from engine.decisions import DayVote
from engine.game import Game
from engine.record import parse_record, replay
from tests.phones.harness import (
    Phone,
    asked_alike,
    close_all,
    seat_everyone,
    served,
    state_copy,
    told,
    wait_until,
    wire_until,
)

# 1-3 werewolves, 4 eclipse wolf queen, 5 seer, 6 witch, 7 guard, 8 sequence prince, 9-12
# villagers. Night 1 the pack kills 12; day 1 the vote is counted, then the flip is asked.
RECORD = """[setup]
seats = 12
roles = ["werewolf", "werewolf", "werewolf", "eclipse_wolf_queen", "seer", "witch", "guard", "sequence_prince",
         "villager", "villager", "villager", "villager"]
[rules]
night_order = "club"
sheriff = false
[[night]]
eclipse_wolf_queen = 0
guard = 0
werewolves = 12
witch = {}
seer = 0
"""
LIVING = tuple(range(1, 12))


def at_the_flip() -> Game:
    game = replay(parse_record(RECORD)).game
    game.apply(DayVote(votes={1: 9, 2: 9}))
    assert game.pending is not None and game.pending.step == "prince", game.pending
    return game


def wire(phone: Phone, since: int) -> list[tuple[str, int]]:
    return wire_until(phone, since, lambda screen: screen["step"] == "vote")


def test_every_living_phone_is_asked_the_same_question_and_only_the_princes_is_sealed_as_real() -> None:
    async def scenario() -> None:
        game = at_the_flip()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            living = [p for p in phones if p.seat in LIVING]
            screen = asked_alike(living, 8)
            assert (screen["form"], screen["step"]) == ("yesno", "prince")
            assert screen["answers"] == ["prince_flip", "prince_no_flip"]
            await close_all(phones)

    asyncio.run(scenario())


def test_a_press_by_anyone_else_is_answered_like_the_princes_and_applies_nothing() -> None:
    async def scenario() -> None:
        game = at_the_flip()
        async with served(game) as (server, _):
            phones = {p.seat: p for p in await seat_everyone(server, game)}
            marks = {seat: len(phone.raw) for seat, phone in phones.items()}
            before = state_copy(game)
            decoys = [
                await phones[seat].answer({"type": "act", "step": "prince", "yes": True}) for seat in (4, 9)
            ]
            assert state_copy(game) == before and game.pending is not None and game.pending.step == "prince"
            for seat in (1, 2, 3, 5, 6, 7, 10, 11):
                await phones[seat].answer({"type": "act", "step": "prince", "yes": seat % 2 == 0})
            real = await phones[8].answer({"type": "act", "step": "prince", "yes": True})
            assert (real["type"], real["step"]) == ("ack", "prince")
            assert [(d["type"], d["step"], told(d)) for d in decoys] == [("ack", "prince", {})] * 2
            assert real.keys() == decoys[0].keys() and len(json.dumps(real)) == len(json.dumps(decoys[0]))
            await wait_until(lambda: game.pending is not None and game.pending.key == "prince_vote")
            for seat in LIVING:  # every phone's picture of everybody's revote
                await phones[seat].expect("state", where=lambda m: m["screen"]["step"] == "vote")
            seen = {seat: wire(phones[seat], marks[seat]) for seat in LIVING}
            assert all(seen[seat] == seen[LIVING[0]] for seat in LIVING), seen
            await close_all(list(phones.values()))

    asyncio.run(scenario())
