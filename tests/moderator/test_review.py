"""The spoken review (复盘) tells the days too: the election, the exiles, the shots,
the self-destructs, the badge; a game ended early with `q` or the host's phone says so and by
whom, and tells what the table heard, never "下面开始复盘。复盘结束" with nothing between."""

from __future__ import annotations

import asyncio
import random

from engine.boards import find_board
from engine.bots import play_random_game, random_decision
from engine.game import Game
from narrator.inbox import Command
from narrator.moderator.botphones import seat_bots
from narrator.moderator.loop import Moderator
from narrator.moderator.review import days, spoken_review
from narrator.phones import PhoneServer, PhoneTable
from narrator.timing import FastClock, Timers
from narrator.voice.catalogue import load_catalogue
from tests.moderator.test_failures import Lines

ZH = load_catalogue("zh-CN")


def finished(board_id: str, seed: int) -> Game:
    board = find_board(board_id)
    game = Game(board.deal(seed), board.rules({}))
    play_random_game(game, random.Random(seed))
    assert game.over
    return game


def spoken(game: Game, ended_by: str | None = None) -> list[str]:
    return [ZH.text(key, **params) for key, params in spoken_review(game, ZH.__contains__, ended_by=ended_by)]


def test_the_spoken_review_tells_each_day_after_its_night() -> None:
    seen: set[str] = set()
    for seed in range(1, 9):
        game = finished("wolf-king-guard-12", seed)
        keys = [key for key, _ in spoken_review(game, ZH.__contains__)]
        assert keys[0] == "review.start" and keys[-1] == "review.end"
        assert "review.role" not in keys[keys.index("review.night") :], "the cards come first"
        said = spoken(game)
        assert "第一天。" in said and said.index("第一夜。") < said.index("第一天。"), said
        day_one = said[said.index("第一天。") + 1 :]
        assert day_one[0].endswith("当选警长。") or day_one[0] == "没有人当选警长。", day_one
        seen |= set(keys)
        for day, told in days(game).items():
            for key, params in told:
                assert ZH.text(f"review.{key}", **params) in said, (seed, day, key)
    for key in ("review.vote_out", "review.shot", "review.badge_passed", "review.cards"):
        assert key in seen, f"no {key} in eight games"


def test_the_spoken_review_tells_a_self_destruct_and_the_badge() -> None:
    """Games with blows in them (a werewolf bot self-destructs now and then)."""
    seen: set[str] = set()
    for seed in range(1, 13):
        board = find_board("standard-12")
        game = Game(board.deal(seed), board.rules({}))
        rng = random.Random(seed)
        while not game.over and game.pending is not None:
            game.apply(random_decision(game, rng, self_destruct=0.2))
        seen |= {key for key, _ in spoken_review(game, ZH.__contains__)}
    assert "review.self_destruct" in seen, sorted(seen)


def test_a_game_ended_early_says_who_ended_it_and_tells_only_what_the_table_heard() -> None:
    board = find_board("wolf-king-guard-12")
    game = Game(board.deal(2), board.rules({}))
    rng = random.Random(2)
    while not (game.phase.number == 2 and game.phase.night):
        game.apply(random_decision(game, rng, self_destruct=0))
    said = spoken(game, ended_by="host")
    assert said[0] == "主持人在手机上提前结束了游戏，本局没有胜负。"
    assert said[1:3] == ["下面开始复盘。", "第一天。"], said
    assert said[-1] == "复盘结束，谢谢大家。" and len(said) > 4
    assert not any("夜" in line or line.endswith("是狼人。") for line in said), "nothing secret"

    night_one = Game(board.deal(2), board.rules({}))
    assert spoken(night_one, ended_by="terminal") == ["主持人提前结束了游戏，本局没有胜负。", "谢谢大家。"]


def test_the_moderator_knows_who_ended_the_game() -> None:
    async def scenario() -> tuple[Moderator, Lines]:
        board = find_board("beginner-9")
        game = Game(board.deal(3), board.rules({}))
        table = PhoneTable(game, auto_narrate=False, board=board)
        server = PhoneServer(table, host="127.0.0.1", port=0)
        await server.start()
        bots = await seat_bots(f"ws://127.0.0.1:{server.port}/ws", 9, 3, speech_done=True)
        voice = Lines()
        timers = Timers(decision=6, vote=6, reminder=2, night_step=2, speech=1, last_speech=1, last_words=1)
        moderator = Moderator(table, voice, timers=timers, clock=FastClock(), rng=random.Random(3))

        async def end_on_day_two() -> None:
            while str(game.phase) != "day 2" and not game.over:
                await asyncio.sleep(0.005)
            table.inbox.put(Command("end", "host"))

        ending = asyncio.create_task(end_on_day_two())
        try:
            await asyncio.wait_for(moderator.run(), 300)
        finally:
            ending.cancel()
            for bot in bots:
                await bot.stop()
            await server.stop()
        return moderator, voice

    moderator, _ = asyncio.run(scenario())
    if moderator.game.over:  # the game ended by itself before day 2: nothing to measure
        raise AssertionError("choose a seed whose game reaches day 2")
    assert moderator.ended and moderator.ended_by == "host"
    keys = [key for key, _ in spoken_review(moderator.game, ZH.__contains__, ended_by=moderator.ended_by)]
    assert keys[:3] == ["review.ended_host", "review.start", "review.day"], keys


def test_the_spoken_review_tells_the_eclipse_wolf_queens_locks_and_the_sequence_princes_flip() -> None:
    """永序之轮 (RULES-CLUB-MORE.md): her locks by night, each choice a lock reflected, his flip
    by day, in the judge's words."""
    seen: set[str] = set()
    for seed in range(1, 13):
        said = spoken(finished("eternal-order-12", seed))
        seen |= {line for line in said if "蚀时狼妃" in line or "定序王子" in line}
    assert any(line.startswith("蚀时狼妃锁定了") for line in seen), sorted(seen)
    assert any("翻牌，是定序王子，本轮放逐投票作废" in line for line in seen), sorted(seen)


def test_the_spoken_review_tells_the_wardens_pairs_and_each_traders_signal() -> None:
    """孤注一掷 (RULES-CLUB-MORE.md): the warden's pair by night, then each one's trade or
    betray, in the judge's words."""
    seen: set[str] = set()
    for seed in range(1, 9):
        seen |= {line for line in spoken(finished("warden-12", seed)) if "交易" in line or "背叛" in line}
    assert any(line.startswith("典狱长选择了") and line.endswith("进行交易。") for line in seen), sorted(seen)
    assert any(line.endswith("选择了交易。") for line in seen) and any(
        line.endswith("选择了背叛。") for line in seen
    )
