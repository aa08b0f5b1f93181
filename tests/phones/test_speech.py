"""The speaker's "过" button and the host's controls: command words put in the table's inbox."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

from tests.phones.harness import (
    Phone,
    classic_game,
    close_all,
    poll_command,
    seat_everyone,
    served,
    told,
    ws_url,
)


def test_only_the_speaker_ends_the_speech_and_only_once() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            phones = await seat_everyone(server, game)
            table.speaking(3, 90)
            for phone in phones:
                assert (await phone.expect("speaking"))["seat"] == 3
                assert phone.last("speaking")["seconds"] == 90  # every phone counts it down
            assert (await phones[3].answer({"type": "done"}))["code"] == "not_speaking"
            assert poll_command(table) is None
            done = await phones[2].answer({"type": "done"})
            assert (done["type"], done["n"], done["step"], told(done)) == ("ack", phones[2].n, "speech", {})
            assert (await phones[2].answer({"type": "done"}))["code"] == "already"
            assert poll_command(table) == "pass" and poll_command(table) is None

            table.speaking(3)  # a new speech of the same seat
            assert (await phones[2].answer({"type": "done"}))["type"] == "ack"
            table.speaking(5)  # the "pass" left unread is not carried into the next speech
            assert poll_command(table) is None
            table.speaking(None)
            assert (await phones[4].answer({"type": "done"}))["code"] == "not_speaking"
            await close_all(phones)

    asyncio.run(scenario())


def test_a_phone_that_comes_back_is_told_who_speaks() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            phones = await seat_everyone(server, game)
            table.speaking(7, 60)
            await phones[6].close()
            again = await Phone(ws_url(server), game).open()
            await again.answer({"type": "rejoin", "token": phones[6].token})
            state = await again.expect("state")
            assert state["speaking"] == 7 and 0 <= state["seconds"] <= 60  # what is left of it
            assert (await again.answer({"type": "done"}))["type"] == "ack"
            await close_all([*phones[:6], *phones[7:], again])

    asyncio.run(scenario())


def post(port: int, path: str, body: bytes, token: str | None) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_host_controls_reach_the_moderator_only_with_the_host_token() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game, host_token="the-host-token-1234") as (server, table):

            def command(body: bytes, token: str | None = "the-host-token-1234") -> Any:
                return asyncio.to_thread(post, server.port, "/host/command", body, token)

            for word in ("pause", "resume", "repeat", "undo", "end"):
                status, answer = await command(json.dumps({"command": word}).encode())
                assert (status, answer) == (200, {"command": word})
            said = []
            while (word := poll_command(table)) is not None:
                said.append(word)
            assert said == ["pause", "resume", "repeat", "undo", "end"]

            assert (await command(b'{"command": "pause"}', None))[0] == 403
            assert (await command(b'{"command": "pause"}', "not-the-token-000"))[0] == 403
            for bad in (
                b'{"command": "dance"}',
                b"not json",
                b'{"command": "end", "x": 1}',
                b'{"command": "' + b"e" * 400 + b'"}',
            ):
                assert (await command(bad))[0] == 400, bad
            assert poll_command(table) is None

    asyncio.run(scenario())
