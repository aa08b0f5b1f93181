"""The judge's words as a Chinese table expects them: the board said after the welcome, the
werewolves told to get to know each other on the first night only; the same in the rehearsal."""

from __future__ import annotations

import asyncio
import random

from engine.boards import find_board
from engine.game import Game
from narrator.cli.rehearse import script
from narrator.moderator.botphones import seat_bots
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.timing import FastClock, Timers
from narrator.voice.catalogue import load_catalogue
from tests.moderator.test_failures import Lines

TIMERS = Timers(
    decision=6, vote=6, reminder=2, night_step=2, meeting=1, speech=1, last_speech=1, last_words=1
)


async def played(board_id: str, seed: int) -> list[tuple[str, dict[str, object]]]:
    board = find_board(board_id)
    game = Game(board.deal(seed), board.rules({}))
    table = PhoneTable(game, auto_narrate=False, board=board)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    bots = await seat_bots(f"ws://127.0.0.1:{server.port}/ws", game.setup.seats, seed, speech_done=True)
    voice = Lines()
    moderator = Moderator(table, voice, timers=TIMERS, clock=FastClock(), rng=random.Random(seed))
    try:
        await asyncio.wait_for(moderator.run(), 300)
    finally:
        for bot in bots:
            await bot.stop()
        await server.stop()
    assert game.over
    return voice.said


def nights(said: list[tuple[str, dict[str, object]]]) -> dict[int, list[str]]:
    """The lines said in each night, by its number."""
    by_night: dict[int, list[str]] = {}
    night = 0
    for key, params in said:
        if key == "night.falls":
            night = int(str(params["night"]))
        elif key == "day.breaks":
            night = 0
        elif night:
            by_night.setdefault(night, []).append(key)
    return by_night


def test_the_board_is_said_after_the_welcome_and_the_wolves_meet_on_the_first_night_only() -> None:
    zh = load_catalogue("zh-CN")
    said = asyncio.run(played("wolf-king-guard-12", 4))
    keys = [key for key, _ in said]
    assert keys[:3] == ["game.opening", "board.wolf-king-guard-12", "game.peek"], keys[:4]
    assert zh.text("game.opening", count=12) == "欢迎来到狼人杀，本局十二人。"
    by_night = nights(said)
    assert len(by_night) >= 2, "the game ended before a second night"
    assert "werewolves.meet" in by_night[1] and "werewolves.wake" not in by_night[1]
    for night, lines in by_night.items():
        if night > 1:
            assert "werewolves.wake" in lines and "werewolves.meet" not in lines, (night, lines)
    assert zh.text("werewolves.meet") == "狼人请睁眼，互相确认身份。"
    assert zh.text("werewolves.wake") == "狼人请睁眼。"


def test_the_rehearsal_says_the_wolves_meeting_on_the_first_night_only() -> None:
    board = find_board("beginner-9")
    keys = [key for key, _ in script(board.deal(1), board.rules(), 2)]
    first, second = keys.index("night.falls"), keys.index("night.falls", keys.index("night.falls") + 1)
    assert "werewolves.meet" in keys[first:second] and "werewolves.wake" not in keys[first:second]
    assert "werewolves.wake" in keys[second:] and "werewolves.meet" not in keys[second:]


def test_no_spoken_line_reads_brackets_or_trails_off_at_a_night_step() -> None:
    """A line at a step that only shows something says where to look, in words: no "（请看手机）"
    for the voice to read out, no "……" hanging in the air."""
    for locale in ("zh-CN", "zh-TW"):
        catalogue = load_catalogue(locale)
        for key in (
            "hunter_status.act",
            "wolf_king_status.act",
            "gravekeeper.act",
            "hidden_wolf.act",
            "seer.act",
        ):
            text = catalogue.text(key)
            assert "（" not in text and "……" not in text, (locale, key, text)
