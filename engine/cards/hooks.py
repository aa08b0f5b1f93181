"""What the New Moon event cards change in the core's rules, asked by what the core needs to
know, never by a card's name: the night, the day and the deaths call these and know no card.

Rule 1: every hook answers as if no card were in play when the cards are off (`state.moon` is
        None), at the cost of one comparison.
Rule 2: the Harvest Festival (End of the Harvest's variant): by day and on the night after it
        is drawn, powers reach only a player's neighbours: the guard protects himself or a
        neighbour, the seer's check also tells of the target's neighbours, the witch's potion is
        rolled, the hunter shoots a neighbour; a tie with the scapegoat alive sends his
        neighbours to a revote, or he dies for a neighbour condemned (`harvest_scapegoat`).
Rule 3: what the death of a player does, what the table hears of a check, whether a bite
        infects (the card keeps the infection), which steps come before the vote, after a vote
        out and after deaths, each card in play answers in its own module
        (`registry.add_card`), as do the lovers' hate (each lover votes for the other, and a
        lover's death parts them with no grief).
Rule 4: a verdict passes the steps of the cards in play, in their rank, before the hanging
        (`registry.add_card(verdict_step=...)`); a card that waits on the hanging has a say too.
Rule 5: what the cards changed that outlasts them (a win, the public's and a seat's view, the
        replay summary) each card's module answers (`registry.add_lasting`).
"""

from __future__ import annotations

from typing import Any

from engine.cards.moon import neighbours
from engine.cards.registry import ranked_in_play, rules_in_play
from engine.outcome import WinReason
from engine.state import State, Step


def neighbours_only(state: State) -> bool:
    """Rule 2: whether powers reach only a player's neighbours today."""
    return state.moon is not None and _neighbours_only(state, tonight=False)


def neighbours_only_tonight(state: State) -> bool:
    """Rule 2: whether this is the Harvest Festival's night."""
    return state.moon is not None and _neighbours_only(state, tonight=True)


def _neighbours_only(state: State, *, tonight: bool) -> bool:
    return any(
        rules.neighbours_only is not None and rules.neighbours_only(state, played, tonight)
        for rules, played in rules_in_play(state)
    )


def within_reach(state: State, seat: int, targets: tuple[int, ...], *, tonight: bool) -> tuple[int, ...]:
    """`targets` that `seat`'s power reaches: all, or on the festival only `seat` and its
    neighbours (`tonight`: the night's powers, else the day's)."""
    if not (neighbours_only_tonight(state) if tonight else neighbours_only(state)):
        return targets
    near = {seat, *neighbours(state, seat)}
    return tuple(s for s in targets if s in near)


def checked_seats(state: State, target: int) -> list[int]:
    """The seats a check of `target` tells of: the target, and its neighbours on the festival."""
    return [target, *neighbours(state, target)] if neighbours_only_tonight(state) else [target]


def check_heard(state: State, results: list[str], result: str) -> None:
    """Rule 3: what the table hears of the seer's check (`result`, told in `results`)."""
    if state.moon is None:
        return
    for rules, played in rules_in_play(state):
        if rules.check_heard is not None:
            rules.check_heard(state, played, results, result)


def bite_infects(state: State, victim: int) -> bool:
    """Rule 3: whether tonight the werewolves' bite infects `victim` instead of killing (the
    card that infects keeps it)."""
    if state.moon is None:
        return False
    return any(
        rules.infects is not None and rules.infects(state, played, victim)
        for rules, played in rules_in_play(state)
    )


def before_vote(state: State, step: Step) -> list[Step]:
    """Rule 3: the steps the cards in play put before the vote `step` (none once asked)."""
    if state.moon is None or step.args.get("asked"):
        return []
    steps: list[Step] = []
    for rules, played in ranked_in_play(state, "before_vote"):
        if rules.before_vote is not None:
            steps.extend(rules.before_vote(state, played))
    return steps


def on_voted_out(state: State, seat: int) -> None:
    """Rule 3: what the cards in play do when `seat` is voted out (before he is told out)."""
    if state.moon is None:
        return
    for rules, played in rules_in_play(state):
        if rules.on_voted_out is not None:
            rules.on_voted_out(state, played, seat)


def death_steps(state: State, dead: list[int]) -> list[Step]:
    """Rule 3: the steps the cards in play add when the players `dead` die."""
    if state.moon is None:
        return []
    return [
        step
        for rules, played in rules_in_play(state)
        if rules.death_steps is not None
        for step in rules.death_steps(state, played, dead)
    ]


def after_last_words(state: State, name: str) -> bool:
    """Rule 3: whether a card's step `name`, added at a death, is heard after last words."""
    return name in state.catalogue.late_steps


def lovers_vote_each_other(state: State) -> bool:
    """Rule 3: whether each lover votes for the other (and may) today."""
    return state.moon is not None and any(rules.lovers_hate for rules, played in rules_in_play(state))


def lovers_parted(state: State) -> bool:
    """Rule 3: whether a lover's death causes no grief and parts the lovers for good."""
    return lovers_vote_each_other(state)


def on_death(state: State, seat: int, cause: str) -> None:
    """Rule 3: what the death of `seat` (of `cause`) does under the cards in play."""
    if state.moon is None:
        return
    for rules, played in rules_in_play(state):
        if rules.on_death is not None:
            rules.on_death(state, played, seat, cause)


def verdict_steps(state: State, seat: int) -> list[Step] | None:
    """Rule 4: the steps that carry out the verdict against `seat` under the cards in play (in
    their rank, then the hanging); None when no card has a say and the verdict is carried out
    at once."""
    if state.moon is None:
        return None
    saying = ranked_in_play(state, "verdict_step")
    if not saying:
        return None
    steps = []
    for rules, played in saying:
        step = rules.verdict_step(state, played, seat) if rules.verdict_step is not None else None
        if step is not None:
            steps.append(step)
    return [*steps, Step("hang", {"seat": seat})]


# Rule 5: what outlasts the cards


def card_wins(state: State, alive: list[int], side: list[int]) -> WinReason | None:
    """A werewolves' win a card makes (`side`: the werewolves' side among the living `alive`)."""
    for lasting in state.catalogue.lasting:
        if lasting.wins is not None:
            reason = lasting.wins(state, alive, side)
            if reason is not None:
                return reason
    return None


def public_view(state: State) -> dict[str, Any]:
    """What everyone sees of the cards' lasting changes (the cards on)."""
    seen: dict[str, Any] = {}
    for lasting in state.catalogue.lasting:
        if lasting.public_view is not None:
            seen.update(lasting.public_view(state))
    return seen


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """What `seat` alone is told of the cards' lasting changes (the cards on)."""
    told: dict[str, Any] = {}
    for lasting in state.catalogue.lasting:
        if lasting.seat_view is not None:
            told.update(lasting.seat_view(state, seat))
    return told


def summary(state: State) -> dict[str, Any]:
    """What a replay's summary says of the cards' lasting changes (the cards on)."""
    said: dict[str, Any] = {}
    for lasting in state.catalogue.lasting:
        if lasting.summary is not None:
            said.update(lasting.summary(state))
    return said


def scapegoat_at_the_festival(state: State, scapegoat: int) -> str:
    """Rule 2: what the scapegoat does on the festival: "" (as usual), "neighbour_dies" (a tie
    sends his neighbours to a revote), "dies_for_neighbour" (he dies for a neighbour condemned;
    a tie does not kill him)."""
    if not scapegoat or not neighbours_only(state) or not state.has_power(scapegoat):
        return ""
    return state.rules.cards.harvest_scapegoat
