"""Random legal decisions for any pending step: for playthrough tests, benchmarks and demos.

A bot answers in the step's form (`engine.steps.Form`), as a phone would, and keeps an answer
only when the game would accept it (`Game.check`); each seat of a shared step answers in turn.
"""

from __future__ import annotations

import random

from engine.cards.deck import QUESTIONS
from engine.decisions import Decision
from engine.game import Game
from engine.state import IllegalDecision, Pending
from engine.steps import Answer, Form, Kind, Share, StepSpec

TRIES = 12
"""Random answers tried for one seat before it keeps the quiet one."""


def random_decision(game: Game, rng: random.Random, self_destruct: float = 0.03) -> Decision:
    """A legal decision for `game.pending`, drawn with `rng` (a werewolf may self-destruct)."""
    pending, spec = game.pending, game.spec
    assert pending is not None and spec is not None, "the game waits for nothing"
    if rng.random() < self_destruct and game.actions_offered():
        seats = game.alive()
        rng.shuffle(seats)
        for seat in seats:
            actions = game.actions(seat)
            if actions:
                return rng.choice(actions)
    if spec.kind == Kind.CHANCE:
        drawn: Decision | None = game.catalogue.codecs[pending.key].read(pending.info["drawn"], pending)
        assert drawn is not None
        return drawn
    if spec.share == Share.ONE:
        seat = pending.seats[0]
        for _ in range(TRIES):
            decision = _legal(game, {seat: random_answer(spec, pending, rng)})
            if decision is not None:
                return decision
        return game.default()
    if spec.share in (Share.AGREE, Share.ANY):
        # The pack talks it over: one answer, given by every werewolf.
        for _ in range(TRIES):
            decision = _legal(game, dict.fromkeys(game.owed(), random_answer(spec, pending, rng)))
            if decision is not None:
                return decision
        return game.default()
    parts: dict[int, Answer] = {}
    for seat in game.owed():
        for _ in range(TRIES):
            given = random_answer(spec, pending, rng, shared=True)
            if _part_legal(game, seat, given):
                parts[seat] = given
                break
    decision = game.combine(parts)
    return decision if game.is_legal(decision) else game.default()


def _part_legal(game: Game, seat: int, given: Answer) -> bool:
    try:
        game.check(game.part(seat, given))
    except IllegalDecision:
        return False
    return True


def _legal(game: Game, parts: dict[int, Answer]) -> Decision | None:
    """The decision `parts` make (the rest filled in as when the clock closes the step), when
    it is well formed and legal now."""
    try:
        decision = game.combine(parts)
        game.check(decision)
    except IllegalDecision:
        return None
    return decision


def random_answer(spec: StepSpec, pending: Pending, rng: random.Random, *, shared: bool = False) -> Answer:
    """A random answer in the step's form (not always legal: the caller checks it)."""
    targets = list(pending.targets)
    form = spec.form
    if form == Form.TAKE:
        cards = range(1, len(pending.info.get("cards", (1, 2))) + 1)  # the thief's two, the actor's left
        return Answer(take=rng.choice([*cards] + ([0] if pending.allow_none else [])))
    if form == Form.POTIONS:
        heal = bool(pending.info.get("can_heal")) and rng.random() < 0.5
        poison = (
            rng.choice(targets) if pending.info.get("can_poison") and targets and rng.random() < 0.25 else 0
        )
        return Answer(heal=heal, seats=(poison,) if poison else ())
    if form == Form.NOTICE:
        rng.random()  # drawn as when the step was a yes or no, so a seed plays the game it did
        return Answer()
    if form in (Form.YES_NO, Form.STAND):
        truth = pending.info.get("truth")
        if isinstance(truth, bool):
            return Answer(yes=truth)
        return Answer(yes=rng.random() < (0.25 if spec.share == Share.STAND else 0.7))
    if form == Form.QUESTION:
        ask = rng.choice(pending.info["questions"])
        return Answer(ask=ask, seats=tuple(rng.sample(targets, QUESTIONS[ask].seats)))
    if form == Form.LIST:
        return Answer(seats=tuple(rng.sample(targets, rng.randint(0, min(3, len(targets))))))
    none = 0.1 if shared or pending.allow_none else 0.0
    if spec.share == Share.AGREE:
        none = 0.05
    if not targets or rng.random() < none:
        return Answer()
    count = 2 if spec.share == Share.FRIENDS else pending.count
    if "up_to" in pending.info:
        count = rng.randint(1, count)
    return Answer(seats=tuple(rng.sample(targets, min(count, len(targets)))))


def play_random_game(game: Game, rng: random.Random, max_decisions: int = 2000) -> Game:
    """Play `game` to its end with random legal decisions."""
    for _ in range(max_decisions):
        if game.over or game.pending is None:
            return game
        game.apply(random_decision(game, rng))
    raise AssertionError("a random game did not end")
