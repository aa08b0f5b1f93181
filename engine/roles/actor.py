"""The actor (演员, RULES-CHARACTERS.md's Actor): each night he may take one of his face-up cards
(`[setup] actor_cards`) and play it until the next night begins.

Rule 1: the judge says the face-up cards as the game opens (public: they lie on the table).
Rule 2: step 1b (seeds: after the thief): first a living actor who held a card since the last
        night is the actor again (`engine.fresh`: a card held fresh, lives as dealt); what
        outlasts his turn stays (a side, lovers, a charm, a rust, a revealed idiot).
Rule 3: then, alive and powerful, cards left, he takes one of the cards left or passes. Not
        powerful: the elder's curse; werewolf-side with `wolf_side_actor_powerless`. No card
        left: a plain villager. Otherwise his step is pretended on the same clock.
Rule 4: the card taken leaves the table for good; he holds it fresh (`hold_fresh`: its lives,
        its used powers back) until the next night begins: its steps that night, its day
        powers, its death effects. Only he is told at the step; in the morning the judge says
        which card left the table, never who took it.
Rule 5: every card's night steps are narrated every night its card is in the game (the deck
        holds the actor's cards: `Setup.deck`), whoever holds it, alive or not.
"""

from __future__ import annotations

from typing import Any

from engine.codecs import ShapeError
from engine.day import add_morning, add_opening
from engine.decisions import Decision
from engine.events import cue, private
from engine.fresh import hold_fresh
from engine.night import NightStep, add_late, add_night_step
from engine.nightstep import pending_for, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.seatviews import add_face_up
from engine.state import Pending, State, Step
from engine.steps import OFFERS_FACE_UP, Answer, Codec, Form, Kind, StepSpec, nobody, register, single

USED = "actor.used"
"""`state.memory`: the cards he took, in order (public: each was said in the morning)."""
HOLDING = "actor.holding"
"""`state.memory`: [seat, card] while the actor plays a card (Rule 2 gives the actor back)."""
TOOK = "actor.took"
"""`state.memory`: the card taken tonight, until the morning says it (Rule 4)."""


def cards_left(state: State) -> list[Role]:
    """The actor's face-up cards not taken yet, in their order (public)."""
    used = state.memory.get(USED, [])
    return [card for card in state.setup.actor_cards if card.value not in used]


def _on_the_table(state: State) -> list[str]:
    """The cards the table sees face up (public): the cards left and the one taken tonight,
    which leaves the table only when the morning says it (Rule 4: no phone sees it go at night)."""
    used, took = state.memory.get(USED, []), state.memory.get(TOOK)
    return [card.value for card in state.setup.actor_cards if card.value not in used or card.value == took]


def _powerful(state: State) -> bool:
    """Rule 3: cards left, no elder's curse, not werewolf-side under `wolf_side_actor_powerless`."""
    seat = state.seat_of(Role.ACTOR)
    wolf_side = bool(seat) and state.is_werewolf(seat) and state.rules.wolf_side_actor_powerless
    return not state.cursed and not wolf_side and bool(cards_left(state))


ROLE = declare(Role.ACTOR, god=True, power_left=_powerful)

ACTOR = "actor"
CUES = StepCues(ACTOR, wake="actor.wake", act="actor.act", sleep="actor.sleep")
CARDS, CARD, LEFT = "actor.cards", "actor.card", "actor.card_left"
add_cues(ROLE, {**CUES.keys(), CARDS: (), CARD: ("role",), LEFT: ("role",)})


class ActorTake(Decision, step=ACTOR):
    """The card the actor takes, by its name; "": none."""

    card: str


def _opening(state: State) -> None:
    """Rule 1."""
    if state.setup.actor_cards:
        state.emit(cue(CARDS), *(cue(CARD, role=card.value) for card in state.setup.actor_cards))


def _back(state: State) -> None:
    """Rule 2: the actor who played a card is the actor again, if still alive and holding it."""
    holding = state.memory.pop(HOLDING, None)
    if holding is not None:
        seat, card = holding
        if state.is_alive(seat) and state.player(seat).card.value == card:
            hold_fresh(state, seat, Role.ACTOR)


def begin_actor(state: State, step: Step) -> Pending | None:
    _back(state)
    seat = wake(state, CUES, Role.ACTOR)
    if not seat:
        return None
    cards = [card.value for card in cards_left(state)]
    info = {"cards": cards}
    return pending_for(
        state, ACTOR, [seat], targets=tuple(range(1, len(cards) + 1)), allow_none=True, info=info
    )


def check_actor(state: State, pending: Pending, decision: ActorTake) -> None:
    if decision.card and decision.card not in pending.info.get("cards", ()):
        left = ", ".join(pending.info.get("cards", ())) or "none"
        raise state.refuse("actor_card", f"{decision.card} is not one of the actor's cards left ({left})")


def resolve_actor(state: State, pending: Pending, decision: ActorTake) -> None:
    seat = pending.seats[0]
    if decision.card:
        card = Role(decision.card)
        state.memory[USED] = [*state.memory.get(USED, []), card.value]
        state.memory[HOLDING] = [seat, card.value]
        state.memory[TOOK] = card.value
        hold_fresh(state, seat, card)
    state.emit(private("actor.took", seat, card=decision.card))
    state.emit(cue(CUES.sleep))


def _morning(state: State) -> None:
    """Rule 4: the card that left the table tonight, never who took it."""
    took = state.memory.pop(TOOK, None)
    if took is not None:
        state.emit(cue(LEFT, role=took))


def _answer(pending: Pending, given: Answer) -> ActorTake:
    """Card `given.take` of the cards left (1, 2, …); 0: none. A number beyond them names no
    card of his (the check refuses it)."""
    cards = list(pending.info.get("cards", ()))
    if not given.take:
        return ActorTake(card="")
    return ActorTake(card=cards[given.take - 1] if 0 < given.take <= len(cards) else f"card {given.take}")


def _told(state: State, pending: Pending, decision: ActorTake) -> list[tuple[str, dict[str, Any]]]:
    return [("actor", {"role": decision.card})] if decision.card else [("actor_none", {})]


def _shape(value: object) -> None:
    if not isinstance(value, str):
        raise ShapeError('must be the name of one of the actor\'s cards, or "" for none')


def _read(value: Any, pending: Pending) -> ActorTake:
    return ActorTake(card=value)


def _write(made: ActorTake, pending: Pending, old: Any) -> str:
    return made.card


add_opening(ROLE, _opening)
add_late(ROLE)
add_face_up(ROLE, _on_the_table)
add_morning(ROLE, _morning)
add_night_step(ROLE, NightStep(ACTOR, Role.ACTOR, club=1.2, seeds=1.2))
register(
    ROLE,
    StepSpec(
        ACTOR,
        begin_actor,
        Kind.NIGHT,
        ActorTake,
        check_actor,
        resolve_actor,
        told=_told,
        form=Form.TAKE,
        answer=single(_answer),
        default=nobody(ActorTake, "card", ""),
        codecs=(Codec(ACTOR, Kind.NIGHT, _read, _write, _shape),),
        reveals=frozenset({"actor.took"}),
        cues=CUES,
        extra={OFFERS_FACE_UP: True},
    ),
)
