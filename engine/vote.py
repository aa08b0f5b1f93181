"""The day's vote: who votes and for whom, the count with the sheriff's weight, a tie, the verdict.

Rule 1: votes are counted with the sheriff's weight; most votes is out. A tie kills the
        scapegoat (with his power) instead; else `vote_tie` decides. The vote's event names
        the votes that count for more than one (`weights`, with the `sheriff`) and a revote
        as such (`revote`), and when the sheriff's weight alone put one seat ahead the judge
        says so (`vote.sheriff_decides`).
Rule 2: an idiot with his power, voted out, is revealed and lives; voted out again, he dies.
Rule 3: with the New Moon event cards, players a card sends away or that the table reported
        do not vote, and nobody may vote for those away; a verdict passes the cards' coin and
        pact first.

The club day (RULES-CLUB.md, `engine.election.club_day`):
Rule 4: a tied vote goes to a PK: the tied speak again, `revote_voters` vote among them.
Rule 5: `idiot_votable_after_reveal = false`: a revealed idiot can be neither voted for nor
        handed the badge (he never votes under either setting).
Rule 6: a role's mark (the raven's, `add_mark`) starts a seat with votes of weight 1 against
        him, said by the judge as the vote opens and added before a tie is judged; the vote's
        event names them (`marked`), so every tally counts them.
Rule 7: a card may hold a vote's verdict once it is counted (`engine.hold`: the sequence
        prince's flip); its steps give it or void it (`held_verdict`). A `quiet` vote allows no
        self-destruct while it waits (the prince's extra speech).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from engine.cards import hooks
from engine.cards.limits import check_vote as vote_limits
from engine.cards.limits import check_votes
from engine.cards.moon import away, no_vote, vote_weight
from engine.codecs import shape_votes
from engine.contents import Contents
from engine.deaths import death_events, kill_by_day
from engine.decisions import DayVote, Decision, Revote, Votes
from engine.election import club_day
from engine.events import Event, cue
from engine.hold import HELD, held
from engine.rolehooks import RoleHooks
from engine.state import Pending, State, Step, living
from engine.steps import Answer, Codec, Form, Kind, Parts, Share, StepSpec, one_seat


def voters(state: State) -> tuple[int, ...]:
    """Who may vote today: living, not a revealed idiot, allowed by the scapegoat, and not
    kept from it by an event card."""
    allowed = state.voters_allowed
    blocked = no_vote(state)
    return tuple(
        [
            p.seat
            for p in state.players
            if p.alive
            and not p.revealed_idiot
            and (allowed is None or p.seat in allowed)
            and p.seat not in blocked
        ]
    )


def begin_vote(state: State, step: Step) -> Pending | None:
    before = hooks.before_vote(state, step)
    if before and voters(state):
        state.push(*before, Step("vote", {**step.args, "asked": True}))
        return None
    key = step.args.get("key", "vote")
    state.emit(cue(step.args.get("opening", "vote.start")))
    gone = away(state) if state.moon is not None else ()
    barred = not state.rules.idiot_votable_after_reveal
    targets = tuple(
        [
            p.seat
            for p in state.players
            if p.alive and p.seat not in gone and not (barred and p.revealed_idiot)
        ]
    )
    info = {name: True for name in ("must_vote", "quiet") if step.args.get(name)}
    allow_none = not step.args.get("must_vote")
    pending = Pending(state.phase, "vote", key, voters(state), targets, allow_none=allow_none, info=info)
    _say_marks(state, pending)
    return pending


def begin_revote(state: State, step: Step) -> Pending:
    tied = tuple(step.args["tied"])
    key = step.args.get("key", "revote")
    allowed = voters(state)
    if key == "revote" and state.rules.revote_voters == "others":
        allowed = tuple(s for s in allowed if s not in tied)
    pending = Pending(state.phase, "revote", key, allowed, tied, allow_none=True)
    _say_marks(state, pending)
    return pending


class Marked(NamedTuple):
    """Votes a seat starts a vote with (Rule 6): `votes` of weight 1 against `seat`, which the
    judge says as the vote opens in `line` (a cue with `seat` and `votes`)."""

    seat: int
    votes: int
    line: str


Mark = Callable[[State, Pending], Marked | None]
MARKS: RoleHooks[Mark] = RoleHooks("marks")
"""The votes a role's mark starts a seat with in the vote `pending` (the raven's); None: none.
Asked as the vote opens and again as it is counted: it reads the state only."""


def add_mark(to: Contents, mark: Mark) -> None:
    MARKS.add(to, mark)


def _marks(state: State, pending: Pending) -> list[Marked]:
    return [made for mark in MARKS.of(state) if (made := mark(state, pending)) is not None]


def _say_marks(state: State, pending: Pending) -> None:
    state.emit(*(cue(made.line, seat=made.seat, votes=made.votes) for made in _marks(state, pending)))


def check_vote(state: State, pending: Pending, decision: Votes) -> None:
    lovers = state.lovers or ()
    hate = len(lovers) == 2 and hooks.lovers_vote_each_other(state)
    cards = state.moon is not None  # the cards' limits, asked only when they are on
    for voter, target in decision.votes.items():
        living(state, voter, "dead_voter", "voter")
        if voter not in pending.seats:
            why = "a revealed idiot" if state.player(voter).revealed_idiot else "not allowed today"
            raise state.refuse("may_not_vote", f"seat {voter} may not vote ({why})")
        if target:
            living(state, target, "dead_vote_target", "vote target")
            if cards:
                vote_limits(state, pending, voter, target)
            if target not in pending.targets:
                if pending.step == "vote":
                    raise state.refuse("idiot_votable", f"seat {target} is a revealed idiot: no vote for him")
                raise state.refuse("not_tied", f"the revote is among {list(pending.targets)} only")
            if voter in lovers and target in lovers and voter != target and not hate:
                raise state.refuse("lover_votes_lover", "a lover may not vote for the other")
        elif cards:
            vote_limits(state, pending, voter, target)
    check_votes(state, pending, decision.votes)


def resolve_vote(state: State, pending: Pending, decision: Votes) -> None:
    counted = tally(state, decision.votes, weighted=True)
    weights = _weights(state, decision.votes)
    shown: dict[str, Any] = {"weights": weights, "sheriff": state.sheriff} if weights else {}
    if pending.step == "revote":
        shown["revote"] = True  # a second count of the day: the PK's (Rule 4)
    marked: dict[int, int] = defaultdict(int)
    for made in _marks(state, pending):  # counted before a tie is judged (Rule 6)
        marked[made.seat] += made.votes
        counted[made.seat] = counted.get(made.seat, 0) + made.votes
    if marked:
        shown["marked"] = {str(seat): votes for seat, votes in sorted(marked.items())}
    state.emit(Event("votes", {"step": pending.step, "votes": public_votes(decision.votes), **shown}))
    if not held(state, pending, (pending, decision, counted)):  # Rule 7
        _verdict(state, pending, decision, counted)


def held_verdict(state: State, *, void: bool) -> None:
    """The verdict of the vote a card held, as it was counted; none when `void` (Rule 7)."""
    pending, decision, counted = state.memory.pop(HELD)
    if not void:
        _verdict(state, pending, decision, counted)


def _verdict(state: State, pending: Pending, decision: Votes, counted: dict[int, float]) -> None:
    top = most(counted, pending.targets)
    if not counted:
        state.emit(cue("vote.nobody"))
    elif len(top) == 1:
        if _sheriff_decides(state, decision.votes, counted, pending.targets):
            state.emit(cue("vote.sheriff_decides", target=top[0], votes=counted[top[0]]))
        condemn(state, top[0])
    else:
        _tie(state, pending, decision, top)


Tie = Callable[[State, Pending, list[int]], bool]
TIES: RoleHooks[Tie] = RoleHooks("ties")
"""What a tied vote does before the rules' `vote_tie` (the scapegoat dies): True when it did."""
Instead = Callable[[State, int], bool]
VERDICTS: RoleHooks[Instead] = RoleHooks("verdicts")
"""What takes the village's verdict against a seat instead (at the Harvest Festival the
scapegoat dies for his neighbour): True when it did."""
VOTED_OUT: RoleHooks[Instead] = RoleHooks("voted_out")
"""A player voted out who does not die of it (the idiot shows his card): True when spared."""


def add_tie(to: Contents, tie: Tie) -> None:
    TIES.add(to, tie)


def add_verdict(to: Contents, instead: Instead) -> None:
    VERDICTS.add(to, instead)


def add_voted_out(to: Contents, spared: Instead) -> None:
    VOTED_OUT.add(to, spared)


def _tie(state: State, pending: Pending, decision: Votes, tied: list[int]) -> None:
    state.emit(cue("vote.tie", seats=tied))
    if any(tie(state, pending, tied) for tie in TIES.of(state)):
        return
    rule = state.rules.vote_tie
    if rule == "revote" and pending.step == "vote":
        state.emit(cue("vote.pk" if club_day(state.rules) else "vote.revote", seats=tied))
        key = {} if pending.key == "vote" else {"key": _REVOTE_OF[pending.key]}
        state.push(Step("revote", {"tied": tied, **key}))
        return
    if rule == "sheriff" and state.sheriff and decision.votes.get(state.sheriff) in tied:
        condemn(state, decision.votes[state.sheriff])
        return
    state.emit(cue("vote.nobody"))


_REVOTE_OF = {"second_vote": "second_revote", "judge_vote": "judge_revote", "prince_vote": "prince_revote"}
"""The record key of a tie's revote in another vote of the day than the first: the event
cards' second vote's, the stuttering judge's, the sequence prince's."""


def condemn(state: State, seat: int) -> None:
    """The village's verdict against `seat`: carried out at once, or through the steps of the
    event cards in play (the coin, the pact, the hanging and what it triggers)."""
    steps = hooks.verdict_steps(state, seat)
    if steps is not None:
        state.push(*steps)
        return
    if any(instead(state, seat) for instead in VERDICTS.of(state)):
        return
    voted_out(state, seat)


def voted_out(state: State, seat: int) -> None:
    if any(spared(state, seat) for spared in VOTED_OUT.of(state)):
        return
    hooks.on_voted_out(state, seat)
    state.emit(cue("vote.out", seat=seat), *death_events(state, [seat], cause="vote"))
    if state.rules.last_words == "all":
        state.emit(cue("last_words", seat=seat))
    before, waiting = len(state.deaths), len(state.agenda)
    kill_by_day(state, [(seat, "vote")], triggered=False)
    if state.rules.last_words == "club":
        # the exile's skills, then last words, then the badge (RULES-CLUB.md, Day step 7)
        pushed = [s.name for s in state.agenda[: len(state.agenda) - waiting]]
        later = [i for i, name in enumerate(pushed) if name == "badge" or hooks.after_last_words(state, name)]
        at = later[0] if later else len(pushed) - 1  # else before the moment's last win check
        state.agenda.insert(at, Step("last_words", {"from": before}))


def tally(state: State, votes: dict[int, int], *, weighted: bool) -> dict[int, float]:
    tally: dict[int, float] = defaultdict(float)
    cards = weighted and state.moon is not None
    for voter, target in votes.items():
        if target:
            weight = state.rules.sheriff_weight if weighted and voter == state.sheriff else 1
            tally[target] += vote_weight(state, voter, weight) if cards else weight
    return dict(tally)


def _weights(state: State, votes: dict[int, int]) -> dict[str, float]:
    """The votes that count for more than one, voter → weight (the sheriff's 1.5 or 2, a card's):
    public, so that every tally counts as the judge counts (Rule 1)."""
    weights = {voter: counted_weight(state, voter, target) for voter, target in votes.items() if target}
    return {str(voter): weight for voter, weight in sorted(weights.items()) if weight != 1}


def _sheriff_decides(
    state: State, votes: dict[int, int], counted: dict[int, float], among: tuple[int, ...]
) -> bool:
    """Whether the sheriff's extra weight made the one seat with most votes: counted one vote
    like the others, his would not have (a tie, or another seat ahead)."""
    target = votes.get(state.sheriff, 0) if state.sheriff else 0
    if not target:
        return False
    plain = dict(counted)
    plain[target] -= counted_weight(state, state.sheriff, target) - 1
    return most(plain, among) != most(counted, among)


def counted_weight(state: State, voter: int, target: int) -> float:
    return tally(state, {voter: target}, weighted=True)[target]


def most(tally: dict[int, float], among: tuple[int, ...] | list[int]) -> list[int]:
    counted = {s: tally.get(s, 0.0) for s in among}
    best = max(counted.values(), default=0.0)
    return sorted([s for s, n in counted.items() if n == best])


def public_votes(votes: dict[int, int]) -> dict[str, int]:
    return {str(voter): target for voter, target in sorted(votes.items())}


# What the vote means outside the engine (`engine.steps`); `engine.day` registers it.


def quiet_votes(state: State, pending: Pending) -> dict[int, int]:
    """The votes when time runs out: nobody votes, but in the Nightmare, where everyone must
    accuse, each voter accuses the first player the rules let him name."""
    if not pending.info.get("must_vote"):
        return {}
    lovers = state.lovers or ()
    hate = len(lovers) == 2 and hooks.lovers_vote_each_other(state)
    votes = {}
    for voter in pending.seats:
        partner = [t for t in lovers if t != voter and voter in lovers and t in pending.targets]
        if hate and partner:
            votes[voter] = partner[0]
            continue
        allowed = [t for t in pending.targets if hate or not (voter in lovers and t in lovers and t != voter)]
        if allowed:
            votes[voter] = next((t for t in allowed if t != voter), allowed[0])
    return votes


def votes_answer(kind: type[Votes]) -> Parts:
    """Each part is a vote (no seat: abstain)."""

    def answer(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
        return kind(votes={seat: one_seat(part.seats) for seat, part in sorted(parts.items()) if part.seats})

    return answer


def _fill_votes(state: State, pending: Pending, parts: Mapping[int, Answer]) -> dict[int, Answer]:
    """In the Nightmare, where everyone accuses, the quiet accusation of each voter who gave
    none."""
    quiet = {voter: Answer(seats=(target,)) for voter, target in quiet_votes(state, pending).items()}
    return {**quiet, **parts}


def _votes_codec(key: str, kind: type[Votes]) -> Codec:
    return Codec(
        key,
        Kind.DAY,
        lambda value, pending: kind(votes=value),
        lambda made, pending, old: dict(made.votes),  # type: ignore[attr-defined]
        shape_votes,
    )


_VOTE_SPEC = {
    "kind": Kind.DAY,
    "check": check_vote,
    "resolve": resolve_vote,
    "form": Form.SEATS,
    "share": Share.VOTES,
    "talk": True,
    "verdict": True,
}


VOTE: StepSpec[Any] = StepSpec(
    "vote",
    begin_vote,
    decision=DayVote,
    answer=votes_answer(DayVote),
    fill=_fill_votes,
    default=lambda state, pending: DayVote(votes=quiet_votes(state, pending)),
    codecs=(
        _votes_codec("vote", DayVote),
        _votes_codec("second_vote", DayVote),
        _votes_codec("judge_vote", DayVote),
        _votes_codec("prince_vote", DayVote),
    ),
    **_VOTE_SPEC,  # type: ignore[arg-type]
)

REVOTE: StepSpec[Any] = StepSpec(
    "revote",
    begin_revote,
    decision=Revote,
    answer=votes_answer(Revote),
    default=lambda state, pending: Revote(votes={}),
    codecs=(
        _votes_codec("revote", Revote),
        _votes_codec("second_revote", Revote),
        _votes_codec("judge_revote", Revote),
        _votes_codec("prince_revote", Revote),
        _votes_codec("scapegoat_vote", Revote),
    ),
    **_VOTE_SPEC,  # type: ignore[arg-type]
)
