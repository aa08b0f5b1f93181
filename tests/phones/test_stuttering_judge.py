"""The stuttering judge's request through the real server (RULES-CHARACTERS.md, issue 37): after
the day's vote every living phone is asked the same question in the same picture, sealed alike;
a press by anyone else is answered exactly as the judge's and applies nothing; the wire tells
no phone apart (the same count, type and size of messages to every living phone)."""

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

# 1 villager, 2 werewolf, 3 stuttering judge, 4 villager, 5 werewolf, 6 seer, 7 witch, 8 hunter,
# 9 villager. Night 1 the pack kills 1; day 1 the village votes 9 out, then the request.
RECORD = """[setup]
seats = 9
roles = ["villager", "werewolf", "stuttering_judge", "villager", "werewolf", "seer", "witch", "hunter", "villager"]
[rules]
sheriff = false
[[night]]
seer = 2
werewolves = 1
witch = {}
"""
LIVING = (2, 3, 4, 5, 6, 7, 8)


def at_the_request() -> Game:
    game = replay(parse_record(RECORD)).game
    game.apply(DayVote(votes={3: 9}))
    assert game.pending is not None and game.pending.step == "judge", game.pending
    return game


def wire(phone: Phone, since: int) -> list[tuple[str, int]]:
    return wire_until(phone, since, lambda screen: screen["step"] == "vote")


def test_every_living_phone_is_asked_the_same_question_and_only_the_judges_is_sealed_as_real() -> None:
    async def scenario() -> None:
        game = at_the_request()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            living = [p for p in phones if p.seat in LIVING]
            screen = asked_alike(living, 3)
            assert (screen["form"], screen["step"]) == ("yesno", "judge")
            assert screen["answers"] == ["judge_second_vote", "judge_no_vote"]
            await close_all(phones)

    asyncio.run(scenario())


def test_a_press_by_anyone_else_is_answered_like_the_judges_and_applies_nothing() -> None:
    async def scenario() -> None:
        game = at_the_request()
        async with served(game) as (server, _):
            phones = {p.seat: p for p in await seat_everyone(server, game)}
            marks = {seat: len(phone.raw) for seat, phone in phones.items()}
            before = state_copy(game)
            decoys = [
                await phones[seat].answer({"type": "act", "step": "judge", "yes": True}) for seat in (4, 6)
            ]
            assert state_copy(game) == before and game.pending is not None and game.pending.step == "judge"
            for seat in (2, 5, 7, 8):
                await phones[seat].answer({"type": "act", "step": "judge", "yes": seat % 2 == 0})
            real = await phones[3].answer({"type": "act", "step": "judge", "yes": True})
            assert (real["type"], real["step"]) == ("ack", "judge")
            assert [(d["type"], d["step"], told(d)) for d in decoys] == [("ack", "judge", {})] * 2
            assert real.keys() == decoys[0].keys() and len(json.dumps(real)) == len(json.dumps(decoys[0]))
            await wait_until(lambda: game.pending is not None and game.pending.key == "judge_vote")
            for seat in LIVING:  # every phone's picture of the judge's vote
                await phones[seat].expect("state", where=lambda m: m["screen"]["step"] == "vote")
            seen = {seat: wire(phones[seat], marks[seat]) for seat in LIVING}
            assert all(seen[seat] == seen[LIVING[0]] for seat in LIVING), seen
            await close_all(list(phones.values()))

    asyncio.run(scenario())
