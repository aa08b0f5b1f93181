"""The club day's lasting facts (RULES-CLUB.md, Day steps 1–3): who stood, who withdrew, the
blows in the election, and whether day 2 resumes day 1's election."""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules import Rules


def club_day(rules: Rules) -> bool:
    """Whether the day follows RULES-CLUB.md's club procedure (上警, 退水, PK, 警左/警右, the
    self-destruct in the election): the tables that play `night_order = "club"` (the
    `chinese-club` preset); every other table keeps RULES.md's day."""
    return rules.night_order == "club"


@dataclass(slots=True)
class Election:
    """The club election as it stands (`State.election`)."""

    stood: tuple[int, ...] = ()
    """Who stood on day 1 (上警), withdrawn included: they never vote in the election."""
    order: tuple[int, ...] = ()
    """The candidates in the order they spoke (警上发言); a PK speaks in reverse."""
    withdrawn: tuple[int, ...] = ()
    """The candidates who withdrew (退水): neither elected nor voting."""
    blows: int = 0
    """Self-destructs during the election so far (`badge_swallow`)."""
    resumed: bool = False
    """Day 2 resumes day 1's election (双爆吞警徽: the first blow), straight to 退水."""
