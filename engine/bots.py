"""Random legal decisions for any pending step: for playthrough tests, benchmarks and demos."""

from __future__ import annotations

import random

from engine.decisions import (
    BadgeHandover,
    CupidChoice,
    DayVote,
    Decision,
    GuardChoice,
    HunterShot,
    PiperChoice,
    Revote,
    ScapegoatChoice,
    SeerChoice,
    SelfDestruct,
    SheriffCandidacy,
    SheriffVote,
    ThiefChoice,
    WerewolvesChoice,
    WitchChoice,
)
from engine.game import Game
from engine.state import Pending


def random_decision(game: Game, rng: random.Random, self_destruct: float = 0.03) -> Decision:
    """A legal decision for `game.pending`, drawn with `rng` (a werewolf may self-destruct)."""
    pending = game.pending
    assert pending is not None, "the game waits for nothing"
    wolves = game.state.living_werewolves()
    if wolves and rng.random() < self_destruct:
        seat = rng.choice(wolves)
        if game.can_self_destruct(seat):
            return SelfDestruct(seat=seat)
    return _choose(game, pending, rng)


def _target(pending: Pending, rng: random.Random, none_weight: float = 0.1) -> int:
    if pending.allow_none and (not pending.targets or rng.random() < none_weight):
        return 0
    return rng.choice(pending.targets)


def _choose(game: Game, pending: Pending, rng: random.Random) -> Decision:
    step = pending.step
    if step == "thief":
        options = [1, 2] + ([0] if pending.allow_none else [])
        return ThiefChoice(take=rng.choice(options))
    if step == "cupid":
        a, b = rng.sample(pending.targets, 2)
        return CupidChoice(lovers=(a, b))
    if step == "guard":
        return GuardChoice(target=_target(pending, rng))
    if step == "seer":
        return SeerChoice(target=_target(pending, rng))
    if step == "werewolves":
        return WerewolvesChoice(victim=_target(pending, rng, 0.05))
    if step == "witch":
        return _witch(game, pending, rng)
    if step == "piper":
        return PiperChoice(charmed=tuple(rng.sample(pending.targets, pending.count)))
    if step == "sheriff_candidacy":
        k = rng.randint(0, min(3, len(pending.targets)))
        return SheriffCandidacy(candidates=tuple(rng.sample(pending.targets, k)))
    if step in ("sheriff_vote", "vote", "revote"):
        return _votes(game, pending, rng)
    if step == "hunter":
        return HunterShot(target=_target(pending, rng, 0.2))
    if step == "badge":
        return BadgeHandover(successor=_target(pending, rng, 0.2))
    if step == "scapegoat":
        k = rng.randint(0, len(pending.targets))
        return ScapegoatChoice(voters=tuple(rng.sample(pending.targets, k)))
    raise AssertionError(f"no bot for step {step}")


def _witch(game: Game, pending: Pending, rng: random.Random) -> WitchChoice:
    heal = bool(pending.info["can_heal"]) and rng.random() < 0.5
    poison = 0
    if pending.info["can_poison"] and rng.random() < 0.25:
        both = game.rules.witch_both_same_night and not (
            game.rules.witch_potions == "one_below_10" and game.setup.seats < 10
        )
        if not heal or both:
            poison = rng.choice(pending.targets)
    return WitchChoice(heal=heal, poison=poison)


def _votes(game: Game, pending: Pending, rng: random.Random) -> Decision:
    lovers = game.state.lovers or ()
    votes = {}
    for voter in pending.seats:
        if rng.random() < 0.1:
            continue
        choices = [
            t for t in pending.targets
            if not (voter in lovers and t in lovers and t != voter)
        ]
        if choices:
            votes[voter] = rng.choice(choices)
    kind = {"sheriff_vote": SheriffVote, "vote": DayVote, "revote": Revote}[pending.step]
    return kind(votes=votes)


def play_random_game(game: Game, rng: random.Random, max_decisions: int = 2000) -> Game:
    """Play `game` to its end with random legal decisions."""
    for _ in range(max_decisions):
        if game.over or game.pending is None:
            return game
        game.apply(random_decision(game, rng))
    raise AssertionError("a random game did not end")


def quiet_decision(game: Game) -> Decision:
    """The quietest legal decision: pass, abstain or keep wherever allowed, else the first
    legal choice. For a rehearsal, where nothing is decided."""
    pending = game.pending
    assert pending is not None, "the game waits for nothing"
    step = pending.step
    first = pending.targets[: pending.count]
    if step == "thief":
        return ThiefChoice(take=0 if pending.allow_none else 1)
    if step == "cupid":
        return CupidChoice(lovers=(first[0], first[1]))
    if step == "piper":
        return PiperChoice(charmed=tuple(first))
    if step == "witch":
        return WitchChoice()
    if step == "sheriff_candidacy":
        return SheriffCandidacy(candidates=())
    if step == "scapegoat":
        return ScapegoatChoice(voters=())
    if step in ("sheriff_vote", "vote", "revote"):
        kind = {"sheriff_vote": SheriffVote, "vote": DayVote, "revote": Revote}[step]
        return kind(votes={})
    single = {"guard": GuardChoice, "seer": SeerChoice, "hunter": HunterShot}
    if step in single:
        return single[step](target=0)
    if step == "werewolves":
        return WerewolvesChoice(victim=0)
    if step == "badge":
        return BadgeHandover(successor=0)
    raise AssertionError(f"no quiet decision for step {step}")
