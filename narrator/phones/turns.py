"""One seat's touch made into the engine's answer and decision for the step it answers."""

from __future__ import annotations

from engine.decisions import Decision
from engine.game import Game
from engine.state import IllegalDecision
from engine.steps import Answer, DayAction, Form, StepSpec
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


def day_action(game: Game, action: DayAction, seat: int, target: int | None) -> Decision:
    """The decision of seat `seat` taking the day action `action` (naming `target` when its
    form asks for a seat), checked, not applied; `Refusal` when the rules do not allow it."""
    if action.form == Form.SEATS and target is None:
        raise Refusal("wrong_count", count=1)
    try:
        decision = _made(action, seat, target)
        game.check(decision, by=seat)
    except IllegalDecision as error:
        raise _refused(error) from None
    return decision


def not_offered(game: Game, action: DayAction, seat: int, target: int | None) -> Refusal:
    """Why `seat` may not take `action`, which the phones do not show now: the rule the
    engine names, or "not_now" while the narration has not caught up with the game."""
    try:
        game.check(_made(action, seat, target), by=seat)
    except IllegalDecision as error:
        return _refused(error)
    return Refusal("not_now")


def _made(action: DayAction, seat: int, target: int | None) -> Decision:
    return action.make(seat, Answer(seats=(target,) if target is not None else ()))


def _refused(error: IllegalDecision) -> Refusal:
    return Refusal("not_werewolf" if error.rule == "self_destruct_werewolf" else f"rule.{error.rule}")
