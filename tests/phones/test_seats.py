"""Joining seats through the real server: tokens, rejoining, theft refused, the host frees."""

from __future__ import annotations

import asyncio
import json
import urllib.request

from tests.phones.harness import Phone, classic_game, served, ws_url


def test_join_gives_a_token_and_the_seats_own_view() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phone = await Phone(ws_url(server), game).open()
            await phone.join(3, "Ann")
            state = phone.last("state")
            assert state["view"]["seat"] == 3
            assert state["view"]["card"] == "seer"
            assert state["names"] == {"3": "Ann"}
            assert len(phone.token) >= 24
            await phone.close()

    asyncio.run(scenario())


def test_rejoin_with_the_token_comes_back_to_the_same_seat() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            first = await Phone(ws_url(server), game).open()
            await first.join(5, "Bo")
            await first.close()
            await asyncio.sleep(0.05)
            assert table.connected() == []
            again = await Phone(ws_url(server), game).open()
            answer = await again.answer({"type": "rejoin", "token": first.token})
            assert answer["type"] == "joined" and answer["seat"] == 5 and answer["name"] == "Bo"
            assert (await again.expect("state"))["view"]["seat"] == 5
            assert table.connected() == [5]
            await again.close()

    asyncio.run(scenario())


def test_a_taken_seat_is_refused_without_its_token() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            owner = await Phone(ws_url(server), game).open()
            await owner.join(2)
            thief = await Phone(ws_url(server), game).open()
            answer = await thief.answer({"type": "join", "seat": 2, "name": "Eve"})
            assert answer["type"] == "error" and answer["code"] == "seat_taken"
            assert answer["message"] == "这个座位已经有人了。"
            wrong = await thief.answer({"type": "rejoin", "token": "x" * 32})
            assert wrong["code"] == "bad_token"
            assert not any(m["type"] == "state" for m in thief.inbox)
            assert table.registry.names() == {2: "P2"}
            await owner.close()
            await thief.close()

    asyncio.run(scenario())


def test_a_second_phone_with_the_token_replaces_the_first() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            first = await Phone(ws_url(server), game).open()
            await first.join(4)
            second = await Phone(ws_url(server), game).open()
            assert (await second.answer({"type": "rejoin", "token": first.token}))["seat"] == 4
            assert first._reader is not None
            await asyncio.wait_for(first._reader, 5)
            assert first.ws is not None and first.ws.close_code == 4001
            assert table.connected() == [4]
            await second.close()

    asyncio.run(scenario())


def test_the_host_frees_a_seat_with_the_host_token_only_and_every_phone_is_told() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            phone = await Phone(ws_url(server), game).open()
            await phone.join(7)
            newsreader = await (await Phone(ws_url(server), game).open()).join(2)
            url = f"http://127.0.0.1:{server.port}/host/free"

            def post(token: str) -> tuple[int, dict[str, object]]:
                request = urllib.request.Request(
                    url,
                    data=json.dumps({"seat": 7}).encode(),
                    method="POST",
                    headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
                )
                try:
                    with urllib.request.urlopen(request, timeout=5) as response:
                        return response.status, json.loads(response.read())
                except urllib.error.HTTPError as error:
                    body = json.loads(error.read())
                    error.close()
                    return error.code, body

            assert await asyncio.to_thread(post, phone.token) == (403, {"error": "host_only"})
            assert table.registry.names() == {2: "P2", 7: "P7"}
            host = table.registry.host_token
            assert await asyncio.to_thread(post, host) == (200, {"freed": True})
            await phone.expect("freed")
            notice = await newsreader.expect("notice")
            assert (notice["key"], notice["text"]) == ("host_freed", "主持人清空了7号座位，可以重新入座。")
            assert table.registry.names() == {2: "P2"}
            newcomer = await Phone(ws_url(server), game).open()
            await newcomer.join(7, "New")
            stale = await Phone(ws_url(server), game).open()
            assert (await stale.answer({"type": "rejoin", "token": phone.token}))["code"] == "bad_token"
            for p in (phone, newcomer, stale, newsreader):
                await p.close()

    asyncio.run(scenario())


def test_the_lobby_shows_names_to_phones_not_yet_seated() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            watcher = await Phone(ws_url(server), game).open()
            player = await Phone(ws_url(server), game).open()
            await player.join(1, "Lin")
            lobby = await watcher.expect("lobby")
            assert lobby["lobby"][0] == {"seat": 1, "name": "Lin"}
            assert lobby["lobby"][1] == {"seat": 2, "name": None}
            assert "token" not in json.dumps(lobby)
            await watcher.close()
            await player.close()

    asyncio.run(scenario())


def test_the_join_addresses_and_the_qr_code_are_printed_and_no_token() -> None:
    import io

    from narrator.phones import join_url, print_join

    assert join_url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert not join_url("0.0.0.0", 8000).startswith("http://0.0.0.0")
    out = io.StringIO()
    print_join(["http://192.0.2.7:8000/", "http://10.0.0.5:8000/"], out)
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("http://192.0.2.7:8000/") and lines[1].endswith("http://10.0.0.5:8000/")
    assert len(lines) > 15 and "█" in out.getvalue()


def test_the_box_prints_no_host_token() -> None:
    import contextlib
    import io

    async def scenario() -> str:
        game = classic_game()
        async with served(game) as (server, table):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                server.print_join()
            assert table.registry.host_token not in out.getvalue()
            return out.getvalue()

    printed = asyncio.run(scenario())
    assert "http://127.0.0.1:" in printed and "#host" not in printed and "token" not in printed.lower()
