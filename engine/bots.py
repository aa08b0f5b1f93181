"""Random legal decisions for any pending step: for playthrough tests, benchmarks and demos."""

from __future__ import annotations

import random

from engine.cards.deck import QUESTIONS
from engine.cards.draw import CHANCE_STEPS, chance_decision
from engine.cards.moon import in_play
from engine.decisions import (
    Accusation,
    AllyChoice,
    BadgeHandover,
    ChurchChoice,
    CupidChoice,
    DayVote,
    Decision,
    ExecutionerChoice,
    FirstVoter,
    FriendVotes,
    GhostAnswer,
    GhostQuestion,
    GuardChoice,
    HunterShot,
    MediumChoice,
    MoonSeerChoice,
    PactChoice,
    PiperChoice,
    Revote,
    RuleBreakers,
    ScapegoatChoice,
    SeerChoice,
    SelfDestruct,
    SheriffCandidacy,
    SheriffVote,
    SpecterChoice,
    ThiefChoice,
    Touch,
    Vouch,
    WerewolvesChoice,
    WitchChoice,
    Witnesses,
)
from engine.game import Game
from engine.state import Pending

VOTE_STEPS = {"sheriff_vote": SheriffVote, "vote": DayVote, "revote": Revote}


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
    return _choose_for_card(game, pending, rng)


def _choose_for_card(game: Game, pending: Pending, rng: random.Random) -> Decision:
    """A random legal decision for a step of the New Moon event cards."""
    step, targets = pending.step, pending.targets
    if step in CHANCE_STEPS:
        return chance_decision(pending)
    if step == "report":
        return RuleBreakers(seats=tuple(rng.sample(targets, min(len(targets), rng.randint(0, 2)))))
    if step == "witnesses":
        return Witnesses(seats=tuple(rng.sample(targets, min(len(targets), rng.randint(0, 3)))))
    if step == "question":
        ask = rng.choice(pending.info["questions"])
        return GhostQuestion(ask=ask, seats=tuple(rng.sample(targets, QUESTIONS[ask].seats)))
    if step == "ghost":
        truth = pending.info["truth"]
        return GhostAnswer(yes=rng.random() < 0.5 if truth is None else truth)
    if step == "distrust":
        friends = {}
        for voter in pending.seats:
            others = [t for t in targets if t != voter]
            friends[voter] = tuple(rng.sample(others, min(2, len(others))))
        return FriendVotes(friends=friends)
    if step in ("pact", "touch"):
        yes = rng.random() < (0.5 if step == "pact" else 0.8)
        return PactChoice(pact=yes) if step == "pact" else Touch(touched=yes)
    if step in ("moon_seer", "church"):
        target = _target(pending, rng)
        return MoonSeerChoice(target=target) if step == "moon_seer" else ChurchChoice(victim=target)
    if step == "executioner":
        return ExecutionerChoice(seat=_target(pending, rng))
    seat = rng.choice(targets)
    if step == "medium":
        return MediumChoice(medium=seat)
    if step == "punishment":
        return Accusation(target=seat)
    if step == "vouch":
        return Vouch(seat=seat)
    if step == "influences":
        return FirstVoter(seat=seat)
    if step == "specter":
        return SpecterChoice(werewolf=seat)
    if step == "double_agent":
        return AllyChoice(seat=seat)
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
    must = bool(pending.info.get("must_vote"))
    hate = pending.step != "sheriff_vote" and len(lovers) == 2 and in_play(game.state, "april_fools")
    votes = {}
    for voter in pending.seats:
        if not must and rng.random() < 0.1:
            continue
        partner = [t for t in lovers if t != voter and voter in lovers and t in pending.targets]
        if hate and partner:
            votes[voter] = partner[0]
            continue
        choices = [t for t in pending.targets if not (voter in lovers and t in lovers and t != voter) or hate]
        if choices:
            votes[voter] = rng.choice(choices)
    return VOTE_STEPS[pending.step](votes=votes)


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
    if step in VOTE_STEPS:
        if pending.info.get("must_vote"):
            return _votes(game, pending, random.Random(0))
        return VOTE_STEPS[step](votes={})
    single = {"guard": GuardChoice, "seer": SeerChoice, "hunter": HunterShot}
    if step in single:
        return single[step](target=0)
    if step == "werewolves":
        return WerewolvesChoice(victim=0)
    if step == "badge":
        return BadgeHandover(successor=0)
    if step in ("report", "witnesses"):
        return RuleBreakers(seats=()) if step == "report" else Witnesses(seats=())
    if step in ("pact", "touch"):
        return PactChoice(pact=False) if step == "pact" else Touch(touched=True)
    if step == "moon_seer":
        return MoonSeerChoice(target=0)
    if step == "church":
        return ChurchChoice(victim=0)
    return _choose_for_card(game, pending, random.Random(0))
