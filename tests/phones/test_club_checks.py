"""The checkers of RULES-CLUB.md on the phones: the same screen on every living phone, the answer
sealed for the checker's phone alone (the gravekeeper's, the psychic's, the hidden wolf's pack)."""

from __future__ import annotations

import asyncio
import json
import re
from random import Random

from engine.bots import play_random_game
from engine.game import Game, state_of
from engine.roles import Role
from engine.roles.gravekeeper import GravekeeperSeen
from engine.roles.psychic import PsychicCheck
from engine.rules import make_rules
from engine.setup import deal
from narrator.moderator.review import spoken_review
from narrator.phones.catalogue import LOCALES
from narrator.phones.recap import written_review
from narrator.voice.catalogue import load_catalogue
from tests.engine.harness import game_of
from tests.engine.test_club_checks import GRAVEKEEPER_12, HIDDEN_12, LONE_BOARDS, QUIET_1, QUIET_2, club
from tests.phones.harness import close_all, screens, seat_everyone, served, told
from tests.phones.test_keypad import RecordingScreen, keypad_of

# GRAVEKEEPER_12: 1-3 werewolves, 4 wolf king, 5 seer, 6 witch, 7 hunter, 8 gravekeeper, 9 idiot.
WOLF_OUT = "[[day]]\nvote = { 5 = 2, 6 = 2, 7 = 2, 8 = 2, 10 = 2 }\n"


def test_the_gravekeeper_alone_is_shown_yesterdays_exile_and_touches_like_everyone() -> None:
    async def scenario(game: Game) -> None:
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            living = [p for p in phones if state_of(game).is_alive(p.seat)]
            shown = screens(living)
            assert all(s == shown[0] for s in shown)
            # nothing to decide: the page shows it in words under the finger and asks for 知道了
            assert (shown[0]["kind"], shown[0]["form"], shown[0]["step"]) == (
                "night",
                "notice",
                "gravekeeper",
            )
            assert not shown[0]["allow_none"] and shown[0]["choices"] == []
            sealed = {p.seat: told(p.last("state")["screen"]) for p in living}
            assert sealed[8] == {"real": True, "info": {"target": 2, "result": "werewolf"}}
            assert all(not t.get("real") for seat, t in sealed.items() if seat != 8)
            assert len({len(p.last("state")["screen"]["sealed"]) for p in living}) == 1
            decoy = await phones[9].answer({"type": "act", "step": "gravekeeper", "yes": True})
            real = await phones[7].answer({"type": "act", "step": "gravekeeper", "yes": True})
            assert told(real)["feed"][0]["data"] == {"night": 2, "target": 2, "result": "werewolf"}
            assert told(decoy) == {} and len(json.dumps(real)) == len(json.dumps(decoy))
            await close_all(phones)

    asyncio.run(scenario(game_of(club(GRAVEKEEPER_12) + QUIET_1 + WOLF_OUT + QUIET_2)))


def test_the_psychics_exact_answer_reaches_only_the_psychics_phone() -> None:
    async def scenario(game: Game) -> None:
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            decoy = await phones[0].answer({"type": "act", "step": "psychic", "targets": [5]})
            answer = await phones[7].answer({"type": "act", "step": "psychic", "targets": [4]})
            assert told(answer)["feed"][0]["data"] == {"night": 1, "target": 4, "result": "hidden_wolf"}
            assert told(decoy) == {} and len(json.dumps(answer)) == len(json.dumps(decoy))
            for phone in phones:
                if phone.seat != 8:
                    assert "hidden_wolf" not in json.dumps([told(m) for m in phone.inbox if "sealed" in m])
            await close_all(phones)

    night = "[[night]]\nwerewolves = 9\nhidden_wolf = true\nwitch = {}\nseer = 4\n"
    asyncio.run(scenario(game_of(club(HIDDEN_12) + night)))


def test_the_hidden_wolf_alone_is_shown_the_packs_seats() -> None:
    async def scenario(game: Game) -> None:
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            living = [p for p in phones if state_of(game).is_alive(p.seat)]
            shown = screens(living)
            assert all(s == shown[0] for s in shown) and shown[0]["form"] == "notice"
            sealed = {p.seat: told(p.last("state")["screen"]) for p in living}
            assert sealed[4] == {"real": True, "info": {"seats": [1, 2, 3]}}
            assert all(not t.get("real") for seat, t in sealed.items() if seat != 4)
            answer = await phones[3].answer({"type": "act", "step": "hidden_wolf", "yes": True})
            assert told(answer)["feed"][0] == {
                "i": 0,
                "kind": "hidden_wolf.pack",
                "data": {"seats": [1, 2, 3]},
                "phase": "night 1",  # the night it learned them (我的记录)
            }
            await close_all(phones)

    asyncio.run(scenario(game_of(club(HIDDEN_12) + "[[night]]\nwerewolves = 9\n")))


CLAUSES = (
    "通灵师查验了",
    "石像鬼查验了",
    "隐狼认识了狼人",
    "猎魔人狩猎了",
    "守墓人得知",
    "守墓人没有得到信息",
)
"""The written review's clauses of these cards (zh-CN)."""


def test_the_review_tells_each_check_learn_and_hunt_in_every_language() -> None:
    said: set[str] = set()
    voices = [load_catalogue(locale) for locale in LOCALES]
    for n in range(40):
        deck = LONE_BOARDS[n % 2] + [Role.VILLAGER] * 4
        game = play_random_game(
            Game(deal(deck, 12, seed=n), make_rules({}, preset="chinese-club")), Random(n)
        )
        sentences = {locale: " ".join(written_review(game, locale)) for locale in LOCALES}
        for locale in LOCALES:
            assert not re.search(r"\{[a-z]+\}|recap\.", sentences[locale]), sentences[locale]
        for catalogue in voices:
            for key, params in spoken_review(game, catalogue.__contains__):
                assert catalogue.text(key, **params)
                said.add(key)
        said |= {words for words in CLAUSES if words in sentences["zh-CN"]}
    assert set(CLAUSES) <= said
    assert {
        "review.psychic",
        "review.gargoyle",
        "review.hidden_wolf",
        "review.demon_hunter",
        "review.gravekeeper_nobody",
    } <= said


def test_the_psychics_and_the_gravekeepers_answers_on_the_keypad_then_cleared() -> None:
    night = "[[night]]\nwerewolves = 9\nhidden_wolf = true\nwitch = {}\nseer = 4\n"
    game = game_of(club(HIDDEN_12) + night)
    screen, slept = RecordingScreen(), list[float]()
    assert keypad_of("4", screen=screen, slept=slept).play_step(game) == PsychicCheck(target=4)
    at = screen.lines.index("4号是隐狼")
    assert screen.lines[at - 1] == "请当事人看屏幕（3秒后清除）" and screen.lines[at + 1] == "<clear>"
    game = game_of(club(GRAVEKEEPER_12) + QUIET_1 + WOLF_OUT + QUIET_2)
    screen = RecordingScreen()
    assert keypad_of("1", screen=screen, slept=slept).play_step(game) == GravekeeperSeen()
    assert "【守墓人请行动】8号：看完按回车" in screen.lines  # nothing to decide: no 1＝是，0＝否
    at = screen.lines.index("2号是狼人")
    assert screen.lines[at + 1] == "<clear>" and slept == [3, 3]
