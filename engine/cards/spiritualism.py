"""Spiritualism (通灵): the player left of the last dead names the medium (`three_questions`), who
puts one of the card's questions to the ghost (the first werewolf victim still dead), about
none, one or two players; the ghost answers yes or no, truly when the box knows the truth."""

from __future__ import annotations

from typing import Any

from engine.cards.deck import QUESTIONS, SPIRIT_QUESTIONS_000, SPIRIT_QUESTIONS_001, SPIRITUALISM
from engine.cards.moon import InPlay, last_dead, left_of, moon_of
from engine.cards.registry import CardRules, add_card
from engine.cards.spirits import truth
from engine.codecs import ShapeError, field_codec, shape_bool, shape_seat, shape_seats
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import Event, cue
from engine.script import QUESTION_LINES
from engine.state import Pending, State, Step, living
from engine.steps import Codec, Form, Kind, StepSpec, first_target, register, seat_answer, single

CARD = Contents("spiritualism")


class MediumChoice(Decision, step="medium"):
    """Spiritualism (`three_questions`): the player left of the last dead names the medium."""

    medium: int


class GhostQuestion(Decision, step="question"):
    """Spiritualism: the medium's question, and the seats it points at (none, one or two)."""

    ask: str
    seats: tuple[int, ...] = ()


class GhostAnswer(Decision, step="ghost"):
    """Spiritualism: the ghost's yes or no (it must be true when the box knows the truth)."""

    yes: bool


def ghost_seat(state: State) -> int:
    """Spiritualism's ghost: the first werewolf victim who is still dead."""
    for death in state.deaths:
        if death.cause == "werewolves" and not state.is_alive(death.seat):
            return death.seat
    return 0


def _spirit_card(state: State) -> str:
    moon = moon_of(state)
    return next(p.card for p in reversed(moon.in_play) if p.card.startswith("spiritualism"))


def begin_medium(state: State, step: Step) -> Pending:
    chooser = left_of(state, last_dead(state))
    state.emit(cue("spiritualism.choose_medium", seat=chooser))
    return Pending(state.phase, "medium", "medium", (chooser,), tuple(state.alive()))


def check_medium(state: State, pending: Pending, decision: MediumChoice) -> None:
    living(state, decision.medium, "dead_medium", "medium")


def resolve_medium(state: State, pending: Pending, decision: MediumChoice) -> None:
    state.agenda[0] = Step("question", {**state.agenda[0].args, "medium": decision.medium})


def begin_question(state: State, step: Step) -> Pending:
    medium = step.args.get("medium") or left_of(state, last_dead(state))
    card = _spirit_card(state)
    four = state.rules.cards.spiritualism == "four_questions"
    table = SPIRIT_QUESTIONS_000 if four else SPIRIT_QUESTIONS_001
    ghost = ghost_seat(state)
    state.emit(cue("spiritualism.medium", seat=medium, target=ghost))
    return Pending(
        state.phase,
        "question",
        "question",
        (medium,),
        tuple(state.alive()),
        allow_none=True,
        count=2,
        info={"questions": list(table[card]), "ghost": ghost},
    )


def check_question(state: State, pending: Pending, decision: GhostQuestion) -> None:
    ask, seats = decision.ask, decision.seats
    if ask not in pending.info["questions"]:
        raise state.refuse("not_on_the_card", f"{ask!r} is not a question of this card")
    wanted = QUESTIONS[ask].seats
    if len(seats) != wanted or len(set(seats)) != len(seats):
        raise state.refuse("question_seats", f"{ask!r} points at {wanted} different player(s)")
    for seat in seats:
        living(state, seat, "dead_player_pointed_at", "player pointed at")


def resolve_question(state: State, pending: Pending, decision: GhostQuestion) -> None:
    ask, seats = decision.ask, decision.seats
    wanted, line = QUESTIONS[ask].seats, QUESTION_LINES[ask]
    if wanted == 1:
        state.emit(cue(line, seat=seats[0]))
    elif wanted == 2:
        state.emit(cue(line, seats=list(seats)))
    else:
        state.emit(cue(line))
    state.push(Step("ghost", {"ask": ask, "seats": seats, "medium": pending.seats[0]}))


def begin_ghost(state: State, step: Step) -> Pending:
    ghost = ghost_seat(state)
    answer = truth(state, step.args["ask"], step.args["medium"], step.args["seats"])
    state.emit(cue("spiritualism.ghost", seat=ghost))
    return Pending(
        state.phase,
        "ghost",
        "ghost",
        (ghost,),
        info={"question": step.args["ask"], "seats": list(step.args["seats"]), "truth": answer},
    )


def check_ghost(state: State, pending: Pending, decision: GhostAnswer) -> None:
    known = pending.info["truth"]
    if known is not None and decision.yes != known:
        raise state.refuse("ghost_tells_the_truth", "the ghost may only answer truly")


def resolve_ghost(state: State, pending: Pending, decision: GhostAnswer) -> None:
    state.emit(cue("spiritualism.yes" if decision.yes else "spiritualism.no"))
    state.emit(
        Event(
            "ghost.answer",
            {"question": pending.info["question"], "seats": pending.info["seats"], "yes": decision.yes},
        )
    )


def _quiet_question(state: State, pending: Pending) -> Decision:
    ask = pending.info["questions"][0]
    return GhostQuestion(ask=ask, seats=pending.targets[: QUESTIONS[ask].seats])


def _question_codec() -> Codec[GhostQuestion]:
    def shape(value: object) -> None:
        if isinstance(value, dict):
            if set(value) - {"ask", "seats"} or not isinstance(value.get("ask"), str):
                raise ShapeError("must be a name or { ask, seats }")
            shape_seats()(value.get("seats", []))
        elif not isinstance(value, str):
            raise ShapeError("must be a name or { ask, seats }")

    def read(value: Any, pending: Pending) -> GhostQuestion:
        if isinstance(value, str):
            return GhostQuestion(ask=value)
        return GhostQuestion(ask=value["ask"], seats=tuple(value.get("seats", [])))

    def write(made: GhostQuestion, pending: Pending, old: Any) -> Any:
        return {"ask": made.ask, "seats": list(made.seats)}

    return Codec("question", Kind.DAY, read, write, shape)


register(
    CARD,
    StepSpec(
        "medium",
        begin_medium,
        Kind.DAY,
        MediumChoice,
        check_medium,
        resolve_medium,
        form=Form.SEATS,
        answer=seat_answer(MediumChoice, "medium"),
        default=first_target(MediumChoice, "medium"),
        codecs=(field_codec("medium", Kind.DAY, MediumChoice, "medium", shape_seat),),
    ),
    StepSpec(
        "question",
        begin_question,
        Kind.DAY,
        GhostQuestion,
        check_question,
        resolve_question,
        form=Form.QUESTION,
        answer=single(lambda pending, given: GhostQuestion(ask=given.ask, seats=given.seats)),
        default=_quiet_question,
        codecs=(_question_codec(),),
    ),
    StepSpec(
        "ghost",
        begin_ghost,
        Kind.DAY,
        GhostAnswer,
        check_ghost,
        resolve_ghost,
        form=Form.YES_NO,
        answer=single(lambda pending, given: GhostAnswer(yes=given.yes)),
        default=lambda state, pending: GhostAnswer(yes=bool(pending.info["truth"])),
        codecs=(field_codec("ghost", Kind.DAY, GhostAnswer, "yes", shape_bool),),
    ),
)


def _seance(state: State, played: InPlay) -> None:
    steps = [Step("question")]
    if state.rules.cards.spiritualism == "three_questions":
        steps.insert(0, Step("medium"))
    state.push(*steps)


def _ghost_answers(state: State) -> bool:
    """Played only with a ghost, and a living player left of the last dead."""
    return ghost_seat(state) != 0 and left_of(state, last_dead(state)) != 0


for _card in SPIRITUALISM:
    add_card(CARD, CardRules(_card, effect=_seance, playable=_ghost_answers, announce_as="spiritualism"))
