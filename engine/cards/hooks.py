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
        infects and whether the last dead names the first voter, each card in play answers in
        its own module (`registry.add_card`: Burial, Somnambulism, Radiant Sunday,
        Influences), as do the lovers' hate (April Fools: each lover votes for the other, and a
        lover's death parts them with no grief).
Rule 4: a verdict passes, in order, Heads or Tails' coin and the Pact with the Devil (not for an
        idiot, who lives anyway) before the hanging; Enthusiasm and Dissatisfaction wait on it.
"""

from __future__ import annotations

from engine.cards.moon import in_play, neighbours
from engine.cards.registry import rules_in_play
from engine.roles import Role
from engine.state import State, Step

VERDICT_CARDS = ("heads_or_tails", "pact_with_the_devil", "enthusiasm", "dissatisfaction")


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
    """Rule 3: whether tonight the werewolves' bite infects `victim` instead of killing."""
    if state.moon is None:
        return False
    return any(
        rules.infects is not None and rules.infects(state, played, victim)
        for rules, played in rules_in_play(state)
    )


def first_voter_named(state: State, step: Step) -> bool:
    """Rule 3: whether the last dead names who votes first, before the vote `step`."""
    if state.moon is None or step.args.get("influenced"):
        return False
    return any(rules.names_first_voter for rules, played in rules_in_play(state))


def lovers_vote_each_other(state: State) -> bool:
    """Rule 3: whether each lover votes for the other (and may) today."""
    return state.moon is not None and any(rules.lovers_hate for rules, played in rules_in_play(state))


def lovers_parted(state: State) -> bool:
    """Rule 3: whether a lover's death causes no grief and parts the lovers for good."""
    if not lovers_vote_each_other(state):
        return False
    assert state.moon is not None
    state.moon.lovers_parted = True
    return True


def on_death(state: State, seat: int, cause: str) -> None:
    """Rule 3: what the death of `seat` (of `cause`) does under the cards in play."""
    if state.moon is None:
        return
    for rules, played in rules_in_play(state):
        if rules.on_death is not None:
            rules.on_death(state, played, seat, cause)


def verdict_steps(state: State, seat: int) -> list[Step] | None:
    """Rule 4: the steps that carry out the verdict against `seat` under the cards in play (the
    coin, the pact, the hanging); None when no card has a say and the verdict is carried out
    at once."""
    if state.moon is None or not any(in_play(state, card) for card in VERDICT_CARDS):
        return None
    steps = []
    if in_play(state, "heads_or_tails"):
        steps.append(Step("coin", {"seat": seat}))
    player = state.player(seat)
    idiot = player.card == Role.IDIOT and not player.revealed_idiot and state.has_power(seat)
    if in_play(state, "pact_with_the_devil") and not idiot:
        steps.append(Step("pact", {"seat": seat}))
    return [*steps, Step("hang", {"seat": seat})]


def scapegoat_at_the_festival(state: State, scapegoat: int) -> str:
    """Rule 2: what the scapegoat does on the festival: "" (as usual), "neighbour_dies" (a tie
    sends his neighbours to a revote), "dies_for_neighbour" (he dies for a neighbour condemned;
    a tie does not kill him)."""
    if not scapegoat or not neighbours_only(state) or not state.has_power(scapegoat):
        return ""
    return state.rules.cards.harvest_scapegoat
