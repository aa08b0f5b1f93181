"""The angel's day 0 and the prejudiced manipulator's groups through the real moderator: a demo
with bots on every seat says the groups and day 0 before the first night, holds day 0's election
and vote, and writes a record (day 0 first, the groups in [setup]) that replays to its end."""

from __future__ import annotations

from pathlib import Path

from engine.record import parse_record, replay, summary
from tests.moderator.test_demo import demo

CARDS = "angel,werewolf,seer,witch,prejudiced_manipulator,villager,werewolf,villager,hunter"


def test_a_demo_with_an_angel_holds_day_0_and_says_the_groups_before_the_first_night(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    result, printed = demo(tmp_path, "--seed", "5", "--setup", CARDS, "--record", str(record))
    said = printed.index
    assert said("偏见操纵者把全场分为两组") < said("甲组：") < said("现在是第0天") < said("天黑请闭眼")
    assert said("现在是第0天") < said("竞选警长") < said("天黑请闭眼")  # the election moved to day 0
    text = record.read_text()
    assert "groups = [" in text and text.index("[[day]]") < text.index("[[night]]")
    replayed = summary(replay(parse_record(text)))
    assert replayed["error"] is None
    assert (replayed["winner"], replayed["ended"]) == (result["winner"], result["ended"])
    assert replayed["deaths"][0]["phase"] == "day 0"
