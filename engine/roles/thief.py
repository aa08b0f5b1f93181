"""The thief (盗贼): on the first night, takes one of the two cards left face down, or keeps his own
(not when both are wolf-team cards, or `thief_must_take`; with `thief_must_take = "wolf_card"`
the wolf-team card when one lies there, RULES-CLUB-MORE.md)."""

from __future__ import annotations

from typing import Any

from engine.codecs import field_codec, shape_seat
from engine.decisions import Decision
from engine.events import cue, private
from engine.fresh import first_night_for
from engine.night import NightStep, add_night_step
from engine.nightstep import (
    pending_for,
    pretend,
)
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, register, single

THIEF = "thief"
CUES = StepCues(THIEF, wake="thief.wake", act="thief.act", sleep="thief.sleep")
MUST_TAKE = "thief.act_take"
"""The act line where the rules make him take a card (`thief_must_take`)."""


class ThiefChoice(Decision, step=THIEF):
    """Take extra card 1 or 2, or keep the thief card (0)."""

    take: int


def dealt_thief(state: State) -> int:
    """The seat dealt the thief card (0: none dealt), whatever it took since."""
    roles = state.setup.roles
    return roles.index(Role.THIEF) + 1 if Role.THIEF in roles else 0


def taker(state: State) -> int:
    """Who takes a face-down card tonight (0: nobody): on night 1 the seat dealt the thief card;
    on a later night a devoted servant who took a dead thief's card since (his untaken cards are
    hers, RULES-CHARACTERS.md: `fresh.first_night_for`)."""
    if state.night == 1:
        return dealt_thief(state)
    holders = [p.seat for p in state.players if p.alive and p.card == Role.THIEF]
    return next((seat for seat in holders if first_night_for(state, seat)), 0)


def begin_thief(state: State, step: Step) -> Pending | None:
    # the rule is public: where he must take a card the judge says so (a pretended step too)
    state.emit(cue(CUES.wake), cue(MUST_TAKE if state.rules.thief_must_take is not False else CUES.act))
    seat = taker(state)
    if not seat or not state.is_alive(seat) or not takeable(state):  # dead: voted out on day 0
        pretend(state, CUES)
        return None
    cards = [c.value for c in state.extra_cards]
    takes = takeable(state)
    must = state.rules.thief_must_take is not False or len(wolf_cards(state)) == 2
    state.emit(private("thief.cards", seat, cards=cards, must_take=must))
    info = {"cards": cards, "must_take": must, **({"take": takes[0]} if len(takes) == 1 else {})}
    return pending_for(state, THIEF, [seat], targets=takes, allow_none=not must, info=info)


def wolf_cards(state: State) -> tuple[int, ...]:
    """The face-down cards (1, 2) that are wolf-team cards."""
    return tuple(n for n, card in enumerate(state.extra_cards, 1) if card in state.catalogue.wolf_team)


def takeable(state: State) -> tuple[int, ...]:
    """The face-down cards (1, 2) the thief may take: both, unless exactly one is a wolf-team
    card and the rules say `thief_must_take = "wolf_card"` (then that one). Two wolf-team cards
    force a take of either under every value (`begin_thief`)."""
    wolves = wolf_cards(state)
    if state.rules.thief_must_take == "wolf_card" and len(wolves) == 1:
        return wolves
    return tuple(n for n, card in enumerate(state.extra_cards, 1) if card != Role.THIEF)  # not one taken


def check_thief(state: State, pending: Pending, decision: ThiefChoice) -> None:
    take = decision.take
    if take not in (0, 1, 2):
        raise state.refuse("thief_card", f"the thief takes card 1 or 2, or keeps (0), not {take}")
    if take == 0 and not pending.allow_none:
        why = "the rules say so" if state.rules.thief_must_take else "both extra cards are wolf-team cards"
        raise state.refuse("thief_must_take", f"the thief must take a card: {why}")
    if take and take not in pending.targets:
        wolf = pending.targets[0]
        raise state.refuse(
            "thief_wolf_card", f"the thief must take the wolf-team card, card {wolf}, not card {take}"
        )


def resolve_thief(state: State, pending: Pending, decision: ThiefChoice) -> None:
    take = decision.take
    seat = pending.seats[0]
    if take:
        card = state.extra_cards[take - 1]
        state.extra_cards[take - 1] = Role.THIEF
        player = state.player(seat)
        player.card = card
        player.lives = state.catalogue.lives.get(card, 1)
    state.emit(private("thief.took", seat, card=state.player(seat).card.value, take=take))
    state.emit(cue(CUES.sleep))


def _told_thief(state: State, pending: Pending, decision: ThiefChoice) -> list[tuple[str, dict[str, Any]]]:
    cards = list(pending.info.get("cards", []))
    if decision.take and len(cards) >= decision.take:
        return [("thief", {"role": cards[decision.take - 1]})]
    return [("thief_kept", {})]


ROLE = declare(Role.THIEF, plain=True, power_left=lambda state: False)  # the card itself has no power

add_cues(ROLE, {**CUES.keys(), MUST_TAKE: ()})
add_night_step(ROLE, NightStep(THIEF, Role.THIEF, club=1, seeds=1, first_night_only=True, late=True))
register(
    ROLE,
    StepSpec(
        THIEF,
        begin_thief,
        Kind.NIGHT,
        ThiefChoice,
        check_thief,
        resolve_thief,
        told=_told_thief,
        form=Form.TAKE,
        answer=single(lambda pending, given: ThiefChoice(take=given.take)),
        default=lambda state, pending: ThiefChoice(take=0 if pending.allow_none else pending.targets[0]),
        codecs=(field_codec(THIEF, Kind.NIGHT, ThiefChoice, "take", shape_seat),),
        reveals=frozenset({"thief.took"}),
        cues=CUES,
    ),
)
