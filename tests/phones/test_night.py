"""Night steps through the real server: decoys, the pack agreeing, the witch, the seer."""

from __future__ import annotations

import asyncio
import json

from engine.game import state_of
from engine.roles.guard import guarded
from tests.phones.harness import classic_game, close_all, seat_everyone, served, state_copy, told, wait_until

# Classic 9: 1, 2 werewolves; 3 seer; 4 witch; 5 guard; 6 hunter; 7, 8, 9 villagers.


def test_every_living_phone_gets_the_same_screen_and_only_the_guards_is_sealed_as_real() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            states = [p.last("state") for p in phones]
            screens = [{k: v for k, v in s["screen"].items() if k != "sealed"} for s in states]
            assert all(screen == screens[0] for screen in screens)
            assert (screens[0]["kind"], screens[0]["form"], screens[0]["step"]) == ("night", "seats", "guard")
            assert screens[0]["choices"] == list(range(1, 10)) and screens[0]["count"] == 1
            assert [told(s["screen"]).get("real", False) for s in states] == [s == 5 for s in range(1, 10)]
            assert len({len(s["screen"]["sealed"]) for s in states}) == 1
            assert len({len(raw.encode()) for raw in (p.raw[-1] for p in phones)}) == 1
            await close_all(phones)

    asyncio.run(scenario())


def test_a_decoy_touch_is_acknowledged_like_a_real_one_and_changes_nothing() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            before = state_copy(game)
            decoy = await phones[6].answer({"type": "act", "step": "guard", "targets": [1]})
            assert (decoy["type"], decoy["step"], told(decoy)) == ("ack", "guard", {})
            assert state_copy(game) == before
            again = await phones[6].answer({"type": "act", "step": "guard", "targets": [2]})
            assert again["code"] == "already"
            real = await phones[4].answer({"type": "act", "step": "guard", "targets": [3]})
            assert (real["type"], real["step"]) == ("ack", "guard")
            assert told(real)["feed"][0]["kind"] == "guard.protects"  # the guard's own result
            assert real.keys() == decoy.keys() and len(phones[4].raw[-1]) >= 512
            assert game.pending is not None and game.pending.step == "seer"
            assert guarded(state_of(game), 3)
            await close_all(phones)

    asyncio.run(scenario())


def test_the_seers_answer_reaches_only_the_seers_phone() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            await phones[4].answer({"type": "act", "step": "guard", "targets": []})
            decoy = await phones[6].answer({"type": "act", "step": "seer", "targets": [1]})
            answer = await phones[2].answer({"type": "act", "step": "seer", "targets": [1]})
            result = told(answer)
            assert result["feed"][0]["kind"] == "seer.result"
            assert result["feed"][0]["data"] == {"night": 1, "target": 1, "result": "werewolf"}
            assert told(decoy) == {} and len(json.dumps(answer)) == len(json.dumps(decoy))
            state = await phones[2].expect("state", where=lambda m: m["screen"]["step"] == "werewolves")
            assert state["view"]["seer_results"] == [{"night": 1, "target": 1, "result": "werewolf"}]
            for phone in phones:
                if phone.seat != 3:
                    await phone.expect("state", where=lambda m: m["screen"]["step"] == "werewolves")
                    assert "seer.result" not in "".join(phone.raw)
                    assert phone.last("state")["view"]["seer_results"] == []
            await close_all(phones)

    asyncio.run(scenario())


def test_the_werewolves_see_each_others_picks_and_must_agree() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            await phones[4].answer({"type": "act", "step": "guard", "targets": [8]})
            await phones[2].answer({"type": "act", "step": "seer", "targets": [9]})
            wolf1, wolf2 = phones[0], phones[1]
            await wolf1.answer({"type": "act", "step": "werewolves", "targets": [7]})
            first = await wolf2.expect("progress", where=lambda m: "picks" in told(m))
            assert told(first)["picks"] == {"1": 7, "2": None}
            await wolf2.answer({"type": "act", "step": "werewolves", "targets": [8]})
            both = await wolf1.expect(
                "progress", where=lambda m: told(m).get("picks", {}).get("2") is not None
            )
            assert told(both)["picks"] == {"1": 7, "2": 8}
            assert game.pending is not None and game.pending.step == "werewolves"
            await wolf1.answer({"type": "act", "step": "werewolves", "targets": [8]})
            assert game.pending is not None and game.pending.step == "witch"
            assert state_of(game).tonight.victim == 8
            # a touch each (the guard, the seer, three picks): every phone got the same five
            await wait_until(lambda: all(phone.count("progress") == 5 for phone in phones))
            for phone in phones[2:]:
                assert '"picks' not in "".join(phone.raw)
            assert "8" not in json.dumps([told(m) for m in phones[6].inbox if "sealed" in m])
            await close_all(phones)

    asyncio.run(scenario())


def test_the_witch_sees_tonights_victim_and_her_potions_and_no_one_else_does() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            await phones[4].answer({"type": "act", "step": "guard", "targets": []})
            await phones[2].answer({"type": "act", "step": "seer", "targets": []})
            for wolf in phones[:2]:
                await wolf.answer({"type": "act", "step": "werewolves", "targets": [6]})
            witch = await phones[3].expect("state", where=lambda m: m["screen"]["step"] == "witch")
            assert witch["screen"]["form"] == "witch" and not witch["screen"]["real"]
            secret = told(witch["screen"])
            assert secret["real"] and secret["info"]["victim"] == 6 and secret["info"]["can_heal"] is True
            assert witch["view"]["potions"] == {"heal": True, "poison": True}
            for phone in phones:
                if phone.seat != 4:
                    other = await phone.expect("state", where=lambda m: m["screen"]["step"] == "witch")
                    assert other["screen"]["form"] == "witch" and not other["screen"]["real"]
                    assert told(other["screen"]) == {} and other["view"]["potions"] is None
                    assert len(phone.raw[phone.cursor - 1]) == len(phones[3].raw[phones[3].cursor - 1])
            answer = await phones[3].answer({"type": "act", "step": "witch", "heal": True, "targets": []})
            assert told(answer)["feed"][0]["data"] == {
                "heal": True,
                "poison": 0,
                "heal_left": False,
                "poison_left": True,
            }
            assert game.pending is not None and game.pending.step == "sheriff_candidacy"
            await close_all(phones)

    asyncio.run(scenario())
