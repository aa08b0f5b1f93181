"""The host's phone sets the seat count before the first deal (`POST /host/seats`): the lobby
grows or shrinks, a seat that goes tells its phone so in its language, every phone is told
and welcomed anew, the judge says it, the store keeps it (a resume plays it), and then any
board of that count may be picked."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from engine.boards import find_board
from narrator.moderator.config import PlayConfig
from narrator.moderator.stored_seats import StoredSeats
from narrator.moderator.table_choice import TableChoice
from narrator.phones import PhoneTable
from narrator.recorded import RecordedGame
from narrator.store import Store
from tests.phones.harness import Phone, served, ws_url
from tests.phones.test_speech import post

HOST = "the-host-token-1234"


def _lobby(tmp_path: Path) -> tuple[Store, PlayConfig, RecordedGame]:
    """A nine-seat game of the judge's defaults, stored and not dealt yet (a box's first lobby)."""
    store = Store(tmp_path / "games.sqlite3")
    config = PlayConfig(seed=4)
    setup, rules = config.table()
    game_id = store.create(setup, rules, config.model_dump(mode="json"))
    store.bind_host(game_id, HOST)
    return store, config, RecordedGame(setup, rules).record_to(store, game_id)


def _wire(table: PhoneTable, store: Store, config: PlayConfig, game_id: str, seats: int) -> None:
    """The table as `narrator.moderator.wiring.open_table` wires it before the deal."""
    choice = TableChoice(store, game_id, config)
    table.registry = StoredSeats(store, game_id, seats)
    table.evening.dealer = choice.board
    table.evening.reseat = lambda count: choice.seats(count, table.registry)
    table.evening.rechoose = choice.rules
    table.evening.recard = choice.cards
    table.evening.relocale = choice.language


def _seats(port: int, body: dict[str, object], token: str | None = HOST) -> tuple[int, dict[str, object]]:
    return post(port, "/host/seats", json.dumps(body).encode(), token)


def test_the_host_makes_a_nine_seat_lobby_twelve_then_eight_and_every_phone_is_told(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)
    game_id = game.game_id

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game_id, 9)
            heard: list[tuple[str, dict[str, object]]] = []
            server.on_host_act = lambda key, params: heard.append((key, params))
            ann = await (await Phone(ws_url(server)).open()).join(2)
            bo = await (await Phone(ws_url(server)).open()).join(8, locale="en")
            cy = await (await Phone(ws_url(server)).open()).join(9, locale="en")
            watcher = await Phone(ws_url(server)).open()
            offered = watcher.last("welcome")["counts"]
            assert [count["seats"] for count in offered] == list(range(8, 19))

            assert await asyncio.to_thread(_seats, server.port, {"seats": 12}) == (200, {"seats": 12})
            assert heard == [("host_table_seats", {"count": 12})]  # the judge says it aloud
            assert table.game.setup.seats == 12 and table.registry.seats == 12
            assert store.load(game_id).setup.seats == 12  # on disk: a resume deals the same
            welcome = await ann.expect("welcome")
            assert welcome["seats"] == 12 and len(welcome["lobby"]) == 12
            told = await ann.expect("notice")
            assert told["text"].startswith("主持人把本局改成12人，法官的默认牌（狼人×4、")
            assert (await cy.expect("notice"))["text"].startswith("The host made this game 12 players")
            assert (await watcher.expect("notice"))["key"] == "table_seats"
            assert table.registry.names() == {2: "P2", 8: "P8", 9: "P9"}  # nobody lost a seat

            # Eight seats: the phone at seat 9 is told, in its language, and let go.
            assert await asyncio.to_thread(_seats, server.port, {"seats": 8}) == (200, {"seats": 8})
            assert (await cy.expect("freed"))["reason"] == "seat_gone"  # the page says ui.seat_gone
            assert (await bo.expect("notice", where=lambda m: "Not in it: seats 9." in m["text"]))["key"]
            assert (
                "9号座位不在本局" in (await ann.expect("notice", where=lambda m: "8人" in m["text"]))["text"]
            )
            assert table.registry.names() == {2: "P2", 8: "P8"}
            assert sorted(store.seats(game_id)) == [2, 8]  # the seat let go on disk with the setup
            assert store.load(game_id).setup.seats == 8
            assert heard[-1] == ("host_table_seats", {"count": 8})

            # Then any board of that count: twelve seats again, a twelve-seat board.
            assert (await asyncio.to_thread(_seats, server.port, {"seats": 12}))[0] == 200
            body = json.dumps({"board": "standard-12"}).encode()
            status, answer = await asyncio.to_thread(post, server.port, "/host/board", body, HOST)
            assert (status, answer) == (200, {"board": "standard-12"})
            assert table.board is find_board("standard-12") and store.load(game_id).setup.seats == 12
            assert table.registry.names() == {2: "P2", 8: "P8"}
            for phone in (ann, bo, cy, watcher):
                await phone.close()

    asyncio.run(scenario())


def test_a_seat_count_is_refused_in_the_hosts_language_and_changes_nothing(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            status, answer = await asyncio.to_thread(_seats, server.port, {"seats": 7, "locale": "zh-CN"})
            assert (status, answer) == (
                409,
                {"error": "seats_unknown", "message": "法官的默认牌只有8到18人。"},
            )
            status, answer = await asyncio.to_thread(_seats, server.port, {"seats": 19, "locale": "en"})
            assert (
                status == 409 and answer["message"] == "The judge has default cards for 8 to 18 players only."
            )
            assert await asyncio.to_thread(_seats, server.port, {"seats": 12}, None) == (
                403,
                {"error": "host_only"},
            )
            assert await asyncio.to_thread(_seats, server.port, {"seats": 12}, "not-the-host") == (
                403,
                {"error": "host_only"},
            )
            table.narrating = "guard"  # a step narrated: the deal has begun
            status, answer = await asyncio.to_thread(_seats, server.port, {"seats": 12, "locale": "zh-CN"})
            assert (status, answer) == (
                409,
                {"error": "seats_dealt", "message": "已经发牌了，不能再改人数。"},
            )
            assert (await Phone(ws_url(server)).open()).last("welcome")["counts"] == []  # none offered
            assert table.game is game and store.load(game.game_id).setup.seats == 9

    asyncio.run(scenario())


def test_a_board_of_another_seat_count_grows_the_lobby_and_deals_it_in_one_pick(tmp_path: Path) -> None:
    store, config, game = _lobby(tmp_path)

    async def scenario() -> None:
        async with served(game, auto_narrate=False, host_token=HOST) as (server, table):
            _wire(table, store, config, game.game_id, 9)
            heard: list[tuple[str, dict[str, object]]] = []
            server.on_host_act = lambda key, params: heard.append((key, params))
            ann = await (await Phone(ws_url(server)).open()).join(2)
            offered = {board["id"]: board for board in ann.last("welcome")["boards"]}
            assert (
                offered["standard-12"]["seats"] == 12 and offered["beginner-9"]["seats"] == 9
            )  # every count
            body = json.dumps({"board": "standard-12"}).encode()
            status, answer = await asyncio.to_thread(post, server.port, "/host/board", body, HOST)
            assert (status, answer) == (200, {"board": "standard-12"})
            assert table.game.setup.seats == 12 and table.board is find_board("standard-12")
            assert len(table.registry.lobby()) == 12  # the lobby grew
            told = [await ann.expect("notice") for _ in range(2)]
            assert [t["key"] for t in told] == ["table_seats", "host_board"]
            assert heard == [("host_board", {"board": "standard-12"})]
            assert store.remembered()["board"] == "standard-12"  # on disk, for the next start
            assert store.load(game.game_id).setup.seats == 12
            await ann.close()

    asyncio.run(scenario())
