"""The warden's trade through the real server (RULES-CLUB-MORE.md, 孤注一掷, issue 36): at the two
traders' step every living phone shows the same yes-or-no picture; only the two named have their
sealed box real (each told both seats), every sealed box of one size; a press by anyone else is
answered exactly as a trader's and applies nothing; the wire tells no phone apart up to the next
step's picture."""

from __future__ import annotations

import asyncio
import json

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

# 1-3 werewolves, 4 warden, 5 seer, 6 witch, 7 hunter, 8 dreamcatcher, 9-12 villagers. Night 1
# the pack kills 11; day 1 nobody is voted out; night 2 the warden names 9 and 10.
RECORD = """[setup]
seats = 12
roles = ["werewolf", "werewolf", "werewolf", "warden", "seer", "witch", "hunter", "dreamcatcher",
         "villager", "villager", "villager", "villager"]
[rules]
night_order = "club"
sheriff = false
[[night]]
dreamcatcher = 12
werewolves = 11
witch = {}
seer = 1
[[day]]
vote = {}
[[night]]
warden = { pair = [9, 10] }
"""
LIVING = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12)
PAIR = (9, 10)


def at_the_trade() -> Game:
    game = replay(parse_record(RECORD)).game
    assert game.pending is not None and game.pending.step == "warden_trade", game.pending
    return game


def wire(phone: Phone, since: int) -> list[tuple[str, int]]:
    return wire_until(phone, since, lambda screen: screen["step"] == "dreamcatcher")


def test_every_living_phone_shows_the_same_trade_or_betray_and_only_the_pair_is_sealed_as_real() -> None:
    async def scenario() -> None:
        game = at_the_trade()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            living = [p for p in phones if p.seat in LIVING]
            screen = asked_alike(living, *PAIR)
            assert (screen["kind"], screen["form"], screen["step"]) == ("night", "yesno", "warden_trade")
            assert screen["answers"] == ["warden_trade", "warden_betray"]
            for phone in living:
                if phone.seat in PAIR:
                    assert told(phone.last("state")["screen"])["info"] == {"seats": list(PAIR)}
            await close_all(phones)

    asyncio.run(scenario())


def test_a_press_by_anyone_else_is_answered_like_a_traders_and_applies_nothing() -> None:
    async def scenario() -> None:
        game = at_the_trade()
        async with served(game) as (server, _):
            phones = {p.seat: p for p in await seat_everyone(server, game)}
            marks = {seat: len(phone.raw) for seat, phone in phones.items()}
            before = state_copy(game)
            decoys = [
                await phones[seat].answer({"type": "act", "step": "warden_trade", "yes": True})
                for seat in (4, 5)
            ]
            assert state_copy(game) == before and game.pending is not None
            first = await phones[9].answer({"type": "act", "step": "warden_trade", "yes": True})
            for seat in (1, 2, 3, 6, 7, 8, 12):
                await phones[seat].answer({"type": "act", "step": "warden_trade", "yes": seat % 2 == 0})
            assert game.pending is not None and game.pending.step == "warden_trade"
            second = await phones[10].answer({"type": "act", "step": "warden_trade", "yes": False})
            real = [first, second]
            assert [(d["type"], d["step"]) for d in real + decoys] == [("ack", "warden_trade")] * 4
            assert all(
                d.keys() == decoys[0].keys() and len(json.dumps(d)) == len(json.dumps(decoys[0]))
                for d in real
            )
            await wait_until(lambda: game.pending is not None and game.pending.step == "dreamcatcher")
            trade = next(d for p, d in reversed(game.history) if p.step == "warden_trade")
            assert trade.traders == (9,)  # type: ignore[attr-defined]
            for seat in LIVING:  # every phone's picture of the next step
                await phones[seat].expect("state", where=lambda m: m["screen"]["step"] == "dreamcatcher")
            seen = {seat: wire(phones[seat], marks[seat]) for seat in LIVING}
            assert all(seen[seat] == seen[LIVING[0]] for seat in LIVING), seen
            await close_all(list(phones.values()))

    asyncio.run(scenario())
