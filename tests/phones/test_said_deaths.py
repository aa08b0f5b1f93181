"""A death a death brings by day (a lover's grief) shows on the phones the moment the judge says
it, not one line early with the exile that brought it, on the phones that stay and on a phone
that comes back while the judge speaks (`narrator.phones.said` Rule 4). The real moderator
narrates on the fast clock; the voice holds on the lines to look at the phones meanwhile."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from engine.game import Game
from narrator.inbox import Command
from narrator.moderator.loop import Moderator
from narrator.timing import FastClock, Timers
from tests.engine.harness import game_of, table
from tests.phones.chromium_table import NotingVoice
from tests.phones.harness import Phone, close_all, seat_everyone, served, wait_until, ws_url

ROLES = '["werewolf", "werewolf", "seer", "witch", "cupid", "hunter", "villager", "villager", "villager"]'
LOVERS = "[[night]]\ncupid = [1, 8]\nseer = 2\nwerewolves = 0\nwitch = {}\n"  # 8 and the wolf 1 in love
TIMERS = Timers(
    decision=4, vote=4, reminder=1, night_step=1, meeting=1, speech=1, last_speech=1, last_words=1
)


def alive(message: dict[str, Any]) -> list[int]:
    return list(message["view"]["public"]["alive"])


async def until_held(voice: NotingVoice, key: str) -> dict[str, Any]:
    await wait_until(lambda: voice.holding.is_set() and voice.held is not None and voice.held[0] == key, 30)
    assert voice.held is not None
    return voice.held[1]


async def back(server: Any, game: Game, phone: Phone) -> Phone:
    """The phone of `phone`'s seat reloaded: a new page that rejoins with the seat's token."""
    again = Phone(ws_url(server), game)
    await again.open()
    answer = await again.answer({"type": "rejoin", "token": phone.token})
    assert answer["type"] == "joined", answer
    await again.expect("state")
    return again


def test_a_lovers_grief_shows_when_the_judge_says_it_on_every_phone_and_after_a_reload() -> None:
    async def scenario() -> None:
        game = game_of(table(ROLES, rules="sheriff = false") + LOVERS)
        async with served(game, auto_narrate=False) as (server, phones_table):
            phones = await seat_everyone(server, game)
            for phone in phones:
                await phone.answer({"type": "peeked"})
            voice = NotingVoice()
            voice.hold_on = {"vote.out", "death.out"}
            moderator = Moderator(
                phones_table,
                voice,
                timers=TIMERS,
                clock=FastClock(),
                rng=random.Random(1),
                on_line=phones_table.said,
            )
            phones_table.timers = moderator.timers
            running = asyncio.create_task(moderator.run())
            try:
                await wait_until(lambda: phones[1].last("state")["screen"]["step"] == "vote", 30)
                await phones[1].send({"type": "act", "step": "vote", "targets": [8]})  # the others abstain

                assert (await until_held(voice, "vote.out"))["seat"] == 8  # "8号被放逐": 1 not yet
                await wait_until(lambda: all(8 not in alive(p.last("state")) for p in phones))
                assert all(1 in alive(p.last("state")) for p in phones)
                reloaded = await back(server, game, phones[2])
                assert 8 not in alive(reloaded.last("state")) and 1 in alive(reloaded.last("state"))
                assert reloaded.last("state")["screen"]["kind"] != "out"
                lover = await back(server, game, phones[0])  # the lover himself, not out yet
                assert lover.last("state")["screen"]["kind"] != "out"
                voice.go_on()

                assert (await until_held(voice, "death.out"))["seat"] == 1  # now it is said
                staying = [p for p in phones if p.seat not in (1, 3)] + [reloaded, lover]  # 1, 3 reloaded
                await wait_until(lambda: all(1 not in alive(p.last("state")) for p in staying))
                again = await back(server, game, phones[3])
                assert 1 not in alive(again.last("state"))
                await wait_until(lambda: lover.last("state")["screen"]["kind"] == "out")
                voice.go_on()
                await close_all([reloaded, lover, again])
            finally:
                voice.go_on()
                phones_table.inbox.put(Command("end", "host"))
                await asyncio.wait_for(running, 30)
                await close_all(phones)

    asyncio.run(scenario())
