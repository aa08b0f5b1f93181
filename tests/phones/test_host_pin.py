"""The host without a token on the shared screen: a phone claims the host with a PIN shown or
said on request, the claim survives a restart, and every claim and freed seat is told to every
phone and aloud."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import time
from pathlib import Path
from typing import Any

import pytest

from engine.rules import make_rules
from narrator.inbox import CommandWord, Inbox
from narrator.moderator.host_pin import HostPin
from narrator.moderator.keyboard import Terminal, read_terminal
from narrator.moderator.stored_seats import StoredSeats
from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.messages import Refusal
from narrator.phones.seats import PIN_DIGITS, PIN_TRIES, SeatRegistry
from narrator.recorded import RecordedGame
from narrator.store import Store
from tests.moderator.test_failures import Lines
from tests.phones.harness import Phone, classic_game, served, ws_url
from tests.phones.test_speech import post


def test_the_pin_serves_once_and_makes_a_new_host_token() -> None:
    seats = SeatRegistry(9)
    before = seats.host_token
    pin = seats.host_pin()
    assert len(pin) == PIN_DIGITS and pin.isdigit()
    assert seats.host_pin() == pin  # the same until it is used
    token = seats.claim_host(pin)
    assert token != before and seats.is_host(token) and not seats.is_host(before)
    with pytest.raises(Refusal) as spent:
        seats.claim_host(pin)
    assert spent.value.code == "bad_pin"
    again = seats.claim_host(seats.host_pin())
    assert seats.is_host(again) and not seats.is_host(token)


def test_too_many_wrong_tries_bar_that_address_not_the_pin() -> None:
    seats = SeatRegistry(9)
    pin = seats.host_pin()
    wrong = f"{(int(pin) + 1) % 10**PIN_DIGITS:0{PIN_DIGITS}d}"
    for _ in range(PIN_TRIES):
        with pytest.raises(Refusal) as missed:
            seats.claim_host(wrong, "10.0.0.66")
        assert missed.value.code == "bad_pin"
    with pytest.raises(Refusal) as barred:
        seats.claim_host(pin, "10.0.0.66")  # even the right one, from there
    assert barred.value.code == "host_barred" and seats.barred()
    assert seats.host_pin() == pin  # the stranger did not drop it
    assert seats.is_host(seats.claim_host(pin, "10.0.0.5"))  # the real host's phone claims it


def test_a_new_pin_asked_for_at_the_box_lets_every_address_try_again() -> None:
    seats = SeatRegistry(9)
    pin = seats.host_pin()
    for _ in range(PIN_TRIES):
        with pytest.raises(Refusal):
            seats.claim_host("x", "10.0.0.5")  # the host mistyped, five times
    fresh = seats.new_pin()
    assert not seats.barred()
    with pytest.raises(Refusal):
        seats.claim_host(pin, "10.0.0.5")  # the old PIN is worthless
    assert seats.is_host(seats.claim_host(fresh, "10.0.0.5"))


def test_no_pin_was_asked_for_so_none_is_taken() -> None:
    seats = SeatRegistry(9)
    for guess in ("000000", "123456", ""):
        with pytest.raises(Refusal):
            seats.claim_host(guess)


def test_a_phone_claims_the_host_and_every_phone_and_the_judge_are_told() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, table):
            heard: list[tuple[str, dict[str, object]]] = []
            server.on_host_act = lambda key, params: heard.append((key, params))
            players = [await (await Phone(ws_url(server), game).open()).join(seat) for seat in (2, 7)]
            english = await Phone(ws_url(server), game).open()
            await english.send({"type": "hello", "locale": "en"})
            await english.expect("welcome")

            def claim(pin: str) -> Any:
                return asyncio.to_thread(
                    post, server.port, "/host/claim", json.dumps({"pin": pin}).encode(), None
                )

            assert await claim("not a pin") == (400, {"error": "malformed"})
            pin = table.registry.host_pin()
            status, answer = await claim(pin)
            assert status == 200 and table.registry.is_host(answer["token"])
            for phone in players:
                notice = await phone.expect("notice")
                assert (notice["key"], notice["text"]) == ("host_claimed", "一部手机认领了主持人。")
            assert (await english.expect("notice"))["text"] == "A phone has claimed the host."
            assert heard == [("host_claimed", {})]
            assert await claim(pin) == (403, {"error": "bad_pin"})  # spent

            command = json.dumps({"command": "pause"}).encode()
            assert (await asyncio.to_thread(post, server.port, "/host/command", command, answer["token"]))[
                0
            ] == 200
            free = json.dumps({"seat": 7}).encode()
            assert await asyncio.to_thread(post, server.port, "/host/free", free, answer["token"]) == (
                200,
                {"freed": True},
            )
            assert (await players[0].expect("notice"))["text"] == "主持人清空了7号座位，可以重新入座。"
            assert (await english.expect("notice"))["text"] == "The host freed seat 7: it may be taken again."
            assert heard[-1] == ("host_freed", {"seat": 7})

            _, second = await claim(table.registry.host_pin())  # a second claim: the first is worthless
            assert (await asyncio.to_thread(post, server.port, "/host/command", command, answer["token"]))[
                0
            ] == 403
            assert (await asyncio.to_thread(post, server.port, "/host/command", command, second["token"]))[
                0
            ] == 200
            for phone in [*players, english]:
                await phone.close()

    asyncio.run(scenario())


def test_the_hosts_claim_survives_a_restart_of_the_box(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    setup, rules = classic_game().setup, make_rules()
    game_id = store.create(setup, rules)
    command = json.dumps({"command": "pause"}).encode()

    async def box(claim: bool, token: str | None) -> str:
        game = RecordedGame(setup, rules).record_to(store, game_id)
        table = PhoneTable(game, auto_narrate=False)
        table.registry = StoredSeats(store, game_id, 9)
        server = PhoneServer(table, host="127.0.0.1", port=0)
        await server.start()
        try:
            if claim:
                body = json.dumps({"pin": table.registry.host_pin()}).encode()
                status, answer = await asyncio.to_thread(post, server.port, "/host/claim", body, None)
                assert status == 200
                token = answer["token"]
            assert token is not None
            status, _ = await asyncio.to_thread(post, server.port, "/host/command", command, token)
            assert status == 200
            return token
        finally:
            await server.stop()

    token = asyncio.run(box(claim=True, token=None))
    assert asyncio.run(box(claim=False, token=token)) == token  # no 403 after the restart
    assert store.host_token(game_id) == token


def test_h_shows_the_pin_on_the_box_and_hs_says_it_once() -> None:
    async def scenario() -> tuple[str, list[tuple[str, dict[str, Any]]], str]:
        seats = SeatRegistry(9)
        voice = Lines()
        host = HostPin(seats, voice, "zh-CN", asyncio.get_running_loop())
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            await asyncio.to_thread(read_terminal_lines, ["h\n", "hs\n", "x\n"], host)
            for _ in range(500):
                if voice.said and out.getvalue():
                    break
                await asyncio.sleep(0.01)
        return out.getvalue(), voice.said, seats.host_pin()

    printed, said, pin = asyncio.run(scenario())
    assert printed == f"Host PIN / 主持人PIN: {pin}\n"
    digits = "零一二三四五六七八九"
    assert said == [("say", {"text": f"主持人PIN是{'，'.join(digits[int(c)] for c in pin)}。只能用一次。"})]


def read_terminal_lines(lines: list[str], host: HostPin) -> None:
    """The box's terminal reading `lines` as if typed."""
    import sys

    from narrator.inbox import Inbox

    inbox = Inbox()
    stdin, sys.stdin = sys.stdin, io.StringIO("".join(lines))
    try:
        read_terminal(inbox, host.key)
    finally:
        sys.stdin = stdin
    assert inbox.get_nowait() is None  # h and hs are no game commands


def test_a_host_act_is_said_aloud() -> None:
    async def scenario() -> list[tuple[str, dict[str, Any]]]:
        voice = Lines()
        host = HostPin(SeatRegistry(9), voice, "zh-CN", asyncio.get_running_loop())
        host.announce("host_freed", {"seat": 7})
        host.announce("host_claimed", {})
        for _ in range(100):
            if len(voice.said) == 2:
                break
            await asyncio.sleep(0.01)
        return voice.said

    assert asyncio.run(scenario()) == [("host.freed", {"seat": 7}), ("host.claimed", {})]


def test_the_terminal_going_away_ends_its_thread_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hang-up of the box's terminal (EIO on read): the thread says so once and ends; the
    game goes on with the phones."""

    class HungUp:
        def __iter__(self) -> HungUp:
            return self

        def __next__(self) -> str:
            raise OSError(5, "Input/output error")

    monkeypatch.setattr("sys.stdin", HungUp())
    read_terminal(Inbox(), lambda word: None)
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "terminal went away" in said[0] and "Traceback" not in said[0]


def test_a_host_key_typed_between_two_evenings_leaves_the_terminal_reading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`play --stay`: h typed while the evening that is over still holds the terminal (its
    loop closed) counts for nothing, and the keys after it still reach the next evening."""
    closed = asyncio.new_event_loop()
    closed.close()
    over = HostPin(SeatRegistry(9), Lines(), "zh-CN", closed)
    heard: list[CommandWord] = []

    class NextEvening:
        def command(self, word: CommandWord, source: str) -> None:
            heard.append(word)

    monkeypatch.setattr("sys.stdin", io.StringIO("h\nq\n"))
    Terminal().serve(NextEvening(), over.key)
    for _ in range(500):
        if heard:
            break
        time.sleep(0.01)
    assert heard == [CommandWord.END]
