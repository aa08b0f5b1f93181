"""Gone Hunting (狩猎): the men are away by day and by night, this round; with `gone_hunting =
"no_kill"` [001] a werewolf away means the pack eats nobody that night."""

from __future__ import annotations

from engine.cards.away_cards import of_gender, send_away
from engine.cards.moon import InPlay, night_after
from engine.cards.registry import CardRules, add_card
from engine.contents import Contents
from engine.state import State

CARD = Contents("gone_hunting")


def hunt(state: State, played: InPlay) -> None:
    send_away(state, played, of_gender(state, "male"), "away.hunting")


def hunting_pack(state: State, played: InPlay, wolves: list[int]) -> list[int]:
    """`no_kill`, on night D+1: no pack at all when a werewolf is away hunting."""
    if night_after(state, played) and state.rules.cards.gone_hunting == "no_kill":
        if len(wolves) < len(state.living_werewolves()):
            return []
    return wolves


# Its pack first: it counts the werewolves away before any other card changes the pack.
add_card(
    CARD, CardRules("gone_hunting", effect=hunt, away=lambda state, played: True, rank=1, pack=hunting_pack)
)
