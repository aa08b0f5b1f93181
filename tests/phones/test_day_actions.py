"""The day actions of 白狼王骑士 through the real server and the keypad: the same buttons on every
living phone, the knight's duel and the white wolf king's blow taken from their phones, anyone
else refused in their language with nothing changed, and the same messages to every phone over
whole narrated games where bots take day actions."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

import pytest

from engine.bots import random_decision
from engine.game import Game
from engine.roles import Role
from engine.roles.knight import KnightDuel
from engine.roles.white_wolf_king import WhiteWolfKingBlow
from narrator.moderator.botphones import BotPhone
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.keypad import Keypad
from narrator.phones.keys import symbols_of_events
from narrator.timing import FastClock, Timers
from tests.moderator.test_day_actions import BOARD, at_the_discussion, seat_of
from tests.phones import test_secrecy
from tests.phones.audit import audit_seat, shape_problems
from tests.phones.harness import Phone, close_all, seat_everyone, served, state_copy
from tests.phones.test_keypad import RecordingScreen, presses
from tests.phones.test_shape import Lines, Recorder
from tests.support.usual import ACTIONS

BUTTONS = [
    {"name": "self_destruct", "form": "none"},
    {"name": "duel", "form": "seats"},
    {"name": "white_wolf_king", "form": "seats"},
]


def seats_holding(game: Game, role: Role) -> list[int]:
    return [seat for seat, card in enumerate(game.setup.roles, 1) if card == role]


async def press(phone: Phone, action: str, target: int | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "day_action", "action": action}
    if target is not None:
        message["target"] = target
    return await phone.answer(message)


def test_every_registered_day_action_has_its_button_in_every_language() -> None:
    from narrator.phones.catalogue import LOCALES, text

    assert {action.name for action in ACTIONS.values()} >= {"self_destruct", "duel", "white_wolf_king"}
    labels = {locale: [text(locale, f"ui.action_{a.name}") for a in ACTIONS.values()] for locale in LOCALES}
    assert labels["zh-CN"][:3] == ["自爆", "决斗", "白狼王自爆带人"]
    assert labels["zh-TW"][:3] == ["自爆", "決鬥", "白狼王自爆帶人"]


def test_the_knight_duels_from_his_phone_and_anyone_else_is_refused_in_chinese() -> None:
    async def scenario() -> None:
        game = at_the_discussion(5)
        knight, villager = seat_of(game, Role.KNIGHT), seats_holding(game, Role.VILLAGER)[0]
        wolf = seats_holding(game, Role.WEREWOLF)[0]
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            screens = [p.last("state")["screen"] for p in phones]
            assert all(s["actions"] == BUTTONS for s in screens), "the same buttons on every living phone"
            before = state_copy(game)
            refused = await press(phones[villager - 1], "duel", wolf)
            assert (refused["code"], refused["message"]) == ("rule.duel_knight", "只有骑士才能决斗。")
            refused = await press(phones[knight - 1], "duel")
            assert (refused["code"], refused["message"]) == ("wrong_count", "需要选择1个座位。")
            refused = await press(phones[knight - 1], "duel", knight)
            assert refused["message"] == "骑士要和另一名玩家决斗。"
            refused = await press(phones[wolf - 1], "white_wolf_king", villager)
            assert refused["message"] == "只有白狼王才能自爆带人。"
            refused = await press(phones[villager - 1], "no_such_action")
            assert refused["code"] == "malformed"
            assert state_copy(game) == before, "a refused day action changes nothing"
            states = [p.count("state") for p in phones]
            assert (await press(phones[knight - 1], "duel", wolf))["type"] == "ack"
            assert game.log[-1] == KnightDuel(seat=knight, target=wolf)
            assert not game.is_alive(wolf) and game.is_alive(knight)
            for phone, seen in zip(phones, states, strict=True):
                state = await phone.expect("state", where=lambda m: True)
                assert phone.count("state") > seen
                assert wolf not in state["view"]["public"]["alive"], "every phone sees the result"
            refused = await press(phones[knight - 1], "duel", villager)
            assert refused["code"].startswith("rule."), "no second duel (and it is night now)"
            await close_all(phones)

    asyncio.run(scenario())


def test_the_white_wolf_king_blows_from_his_phone_and_takes_a_seat() -> None:
    async def scenario() -> None:
        game = at_the_discussion(5)
        king, target = seat_of(game, Role.WHITE_WOLF_KING), seat_of(game, Role.SEER)
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            assert (await press(phones[king - 1], "white_wolf_king", target))["type"] == "ack"
            assert game.log[-1] == WhiteWolfKingBlow(seat=king, target=target)
            assert not game.is_alive(king) and not game.is_alive(target)
            for phone in phones:
                state = await phone.expect("state", where=lambda m: king not in m["view"]["public"]["alive"])
                assert state["screen"]["actions"] == [], "night: no day action offered"
            await close_all(phones)

    asyncio.run(scenario())


def test_the_keypad_lists_the_offered_day_actions_and_asks_the_seat() -> None:
    game = at_the_discussion(5)
    knight, king = seat_of(game, Role.KNIGHT), seat_of(game, Role.WHITE_WOLF_KING)
    wolf = seats_holding(game, Role.WEREWOLF)[0]
    screen = RecordingScreen()
    keys = [f"*{wolf}", "2", "1", f"*{knight}", "2", str(wolf)]  # a refused duel, then the knight's
    keypad = Keypad(symbols_of_events(presses(*keys)), screen, sleep=lambda _: None)
    assert keypad.play_step(game) == KnightDuel(seat=knight, target=wolf)
    assert f"{wolf}号的白天行动：请输入编号并回车（0＝取消）" in screen.lines
    listed = screen.lines.index("1＝自爆")
    assert screen.lines[listed : listed + 3] == ["1＝自爆", "2＝决斗", "3＝白狼王自爆带人"]
    assert "【决斗】请输入座位号并回车" in screen.lines
    assert "只有骑士才能决斗。" in screen.lines
    assert not game.is_alive(wolf)

    game = at_the_discussion(5)
    screen = RecordingScreen()
    keys = [f"*{king}", "0", f"*{king}", "3", "11"]  # called off once, then the blow
    keypad = Keypad(symbols_of_events(presses(*keys)), screen, sleep=lambda _: None)
    assert keypad.play_step(game) == WhiteWolfKingBlow(seat=king, target=11)


@pytest.mark.parametrize("seed", [3, 6])
def test_every_phone_gets_the_same_messages_while_bots_take_day_actions(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def narrated() -> tuple[Game, Recorder]:
        game = Game(BOARD.deal(seed), BOARD.rules())
        table = PhoneTable(game, auto_narrate=False)
        recorder = Recorder(table, monkeypatch)
        server = PhoneServer(table, host="127.0.0.1", port=0)
        await server.start()
        url = f"ws://127.0.0.1:{server.port}/ws"
        bots = [BotPhone(url, seat, seed, 0.3, speech_done=True) for seat in range(1, 13)]
        for bot in bots:
            await bot.start()
        while any(entry["name"] is None for entry in table.registry.lobby()):
            await asyncio.sleep(0.01)
        timers = Timers(decision=8, vote=8, reminder=4, speech=5, last_speech=5, last_words=5)
        moderator = Moderator(table, Lines(), timers=timers, clock=FastClock())
        recorder.segment += 1
        try:
            await asyncio.wait_for(moderator.run(), 300)
        finally:
            for bot in bots:
                await bot.stop()
            await server.stop()
        return game, recorder

    game, recorder = asyncio.run(narrated())
    assert game.over
    assert any(type(decision) in ACTIONS for decision in game.log), "no day action was taken"
    assert shape_problems(recorder.game_messages(), list(range(1, 13))) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_no_seat_learns_another_seats_secrets_while_day_actions_are_taken(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random games on the board from phones, the day actions drawn often (the secrecy audit)."""
    monkeypatch.setattr(test_secrecy, "random_decision", partial(random_decision, self_destruct=0.3))
    game = Game(BOARD.deal(seed), BOARD.rules())
    phones = asyncio.run(test_secrecy.play_through(game, seed))
    assert game.over
    assert any(type(decision) in ACTIONS for decision in game.log), "no day action was taken"
    tokens = {seat: phone.token for seat, phone in phones.items()}
    problems = []
    for seat, phone in phones.items():
        problems += audit_seat(game, seat, phone.inbox, phone.stamps, phone.raw, tokens)
    assert problems == []
