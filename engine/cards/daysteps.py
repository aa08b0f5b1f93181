"""The day steps the event cards add: reports, Spiritualism, Punishment, Great Distrust, the
vouching of Bleak Monday's variant, Influences, the Executioner, and the verdict's coin, pact
and hanging.

Rule 1: a verdict (the vote's, the vouching's) passes, in order, Heads or Tails' coin (heads:
        void), the Pact with the Devil (made: the condemned lives), then the hanging; after a
        death by the vote, Enthusiasm (a werewolf) or Dissatisfaction (not a werewolf) calls a
        second vote at once, without discussion. Both cards are spent on the next vote death.
Rule 2: Punishment: the last dead names a living player, who dies (cause `punishment`) unless
        two or more others testify for him.
Rule 3: Great Distrust replaces the vote: each voter names two other players as friends; every
        player who could be named and was named by nobody is hanged (the idiot rule applies).
Rule 4: the Executioner, named by the table, alone sees the card of each player voted out;
        a dying executioner names a successor (0: none, and the cards are shown again).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from engine.cards import hooks
from engine.cards.deck import QUESTIONS, SPIRIT_QUESTIONS_000, SPIRIT_QUESTIONS_001
from engine.cards.draw import ghost_seat
from engine.cards.moon import MoonState, away, card_in_play, in_play, last_dead, left_of, spend
from engine.cards.spirits import truth
from engine.day import kill_by_day, living, voted_out, voters
from engine.deaths import death_events
from engine.decisions import (
    Accusation,
    Decision,
    ExecutionerChoice,
    FirstVoter,
    FriendVotes,
    GhostAnswer,
    GhostQuestion,
    MediumChoice,
    PactChoice,
    RuleBreakers,
    Vouch,
    Witnesses,
)
from engine.events import Event, cue, private
from engine.roles import Role
from engine.state import Pending, State, Step
from engine.steps import (
    Answer,
    Codec,
    Form,
    Kind,
    ShapeError,
    Share,
    StepSpec,
    field_codec,
    never_refused,
    nobody,
    register,
    seat_answer,
    shape_bool,
    shape_seat,
    shape_seats,
    single,
    standing,
)


def _moon(state: State) -> MoonState:
    assert state.moon is not None
    return state.moon


def _everyone(state: State) -> tuple[int, ...]:
    return tuple(state.alive())


# Spoken rules: the table reports who broke them


def begin_report(state: State, step: Step) -> Pending:
    state.emit(cue("report.ask"))
    return Pending(
        state.phase,
        "report",
        "reported",
        _everyone(state),
        voters(state),
        allow_none=True,
        count=len(voters(state)),
    )


def check_report(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, RuleBreakers)
    for seat in sorted(set(decision.seats)):
        living(state, seat, "player reported")
        if seat not in pending.targets:
            raise state.refuse("not_a_voter", f"seat {seat} has no vote today to lose")


def resolve_report(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, RuleBreakers)
    seats = sorted(set(decision.seats))
    _moon(state).reported = tuple(seats)
    if seats:
        state.emit(cue("report.lose_vote", seats=seats))


# Spiritualism


def _spirit_card(state: State) -> str:
    moon = _moon(state)
    return next(p.card for p in reversed(moon.in_play) if p.card.startswith("spiritualism"))


def begin_medium(state: State, step: Step) -> Pending:
    chooser = left_of(state, last_dead(state))
    state.emit(cue("spiritualism.choose_medium", seat=chooser))
    return Pending(state.phase, "medium", "medium", (chooser,), _everyone(state))


def check_medium(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, MediumChoice)
    living(state, decision.medium, "medium")


def resolve_medium(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, MediumChoice)
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
        _everyone(state),
        allow_none=True,
        count=2,
        info={"questions": list(table[card]), "ghost": ghost},
    )


def check_question(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, GhostQuestion)
    ask, seats = decision.ask, decision.seats
    if ask not in pending.info["questions"]:
        raise state.refuse("not_on_the_card", f"{ask!r} is not a question of this card")
    wanted = QUESTIONS[ask].seats
    if len(seats) != wanted or len(set(seats)) != len(seats):
        raise state.refuse("question_seats", f"{ask!r} points at {wanted} different player(s)")
    for seat in seats:
        living(state, seat, "player pointed at")


def resolve_question(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, GhostQuestion)
    ask, seats = decision.ask, decision.seats
    wanted = QUESTIONS[ask].seats
    if wanted == 1:
        state.emit(cue(f"question.{ask}", seat=seats[0]))
    elif wanted == 2:
        state.emit(cue(f"question.{ask}", seats=list(seats)))
    else:
        state.emit(cue(f"question.{ask}"))
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


def check_ghost(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, GhostAnswer)
    known = pending.info["truth"]
    if known is not None and decision.yes != known:
        raise state.refuse("ghost_tells_the_truth", "the ghost may only answer truly")


def resolve_ghost(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, GhostAnswer)
    state.emit(cue("spiritualism.yes" if decision.yes else "spiritualism.no"))
    state.emit(
        Event(
            "ghost.answer",
            {"question": pending.info["question"], "seats": pending.info["seats"], "yes": decision.yes},
        )
    )


# Punishment


def begin_punishment(state: State, step: Step) -> Pending:
    accuser = last_dead(state)
    state.emit(cue("punishment.accuse", seat=accuser))
    return Pending(state.phase, "punishment", "punishment", (accuser,), _everyone(state))


def check_punishment(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, Accusation)
    living(state, decision.target, "accused")


def resolve_punishment(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, Accusation)
    state.emit(cue("punishment.accused", seat=decision.target))
    state.push(Step("witnesses", {"accused": decision.target}))


def begin_witnesses(state: State, step: Step) -> Pending:
    accused = step.args["accused"]
    others = tuple(s for s in state.alive() if s != accused)
    return Pending(
        state.phase,
        "witnesses",
        "witnesses",
        _everyone(state),
        others,
        allow_none=True,
        count=len(others),
        info={"accused": accused},
    )


def check_witnesses(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, Witnesses)
    accused = pending.info["accused"]
    for seat in set(decision.seats):
        living(state, seat, "witness")
        if seat == accused:
            raise state.refuse("own_witness", "the accused cannot testify for himself")


def resolve_witnesses(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, Witnesses)
    accused = pending.info["accused"]
    seats = set(decision.seats)
    if len(seats) >= 2:
        state.emit(cue("punishment.spared", seat=accused))
        return
    state.emit(cue("punishment.dies", seat=accused), *death_events(state, [accused]))
    kill_by_day(state, [(accused, "punishment")], triggered=False)


# Great Distrust


def begin_distrust(state: State, step: Step) -> Pending:
    state.emit(cue("distrust.start"))
    targets = tuple(s for s in state.alive() if s not in away(state))
    return Pending(state.phase, "distrust", "friends", voters(state), targets, count=min(2, len(targets) - 1))


def check_distrust(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, FriendVotes)
    for voter, friends in decision.friends.items():
        living(state, voter, "voter")
        if voter not in pending.seats:
            raise state.refuse("may_not_vote", f"seat {voter} may not vote today")
        wanted = min(2, len([t for t in pending.targets if t != voter]))
        if len(set(friends)) != len(friends) or len(friends) != wanted:
            raise state.refuse("two_friends", f"seat {voter} names {wanted} different friends")
        for friend in friends:
            living(state, friend, "friend")
            if friend == voter or friend not in pending.targets:
                raise state.refuse("not_a_friend", f"seat {voter} cannot name seat {friend}")
    missing = [s for s in pending.seats if s not in decision.friends]
    if missing:
        raise state.refuse("everyone_names_friends", f"seats {missing} name no friends")


def resolve_distrust(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, FriendVotes)
    named = {friend for friends in decision.friends.values() for friend in friends}
    state.emit(
        Event(
            "votes",
            {"step": "distrust", "votes": {str(v): list(f) for v, f in sorted(decision.friends.items())}},
        )
    )
    unnamed = [s for s in pending.targets if s not in named]
    if not unnamed:
        state.emit(cue("distrust.nobody"))
        return
    hanged = []
    for seat in unnamed:
        player = state.player(seat)
        if player.card == Role.IDIOT and not player.revealed_idiot and state.has_power(seat):
            player.revealed_idiot = True
            state.emit(cue("idiot.revealed", seat=seat))
        else:
            hanged.append(seat)
    if hanged:
        state.emit(cue("distrust.out", seats=hanged), *death_events(state, hanged))
        kill_by_day(state, [(seat, "vote") for seat in hanged], triggered=False)


# Bleak Monday's variant: In any case it surely isn't him


def begin_vouch(state: State, step: Step) -> Pending | None:
    args = dict(step.args)
    if not args:
        standing = tuple(state.alive())
        voucher = left_of(state, last_dead(state)) or standing[0]
        args = {"standing": standing, "voucher": voucher}
        state.emit(cue("vouch.start", seat=voucher))
    standing, voucher = args["standing"], args["voucher"]
    if len(standing) == 1:
        state.emit(cue("vouch.last", seat=standing[0]))
        state.push(*(hooks.verdict_steps(state, standing[0]) or [Step("hang", {"seat": standing[0]})]))
        return None
    targets = tuple(s for s in standing if s != voucher)
    return Pending(state.phase, "vouch", "vouch", (voucher,), targets, info=args)


def check_vouch(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, Vouch)
    if decision.seat not in pending.targets:
        raise state.refuse("vouch_standing", f"seat {decision.seat} is not standing, or vouches himself")


def resolve_vouch(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, Vouch)
    seat = decision.seat
    standing = tuple(s for s in pending.info["standing"] if s != seat)
    if state.rules.cards.surely_not_him == "chain":
        voucher = seat
    else:
        voucher = left_of(state, pending.seats[0])
    state.emit(Event("vouched", {"by": pending.seats[0], "seat": seat}))
    state.push(Step("vouch", {"standing": standing, "voucher": voucher}))


# The verdict: the pact, the hanging, and the second vote


def begin_pact(state: State, step: Step) -> Pending | None:
    seat = step.args["seat"]
    if state.rules.cards.pact == "always":
        _pact_made(state, seat)
        return None
    state.emit(cue("pact.offer", seat=seat))
    return Pending(state.phase, "pact", "pact", (seat,), info={"seat": seat})


def resolve_pact(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, PactChoice)
    seat = pending.seats[0]
    if decision.pact:
        _pact_made(state, seat)
    else:
        state.emit(cue("pact.refused", seat=seat))


def _pact_made(state: State, seat: int) -> None:
    _moon(state).pacts.append(seat)
    state.emit(cue("pact.made", seat=seat))
    state.agenda[:] = [s for s in state.agenda if not (s.name == "hang" and s.args["seat"] == seat)]


def begin_hang(state: State, step: Step) -> None:
    seat = step.args["seat"]
    wolf = state.is_werewolf(seat)
    before = len(state.deaths)
    again = (wolf and in_play(state, "enthusiasm")) or (not wolf and in_play(state, "dissatisfaction"))
    if again:
        state.push(Step("vote", {"key": "second_vote", "opening": "second_vote.start"}))
    voted_out(state, seat)
    if len(state.deaths) == before:
        if again:
            state.agenda.pop(0)  # an idiot revealed: nobody was killed, the cards wait
        return
    for card in ("enthusiasm", "dissatisfaction"):
        if in_play(state, card):
            spend(state, card)


# Influences


def begin_influences(state: State, step: Step) -> Pending:
    chooser = last_dead(state)
    state.emit(cue("influences.choose", seat=chooser))
    return Pending(state.phase, "influences", "first_voter", (chooser,), voters(state))


def check_influences(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, FirstVoter)
    if decision.seat not in pending.targets:
        raise state.refuse("not_a_voter", f"seat {decision.seat} does not vote today")


def resolve_influences(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, FirstVoter)
    order = [decision.seat]
    while len(order) < len(pending.targets):
        order.append(next(s for s in _clockwise(state, order[-1]) if s in pending.targets))
    spend(state, "influences")
    state.emit(cue("influences.order", seat=decision.seat), Event("voting_order", {"order": order}))


def _clockwise(state: State, seat: int) -> list[int]:
    n = len(state.players)
    return [(seat - 1 + k) % n + 1 for k in range(1, n)]


# The Executioner


def begin_executioner(state: State, step: Step) -> Pending:
    dying = step.args.get("successor_of", 0)
    if dying:
        state.emit(cue("executioner.successor", seat=dying))
        return Pending(
            state.phase,
            "executioner",
            "executioner",
            (dying,),
            _everyone(state),
            allow_none=True,
            info={"successor_of": dying},
        )
    state.emit(cue("executioner.choose"))
    return Pending(state.phase, "executioner", "executioner", _everyone(state), _everyone(state))


def check_executioner(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, ExecutionerChoice)
    if decision.seat or not pending.allow_none:
        living(state, decision.seat, "executioner")


def resolve_executioner(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, ExecutionerChoice)
    seat = decision.seat
    _moon(state).executioner = seat
    if seat:
        state.emit(cue("executioner.chosen", seat=seat))
        moon = _moon(state)
        if moon.executed:
            cards = {str(s): state.player(s).card.value for s in moon.executed}
            state.emit(private("executioner.cards", seat, cards=cards))
    else:
        state.emit(cue("executioner.none"))
        played = card_in_play(state, "executioner")
        if played is not None:
            spend(state, "executioner")


# The registry (engine.steps): what each of these steps means outside the engine.


def _union(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    return RuleBreakers(seats=tuple(sorted({s for part in parts.values() for s in part.seats})))


def _majority(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    """A player is reported when more than half of the players named him."""
    named = Counter(seat for part in parts.values() for seat in set(part.seats))
    return RuleBreakers(seats=tuple(sorted(seat for seat, n in named.items() if n * 2 > len(pending.seats))))


def _quiet_friends(state: State, pending: Pending) -> FriendVotes:
    """Each voter names the first players he may (time ran out: every voter must name some)."""
    friends = {}
    for voter in pending.seats:
        others = [t for t in pending.targets if t != voter]
        friends[voter] = tuple(others[:2])
    return FriendVotes(friends=friends)


def _friends(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    return FriendVotes(friends={seat: part.seats for seat, part in sorted(parts.items())})


def _all_friends(state: State, pending: Pending, parts: Mapping[int, Answer]) -> dict[int, Answer]:
    """Every voter names friends: those who named none name the first they may."""
    quiet = {seat: Answer(seats=named) for seat, named in _quiet_friends(state, pending).friends.items()}
    return {**quiet, **parts}


def _first_named(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    return ExecutionerChoice(seat=next((part.seats[0] for part in parts.values() if part.seats), 0))


def _quiet_executioner(state: State, pending: Pending) -> Decision:
    return ExecutionerChoice(seat=0 if pending.allow_none else pending.targets[0])


def _nobody_named(state: State, pending: Pending, parts: Mapping[int, Answer]) -> dict[int, Answer]:
    """Nobody named an executioner the table must have: the quiet choice."""
    if any(part.seats for part in parts.values()) or pending.allow_none:
        return dict(parts)
    return {**parts, pending.seats[0]: Answer(seats=(pending.targets[0],))}


def _most_named(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    """The executioner is the seat most named (a tie: the lowest seat)."""
    named = Counter(part.seats[0] for part in parts.values() if part.seats)
    if not named:
        return ExecutionerChoice(seat=0)
    most = max(named.values())
    return ExecutionerChoice(seat=min(seat for seat, n in named.items() if n == most))


def _first_target(kind: type[Decision], name: str) -> Callable[[State, Pending], Decision]:
    return lambda state, pending: kind(**{name: pending.targets[0]})


def _quiet_question(state: State, pending: Pending) -> Decision:
    ask = pending.info["questions"][0]
    return GhostQuestion(ask=ask, seats=pending.targets[: QUESTIONS[ask].seats])


def _question_codec() -> Codec:
    def shape(value: object) -> None:
        if isinstance(value, dict):
            if set(value) - {"ask", "seats"} or not isinstance(value.get("ask"), str):
                raise ShapeError("must be a name or { ask, seats }")
            shape_seats()(value.get("seats", []))
        elif not isinstance(value, str):
            raise ShapeError("must be a name or { ask, seats }")

    def read(value: Any, pending: Pending) -> Decision:
        if isinstance(value, str):
            return GhostQuestion(ask=value)
        return GhostQuestion(ask=value["ask"], seats=tuple(value.get("seats", [])))

    def write(made: Decision, pending: Pending, old: Any) -> Any:
        assert isinstance(made, GhostQuestion)
        return {"ask": made.ask, "seats": list(made.seats)}

    return Codec("question", Kind.DAY, read, write, shape)


def _friends_codec() -> Codec:
    def shape(value: object) -> None:
        if not isinstance(value, dict) or not all(
            str(k).isdigit() and isinstance(v, list) and all(isinstance(s, int) for s in v)
            for k, v in value.items()
        ):
            raise ShapeError("must be a table of voter = [friend, friend]")

    def write(made: Decision, pending: Pending, old: Any) -> Any:
        assert isinstance(made, FriendVotes)
        return {voter: list(friends) for voter, friends in made.friends.items()}

    return Codec("friends", Kind.DAY, lambda value, pending: FriendVotes(friends=value), write, shape)


register(
    StepSpec(
        "report",
        begin_report,
        Kind.DAY,
        RuleBreakers,
        check_report,
        resolve_report,
        form=Form.LIST,
        share=Share.MAJORITY,
        answer=_union,
        close=_majority,
        default=lambda state, pending: RuleBreakers(seats=()),
        codecs=(field_codec("reported", Kind.DAY, RuleBreakers, "seats", shape_seats(), as_list=True),),
    ),
    StepSpec(
        "medium",
        begin_medium,
        Kind.DAY,
        MediumChoice,
        check_medium,
        resolve_medium,
        form=Form.SEATS,
        answer=seat_answer(MediumChoice, "medium"),
        default=_first_target(MediumChoice, "medium"),
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
    StepSpec(
        "punishment",
        begin_punishment,
        Kind.DAY,
        Accusation,
        check_punishment,
        resolve_punishment,
        form=Form.SEATS,
        answer=seat_answer(Accusation, "target"),
        default=_first_target(Accusation, "target"),
        codecs=(field_codec("punishment", Kind.DAY, Accusation, "target", shape_seat),),
    ),
    StepSpec(
        "witnesses",
        begin_witnesses,
        Kind.DAY,
        Witnesses,
        check_witnesses,
        resolve_witnesses,
        form=Form.YES_NO,
        share=Share.STAND,
        answer=standing(Witnesses, "seats"),
        default=lambda state, pending: Witnesses(seats=()),
        owed=lambda pending: tuple(s for s in pending.seats if s != pending.info["accused"]),
        codecs=(field_codec("witnesses", Kind.DAY, Witnesses, "seats", shape_seats(), as_list=True),),
    ),
    StepSpec(
        "distrust",
        begin_distrust,
        Kind.DAY,
        FriendVotes,
        check_distrust,
        resolve_distrust,
        form=Form.SEATS,
        share=Share.FRIENDS,
        answer=_friends,
        fill=_all_friends,
        default=_quiet_friends,
        codecs=(_friends_codec(),),
    ),
    StepSpec(
        "vouch",
        begin_vouch,
        Kind.DAY,
        Vouch,
        check_vouch,
        resolve_vouch,
        form=Form.SEATS,
        answer=seat_answer(Vouch, "seat"),
        default=_first_target(Vouch, "seat"),
        codecs=(
            Codec(
                "vouch",
                Kind.DAY,
                lambda value, pending: Vouch(seat=value),
                lambda made, pending, old: made.seat,  # type: ignore[attr-defined]
                shape_seats(),
                repeated=True,
            ),
        ),
    ),
    StepSpec(
        "pact",
        begin_pact,
        Kind.DAY,
        PactChoice,
        never_refused,
        resolve_pact,
        form=Form.YES_NO,
        answer=single(lambda pending, given: PactChoice(pact=given.yes)),
        default=nobody(PactChoice, "pact", False),
        codecs=(field_codec("pact", Kind.DAY, PactChoice, "pact", shape_bool, repeated=True),),
    ),
    StepSpec("hang", begin_hang),
    StepSpec(
        "influences",
        begin_influences,
        Kind.DAY,
        FirstVoter,
        check_influences,
        resolve_influences,
        form=Form.SEATS,
        answer=seat_answer(FirstVoter, "seat"),
        default=_first_target(FirstVoter, "seat"),
        codecs=(field_codec("first_voter", Kind.DAY, FirstVoter, "seat", shape_seat),),
    ),
    StepSpec(
        "executioner",
        begin_executioner,
        Kind.DAY,
        ExecutionerChoice,
        check_executioner,
        resolve_executioner,
        form=Form.SEATS,
        share=Share.MOST,
        answer=_first_named,
        fill=_nobody_named,
        close=_most_named,
        default=_quiet_executioner,
        codecs=(field_codec("executioner", Kind.DAY, ExecutionerChoice, "seat", shape_seat, repeated=True),),
    ),
)
