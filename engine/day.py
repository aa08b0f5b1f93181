"""The day: dawn, the sheriff election, deaths and their triggers, the discussion, the vote.

Rule 1: a day is, in order: (day 1, `before_deaths`) the sheriff election; the night's
        deaths; last words; the discussion; (`after_discussion`) the election; the vote; dusk.
Rule 2: votes are counted with the sheriff's weight; most votes is out. A tie kills the
        scapegoat (with his power) instead; else `vote_tie` decides. The vote's event names
        the votes that count for more than one (`weights`, with the `sheriff`) and a revote
        as such (`revote`), and when the sheriff's weight alone put one seat ahead the judge
        says so (`vote.sheriff_decides`).
Rule 3: an idiot with his power, voted out, is revealed and lives; voted out again, he dies.
Rule 4: a werewolf may self-destruct once the deaths are announced: the day ends, no vote.
Rule 5: at dusk (`parity`) the werewolves win when they are as many as the others.
Rule 6: with the New Moon event cards, a card is drawn once the night's deaths are announced;
        players a card sends away or that the table reported neither speak nor vote, and
        nobody may vote for those away; a verdict passes the cards' coin and pact first.

The club day (RULES-CLUB.md, `engine.election.club_day`; the election is `engine.roles.sheriff`):
Rule 7: a werewolf may also self-destruct in a day-1 election held before the deaths, dead but
        unannounced included (吞毒). `badge_swallow = "single"`, or a second blow, or a blow
        that takes a player: the badge is lost for the game. `"double"`: the first blow moves
        the election to day 2, which resumes it before the deaths. Then the deaths are
        announced with their shots and last words, and night falls; after a blow by a wolf
        who was already dead the day goes on instead. A sheriff who self-destructs loses the
        badge.
Rule 8: a tied vote goes to a PK: the tied speak again, `revote_voters` vote among them.
Rule 9: `idiot_votable_after_reveal = false`: a revealed idiot can be neither voted for nor
        handed the badge (he never votes under either setting).
Rule 10: a self-destruct has last words by `self_destruct_last_words` (`last_words = "club"`);
        who speaks when otherwise is `engine.speaking`'s.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any

from engine.cards import hooks
from engine.cards.draw import draw_due
from engine.cards.limits import check_vote as vote_limits
from engine.cards.limits import check_votes
from engine.cards.moon import (
    away,
    expire_at_dawn,
    no_vote,
    vote_weight,
)
from engine.codecs import Codec, ShapeError, shape_seat, shape_votes
from engine.contents import Contents
from engine.deaths import check, death_events, kill
from engine.decisions import (
    DayVote,
    Decision,
    Revote,
    SelfDestruct,
    Votes,
)
from engine.election import club_day
from engine.events import Event, cue
from engine.night import resolve_night
from engine.phase import Phase
from engine.rolehooks import RoleHooks
from engine.state import Pending, State, Step
from engine.steps import (
    Answer,
    DayAction,
    Form,
    Kind,
    Parts,
    Share,
    StepSpec,
    one_seat,
    register,
    register_action,
)

CORE = Contents("day")


_ELECTION, _ANNOUNCE, _EVENT = Step("sheriff_candidacy"), Step("announce"), Step("event")
_RESUMED = Step("sheriff_withdraw", {"resumed": True})
_LAST_WORDS, _DISCUSSION, _SPEECH_ORDER = Step("last_words"), Step("discussion"), Step("speech_order")
_VOTE_AND_DUSK = (Step("vote"), Step("dusk"))
ELECTION_STEPS = frozenset({"sheriff_candidacy", "sheriff_withdraw", "sheriff_vote"})


def begin_dawn(state: State, step: Step) -> None:
    state.night_victims = resolve_night(state)
    state.daytime, state.day, state.announced = True, state.night, False
    state.voters_allowed, state.next_voters_allowed = state.next_voters_allowed, None
    expire_at_dawn(state)
    state.emit(cue("day.breaks", day=state.day))
    club = club_day(state.rules)
    steps = []
    if state.election_due and state.rules.sheriff_election == "before_deaths":
        steps.append(_RESUMED if club and state.election.resumed else _ELECTION)
    steps.append(_ANNOUNCE)
    if draw_due(state):
        steps.append(_EVENT)
    steps += (_LAST_WORDS, _SPEECH_ORDER if club else _DISCUSSION)
    if state.rules.sheriff and state.rules.sheriff_election == "after_discussion":
        steps.append(_ELECTION)
    steps += _VOTE_AND_DUSK
    state.push(*steps)


def begin_announce(state: State, step: Step) -> None:
    state.announced = True
    phase = Phase("night", state.night)
    # a victim who self-destructed before the deaths (吞毒) is not announced again
    victims = [(seat, cause) for seat, cause in state.night_victims if state.is_alive(seat)]
    if not victims:
        state.emit(cue("deaths.peaceful"))
        state.push(Step("check", {"phase": phase, "deaths_before": len(state.deaths)}))
        return
    before = len(state.deaths)
    cursed = state.cursed
    kill(state, victims, phase, triggered=False)
    dead = sorted([d.seat for d in state.deaths[before:]])
    state.emit(cue("deaths.announce", seats=dead), *death_events(state, dead))
    if state.cursed and not cursed:
        state.emit(cue("elder.curse"))


# The sheriff election


# The vote


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
    info = {"must_vote": True} if step.args.get("must_vote") else {}
    return Pending(state.phase, "vote", key, voters(state), targets, allow_none=not info, info=info)


def begin_revote(state: State, step: Step) -> Pending:
    tied = tuple(step.args["tied"])
    key = step.args.get("key", "revote")
    allowed = voters(state)
    if key == "revote" and state.rules.revote_voters == "others":
        allowed = tuple(s for s in allowed if s not in tied)
    return Pending(state.phase, "revote", key, allowed, tied, allow_none=True)


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
        shown["revote"] = True  # a second count of the day: the PK's (Rule 8)
    state.emit(Event("votes", {"step": pending.step, "votes": public_votes(decision.votes), **shown}))
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
        key = {} if pending.key == "vote" else {"key": "second_revote"}
        state.push(Step("revote", {"tied": tied, **key}))
        return
    if rule == "sheriff" and state.sheriff and decision.votes.get(state.sheriff) in tied:
        condemn(state, decision.votes[state.sheriff])
        return
    state.emit(cue("vote.nobody"))


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
    state.emit(cue("vote.out", seat=seat), *death_events(state, [seat]))
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


def kill_by_day(state: State, deaths: list[tuple[int, str]], *, triggered: bool) -> None:
    before, cursed = len(state.deaths), state.cursed
    first = {seat for seat, _ in deaths}
    kill(state, deaths, state.phase, triggered=triggered)
    for death in state.deaths[before:]:
        if death.seat not in first:
            state.emit(cue("death.out", seat=death.seat), *death_events(state, [death.seat]))
    if state.cursed and not cursed:
        state.emit(cue("elder.curse"))


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
    public, so that every tally counts as the judge counts (Rule 2)."""
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


# Triggered decisions


def check_self_destruct(state: State, seat: int) -> None:
    """Raise unless a self-destruct by `seat` is legal now: by day, once the deaths are out or
    in the club election (Rule 7)."""
    if not state.rules.self_destruct:
        raise state.refuse("self_destruct_off", "self-destruct is off in these rules")
    if not (state.daytime and (state.announced or in_club_election(state)) and talk_time(state)):
        raise state.refuse("self_destruct_when", "a werewolf self-destructs only during the day's talk")
    living(state, seat, "dead_werewolf", "werewolf")
    if state.player(seat).card not in state.catalogue.self_destructs:
        raise state.refuse("self_destruct_werewolf", f"seat {seat} is not a werewolf that may self-destruct")


def in_club_election(state: State) -> bool:
    """Whether the club election held before the deaths goes on now (Rule 7)."""
    pending = state.pending
    return (
        club_day(state.rules)
        and not state.announced
        and pending is not None
        and pending.step in ELECTION_STEPS
        and pending.key == "sheriff"
    )


def self_destruct(state: State, decision: SelfDestruct) -> None:
    """The werewolf at `decision.seat` dies; the rest of the day up to dusk is dropped. The
    caller has checked it (`check_self_destruct`)."""
    seat = decision.seat
    key = "sheriff.self_destruct" if in_club_election(state) else "self_destruct"
    state.emit(cue(key, seat=seat), *death_events(state, [seat]))
    blow(state, seat)
    rule = state.rules.self_destruct_last_words
    if state.rules.last_words == "club" and (rule is True or (rule == "first_day" and state.day == 1)):
        state.emit(cue("last_words", seat=seat))
    kill_by_day(state, [(seat, "self_destruct")], triggered=False)


def blow(state: State, seat: int, *, takes: bool = False) -> None:
    """What a blow by `seat` (a self-destruct; `takes`: one that takes a player with it, the
    white wolf king's) does to the day and the badge, before its deaths (Rules 4 and 7): the
    talk stops; the caller kills. (A duel is no blow: it ends the day with `end_the_talk`.)"""
    if not in_club_election(state):
        if club_day(state.rules) and state.sheriff == seat:
            state.sheriff = 0
            state.emit(cue("badge.lost", seat=seat))
        end_the_talk(state)
        return
    swallowed = any(victim == seat for victim, _ in state.night_victims)
    state.pending = None
    first = state.election.blows == 0
    state.election.blows += 1
    if state.rules.badge_swallow == "double" and first and not takes:
        state.election.resumed = bool(state.election.stood)
        state.emit(cue("sheriff.postponed"))
    else:
        state.election_due = False
        state.emit(cue("badge.swallowed"))
    if not swallowed:  # a wolf already dead spent no life: the day goes on
        end_the_talk(state, keep=("announce", "last_words"))


def end_the_talk(state: State, *, keep: tuple[str, ...] = ()) -> None:
    """The day's talk ends now: the pending step and the rest of the day up to dusk are
    dropped, but the steps named in `keep` (the club election's blow keeps the deaths and
    their last words)."""
    state.pending = None
    dusk = next((i for i, s in enumerate(state.agenda) if s.name == "dusk"), len(state.agenda))
    state.agenda[:dusk] = [s for s in state.agenda[:dusk] if s.name in keep]


def begin_check(state: State, step: Step) -> None:
    check(state, step.args["phase"], step.args["deaths_before"])


def begin_dusk(state: State, step: Step) -> None:
    check(state, state.phase, len(state.deaths), end_of_day=True)
    if state.outcome is None:
        state.push(Step("nightfall"))


def living(state: State, seat: int, dead: str, what: str) -> None:
    """Refuse a seat that is not at the table, or (with the rule `dead`, written whole at the
    call: `"dead_voter"`) one that is dead; `what` says what the seat was named as."""
    if not state.is_seat(seat):
        raise state.refuse("no_such_seat", f"there is no seat {seat} ({what})")
    if not state.players[seat - 1].alive:
        raise state.refuse(dead, f"seat {seat} is dead ({what})")


# The registry (engine.steps): what each day step means outside the engine.


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

register(
    CORE,
    StepSpec("dawn", begin_dawn),
    StepSpec("announce", begin_announce),
    StepSpec(
        "vote",
        begin_vote,
        decision=DayVote,
        answer=votes_answer(DayVote),
        fill=_fill_votes,
        default=lambda state, pending: DayVote(votes=quiet_votes(state, pending)),
        codecs=(_votes_codec("vote", DayVote), _votes_codec("second_vote", DayVote)),
        **_VOTE_SPEC,  # type: ignore[arg-type]
    ),
    StepSpec(
        "revote",
        begin_revote,
        decision=Revote,
        answer=votes_answer(Revote),
        default=lambda state, pending: Revote(votes={}),
        codecs=(
            _votes_codec("revote", Revote),
            _votes_codec("second_revote", Revote),
            _votes_codec("scapegoat_vote", Revote),
        ),
        **_VOTE_SPEC,  # type: ignore[arg-type]
    ),
    StepSpec("check", begin_check),
    StepSpec("dusk", begin_dusk),
)


def _check_self_destruct(state: State, decision: SelfDestruct) -> None:
    check_self_destruct(state, decision.seat)


def _self_destruct(state: State, decision: SelfDestruct) -> None:
    self_destruct(state, decision)


def _read_blow(value: Any, pending: Pending) -> Decision:
    """The day's self-destruct: a seat; or two, the club election's blow by a wolf who was
    already dead (吞毒: the day goes on) and then the talk's (Rule 7)."""
    if isinstance(value, list):
        election = pending.key == "sheriff" and pending.step in ELECTION_STEPS
        return SelfDestruct(seat=value[0] if election else value[-1])
    return SelfDestruct(seat=value)


def _write_blow(made: SelfDestruct, pending: Pending, old: Any) -> Any:
    return made.seat if old is None else [old, made.seat]


def _shape_blows(value: object) -> None:
    if isinstance(value, list) and len(value) == 2:
        for seat in value:
            shape_seat(seat)
        return
    try:
        shape_seat(value)
    except ShapeError:
        raise ShapeError("must be a seat number (or two: the election's, then the talk's)") from None


def talk_time(state: State) -> bool:
    """Whether the day's talk goes on now, when a day action may interrupt it."""
    pending = state.pending
    return bool(state.daytime and pending is not None and state.catalogue.steps[pending.step].talk)


register_action(
    CORE,
    DayAction(
        "self_destruct",
        SelfDestruct,
        _check_self_destruct,
        _self_destruct,
        seat=lambda decision: decision.seat,
        make=lambda seat, answer: SelfDestruct(seat=seat),
        offered=lambda state: (
            state.rules.self_destruct and (state.announced or in_club_election(state)) and talk_time(state)
        ),
        codec=Codec("self_destruct", Kind.DAY, _read_blow, _write_blow, _shape_blows),
    ),
)
