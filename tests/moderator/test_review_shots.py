"""Every shot in the review names the card that shot: the hunter, the wolf king, or the wolf
robot with its copied shot (which kills with the copied card's cause: the hunter's, the wolf
king's, what the rules read), written as the phones and the public screen show it, in each
language, and spoken (the wolf king by name, a hunter's or the robot's shot by its seat).

Random whole games of the club boards that have these shooters (a wolf king with a hunter; a
wolf robot with a hunter) and of a table where the wolf robot may copy the wolf king; each
shot the judge said is looked for in the review."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from engine.boards import find_board
from engine.bots import random_decision
from engine.game import Game
from engine.rules import make_rules
from engine.setup import Setup
from narrator.moderator.review import spoken_review
from narrator.phones.recap import written_review
from narrator.voice.catalogue import load_catalogue

ZH = load_catalogue("zh-CN")
WRITTEN = {
    "zh-CN": {
        "hunter.shot": "猎人开枪带走了{t}号",
        "wolf_king.shot": "狼王开枪带走了{t}号",
        "wolf_robot.shot": "机械狼开枪带走了{t}号",
    },
    "en": {
        "hunter.shot": "the hunter shot seat {t}",
        "wolf_king.shot": "the wolf king shot seat {t}",
        "wolf_robot.shot": "the wolf robot shot seat {t}",
    },
}
SPOKEN = {
    "hunter.shot": "{s}号开枪带走了{t}号",
    "wolf_king.shot": "狼王{s}号带走了{t}号",
    "wolf_robot.shot": "{s}号开枪带走了{t}号",
}
# 1 werewolf, 2 wolf king, 3 werewolf, 4 wolf robot, 5 psychic, 6 witch, 7 hunter, 8 guard,
# 9 gargoyle, 10-12 villagers (tests/engine/test_club_robot.py): the robot may copy either shot.
BOTH = ("werewolf", "wolf_king", "werewolf", "wolf_robot", "psychic", "witch", "hunter", "guard", "gargoyle")


def _tells(line: str, text: str) -> bool:
    """`line` is in `text`, its seat whole ("seat 1" is not in "seat 10")."""
    return re.search(re.escape(line) + r"(?!\d)", text) is not None


def _games(table: str, count: int) -> list[Game]:
    games = []
    for seed in range(count):
        if table == "both-shooters":
            roles = list(BOTH + ("villager",) * 3)
            random.Random(seed).shuffle(roles)
            game = Game(
                Setup.model_validate({"seats": 12, "roles": roles}), make_rules(preset="chinese-club")
            )
        else:
            board = find_board(table)
            game = Game(board.deal(seed), board.rules())
        rng = random.Random(seed)
        while not game.over and game.pending is not None:
            game.apply(random_decision(game, rng, self_destruct=0.05))
        games.append(game)
    return games


@pytest.mark.parametrize("table", ["wolf-king-guard-12", "wolf-robot-psychic-12", "both-shooters"])
def test_every_shot_in_the_review_names_the_card_that_shot(table: str) -> None:
    shots: Counter[str] = Counter()
    for game in _games(table, 120):
        written = {locale: " ".join(written_review(game, locale)) for locale in WRITTEN}
        spoken = "".join(ZH.text(key, **params) for key, params in spoken_review(game, ZH.__contains__))
        for event in game.events:
            key = event.data.get("key") if event.kind == "cue" else None
            if key not in SPOKEN:
                continue
            shooter, target = event.data["seat"], event.data["target"]
            shots[key] += 1
            for locale, lines in WRITTEN.items():
                assert _tells(lines[key].format(t=target), written[locale]), (key, written[locale])
                others = [line.format(t=target) for other, line in lines.items() if other != key]
                assert not any(_tells(line, written[locale]) for line in others), (key, written[locale])
            assert _tells(SPOKEN[key].format(s=shooter, t=target), spoken), (key, spoken)
    expected = {
        "wolf-king-guard-12": {"hunter.shot", "wolf_king.shot"},
        "wolf-robot-psychic-12": {"hunter.shot", "wolf_robot.shot"},
        "both-shooters": {"hunter.shot", "wolf_king.shot", "wolf_robot.shot"},
    }[table]
    assert set(shots) == expected, shots  # each shooter shot in these games
