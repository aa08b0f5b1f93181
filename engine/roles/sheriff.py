"""The sheriff (警长): the election (candidates stand, the others vote, a runoff, no sheriff after a
second tie) and the badge a dying sheriff hands on, or destroys (not when the game is won)."""

from __future__ import annotations

from typing import Any

from engine.day import living, most, public_votes, tally, votes_answer
from engine.deaths import winner
from engine.decisions import (
    BadgeHandover,
    Decision,
    SheriffCandidacy,
    SheriffVote,
)
from engine.events import Event, cue
from engine.state import Pending, State, Step
from engine.steps import (
    Codec,
    Form,
    Kind,
    ShapeError,
    Share,
    StepSpec,
    field_codec,
    nobody,
    register,
    seat_answer,
    shape_seat,
    shape_seats,
    shape_votes,
    standing,
)


def begin_sheriff_candidacy(state: State, step: Step) -> Pending | None:
    if not state.election_due:
        return None
    state.emit(cue("sheriff.election"))
    alive = tuple(state.alive())
    key = step.args.get("key", "sheriff")
    return Pending(state.phase, "sheriff_candidacy", key, alive, alive, allow_none=True, count=len(alive))


def check_sheriff_candidacy(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, SheriffCandidacy)
    candidates = sorted(set(decision.candidates))
    if len(candidates) != len(decision.candidates):
        raise state.refuse("candidate_twice", "a candidate stands only once")
    for seat in candidates:
        living(state, seat, "candidate")


def resolve_sheriff_candidacy(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, SheriffCandidacy)
    candidates = sorted(set(decision.candidates))
    if len(candidates) == 0:
        _no_sheriff(state)
    elif len(candidates) == 1:
        _elect(state, candidates[0])
    else:
        state.emit(cue("sheriff.candidates", seats=candidates))
        state.push(Step("sheriff_vote", {"candidates": candidates, "round": 1, **_key(pending)}))


def begin_sheriff_vote(state: State, step: Step) -> Pending:
    candidates = step.args["candidates"]
    if step.args["round"] == 1:
        state.emit(cue("sheriff.vote"))
    voters = tuple(s for s in state.alive() if s not in candidates and not state.player(s).revealed_idiot)
    return Pending(
        state.phase,
        "sheriff_vote",
        step.args.get("key", "sheriff"),
        voters,
        tuple(candidates),
        allow_none=True,
        info={"round": step.args["round"]},
    )


def check_sheriff_vote(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, SheriffVote)
    candidates = pending.targets
    for voter, target in decision.votes.items():
        living(state, voter, "voter")
        if voter in candidates:
            raise state.refuse("candidate_votes", f"seat {voter} is a candidate and may not vote")
        if voter not in pending.seats:
            raise state.refuse("may_not_vote", f"seat {voter} may not vote")
        if target and target not in candidates:
            raise state.refuse("not_a_candidate", f"seat {target} is not a candidate")


def resolve_sheriff_vote(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, SheriffVote)
    candidates = pending.targets
    counted = tally(state, decision.votes, weighted=False)
    state.emit(Event("sheriff.votes", {"votes": public_votes(decision.votes)}))
    top = most(counted, candidates)
    if len(top) == 1:
        _elect(state, top[0])
    elif pending.info["round"] == 1:
        state.emit(cue("sheriff.runoff", seats=top))
        state.push(Step("sheriff_vote", {"candidates": top, "round": 2, **_key(pending)}))
    else:
        _no_sheriff(state)


def _key(pending: Pending) -> dict[str, str]:
    """The record key of an election other than the day's own (Saint Philippe's)."""
    return {} if pending.key == "sheriff" else {"key": pending.key}


def _elect(state: State, seat: int) -> None:
    state.sheriff, state.election_due = seat, False
    state.emit(cue("sheriff.elected", seat=seat))


def _no_sheriff(state: State) -> None:
    state.election_due = False
    state.emit(cue("sheriff.none"))


def _election_codec(key: str) -> Codec:
    """An election under `key`: the candidates, then the votes of round 1 and 2 (`revotes`);
    a lone seat number is that seat elected unopposed (0: nobody stood)."""

    def shape(value: object) -> None:
        if isinstance(value, dict):
            if set(value) - {"candidates", "votes", "revotes"}:
                raise ShapeError("takes candidates, votes and revotes")
            try:
                shape_seats()(value.get("candidates", []))
                for round_key in ("votes", "revotes"):
                    if round_key in value:
                        shape_votes(value[round_key])
            except ShapeError as error:
                raise ShapeError(f"(candidates, votes, revotes) {error}") from None
        else:
            shape_seat(value)

    def read(value: Any, pending: Pending) -> Decision | None:
        if pending.step == "sheriff_candidacy":
            if isinstance(value, int):
                return SheriffCandidacy(candidates=(value,) if value else ())
            return SheriffCandidacy(candidates=tuple(value.get("candidates", [])))
        round_key = "votes" if pending.info["round"] == 1 else "revotes"
        if not isinstance(value, dict) or round_key not in value:
            return None
        return SheriffVote(votes=value[round_key])

    def write(made: Decision, pending: Pending, old: Any) -> Any:
        if isinstance(made, SheriffCandidacy):
            return {"candidates": list(made.candidates)}
        assert isinstance(made, SheriffVote)
        round_key = "votes" if pending.info["round"] == 1 else "revotes"
        return {**old, round_key: dict(made.votes)}

    return Codec(key, Kind.DAY, read, write, shape)


ELECTIONS = (_election_codec("sheriff"), _election_codec("philippe"))


def begin_badge(state: State, step: Step) -> Pending | None:
    if winner(state) is not None:
        return None  # a won game asks nothing more: the check that follows ends it
    seat = step.args["seat"]
    state.emit(cue("badge.handover", seat=seat))
    return Pending(state.phase, "badge", "badge", (seat,), tuple(state.alive()), allow_none=True)


def check_badge(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, BadgeHandover)
    if decision.successor:
        living(state, decision.successor, "successor")


def resolve_badge(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, BadgeHandover)
    successor = decision.successor
    if successor:
        state.sheriff = successor
        state.emit(cue("badge.passed", seat=successor))
    else:
        state.sheriff = 0
        state.emit(cue("badge.destroyed"))


register(
    StepSpec(
        "sheriff_candidacy",
        begin_sheriff_candidacy,
        Kind.DAY,
        SheriffCandidacy,
        check_sheriff_candidacy,
        resolve_sheriff_candidacy,
        form=Form.STAND,
        share=Share.STAND,
        answer=standing(SheriffCandidacy, "candidates"),
        default=lambda state, pending: SheriffCandidacy(candidates=()),
        codecs=ELECTIONS,
        talk=True,
    ),
    StepSpec(
        "sheriff_vote",
        begin_sheriff_vote,
        Kind.DAY,
        SheriffVote,
        check_sheriff_vote,
        resolve_sheriff_vote,
        form=Form.SEATS,
        share=Share.VOTES,
        answer=votes_answer(SheriffVote),
        default=lambda state, pending: SheriffVote(votes={}),
        codecs=ELECTIONS,
        talk=True,
    ),
    StepSpec(
        "badge",
        begin_badge,
        Kind.DAY,
        BadgeHandover,
        check_badge,
        resolve_badge,
        form=Form.SEATS,
        answer=seat_answer(BadgeHandover, "successor"),
        default=nobody(BadgeHandover, "successor"),
        codecs=(field_codec("badge", Kind.DAY, BadgeHandover, "successor", shape_seat, repeated=True),),
    ),
)
