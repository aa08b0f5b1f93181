"""Night steps through the real server: decoys, the pack agreeing, the witch, the seer."""

from __future__ import annotations

import asyncio

from tests.phones.harness import classic_game, close_all, seat_everyone, served, state_copy

# Classic 9: 1, 2 werewolves; 3 seer; 4 witch; 5 guard; 6 hunter; 7, 8, 9 villagers.


def test_every_living_phone_gets_the_same_kind_of_screen_and_only_the_guard_real_choices() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            screens = [p.last("state")["screen"] for p in phones]
            assert {(s["kind"], s["form"], s["step"], s["count"]) for s in screens} == {
                ("night", "seats", "guard", 1)
            }
            assert [s["real"] for s in screens] == [s == 5 for s in range(1, 10)]
            assert screens[4]["choices"] == list(range(1, 10))
            for seat, screen in enumerate(screens, start=1):
                if seat != 5:
                    assert screen["choices"] == [s for s in range(1, 10) if s != seat]
                    assert screen["info"] == {}
            await close_all(phones)

    asyncio.run(scenario())


def test_a_decoy_touch_is_acknowledged_like_a_real_one_and_changes_nothing() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            before = state_copy(game)
            decoy = await phones[6].answer({"type": "act", "step": "guard", "targets": [1]})
            assert decoy == {"type": "ack", "n": decoy["n"], "step": "guard"}
            assert state_copy(game) == before
            again = await phones[6].answer({"type": "act", "step": "guard", "targets": [2]})
            assert again["code"] == "already"
            real = await phones[4].answer({"type": "act", "step": "guard", "targets": [3]})
            assert real == {"type": "ack", "n": real["n"], "step": "guard"}
            assert game.pending is not None and game.pending.step == "seer"
            assert game.state.tonight.guarded == 3
            await close_all(phones)

    asyncio.run(scenario())


def test_the_seers_answer_reaches_only_the_seers_phone() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            await phones[4].answer({"type": "act", "step": "guard", "targets": []})
            await phones[2].answer({"type": "act", "step": "seer", "targets": [1]})
            result = await phones[2].expect("result")
            assert result["feed"][0]["kind"] == "seer.result"
            assert result["feed"][0]["data"] == {"night": 1, "target": 1, "result": "werewolf"}
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
            assert (await wolf2.expect("picks"))["picks"] == {"1": 7, "2": None}
            await wolf2.answer({"type": "act", "step": "werewolves", "targets": [8]})
            both = await wolf1.expect("picks", where=lambda m: m["picks"]["2"] is not None)
            assert both["picks"] == {"1": 7, "2": 8}
            assert game.pending is not None and game.pending.step == "werewolves"
            await wolf1.answer({"type": "act", "step": "werewolves", "targets": [8]})
            assert game.pending is not None and game.pending.step == "witch"
            assert game.state.tonight.victim == 8
            for phone in phones[2:]:
                assert phone.count("picks") == 0 and '"picks":' not in "".join(phone.raw)
            assert (await wolf1.expect("result"))["feed"][0]["data"] == {"target": 8}
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
            assert witch["screen"]["form"] == "witch" and witch["screen"]["real"]
            assert witch["screen"]["info"]["victim"] == 6
            assert witch["screen"]["info"]["can_heal"] is True
            assert witch["view"]["potions"] == {"heal": True, "poison": True}
            for phone in phones:
                if phone.seat != 4:
                    other = await phone.expect("state", where=lambda m: m["screen"]["step"] == "witch")
                    assert other["screen"]["form"] == "witch" and not other["screen"]["real"]
                    assert other["screen"]["info"] == {} and other["view"]["potions"] is None
            await phones[3].answer({"type": "act", "step": "witch", "heal": True, "targets": []})
            assert (await phones[3].expect("result"))["feed"][0]["data"] == {"heal": True, "poison": 0}
            assert game.pending is not None and game.pending.step == "sheriff_candidacy"
            await close_all(phones)

    asyncio.run(scenario())
