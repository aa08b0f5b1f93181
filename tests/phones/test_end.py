"""The end of a game on the phones: the box keeps serving the final screen until the host ends
it (or the time runs out), and the review reads as sentences in the phone's language."""

from __future__ import annotations

import asyncio

from engine import WitchChoice
from engine.decisions import DayVote
from engine.game import Game
from engine.record import parse_record, replay
from narrator.inbox import Inbox
from narrator.moderator.config import PlayConfig
from narrator.moderator.evening import serve_final_screen
from narrator.phones.messages import HostCommand
from narrator.phones.recap import written_review
from narrator.timing import Clock, FastClock
from tests.engine.harness import table as record_table
from tests.phones.harness import Phone, served, ws_url

NIGHT_AND_DAY = (
    "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { heal = true }\n"
    "[[day]]\nvote = { 3 = 2 }\n"
    "[[night]]\nguard = 3\nseer = 4\nwerewolves = 8\nwitch = { poison = 1 }\n"
)


def over_game(record: str) -> Game:
    game = replay(parse_record(record_table(rules="sheriff = false") + record)).game
    return game


def test_the_review_is_sentences_in_every_language_without_titles_or_ascii_punctuation() -> None:
    game = over_game(NIGHT_AND_DAY)
    chinese = written_review(game, "zh-CN")
    assert (
        chinese[0]
        == "第一夜，守卫守护了5号，预言家查验了1号，是狼人，狼人杀了7号，女巫救了他，平安夜，没有人死亡。"
    )
    assert chinese[1] == "第一天，放逐投票结果：2号得1票，2号被投票放逐。"
    for locale in ("zh-CN", "zh-TW"):
        for sentence in written_review(game, locale):
            assert not set(sentence) & set(":()->;"), sentence
            assert "请行动" not in sentence and "請行動" not in sentence
    assert written_review(game, "zh-TW")[1] == "第一天，放逐投票結果：2號得1票，2號被投票放逐。"
    english = written_review(game, "en")
    assert english[0].startswith("Night 1, the guard protected seat 5, the seer found seat 1 was a werewolf")
    assert all(sentence.endswith(".") for sentence in english)


def test_the_box_keeps_the_final_screen_until_the_host_ends_it() -> None:
    async def scenario() -> None:
        game = over_game(NIGHT_AND_DAY)
        async with served(game, auto_narrate=False) as (server, table):
            phone = await Phone(ws_url(server), game).open()
            await phone.join(3)
            serving = asyncio.create_task(serve_final_screen(table.inbox, Clock(), 600))
            table.narrate(None, final=True)
            final = await phone.expect("state", where=lambda m: m["screen"]["kind"] == "over")
            assert final["review"][0].startswith("第一夜，")
            await asyncio.sleep(0.5)
            assert not serving.done() and phone.ws is not None and phone.ws.close_code is None
            table.host_command(HostCommand(command="end"))
            await asyncio.wait_for(serving, 5)
            await phone.close()

    asyncio.run(scenario())


def test_the_final_screen_is_kept_no_longer_than_its_timer() -> None:
    async def scenario() -> float:
        clock = FastClock()
        await serve_final_screen(Inbox(), clock, 1800)
        return clock.now()

    assert asyncio.run(scenario()) >= 1800


def test_a_night_that_opens_with_a_pretended_step_says_night_and_the_voted_out_is_out() -> None:
    async def scenario() -> None:
        # night 1 the werewolves kill the guard (5): night 2 opens with a pretended guard step
        game = over_game("[[night]]\nguard = 3\nseer = 1\nwerewolves = 5\nwitch = { heal = false }\n")
        assert game.pending is not None and game.pending.step == "vote"
        async with served(game, auto_narrate=False) as (server, table):
            phones = {seat: await (await Phone(ws_url(server), game).open()).join(seat) for seat in (1, 3, 9)}
            table.narrate("vote")
            await table.apply(DayVote(votes={1: 9, 3: 9, 9: 1}))
            table.narrate(None)
            assert game.pending is not None and game.pending.step == "seer"
            table.narrate("guard")  # pretended: the guard is dead
            for seat, phone in phones.items():
                state = await phone.expect("state", where=lambda m: m["screen"]["step"] == "guard")
                assert state["view"]["public"]["phase"] == "night 2"
                assert state["screen"]["kind"] == ("out" if seat == 9 else "night")
            assert len({len(phone.raw[phone.cursor - 1].encode()) for phone in phones.values()}) == 1
            for phone in phones.values():
                await phone.close()

    asyncio.run(scenario())


def test_the_review_tells_every_day_of_random_games_on_every_board() -> None:
    """Whole random games (the default nine, the club boards, the event cards): the review has a
    sentence for each day with its votes counted, the election's outcome when there was one, and
    no placeholder left, in every language."""
    import random

    from engine.boards import BOARDS
    from engine.bots import random_decision
    from tests.phones.harness import event_game

    games = [Game(*PlayConfig(seed=seed).table()) for seed in range(3)]
    games += [Game(*PlayConfig(board=b.id, seed=1).table()) for b in BOARDS if b.seats == 12 and b.playable]
    games += [event_game(seed) for seed in range(2)]
    for index, game in enumerate(games):
        rng = random.Random(index)
        while not game.over and game.pending is not None:
            game.apply(random_decision(game, rng))
        for locale in ("zh-CN", "zh-TW", "en"):
            sentences = written_review(game, locale)
            assert all("{" not in s and "recap." not in s for s in sentences), sentences
        chinese = " ".join(written_review(game, "zh-CN"))
        if any(e.kind == "votes" for e in game.events):
            assert "放逐投票结果：" in chinese or "投票时所有人都弃权" in chinese
        if any(e.kind == "cue" and e.data["key"] == "sheriff.elected" for e in game.events):
            assert "当选警长" in chinese


def test_the_phones_learn_the_end_with_the_line_that_says_it() -> None:
    """The last decision ends the game; the judge's "游戏结束，…获胜" shows the end on every phone
    as it is said, before the lines after it (the review) and the moderator's last narration
    (issue 40: the phones showed the day, the exiled seat alive, 5 to 8 s after the judge said it)."""

    async def scenario() -> None:
        game = over_game(NIGHT_AND_DAY.removesuffix("witch = { poison = 1 }\n"))
        assert not game.over and game.pending is not None and game.pending.step == "witch"
        async with served(game, auto_narrate=False) as (server, table):
            phone = await Phone(ws_url(server), game).open()
            await phone.join(3)
            await table.apply(WitchChoice(poison=1))
            assert table.game.over
            table.said("day.breaks", {"day": 3})
            table.said("deaths.announce", {"seats": [1, 8]})
            assert not [m for m in phone.inbox if m["type"] == "state" and m["screen"]["kind"] == "over"]
            table.said("game.over", {"winner": "villagers"})
            final = await phone.expect("state", timeout=2, where=lambda m: m["screen"]["kind"] == "over")
            assert final["view"]["public"]["winner"] == "villagers" and final["review"]
            await phone.close()

    asyncio.run(scenario())
