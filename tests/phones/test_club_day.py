"""The club day through the real server and the keypad: 退水 and 警左/警右 on every phone, the
self-destruct offered during the club election."""

from __future__ import annotations

import asyncio

from engine import SeerChoice, SheriffCandidacy, SheriffWithdrawal, SpeechOrder, WerewolvesChoice, WitchChoice
from engine.game import Game, state_of
from engine.rules import PRESETS
from narrator.phones.keypad import Keypad
from narrator.phones.keys import symbols_of_events
from tests.phones.harness import Phone, classic_game, close_all, seat_everyone, served
from tests.phones.test_keypad import RecordingScreen, presses

# Classic 9 under the chinese-club rules: 1, 2 werewolves; 3 seer; 4 witch; 5 guard; 6 hunter;
# 7, 8, 9 villagers. The guard wakes first, then the werewolves, the witch, the seer.


def club_dawn() -> Game:
    """Day 1 of a club game: the werewolves took 7, the election is open."""
    game = classic_game(**{**PRESETS["chinese-club"], "witch_self_heal": False})
    while game.pending is not None and game.pending.step != "sheriff_candidacy":
        step = game.pending.step
        if step == "werewolves":
            game.apply(WerewolvesChoice(victim=7))
        elif step == "witch":
            game.apply(WitchChoice())
        elif step == "seer":
            game.apply(SeerChoice(target=1))
        else:
            game.apply(game.default())
    return game


async def stand(phones: list[Phone], candidates: set[int]) -> None:
    for phone in phones:
        answer = await phone.answer(
            {"type": "act", "step": "sheriff_candidacy", "stand": phone.seat in candidates}
        )
        assert answer["type"] == "ack", answer


def test_candidates_withdraw_on_their_phones_and_the_sheriff_chooses_the_side() -> None:
    async def scenario() -> None:
        game = club_dawn()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            screen = phones[0].last("state")["screen"]
            assert screen["form"] == "stand" and screen["actions"] == [
                {"name": "self_destruct", "form": "none"}
            ], "a wolf may blow up in the election"
            await stand(phones, {3, 5, 6})
            assert game.pending is not None and game.pending.step == "sheriff_withdraw"
            for phone in phones:
                screen = (
                    await phone.expect("state", where=lambda m: m["screen"]["step"] == "sheriff_withdraw")
                )["screen"]
                assert screen["form"] == ("yesno" if phone.seat in (3, 5, 6) else "wait"), phone.seat
            for seat, out in ((3, True), (5, True), (6, False)):
                answer = await phones[seat - 1].answer(
                    {"type": "act", "step": "sheriff_withdraw", "yes": out}
                )
                assert answer["type"] == "ack", answer
            assert state_of(game).sheriff == 6, "one candidate left is elected"
            assert game.pending is not None and game.pending.step == "speech_order"
            mine = await phones[5].expect("state", where=lambda m: m["screen"]["step"] == "speech_order")
            assert mine["screen"]["form"] == "yesno" and mine["screen"]["info"] == {"up": 8, "down": 5}
            others = await phones[0].expect("state", where=lambda m: m["screen"]["step"] == "speech_order")
            assert others["screen"]["form"] == "wait"
            answer = await phones[5].answer({"type": "act", "step": "speech_order", "yes": False})
            assert answer["type"] == "ack", answer
            order = [e.data["order"] for e in game.events if e.kind == "speakers"]
            assert order == [[5, 4, 3, 2, 1, 9, 8, 6]]
            await close_all(phones)

    asyncio.run(scenario())


def test_the_club_election_and_the_sides_keyed_on_the_keypad() -> None:
    game = club_dawn()
    screen = RecordingScreen()
    keypad = Keypad(symbols_of_events(presses("3", "5", "", "1", "0", "0")), screen)
    assert keypad.play_step(game) == SheriffCandidacy(candidates=(3, 5))
    assert keypad.play_step(game) == SheriffWithdrawal(seats=(3,))
    assert "【退水】3号：1＝是，0＝否" in screen.lines and "【退水】5号：1＝是，0＝否" in screen.lines
    assert state_of(game).sheriff == 5
    assert keypad.play_step(game) == SpeechOrder(upward=False)
    assert "【警左吗（否＝警右）】5号：1＝是，0＝否" in screen.lines
    assert [e.data["order"] for e in game.events if e.kind == "speakers"] == [[4, 3, 2, 1, 9, 8, 6, 5]]
