"""What the judge has said decides what the phones show (`narrator.phones.said`): the last
vote's count is shown from the judge's call until night falls, and not after."""

from __future__ import annotations

from narrator.phones.said import DAY_BREAKS, NIGHT_FALLS, Said


def test_the_days_count_leaves_the_phones_at_nightfall() -> None:
    said = Said()
    said.hear(NIGHT_FALLS, {"night": 1}, votes_cast=0)
    said.hear(DAY_BREAKS, {"day": 1}, votes_cast=0)
    said.hear("vote.start", {}, votes_cast=1)  # the sheriff's vote was counted before the day's call
    assert said.votes_from == 1  # the day's vote shows; the election's does not
    said.hear("vote.out", {"seat": 4}, votes_cast=2)
    assert said.votes_from == 1  # the count stays while the exiled speak
    said.hear(NIGHT_FALLS, {"night": 2}, votes_cast=2)
    assert said.votes_from == 2 and said.phase == "night 2"  # nothing of yesterday's count
