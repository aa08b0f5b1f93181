"""Bad input through the real server: each gets its answer, in the player's language, and the
game is exactly as it was."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.phones.harness import (
    Phone,
    classic_game,
    close_all,
    seat_everyone,
    served,
    state_copy,
    ws_url,
)

# Classic 9 at the guard's step of night 1: 1, 2 werewolves; 3 seer; 5 guard; 7 a villager.
CASES: dict[str, tuple[int, Any, str]] = {
    "not JSON": (7, "{not json", "malformed"),
    "not an object": (7, "[1, 2]", "malformed"),
    "unknown type": (7, {"type": "dance"}, "malformed"),
    "targets not a list": (5, {"type": "act", "step": "guard", "targets": "5"}, "malformed"),
    "an extra field": (5, {"type": "act", "step": "guard", "targets": [3], "seat": 1}, "malformed"),
    "a boolean seat": (0, {"type": "join", "seat": True, "name": "Eve"}, "malformed"),
    "too long": (0, json.dumps({"type": "join", "seat": 1, "name": "x" * 2500, "n": 1}), "malformed"),
    "acting before sitting": (0, {"type": "act", "step": "guard", "targets": [3]}, "not_joined"),
    "an unknown seat": (0, {"type": "join", "seat": 42, "name": "Eve"}, "no_such_seat"),
    "seat zero": (0, {"type": "join", "seat": 0, "name": "Eve"}, "no_such_seat"),
    "a taken seat": (0, {"type": "join", "seat": 5, "name": "Eve"}, "seat_taken"),
    "a wrong token": (0, {"type": "rejoin", "token": "A" * 32}, "bad_token"),
    "the seer out of turn": (3, {"type": "act", "step": "seer", "targets": [1]}, "not_now"),
    "a day step at night": (7, {"type": "act", "step": "vote", "targets": [1]}, "not_now"),
    "no such target": (5, {"type": "act", "step": "guard", "targets": [42]}, "rule.no_such_seat"),
    "two targets": (5, {"type": "act", "step": "guard", "targets": [3, 4]}, "wrong_count"),
    "self-destruct at night": (1, {"type": "self_destruct"}, "rule.self_destruct_when"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_is_answered_and_changes_nothing(case: str) -> None:
    seat, message, code = CASES[case]

    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            phones = await seat_everyone(server, game)
            phone = phones[seat - 1] if seat else await Phone(ws_url(server), game).open()
            names, before = dict(table.registry.names()), state_copy(game)
            if isinstance(message, str):
                await phone.send(message)
                answer = await phone.expect("error")
            else:
                answer = await phone.answer(message)
            assert answer["type"] == "error" and answer["code"] == code, answer
            assert answer["message"] and "{" not in answer["message"]
            assert state_copy(game) == before
            assert table.registry.names() == names
            assert game.pending is not None and game.pending.step == "guard"
            await close_all(phones + ([] if seat else [phone]))

    asyncio.run(scenario())


def test_the_answer_is_in_each_players_language() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            answers = {}
            for seat, locale in ((7, "en"), (8, "zh-TW"), (9, "zh-CN")):
                phone = await Phone(ws_url(server), game).open()
                await phone.join(seat, locale=locale)
                answers[locale] = await phone.answer({"type": "act", "step": "seer"})
                await phone.close()
            assert answers["en"]["message"] == "That step is not now; nothing changed."
            assert answers["zh-TW"]["message"] == "現在不是這一步，操作未生效。"
            assert answers["zh-CN"]["message"] == "现在不是这一步，操作未生效。"
            english = await Phone(ws_url(server), game).open()
            await english.send({"type": "hello", "locale": "en"})
            welcome = await english.expect("welcome")
            assert welcome["strings"]["ui"]["join"] == "Sit down"
            assert (await english.answer({"type": "join", "seat": 7, "name": "X"}))[
                "message"
            ] == "That seat is taken."
            await english.close()

    asyncio.run(scenario())


def test_a_repeated_or_late_answer_is_refused_and_changes_nothing() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            await phones[4].answer({"type": "act", "step": "guard", "targets": [3]})
            before = state_copy(game)
            repeated = await phones[4].answer({"type": "act", "step": "guard", "targets": [4]})
            assert repeated["code"] == "already"
            late = await phones[6].answer({"type": "act", "step": "guard", "targets": [4]})
            assert late["code"] == "not_now"
            assert state_copy(game) == before
            assert game.state.tonight.guarded == 3
            await close_all(phones)

    asyncio.run(scenario())


def test_malformed_answers_carry_the_message_number_when_it_can_be_read() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phone = await Phone(ws_url(server), game).open()
            await phone.send(json.dumps({"type": "dance", "n": 41}))
            assert (await phone.expect("error"))["n"] == 41
            await phone.close()

    asyncio.run(scenario())
