"""The limits the event cards put on the ordinary decisions (votes, the werewolves' victim, the
guard, the hunter, the witch): each check raises `IllegalDecision` naming the card's rule, and
none applies when no card is in play."""

from __future__ import annotations

from engine.cards import hooks
from engine.cards.moon import away
from engine.cards.nightsteps import shield
from engine.state import Pending, State


def check_vote(state: State, pending: Pending, voter: int, target: int) -> None:
    """Nobody votes for a player who is away; on April Fools' day a lover votes for the other."""
    if state.moon is None:
        return
    if target and target in away(state):
        raise state.refuse("away_target", f"seat {target} is away: nobody votes for them")
    if state.lovers and voter in state.lovers and hooks.lovers_vote_each_other(state):
        a, b = state.lovers
        partner = b if a == voter else a
        if partner in pending.targets and target != partner:
            raise state.refuse("lovers_hate", "on April Fools' day each lover votes for the other")


def check_votes(state: State, pending: Pending, votes: dict[int, int]) -> None:
    """In the Nightmare every voter accuses someone."""
    if pending.info.get("must_vote"):
        silent = [s for s in pending.seats if not votes.get(s)]
        if silent:
            raise state.refuse("nightmare_accuse", f"in the Nightmare everyone accuses: {silent}")


def check_prey(state: State, pending: Pending, victim: int) -> None:
    """The werewolves eat only those the cards leave them (not those away, a neighbour at the
    Harvest Festival, one sheltering with them in the Flood) and a card's shield allows (the
    wolf beauty, the spirit knight, the nightmare's night)."""
    refusal = shield(state, victim) if victim else None
    if refusal is not None:
        raise refusal
    if state.moon is None:
        return
    if victim and victim not in pending.targets:
        raise state.refuse("werewolves_prey", f"seat {victim} cannot be eaten tonight")


def check_guard(state: State, pending: Pending, target: int) -> None:
    if state.moon is None:
        return
    if target and target not in pending.targets:
        raise state.refuse(
            "guard_neighbour", "at the Harvest Festival the guard protects himself or a neighbour"
        )


def check_hunter(state: State, pending: Pending, target: int) -> None:
    if state.moon is None:
        return
    if target and target not in pending.targets:
        raise state.refuse("hunter_neighbour", "at the Harvest Festival the hunter shoots a neighbour")


def check_potions(state: State, heal: bool, poison: int) -> None:
    if heal and poison and hooks.neighbours_only_tonight(state):
        raise state.refuse("harvest_one_potion", "at the Harvest Festival the witch uses one potion")
