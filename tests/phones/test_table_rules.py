"""The host's phone sets the rules a table argues about and the timers before the deal
(`POST /host/table`): each choice offered in plain words with the default marked, every phone
shown the table, the judge says the change rule by rule, the store keeps it (a resume plays
it, the box's next start offers it), nothing changes once the deal began."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from engine.rules import Rules
from narrator.phones.table_rules import CHOICES, DEFAULT, value_key
from narrator.voice.catalogue import load_catalogue
from tests.phones.harness import Phone, served, ws_url
from tests.phones.test_speech import post
from tests.phones.test_table_seats import HOST, _lobby, _wire

SET = {
    "rules": {"witch_self_heal": "false", "win": "side"},
    "timers": {"speech": 30, "last_speech": 20, "decision": 15},
}


def _table(port: int, body: object, token: str | None = HOST) -> tuple[int, dict[str, object]]:
    return post(port, "/host/table", json.dumps(body).encode(), token)


def test_the_host_sets_the_rules_and_timers_and_every_phone_and_the_judge_tell_it(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            heard: list[tuple[str, dict[str, object]]] = []
            server.on_host_act = lambda key, params: heard.append((key, params))
            ann = await (await Phone(ws_url(server)).open()).join(1)
            bo = await (await Phone(ws_url(server)).open()).join(2, locale="en")
            watcher = await Phone(ws_url(server)).open()
            offered = watcher.last("welcome")["table"]
            witch = next(rule for rule in offered["rules"] if rule["name"] == "witch_self_heal")
            assert witch["title"] == "女巫自救" and witch["help"] == "女巫能不能用解药救自己。"
            assert witch["value"] == "true"
            assert [(o["label"], o["default"]) for o in witch["options"]] == [
                ("女巫可以自救", True),
                ("女巫只有首夜能自救", False),
                ("女巫不能自救", False),
            ]
            assert {t["name"]: t["seconds"] for t in offered["timers"]} == {
                "speech": 90,
                "last_speech": 120,
                "decision": 40,
            }

            status, answer = await asyncio.to_thread(_table, server.port, SET)
            assert status == 200 and answer["seats"] == 9
            assert answer["rules"] == {**{n: value_key(getattr(DEFAULT, n)) for n in CHOICES}, **SET["rules"]}
            assert answer["timers"] == SET["timers"]
            assert heard == [
                ("host_table", {"count": 9, "then": ["table.witch_self_heal_false", "table.win_side"]})
            ]
            assert table.game.rules.witch_self_heal is False and table.game.rules.win == "side"
            stored = store.load(game.game_id)
            assert stored.rules.witch_self_heal is False and stored.rules.win == "side"  # a resume plays it
            kept = store.remembered()  # the box's next start offers it
            assert kept["rules"] == {"witch_self_heal": False, "win": "side"} and kept["seats"] == 9
            assert kept["timers"] == {"speech": 30.0, "last_speech": 20.0, "decision": 15.0}
            assert table.evening.timers == {"speech": 30.0, "last_speech": 20.0, "decision": 15.0}
            assert (
                table.public.message()["line"] == "本局九人。女巫不能自救，屠边（杀光神或杀光民）。"
            )  # the screen

            assert (await ann.expect("welcome"))["table"]["rules"][0]["value"] == "false"
            said = (await ann.expect("notice", where=lambda m: m["key"] == "table_rules"))["text"]
            assert said == "本局9人：女巫不能自救、屠边（杀光神或杀光民）。"
            said = (await bo.expect("notice", where=lambda m: m["key"] == "table_rules"))["text"]
            assert said == "This game: 9 players; Witch self-heal: Not allowed, Wolves win by: Kill one side."
            assert (await watcher.expect("notice"))["key"] == "table_rules"  # read-only, but shown
            for phone in (ann, bo, watcher):
                await phone.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"rules": {"witch_self_heal": "maybe"}, "locale": "zh-CN"}, 409, "rule_unknown"),
        ({"rules": {"seer_sees": "role"}}, 409, "rule_unknown"),  # not a rule the page offers
        ({"timers": {"speech": 5}, "locale": "en"}, 409, "timer_unknown"),
        ({"timers": {"vote": 30}}, 409, "timer_unknown"),
        ({"timers": {"speech": "30"}}, 400, "malformed"),
        ({"rules": {"win": True}}, 400, "malformed"),
        ({"rules": {}, "seat": 1}, 400, "malformed"),
        ({"rules": {f"r{n}": "x" * 40 for n in range(30)}}, 400, "malformed"),  # over 1 KB
    ],
)
def test_a_table_the_host_cannot_set_is_refused_and_changes_nothing(
    tmp_path: Path, body: dict[str, object], status: int, code: str
) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            answered, answer = await asyncio.to_thread(_table, server.port, body)
            assert (answered, answer["error"]) == (status, code)
            if code == "rule_unknown" and body.get("locale") == "zh-CN":
                assert answer["message"] == "没有这条规则或这个选项。"
            if code == "timer_unknown" and body.get("locale") == "en":
                assert answer["message"] == "A timer takes 10 to 600 seconds."
            assert table.game is game and store.remembered() == {}

    asyncio.run(scenario())


def test_only_the_host_sets_the_table_and_only_before_the_deal(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            assert await asyncio.to_thread(_table, server.port, SET, None) == (403, {"error": "host_only"})
            assert await asyncio.to_thread(_table, server.port, SET, "a-guess") == (
                403,
                {"error": "host_only"},
            )
            table.narrating = "guard"  # a step narrated: the deal has begun
            status, answer = await asyncio.to_thread(_table, server.port, {**SET, "locale": "zh-CN"})
            assert (status, answer) == (409, {"error": "table_late", "message": "已经发牌了，不能再改规则。"})
            assert (await Phone(ws_url(server)).open()).last("welcome")["table"] is None
            assert table.game is game and store.load(game.game_id).rules == Rules()

    asyncio.run(scenario())


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW", "en"])
def test_the_judge_has_a_line_for_every_rule_a_host_may_change(locale: str) -> None:
    catalogue = load_catalogue(locale)
    for name, values in CHOICES.items():
        for value in values:
            if value != getattr(DEFAULT, name):
                assert catalogue.text(f"table.{name}_{value_key(value)}")
    assert catalogue.text("table.standard") and "12" not in catalogue.text("host.table", count=12)
