"""The spoken review (复盘) of 纯白夜影 tells each check with the card found and, from night 2, the
death it caused, in the judge's words (zh-CN and zh-TW)."""

from __future__ import annotations

import pytest

from narrator.moderator.review import spoken_review
from narrator.voice.catalogue import load_catalogue
from tests.engine.harness import game_of
from tests.engine.test_pure_white import last_wolf_and_last_gods


@pytest.mark.parametrize(
    ("locale", "told"),
    [
        (
            "zh-CN",
            [
                "纯白之女查验了3号，是狼人。",
                "3号被纯白之女查验出局。",
                "狼巫查验了8号，是纯白之女。",
                "8号被狼巫查验出局。",
            ],
        ),
        (
            "zh-TW",
            [
                "純白之女查驗了3號，是狼人。",
                "3號被純白之女查驗出局。",
                "狼巫查驗了8號，是純白之女。",
                "8號被狼巫查驗出局。",
            ],
        ),
    ],
)
def test_the_review_tells_each_check_and_the_death_it_caused(locale: str, told: list[str]) -> None:
    # night 2 the pure white checks wolf 3 to death; night 3 she and the wolf witch check each other
    game = game_of(last_wolf_and_last_gods("werewolves"))
    assert game.over
    words = load_catalogue(locale)
    said = [words.text(key, **params) for key, params in spoken_review(game, words.__contains__)]
    killed_3, found_8, killed_8 = (said.index(line) for line in told[1:])
    assert said[killed_3 - 1] == told[0] and said[killed_8 - 1] == told[2], said
    assert killed_3 < found_8
