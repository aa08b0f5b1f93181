"""Between two games the host's phone sets the next game as it set the first before its deal
(the same screen under the scores): its rules and timers, custom cards, the judge's language.
Over the wire: refused while a game is played, every phone told and sent the scores anew with
the next game's table, nothing written into the game just played, each change kept by the box
(on disk first); then the next game dealt by the session's own `next_game` plays them.

The page in Chromium: test_custom_setup_browser.py (after its game)."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from engine.bots import random_decision
from engine.role import Role
from narrator.moderator.config import PlayConfig, load_config
from narrator.moderator.evening import Evening, next_game, next_settings
from narrator.moderator.options import Options
from narrator.moderator.stored_seats import StoredSeats
from narrator.moderator.table_choice import TableChoice
from narrator.recorded import RecordedGame
from narrator.store import Store
from tests.evening.test_next_seats import HOST, _stored_game
from tests.phones.harness import Phone, served, ws_url
from tests.phones.test_speech import post

CUSTOM = {"werewolf": 3, "seer": 1, "witch": 1, "guard": 1, "villager": 3}


def _host(port: int, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return post(port, path, json.dumps(body).encode(), HOST)


def test_between_two_games_the_host_sets_the_next_games_rules_cards_and_language(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    evening = store.open_evening()
    config = PlayConfig(seed=3, listen=False, store=tmp_path / "store")
    game = _stored_game(store, evening, config)
    choice = TableChoice(store, game.game_id, config)

    async def scenario() -> None:
        async with served(game, auto_narrate=False) as (server, table):
            table.registry = StoredSeats(store, game.game_id, 9)
            table.evening.rechoose, table.evening.recard = (
                choice.rules,
                choice.cards,
            )  # as the session wires it
            table.evening.relocale = choice.language
            table.evening.upcoming = lambda: RecordedGame(*next_settings(table, choice.config)[0].table())
            heard: list[tuple[str, dict[str, object]]] = []  # what the judge says (`on_host_act`)
            server.on_host_act = lambda key, params: heard.append((key, params))
            phones = [
                await (await Phone(ws_url(server), game).open()).join(
                    seat, locale="en" if seat == 9 else "zh-CN"
                )
                for seat in range(1, 10)
            ]
            assert phones[0].last("welcome")["table"] is None  # all seated and dealt: nothing to set

            # While the game is played nothing of the table changes.
            status, answer = await asyncio.to_thread(_host, server.port, "/host/table", {"rules": {}})
            assert (status, answer["error"]) == (409, "table_late")
            rng = random.Random(5)
            while not game.over and game.pending is not None:
                await game.take(random_decision(game, rng))
            store.finish(game.game_id, None, "over")
            table.registry.over = True
            choice.between = True  # as the session does once the game is over
            table.evening.show_scores(Evening(evening).scores(store) or {})
            shown = (await phones[0].expect("scores"))["table"]
            assert shown["summary"] == "下一局9人：规则都用默认。" and shown["custom"]["seats"] == 9
            assert shown["language"]["value"] == "zh-CN"

            # The rules and timers: every phone told and sent the next game's table.
            before = {phone.seat: len(phone.inbox) for phone in phones}
            asked = {"rules": {"witch_self_heal": "false"}, "timers": {"speech": 30}}
            status, answer = await asyncio.to_thread(_host, server.port, "/host/table", asked)
            assert status == 200 and "next_game" not in answer
            assert heard[-1] == ("host_next_table", {"count": 9, "then": ["table.witch_self_heal_false"]})
            assert table.public.message()["line"] == "下一局九人。女巫不能自救。"  # the public screen
            told = await phones[0].expect("notice")
            assert (told["key"], told["text"]) == ("next_table_rules", "下一局9人：女巫不能自救。")
            shown = (await phones[0].expect("scores"))["table"]
            assert shown["rules"][0]["value"] == "false" and shown["timers"][0]["seconds"] == 30
            await asyncio.sleep(0.05)
            assert all(len(phone.inbox) == before[phone.seat] + 2 for phone in phones)  # each alike
            assert store.load(game.game_id).rules.witch_self_heal is True  # the game played stays
            assert store.remembered()["rules"] == {"witch_self_heal": False}  # on disk, for the next

            # Custom cards, then the judge's language.
            cards = {"cards": CUSTOM, "preset": "chinese-club"}
            assert (await asyncio.to_thread(_host, server.port, "/host/cards", cards))[0] == 200
            assert heard[-1] == ("host_next_cards", {"count": 9, "wolves": 3, "gods": 3, "villagers": 3})
            assert (await phones[0].expect("notice"))["key"] == "next_table_cards"
            shown = (await phones[0].expect("scores"))["table"]
            assert {c["role"]: c["count"] for c in shown["custom"]["cards"] if c["count"]} == CUSTOM
            assert table.evening.next_cards
            answer = await asyncio.to_thread(_host, server.port, "/host/language", {"language": "en"})
            assert answer == (200, {"language": "en", "voice": "espeak"})
            assert table.locale == "en" and store.remembered()["locale"] == "en"
            assert load_config(None, kept=store.remembered()).setup == [
                Role(r) for r in CUSTOM for _ in range(CUSTOM[r])
            ]

            # 再来一局: the next game plays them.
            dealt, next_config, _seed = await next_game(
                table, store, choice.config, Evening(evening), 3, Options()
            )
            stored = store.load(dealt.game_id)
            assert Counter(role.value for role in stored.setup.deck) == Counter(CUSTOM)
            assert stored.rules.witch_self_heal is False and stored.config["timers"]["speech"] == 30
            assert next_config.locale == "en" and next_config.preset == "chinese-club"
            assert not table.evening.next_cards
            for phone in phones:
                await phone.close()

    asyncio.run(scenario())
    store.close()
