"""Between two games the host picks a bare seat count for the next one (not a board): the
judge's default cards for it, as `narrator play --seats N` deals them. Over the wire: the
refusals, what every phone is told in its language, what the judge says; then the next game
dealt by the session's own `next_game` into a real store, the seats it no longer has let go
and told so, the others kept with their tokens.

The page in Chromium, with the scores against the records: test_next_seats_browser.py."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from engine.boards import find_board
from engine.bots import random_decision
from engine.setup import suggested_roles
from narrator.moderator.config import PlayConfig, load_config
from narrator.moderator.evening import Evening, next_game
from narrator.moderator.options import Options
from narrator.moderator.stored_seats import StoredSeats
from narrator.phones.boards import offered_counts
from narrator.recorded import RecordedGame
from narrator.store import Store
from tests.phones.harness import Phone, served, ws_url
from tests.phones.test_speech import post

HOST = "the-host-token-of-the-evening"


def _stored_game(store: Store, evening: str, config: PlayConfig) -> RecordedGame:
    setup, rules = config.table()
    game_id = store.create(setup, rules, config.model_dump(mode="json"), evening=evening)
    store.bind_host(game_id, HOST)
    return RecordedGame(setup, rules).record_to(store, game_id)


def _pick(port: int, body: dict[str, Any], token: str | None = HOST) -> tuple[int, dict[str, Any]]:
    return post(port, "/host/seats", json.dumps(body).encode(), token)


def test_the_host_picks_a_seat_count_for_thenext_game(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    evening = store.open_evening()
    config = PlayConfig(board="beginner-9", seed=3, listen=False, store=tmp_path / "store")
    game = _stored_game(store, evening, config)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, board=find_board("beginner-9")) as (server, table):
            table.registry = StoredSeats(store, game.game_id, 9)
            heard: list[tuple[str, dict[str, object]]] = []
            server.on_host_act = lambda key, params: heard.append((key, params))
            phones = [
                await (await Phone(ws_url(server), game).open()).join(
                    seat, locale="en" if seat == 9 else "zh-CN"
                )
                for seat in range(1, 10)
            ]
            tokens = {phone.seat: phone.token for phone in phones}

            # While the game is played the count cannot change (nor by anyone but the host).
            status, answer = await asyncio.to_thread(_pick, server.port, {"seats": 8, "locale": "en"})
            assert status == 409 and answer["error"] == "seats_late"
            assert answer["message"] == "The player count can change only between two games."
            assert (await asyncio.to_thread(_pick, server.port, {"seats": 8}, None))[0] == 403
            assert table.evening.next_seats is None and heard == []

            rng = random.Random(5)  # a random game, each decision written first
            while not game.over and game.pending is not None:
                await game.take(random_decision(game, rng))
            assert game.over
            outcome = game.outcome()
            store.finish(game.game_id, outcome.winner.value if outcome else None, "over")
            table.registry.over = True  # as the session does at the end (its seats are kept)
            table.evening.show_scores(Evening(evening).scores(store) or {})
            scores = await phones[0].expect("scores")
            assert scores["counts"] == offered_counts("zh-CN")
            assert scores["counts"][0] == {"seats": 8, "cards": "狼人×2、预言家、女巫、猎人、普通村民×3"}
            assert [c["seats"] for c in (await phones[8].expect("scores"))["counts"]] == list(range(8, 19))

            # Counts the judge has no default cards for, and junk, are refused; nothing changes.
            status, answer = await asyncio.to_thread(_pick, server.port, {"seats": 5})
            assert (status, answer["error"]) == (409, "seats_unknown")
            assert answer["message"] == "法官的默认牌只有8到18人。"
            for junk in ({"seats": "8"}, {"seats": 8, "board": "x"}, {}, {"seats": 0}):
                assert (await asyncio.to_thread(_pick, server.port, junk))[0] == 400
            assert table.evening.next_seats is None and heard == []

            before = {phone.seat: len(phone.inbox) for phone in phones}
            status, answer = await asyncio.to_thread(_pick, server.port, {"seats": 8})
            assert (status, answer) == (200, {"seats": 8})
            assert heard == [("host_seats", {"count": 8})]  # the judge says it aloud
            assert table.evening.next_seats == 8 and table.evening.next_board is None
            told = [await phone.expect("notice") for phone in phones]
            assert {t["key"] for t in told} == {"next_seats"}
            assert (
                told[0]["text"]
                == "下一局：8人，法官的默认牌（狼人×2、预言家、女巫、猎人、普通村民×3）。9号座位不在下一局。"
            )
            assert told[8]["text"] == (
                "Next game: 8 players, the judge's default cards "
                "(Werewolf×2, Seer, Witch, Hunter, Villager×3). Not in it: seats 9."
            )
            assert len({t["text"] for t in told[:8]}) == 1  # every phone of a language alike
            await asyncio.sleep(0.05)
            assert all(
                len(phone.inbox) == before[phone.seat] + 2 for phone in phones
            )  # told, and the scores anew

            # A board picked after it replaces it, and the count picked again replaces the board.
            table.evening.pick_board("beginner-10")
            assert (table.evening.next_board, table.evening.next_seats) == (find_board("beginner-10"), None)
            assert (await asyncio.to_thread(_pick, server.port, {"seats": 8}))[0] == 200
            assert (table.evening.next_board, table.evening.next_seats) == (None, 8)

            # 再来一局: the session deals the next game, as `narrator play --seats 8` would.
            dealt, next_config, _seed = await next_game(table, store, config, Evening(evening), 3, Options())
            stored = store.load(dealt.game_id)
            assert stored.setup.seats == 8 and stored.config["seats"] == 8 and stored.config["board"] is None
            assert Counter(stored.setup.roles) == Counter(suggested_roles(8))
            plain = load_config(None, seats=8, seed=stored.config["seed"], listen=False)
            assert (stored.setup, stored.rules) == plain.table()
            assert table.board is None and table.evening.next_seats is None and table.game is dealt
            assert [g for e in store.evenings() for g in e["games"]] == [game.game_id, dealt.game_id]
            # Seat 9 is told it is not in it (the page says so in its language) and let go.
            assert (await phones[8].expect("freed"))["reason"] == "seat_gone"
            await asyncio.wait_for(phones[8]._reader, 5)  # type: ignore[arg-type]
            assert phones[8].ws is not None and phones[8].ws.close_code == 4002
            # The others stay seated with their tokens, welcomed to an eight-seat table.
            for phone in phones[:8]:
                welcome = await phone.expect("welcome")
                assert welcome["seats"] == 8 and len(welcome["lobby"]) == 8
            kept = store.seats(dealt.game_id)
            assert {seat: token for seat, (_name, token) in kept.items()} == {
                seat: tokens[seat] for seat in range(1, 9)
            }
            assert table.connected() == list(range(1, 9))
            assert next_config.seats == 8 and next_config.board is None
            for phone in phones:
                await phone.close()

    asyncio.run(scenario())
    store.close()
