"""`narrator demo` under the chinese-club preset: the club day narrated (上警, 退水, 警下投票, PK,
the blows in the election) in a whole game to a winner whose record replays to it."""

from __future__ import annotations

from pathlib import Path

from engine.record import parse_record, replay, summary
from tests.moderator.test_demo import demo

STANDARD_12 = (
    "werewolf,werewolf,werewolf,werewolf,seer,witch,hunter,idiot,villager,villager,villager,villager"
)


def club_demo(tmp_path: Path, seed: int, *more: str) -> tuple[dict[str, object], str, Path]:
    record = tmp_path / "game.toml"
    args = ("--seed", str(seed), "--preset", "chinese-club", "--setup", STANDARD_12, "--silent")
    result, printed = demo(tmp_path, *args, "--record", str(record), *more)
    return result, printed, record


def test_a_club_demo_holds_the_club_election_and_replays_to_its_winner(tmp_path: Path) -> None:
    result, printed, record = club_demo(tmp_path, 6)
    replayed = summary(replay(parse_record(record.read_text())))
    assert replayed["error"] is None
    assert (replayed["winner"], replayed["ended"]) == (result["winner"], result["ended"])
    for line in ("警上发言从", "要退水的候选人", "现在警下投票", "进入PK", "发表遗言"):
        assert line in printed, line
    assert printed.index("想上警的玩家") < printed.index("昨晚死亡的是"), "the election before the deaths"
    assert "的身份是" not in printed, "cards are not shown on death (reveal_on_death = false)"
    assert "号是狼人。" in printed[printed.index("下面开始复盘") :], "the review shows every card"


def test_a_club_demo_with_blows_in_the_election_replays_to_its_winner(tmp_path: Path) -> None:
    result, printed, record = club_demo(
        tmp_path, 3, "--self-destruct", "0.3"
    )  # every bot may press an action (one draw a moment, from the seed: the same game on any machine)
    replayed = summary(replay(parse_record(record.read_text())))
    assert replayed["error"] is None
    assert (replayed["winner"], replayed["ended"]) == (result["winner"], result["ended"])
    assert "在警长竞选中自爆" in printed and "警徽流到明天" in printed and "警徽被吞" in printed
    blow = printed.index("在警长竞选中自爆")
    after = printed[blow : printed.index("天黑请闭眼", blow)]
    assert "时间到" in after[after.index("发表遗言") :], "the blow stopped the speeches, not the last words"
