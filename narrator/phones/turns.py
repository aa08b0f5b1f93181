"""One seat's touch made into the engine's decision for the step it answers."""

from __future__ import annotations

from engine.decisions import (
    Accusation,
    AllyChoice,
    BadgeHandover,
    CupidChoice,
    Decision,
    FirstVoter,
    GhostAnswer,
    GhostQuestion,
    GuardChoice,
    HunterShot,
    MediumChoice,
    MoonSeerChoice,
    PactChoice,
    PiperChoice,
    ScapegoatChoice,
    SeerChoice,
    SelfDestruct,
    SpecterChoice,
    ThiefChoice,
    Vouch,
    WitchChoice,
)
from engine.events import Event
from engine.game import Game
from engine.state import IllegalDecision, Pending
from narrator.phones.messages import Act, Refusal

ONE_SEAT_STEPS: dict[str, type[GuardChoice | SeerChoice | HunterShot | MoonSeerChoice | Accusation]] = {
    "guard": GuardChoice,
    "seer": SeerChoice,
    "hunter": HunterShot,
    "moon_seer": MoonSeerChoice,
    "punishment": Accusation,
}
# The New Moon cards' steps where one seat names one seat, by the decision's field name.
NAMING_STEPS: dict[str, tuple[type[Decision], str]] = {
    "double_agent": (AllyChoice, "seat"),
    "specter": (SpecterChoice, "werewolf"),
    "medium": (MediumChoice, "medium"),
    "vouch": (Vouch, "seat"),
    "influences": (FirstVoter, "seat"),
}


def decision_of(pending: Pending, act: Act) -> Decision:
    """The decision `act` makes for the single-seat step `pending`.

    Only the shape is checked here (how many seats); the rules are the engine's to check.
    """
    step = pending.step
    targets = tuple(act.targets)
    if step == "thief":
        return ThiefChoice(take=act.take)
    if step == "witch":
        return WitchChoice(heal=act.heal, poison=_one(targets))
    if step in ONE_SEAT_STEPS:
        return ONE_SEAT_STEPS[step](target=_one(targets))
    if step in NAMING_STEPS:
        kind, field = NAMING_STEPS[step]
        return kind(**{field: _one(targets)})
    if step == "badge":
        return BadgeHandover(successor=_one(targets))
    if step == "question":
        return GhostQuestion(ask=act.ask, seats=targets)
    if step == "ghost":
        return GhostAnswer(yes=act.yes)
    if step == "pact":
        return PactChoice(pact=act.yes)
    if step == "cupid":
        if len(targets) != 2:
            raise Refusal("wrong_count", count=2)
        return CupidChoice(lovers=(targets[0], targets[1]))
    if step == "piper":
        if len(targets) != pending.count:
            raise Refusal("wrong_count", count=pending.count)
        return PiperChoice(charmed=targets)
    if step == "scapegoat":
        return ScapegoatChoice(voters=targets)
    raise Refusal("not_now")


def _one(targets: tuple[int, ...]) -> int:
    if len(targets) > 1:
        raise Refusal("wrong_count", count=1)
    return targets[0] if targets else 0


def self_destruct(game: Game, seat: int) -> tuple[SelfDestruct, list[Event]]:
    """The werewolf at `seat` self-destructs; `Refusal` when the rules do not allow it."""
    decision = SelfDestruct(seat=seat)
    try:
        events = game.apply(decision, by=seat)
    except IllegalDecision as error:
        code = "not_werewolf" if error.rule == "self_destruct_werewolf" else f"rule.{error.rule}"
        raise Refusal(code) from None
    return decision, events
