"""The sheriff (警长): the election (candidates stand, the others vote, a runoff, no sheriff after a
second tie). The badge a dying sheriff hands on is `engine.roles.badge`; this module registers
the election's steps and the badge's, in that order.

The club election (RULES-CLUB.md, Day steps 1–2, `engine.election.club_day`):
Rule 1: nobody or everybody stands → no sheriff; one → elected at once.
Rule 2: the candidates speak from a drawn seat in a drawn direction, then may withdraw (退水);
        one left → elected, none → no sheriff. The withdrawn neither win nor vote.
Rule 3: only those who never stood vote (警下投票); all abstain → no sheriff; a tie → the tied
        speak again in reverse order (PK) and `sheriff_runoff_voters` vote among them; a second
        tie → no sheriff this game.
Rule 4: a day 2 that resumes day 1's election (`badge_swallow`, see `engine.self_destruct`)
        goes straight to the withdrawal, with day 1's candidates still alive.
"""

from __future__ import annotations

import random
from typing import Any

from engine.codecs import ShapeError, shape_seat, shape_seats, shape_votes
from engine.contents import Contents
from engine.decisions import Decision, Votes
from engine.election import club_day
from engine.events import Event, cue
from engine.roles.badge import BADGE
from engine.state import Pending, State, Step, living
from engine.steps import Codec, Form, Kind, Share, StepSpec, register, standing
from engine.vote import most, public_votes, tally, votes_answer

CORE = Contents("sheriff")


class SheriffCandidacy(Decision, step="sheriff_candidacy", key="sheriff"):
    """The seats that stand for sheriff (one stands → elected; none → no sheriff)."""

    candidates: tuple[int, ...]


class SheriffWithdrawal(Decision, step="sheriff_withdraw", key="sheriff"):
    """The candidates who withdraw (退水) before the club election's vote (none: nobody)."""

    seats: tuple[int, ...]


class SheriffVote(Votes, step="sheriff_vote", key="sheriff"):
    pass


def begin_sheriff_candidacy(state: State, step: Step) -> Pending | None:
    if not state.election_due:
        return None
    state.emit(cue("sheriff.stand" if _club(state, step.args.get("key", "sheriff")) else "sheriff.election"))
    alive = tuple(state.alive())
    key = step.args.get("key", "sheriff")
    return Pending(state.phase, "sheriff_candidacy", key, alive, alive, allow_none=True, count=len(alive))


def check_sheriff_candidacy(state: State, pending: Pending, decision: SheriffCandidacy) -> None:
    candidates = sorted(set(decision.candidates))
    if len(candidates) != len(decision.candidates):
        raise state.refuse("candidate_twice", "a candidate stands only once")
    for seat in candidates:
        living(state, seat, "dead_candidate", "candidate")


def resolve_sheriff_candidacy(state: State, pending: Pending, decision: SheriffCandidacy) -> None:
    candidates = sorted(set(decision.candidates))
    if _club(state, pending.key):
        _club_candidacy(state, pending, candidates)
    elif len(candidates) == 0:
        _no_sheriff(state)
    elif len(candidates) == 1:
        _elect(state, candidates[0])
    else:
        state.emit(cue("sheriff.candidates", seats=candidates))
        state.push(Step("sheriff_vote", {"candidates": candidates, "round": 1, **_key(pending)}))


def _club(state: State, key: str) -> bool:
    """Whether the election under record key `key` is the club election (the day's own, not
    Saint Philippe's)."""
    return club_day(state.rules) and key == "sheriff"


def _club_candidacy(state: State, pending: Pending, candidates: list[int]) -> None:
    """Rules 1 and 2: the candidates, the order they speak in, then the withdrawal."""
    election = state.election
    election.stood = tuple(candidates)
    if not candidates or len(candidates) == len(pending.seats):
        _no_sheriff(state)
        return
    if len(candidates) == 1:
        _elect(state, candidates[0])
        return
    drawn = _draw(state, "speeches")
    upward = drawn.random() < 0.5
    first = drawn.choice(candidates)
    order = _around(candidates, first, upward)
    election.order = tuple(order)
    state.emit(cue("sheriff.speeches", seat=first, direction=_direction(upward)))
    state.emit(cue("sheriff.candidates", seats=order))
    state.push(Step("sheriff_withdraw"))


def _draw(state: State, what: str) -> random.Random:
    """The box's draw for `what` today (narration only), seeded by the game's seed."""
    return random.Random(f"{what}:{state.setup.event_seed}:{state.day}")


def _direction(upward: bool) -> str:
    return "clockwise" if upward else "counterclockwise"


def _around(seats: list[int] | tuple[int, ...], first: int, upward: bool) -> list[int]:
    """`seats` in speaking order from `first`, upward (seat numbers rising) or downward."""
    ordered = sorted(seats) if upward else sorted(seats, reverse=True)
    at = ordered.index(first)
    return ordered[at:] + ordered[:at]


def begin_sheriff_withdraw(state: State, step: Step) -> Pending | None:
    election = state.election
    if step.args.get("resumed"):
        election.resumed = False
        left = [s for s in election.order if state.is_alive(s) and s not in election.withdrawn]
        state.emit(cue("sheriff.resume", seats=sorted(left)))
        if len(left) < 2:
            _last_standing(state, left)
            return None
        election.order = tuple(left)
    left_now = tuple(sorted(s for s in election.order if s not in election.withdrawn and state.is_alive(s)))
    state.emit(cue("sheriff.withdraw"))
    return Pending(state.phase, "sheriff_withdraw", "sheriff", left_now, left_now, allow_none=True)


def check_sheriff_withdraw(state: State, pending: Pending, decision: SheriffWithdrawal) -> None:
    if len(set(decision.seats)) != len(decision.seats):
        raise state.refuse("candidate_twice", "a candidate withdraws only once")
    for seat in decision.seats:
        living(state, seat, "dead_candidate", "candidate")
        if seat not in pending.seats:
            raise state.refuse("not_a_candidate", f"seat {seat} is not a candidate and cannot withdraw")


def resolve_sheriff_withdraw(state: State, pending: Pending, decision: SheriffWithdrawal) -> None:
    election = state.election
    gone = tuple(sorted(decision.seats))
    election.withdrawn += gone
    if gone:
        state.emit(cue("sheriff.withdrawn", seats=list(gone)))
    left = [s for s in pending.seats if s not in gone]
    if len(left) < 2:
        _last_standing(state, left)
        return
    state.push(Step("sheriff_vote", {"candidates": sorted(left), "round": 1}))


def _last_standing(state: State, left: list[int]) -> None:
    """Rule 2: one candidate left is elected; none, no sheriff."""
    if left:
        _elect(state, left[0])
    else:
        _no_sheriff(state)


def begin_sheriff_vote(state: State, step: Step) -> Pending:
    candidates = step.args["candidates"]
    voters = _voters(state, step)
    if step.args["round"] == 1:
        state.emit(
            cue("sheriff.vote_below" if club_day(state.rules) and "key" not in step.args else "sheriff.vote")
        )
    return Pending(
        state.phase,
        "sheriff_vote",
        step.args.get("key", "sheriff"),
        voters,
        tuple(candidates),
        allow_none=True,
        info={"round": step.args["round"]},
    )


def _voters(state: State, step: Step) -> tuple[int, ...]:
    """Who votes: everyone alive but the candidates of this round (and a revealed idiot); in the
    club election, only those who never stood (Rule 3), or in its PK everyone but the tied
    (`sheriff_runoff_voters = "all_but_tied"`)."""
    left_out = set(step.args["candidates"])
    club = club_day(state.rules) and "key" not in step.args
    if club and (step.args["round"] == 1 or state.rules.sheriff_runoff_voters == "non_candidates"):
        left_out |= set(state.election.stood)
    living = [p for p in state.players if p.alive]
    return tuple([p.seat for p in living if p.seat not in left_out and not p.revealed_idiot])


def check_sheriff_vote(state: State, pending: Pending, decision: SheriffVote) -> None:
    candidates = pending.targets
    for voter, target in decision.votes.items():
        living(state, voter, "dead_voter", "voter")
        if voter in candidates:
            raise state.refuse("candidate_votes", f"seat {voter} is a candidate and may not vote")
        if voter not in pending.seats:
            raise state.refuse("may_not_vote", f"seat {voter} may not vote")
        if target and target not in candidates:
            raise state.refuse("not_a_candidate", f"seat {target} is not a candidate")


def resolve_sheriff_vote(state: State, pending: Pending, decision: SheriffVote) -> None:
    candidates = pending.targets
    counted = tally(state, decision.votes, weighted=False)
    state.emit(Event("sheriff.votes", {"votes": public_votes(decision.votes)}))
    top = most(counted, candidates)
    club = _club(state, pending.key)
    if len(top) == 1:
        _elect(state, top[0])
    elif club and not counted:
        _no_sheriff(state)
    elif pending.info["round"] == 1:
        if club:
            spoke = [s for s in state.election.order if s in top]
            state.emit(cue("sheriff.pk", seats=spoke[::-1]))
        else:
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
    """An election under `key`: the candidates, the club election's withdrawn (`withdrawn`, the
    seats that withdrew; written whenever the withdrawal was asked), then the votes of round 1
    and 2 (`revotes`); a lone seat number is that seat elected unopposed (0: nobody stood)."""

    def shape(value: object) -> None:
        if isinstance(value, dict):
            if set(value) - {"candidates", "withdrawn", "votes", "revotes"}:
                raise ShapeError("takes candidates, withdrawn, votes and revotes")
            try:
                shape_seats()(value.get("candidates", []))
                shape_seats()(value.get("withdrawn", []))
                for round_key in ("votes", "revotes"):
                    if round_key in value:
                        shape_votes(value[round_key])
            except ShapeError as error:
                raise ShapeError(f"(candidates, withdrawn, votes, revotes) {error}") from None
        else:
            shape_seat(value)

    def read(value: Any, pending: Pending) -> Decision | None:
        if pending.step == "sheriff_candidacy":
            if isinstance(value, int):
                return SheriffCandidacy(candidates=(value,) if value else ())
            return SheriffCandidacy(candidates=tuple(value.get("candidates", [])))
        if pending.step == "sheriff_withdraw":
            # none recorded and no vote after it: the election was cut short (a self-destruct)
            if not isinstance(value, dict) or not {"withdrawn", "votes"} & set(value):
                return None
            return SheriffWithdrawal(seats=tuple(value.get("withdrawn", [])))
        round_key = "votes" if pending.info["round"] == 1 else "revotes"
        if not isinstance(value, dict) or round_key not in value:
            return None
        return SheriffVote(votes=value[round_key])

    def write(made: Decision, pending: Pending, old: Any) -> Any:
        if isinstance(made, SheriffCandidacy):
            return {"candidates": list(made.candidates)}
        if isinstance(made, SheriffWithdrawal):
            return {**(old or {}), "withdrawn": list(made.seats)}
        assert isinstance(made, SheriffVote)  # the election's key holds its three decisions
        round_key = "votes" if pending.info["round"] == 1 else "revotes"
        return {**old, round_key: dict(made.votes)}

    return Codec(key, Kind.DAY, read, write, shape)


ELECTIONS = (_election_codec("sheriff"), _election_codec("philippe"))


register(
    CORE,
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
        "sheriff_withdraw",
        begin_sheriff_withdraw,
        Kind.DAY,
        SheriffWithdrawal,
        check_sheriff_withdraw,
        resolve_sheriff_withdraw,
        form=Form.YES_NO,
        answers=("withdraw", "keep_running"),
        share=Share.STAND,
        answer=standing(SheriffWithdrawal, "seats"),
        default=lambda state, pending: SheriffWithdrawal(seats=()),
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
    BADGE,
)
