"""Bad input through the real server: each gets its answer, in the player's language, and the
game is exactly as it was."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from engine.game import state_of
from engine.roles.guard import guarded
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
            assert guarded(state_of(game), 3)
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


# Names: what every phone would show. (raw name, what is kept or the refusal's code)
NAMES: dict[str, tuple[str, str]] = {
    "a NUL": ("Ann\x00", "Ann"),
    "an escape sequence": ("\x1b[31mRed", "[31mRed"),
    "a newline": ("Ann\nLee", "AnnLee"),
    "a right-to-left override": ("\u202eAnn", "Ann"),
    "zero-width spaces inside": ("A\u200bn\u200dn", "Ann"),
    "runs of spaces": ("Ann   Lee", "Ann Lee"),
    "only a zero-width space": ("\u200b", "name_empty"),
    "only a bidi mark": ("\u200f\u202a", "name_empty"),
    "only combining marks": ("\u0301\u0301", "name_empty"),
    "a seat number": ("3号", "name_seat"),
    "a seat number and the judge": ("3号 法官", "name_seat"),
    "a full-width seat number": ("３號", "name_seat"),
    "a seat in Chinese numerals": ("十二号", "name_seat"),
    "a bare number": ("7", "name_seat"),
    "a hash and a number": ("#7", "name_seat"),
    "the judge": ("法官", "name_judge"),
    "the judge in English": ("The Judge", "name_judge"),
    "God (the judge at a Chinese table)": ("上帝", "name_judge"),
    "the host": ("主持人", "name_judge"),
    "a ghost is no host": ("Ghost", "Ghost"),
    "a letter and a number": ("P3", "P3"),
    "Chinese": ("李雷", "李雷"),
    "accents": ("Zoé", "Zoé"),
}


@pytest.mark.parametrize("case", sorted(NAMES))
def test_names_are_cleaned_or_refused_with_a_clear_answer(case: str) -> None:
    from narrator.phones.catalogue import text

    raw, kept = NAMES[case]

    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            watcher = await Phone(ws_url(server), game).open()
            phone = await Phone(ws_url(server), game).open()
            await phone.send({"type": "hello", "locale": "en"})  # as the page does
            answer = await phone.answer({"type": "join", "seat": 4, "name": raw, "locale": "en"})
            if kept.startswith("name_"):
                assert answer["type"] == "error" and answer["code"] == kept, answer
                assert answer["message"] == text("en", f"errors.{kept}")
                assert table.registry.names() == {}
            else:
                assert answer["type"] == "joined" and answer["name"] == kept, answer
                assert table.registry.names() == {4: kept}
                assert (await watcher.expect("lobby"))["lobby"][3]["name"] == kept
            await close_all([watcher, phone])

    asyncio.run(scenario())


def test_a_refused_name_is_answered_in_the_players_language() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phone = await Phone(ws_url(server), game).open()
            answer = await phone.answer({"type": "join", "seat": 4, "name": "3号 法官", "locale": "zh-CN"})
            assert answer["message"] == "名字不能像座位号（比如“3号”），请换一个名字。"
            await phone.send({"type": "hello", "locale": "zh-TW"})
            answer = await phone.answer({"type": "join", "seat": 4, "name": "法官", "locale": "zh-TW"})
            assert answer["message"] == "名字不能是「法官」或「主持人」，請換一個名字。"
            await phone.close()

    asyncio.run(scenario())


# Numbers no model takes: each is "malformed", never a crash.
BAD_NUMBERS = (
    '{"type": "join", "seat": 1e400, "name": "Eve"}',
    '{"type": "join", "seat": 99999999999999999999999999, "name": "Eve"}',
    '{"type": "join", "seat": -1, "name": "Eve"}',
    '{"type": "join", "seat": 3.0, "name": "Eve"}',
    '{"type": "join", "seat": NaN, "name": "Eve"}',
    '{"type": "join", "seat": Infinity, "name": "Eve"}',
    '{"type": "ping", "n": 1e400}',
    '{"type": "ping", "n": -5}',
    '{"type": "act", "step": "guard", "targets": [1e400]}',
    '{"type": "join", "seat": 1, "name": "Eve", "facts": {"age": 1e400}}',
)


@pytest.mark.parametrize("raw", BAD_NUMBERS)
def test_bad_numbers_on_the_socket_are_malformed(raw: str) -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            phone = await Phone(ws_url(server), game).open()
            await phone.send(raw)
            answer = await phone.expect("error")
            assert answer["code"] == "malformed" and answer["n"] == 0
            assert table.registry.names() == {}
            await phone.send({"type": "ping"})
            await phone.expect("pong")  # the connection lives on
            await phone.close()

    asyncio.run(scenario())


HOST_BODIES = (
    b'{"seat": 1e400}',
    b'{"seat": 99999999999999999999999999999}',
    b'{"seat": -3}',
    b'{"seat": 0}',
    b'{"seat": true}',
    b'{"seat": "3"}',
    b'{"seat": 3.5}',
    b'{"seat": NaN}',
    b'{"seat": null}',
    b"{}",
    b"[3]",
    b"not json",
    b'{"seat": 3, "extra": 1}',
    b'{"seat": 3, "pad": "' + b" " * 300 + b'"}',
)


@pytest.mark.parametrize("body", HOST_BODIES)
def test_bad_numbers_to_the_hosts_endpoints_are_400_never_500(body: bytes) -> None:
    from tests.phones.test_speech import post

    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            phone = await (await Phone(ws_url(server), game).open()).join(3)
            token = table.registry.host_token
            assert await asyncio.to_thread(post, server.port, "/host/free", body, token) == (
                400,
                {"error": "malformed"},
            )
            seats = body.replace(b'"seat"', b'"seats"')  # the seat count before the deal: none sound
            assert await asyncio.to_thread(post, server.port, "/host/seats", seats, token) == (
                400,
                {"error": "malformed"},
            )
            rules = body.replace(b'"seat"', b'"rules"')  # {} is sound: nothing to set once dealt (409)
            assert (await asyncio.to_thread(post, server.port, "/host/table", rules, token))[0] in (400, 409)
            assert await asyncio.to_thread(post, server.port, "/host/table", rules, None) == (
                403,
                {"error": "host_only"},
            )
            cards = body.replace(b'"seat"', b'"cards"')  # custom cards: none is a deck
            assert await asyncio.to_thread(post, server.port, "/host/cards", cards, token) == (
                400,
                {"error": "malformed"},
            )
            assert await asyncio.to_thread(post, server.port, "/host/cards", cards, None) == (
                403,
                {"error": "host_only"},
            )
            language = body.replace(b'"seat"', b'"language"')  # the judge's language: none is one
            assert await asyncio.to_thread(post, server.port, "/host/language", language, token) == (
                400,
                {"error": "malformed"},
            )
            assert await asyncio.to_thread(post, server.port, "/host/language", language, None) == (
                403,
                {"error": "host_only"},
            )
            claim = body.replace(b'"seat"', b'"pin"')  # {"pin": "3"} is sound, and wrong: 403
            assert (await asyncio.to_thread(post, server.port, "/host/claim", claim, None))[0] in (400, 403)
            assert table.registry.names() == {3: "P3"}
            await phone.close()

    asyncio.run(scenario())
