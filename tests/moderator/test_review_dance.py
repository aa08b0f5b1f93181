"""The spoken review (复盘) of 假面舞会 tells each dance, the death it caused, the masquerade's
checks with their answers and his masks, in the judge's words (zh-CN, zh-TW, en)."""

from __future__ import annotations

import pytest

from narrator.moderator.review import spoken_review
from narrator.voice.catalogue import load_catalogue
from tests.engine.harness import deaths, game_of
from tests.engine.test_dancer import BALL_12, DAY, RULES, club, night

# The wolves knife the four villagers one a night (屠边: the wolves win at dawn 4); the dances
# kill 1 (night 2) and 5 (night 3).
ENDED = (
    club(BALL_12, RULES + 'win = "side"\n')
    + "[[night]]\nwerewolves = 9\nwitch = {}\nseer = 0\n"
    + DAY
    + night((1, 10, 11), wolves=10, check=10)
    + DAY
    + night((2, 3, 5), wolves=11, check=6, mask=8)
    + DAY
    + night((4, 6, 8), wolves=12, check=7, mask=4)
)


@pytest.mark.parametrize(
    ("locale", "told"),
    [
        (
            "zh-CN",
            [
                "1号在舞池中出局。",
                "假面查验了10号，他在舞池中。",
                "假面没有给任何人戴面具。",
                "5号在舞池中出局。",
                "假面查验了6号，他不在舞池中。",
                "假面给8号戴上了面具。",
                "假面给4号戴上了面具。",
            ],
        ),
        (
            "zh-TW",
            [
                "1號在舞池中出局。",
                "假面查驗了10號，他在舞池中。",
                "假面沒有給任何人戴面具。",
                "5號在舞池中出局。",
                "假面查驗了6號，他不在舞池中。",
                "假面給8號戴上了面具。",
                "假面給4號戴上了面具。",
            ],
        ),
    ],
)
def test_the_review_tells_each_dance_its_death_and_the_masquerades_answers(
    locale: str, told: list[str]
) -> None:
    game = game_of(ENDED)
    assert game.over
    assert sorted(deaths(game)) == [
        (1, "dance"),
        (5, "dance"),
        (9, "werewolves"),
        (10, "werewolves"),
        (11, "werewolves"),
        (12, "werewolves"),
    ]
    words = load_catalogue(locale)
    said = [words.text(key, **params) for key, params in spoken_review(game, words.__contains__)]
    where = [said.index(line) for line in told]
    assert where == sorted(where), said
    dances = [line for line in said if line.startswith(("舞者让", "舞者讓"))]
    assert len(dances) == 3 and said.index(dances[0]) < where[0], said
