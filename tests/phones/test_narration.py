"""The moderator's narration paces the phones: a pretended step shows decoys to everyone and
no prompt arrives before its step is narrated."""

from __future__ import annotations

import asyncio

from engine.game import Game, state_of
from engine.setup import Setup
from tests.phones.harness import close_all, seat_everyone, served, told

# The guard card lies face down with the thief's extra cards: the guard's step is pretended.
ROLES = ("thief", "werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "villager")


def pretended_guard_game() -> Game:
    return Game(Setup(seats=9, roles=ROLES, extra_cards=("guard", "villager")))


def test_a_pretended_step_sends_every_phone_the_same_state_and_hides_the_next_prompt() -> None:
    async def scenario() -> None:
        game = pretended_guard_game()
        async with served(game, auto_narrate=False) as (server, table):
            phones = await seat_everyone(server, game)
            table.narrate("thief")
            thief = await phones[0].expect("state", where=lambda m: m["screen"]["step"] == "thief")
            assert told(thief["screen"]) == {
                "real": True,
                "info": {"cards": ["guard", "villager"], "must_take": False},
            }
            other = await phones[3].expect("state", where=lambda m: m["screen"]["step"] == "thief")
            assert other["screen"]["form"] == "cards" and told(other["screen"]) == {}
            assert len(phones[0].raw[phones[0].cursor - 1]) == len(phones[3].raw[phones[3].cursor - 1])
            answer = await phones[0].answer({"type": "act", "step": "thief", "take": 0})
            applied = await table.next_applied(timeout=2)
            assert applied.step == "thief" and applied.by == 1
            assert told(answer)["feed"][0]["kind"] == "thief.took"
            assert game.pending is not None and game.pending.step == "seer"

            table.narrate("guard")
            for phone in phones:  # joined, the thief's step, this one
                guard = await phone.expect("state", where=lambda m: m["screen"]["step"] == "guard")
                screen = guard["screen"]
                assert (screen["step"], screen["form"], screen["real"]) == ("guard", "seats", False)
                assert told(screen) == {} and phone.count("state") == 3
            seer = phones[3]
            assert not any('"step":"seer"' in raw for raw in seer.raw)
            early = await seer.answer({"type": "act", "step": "seer", "targets": [2]})
            assert early["code"] == "not_now"
            decoy = await phones[6].answer({"type": "act", "step": "guard", "targets": [2]})
            assert decoy["type"] == "ack"
            assert (await seer.answer({"type": "act", "step": "guard", "targets": [2]}))["type"] == "ack"

            table.narrate("seer")
            real = await seer.expect("state", where=lambda m: m["screen"]["step"] == "seer")
            assert told(real["screen"])["real"] and real["view"]["prompt"] is None
            answer = await seer.answer({"type": "act", "step": "seer", "targets": [2]})
            assert told(answer)["feed"][0]["data"]["result"] == "werewolf"
            assert game.pending is not None and game.pending.step == "werewolves"
            await close_all(phones)

    asyncio.run(scenario())


def test_subscribers_receive_every_applied_decision() -> None:
    async def scenario() -> None:
        game = pretended_guard_game()
        async with served(game) as (server, table):
            queue = table.subscribe()
            phones = await seat_everyone(server, game)
            await phones[0].answer({"type": "act", "step": "thief", "take": 1})
            await phones[0].answer({"type": "act", "step": "guard", "targets": [4]})
            await phones[3].answer({"type": "act", "step": "seer", "targets": []})
            got = [queue.get_nowait().step for _ in range(3)]
            assert got == ["thief", "guard", "seer"]
            assert state_of(game).player(1).card.value == "guard"
            assert queue.empty()
            await close_all(phones)

    asyncio.run(scenario())
