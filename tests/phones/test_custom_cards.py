"""The host's phone sets custom cards before the deal (`POST /host/cards`): a count per card of
every card the judge plays, the engine's own checks said in the host's language, the deck's
balance read at a glance on every phone, the judge says it, the store keeps it (a resume plays
it, the box's next start offers it), nothing changes once the deal began."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from engine.role import Role
from engine.setup import PROBLEMS
from narrator.moderator.config import load_config
from narrator.phones.catalogue import text
from tests.phones.harness import Phone, served, ws_url
from tests.phones.test_speech import post
from tests.phones.test_table_seats import HOST, _lobby, _wire

CUSTOM = {
    "cards": {"werewolf": 2, "wolf_king": 1, "seer": 1, "witch": 1, "guard": 1, "villager": 3},
    "preset": "chinese-club",
}


def _cards(port: int, body: object, token: str | None = HOST) -> tuple[int, dict[str, object]]:
    return post(port, "/host/cards", json.dumps(body).encode(), token)


def test_the_host_sets_custom_cards_and_every_phone_and_the_judge_tell_it(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            heard: list[tuple[str, dict[str, object]]] = []
            server.on_host_act = lambda key, params: heard.append((key, params))
            ann = await (await Phone(ws_url(server)).open()).join(1)
            bo = await (await Phone(ws_url(server)).open()).join(2, locale="en")
            offered = ann.last("welcome")["table"]["custom"]
            werewolf = next(card for card in offered["cards"] if card["role"] == "werewolf")
            assert werewolf == {"role": "werewolf", "name": "狼人", "camp": "wolves", "count": 3, "most": 9}
            assert {card["role"] for card in offered["cards"]} == {role.value for role in Role}
            assert offered["balance"]["counts"] == "3狼 3神 3民"  # the judge's default nine
            assert offered["balance"]["warnings"] == []

            status, answer = await asyncio.to_thread(_cards, server.port, CUSTOM)
            assert status == 200 and answer["seats"] == 9 and answer["cards"] == CUSTOM["cards"]
            camps = {"wolves": 3, "gods": 3, "villagers": 3}
            assert heard == [("host_cards", {"count": 9, **camps})]  # the judge says it aloud
            assert sorted(table.game.setup.deck) == sorted(
                Role(name) for name, count in CUSTOM["cards"].items() for _ in range(count)
            )
            assert table.game.rules.win == "side"  # the club preset
            stored = store.load(game.game_id)
            assert stored.setup.deck == table.game.setup.deck  # on disk: a resume plays it
            again = load_config(None, kept=store.remembered())  # the box's next start offers it
            setup, rules = again.table()
            assert sorted(setup.deck) == sorted(table.game.setup.deck) and rules.win == "side"
            assert table.public.message()["line"].startswith("主持人定了本局的牌：九人，三张狼牌")

            welcome = await ann.expect("welcome")
            assert {c["role"]: c["count"] for c in welcome["table"]["custom"]["cards"]}["wolf_king"] == 1
            said = (await ann.expect("notice", where=lambda m: m["key"] == "table_cards"))["text"]
            assert said.startswith("主持人定了本局的牌（9人）：狼人×2、狼王、") and said.endswith(
                "3狼 3神 3民"
            )
            said = (await bo.expect("notice", where=lambda m: m["key"] == "table_cards"))["text"]
            assert said.startswith("The host set this game's cards (9 players): Werewolf×2")
            for phone in (ann, bo):
                await phone.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("cards", "code", "words"),
    [
        ({"thief": 1, "werewolf": 3, "seer": 1, "villager": 4}, "setup.deck_size_thief", "盗贼需要两张底牌"),
        ({"seer": 1, "witch": 1, "villager": 7}, "setup.no_werewolf", "至少要有一名狼人"),
        ({"werewolf": 3, "villager": 5}, "setup.deck_size", "9人需要9张牌，现在是8张"),
        ({"werewolf": 3, "two_sisters": 1, "seer": 1, "villager": 4}, "setup.set_count", "两姐妹要2张一起发"),
        ({"werewolf": 3, "seer": 2, "villager": 4}, "card_unknown", "没有这张牌"),  # one seer at most
        ({"werewolf": 3, "wizard": 1, "villager": 5}, "card_unknown", "没有这张牌"),
    ],
)
def test_a_deck_the_engine_refuses_is_said_in_the_hosts_language_and_changes_nothing(
    tmp_path: Path, cards: dict[str, int], code: str, words: str
) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            status, answer = await asyncio.to_thread(_cards, server.port, {"cards": cards, "locale": "zh-CN"})
            assert (status, answer["error"]) == (409, code)
            assert words in str(answer["message"])
            assert table.game is game and store.remembered() == {}
            assert store.load(game.game_id).setup == game.setup

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "body",
    [
        {"cards": {}},
        {"cards": {"werewolf": "3"}},
        {"cards": {"werewolf": -1}},
        {"cards": {"werewolf": 3}, "preset": "house"},
        {"cards": {"werewolf": 3}, "seat": 1},
        {"cards": {f"card{n}": 1 for n in range(70)}},
    ],
)
def test_a_malformed_custom_deck_is_400_and_only_the_host_may_send_one(
    tmp_path: Path, body: dict[str, object]
) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            assert await asyncio.to_thread(_cards, server.port, body) == (400, {"error": "malformed"})
            for token in (None, "a-guess"):
                assert await asyncio.to_thread(_cards, server.port, CUSTOM, token) == (
                    403,
                    {"error": "host_only"},
                )
            assert table.game is game and store.remembered() == {}

    asyncio.run(scenario())


def test_custom_cards_are_late_once_the_deal_began(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            table.narrating = "guard"  # a step narrated: the deal has begun
            status, answer = await asyncio.to_thread(_cards, server.port, {**CUSTOM, "locale": "en"})
            assert (status, answer["error"]) == (409, "table_late")
            assert table.game is game and store.remembered() == {}

    asyncio.run(scenario())


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW", "en"])
def test_every_check_of_the_engine_has_words_in_every_phone_language(locale: str) -> None:
    params = {"seats": 9, "low": 5, "high": 24, "cards": 8, "expected": 9, "count": 2, "together": 3}
    for code in PROBLEMS:
        said = text(locale, f"setup.{code}", role="x", **params)  # type: ignore[arg-type]
        assert said and "{" not in said


def test_a_preview_reads_the_cards_balance_and_problems_and_deals_nothing(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            few = {"cards": {"werewolf": 1, "seer": 1, "villager": 7}, "preview": True, "locale": "zh-CN"}
            assert await asyncio.to_thread(_cards, server.port, few) == (
                200,
                {
                    "balance": {
                        "counts": "1狼 1神 7民",
                        "usual": "9人常见：3狼3神3民",
                        "warnings": [
                            "⚠ 狼偏少：1张，常见3张",
                            "⚠ 神偏少：1张，常见3张",
                            "⚠ 民和第三方偏多：7张，常见3张",
                        ],
                    },
                    "problems": [],
                },
            )
            thief = {"cards": {"werewolf": 3, "thief": 1, "villager": 5}, "preview": True, "locale": "zh-CN"}
            status, answer = await asyncio.to_thread(_cards, server.port, thief)
            assert status == 200 and answer["problems"] == [
                "有盗贼时9人需要11张牌（盗贼需要两张底牌），现在是9张。"
            ]
            assert await asyncio.to_thread(_cards, server.port, thief, None) == (403, {"error": "host_only"})
            assert table.game is game and store.remembered() == {}  # nothing dealt, nothing said

    asyncio.run(scenario())


def test_a_boards_cards_are_read_at_a_glance_too(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            ann = await (await Phone(ws_url(server)).open()).join(1)
            table.evening.pick_board("beginner-9")
            custom = (await ann.expect("welcome"))["table"]["custom"]
            held = {card["role"]: card["count"] for card in custom["cards"] if card["count"]}
            assert held == {"werewolf": 3, "seer": 1, "witch": 1, "hunter": 1, "villager": 3}
            assert custom["balance"] == {
                "counts": "3狼 3神 3民",
                "usual": "9人常见：3狼3神3民",
                "warnings": [],
            }
            await ann.close()

    asyncio.run(scenario())
