"""One seat's touch made into the engine's answer and decision for the step it answers."""

from __future__ import annotations

from engine.decisions import Decision, SelfDestruct
from engine.events import Event
from engine.game import Game
from engine.state import IllegalDecision
from engine.steps import Answer, Form, StepSpec
from narrator.phones.collector import refusal
from narrator.phones.messages import Act, Refusal


def answer_of(spec: StepSpec, act: Act) -> Answer:
    """What the touch `act` says, in the engine's words (`engine.steps.Answer`)."""
    yes = act.stand if spec.form == Form.STAND else act.yes
    return Answer(seats=tuple(act.targets), yes=yes, take=act.take, heal=act.heal, ask=act.ask)


def decision_of(game: Game, seat: int, act: Act) -> Decision:
    """The decision `act` makes for the one-seat step pending in `game`.

    Only the shape is checked here (how many seats); the rules are the engine's to check.
    """
    pending, spec = game.pending, game.spec
    assert pending is not None and spec is not None
    try:
        return game.answer({seat: answer_of(spec, act)})
    except IllegalDecision as error:
        raise refusal(error, pending) from None


def self_destruct(game: Game, seat: int) -> tuple[SelfDestruct, list[Event]]:
    """The werewolf at `seat` self-destructs; `Refusal` when the rules do not allow it."""
    decision = SelfDestruct(seat=seat)
    try:
        events = game.apply(decision, by=seat)
    except IllegalDecision as error:
        code = "not_werewolf" if error.rule == "self_destruct_werewolf" else f"rule.{error.rule}"
        raise Refusal(code) from None
    return decision, events
