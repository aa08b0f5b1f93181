"""The day: dawn, the sheriff election, deaths and their triggers, the discussion, the vote.

Rule 1: a day is, in order: (day 1, `before_deaths`) the sheriff election; the night's
        deaths; last words; the discussion; (`after_discussion`) the election; the vote; dusk.
Rule 2: votes are counted with the sheriff's weight; most votes is out. A tie kills the
        scapegoat (with his power) instead; else `vote_tie` decides.
Rule 3: an idiot with his power, voted out, is revealed and lives; voted out again, he dies.
Rule 4: a werewolf may self-destruct once the deaths are announced: the day ends, no vote.
Rule 5: at dusk (`parity`) the werewolves win when they are as many as the others.
Rule 6: with the New Moon event cards, a card is drawn once the night's deaths are announced;
        players a card sends away or that the table reported neither speak nor vote, and
        nobody may vote for those away; a verdict passes the cards' coin and pact first.
"""

from __future__ import annotations

from collections import defaultdict

from engine.cards.draw import draw_due
from engine.cards.limits import check_hunter, check_vote, check_votes
from engine.cards.moon import (
    away,
    expire_at_dawn,
    in_play,
    neighbours,
    no_vote,
    vote_weight,
)
from engine.cards.nightsteps import harvest_festival
from engine.deaths import check, death_events, kill
from engine.decisions import (
    BadgeHandover,
    Decision,
    HunterShot,
    ScapegoatChoice,
    SelfDestruct,
    SheriffCandidacy,
    SheriffVote,
    Votes,
)
from engine.events import Event, cue, private
from engine.night import NIGHT_HANDLERS, Begin, Decide, resolve_night
from engine.roles import Role
from engine.state import Pending, State, Step

SELF_DESTRUCT_STEPS = frozenset({"sheriff_candidacy", "sheriff_vote", "vote", "revote"})


def begin_dawn(state: State, step: Step) -> None:
    state.night_victims = resolve_night(state)
    state.daytime, state.day, state.announced = True, state.night, False
    state.voters_allowed, state.next_voters_allowed = state.next_voters_allowed, None
    expire_at_dawn(state)
    state.emit(cue("day.breaks", day=state.day))
    steps = []
    if state.election_due and state.rules.sheriff_election == "before_deaths":
        steps.append(Step("sheriff_candidacy"))
    steps.append(Step("announce"))
    if draw_due(state):
        steps.append(Step("event"))
    steps += [Step("last_words"), Step("discussion")]
    if state.rules.sheriff and state.rules.sheriff_election == "after_discussion":
        steps.append(Step("sheriff_candidacy"))
    steps += [Step("vote"), Step("dusk")]
    state.push(*steps)


def begin_announce(state: State, step: Step) -> None:
    state.announced = True
    phase = f"night {state.night}"
    if not state.night_victims:
        state.emit(cue("deaths.peaceful"))
        state.push(Step("check", {"phase": phase, "deaths_before": len(state.deaths)}))
        return
    before = len(state.deaths)
    cursed = state.cursed
    kill(state, state.night_victims, phase, triggered=False)
    dead = sorted(d.seat for d in state.deaths[before:])
    state.emit(cue("deaths.announce", seats=dead), *death_events(state, dead))
    if state.cursed and not cursed:
        state.emit(cue("elder.curse"))


def begin_last_words(state: State, step: Step) -> None:
    rule = state.rules.last_words
    if rule == "all" or (rule == "first_night" and state.night == 1):
        phase = f"night {state.night}"
        for death in state.deaths:
            if death.phase == phase:
                state.emit(cue("last_words", seat=death.seat))


def begin_discussion(state: State, step: Step) -> None:
    gone = away(state)
    alive = [s for s in state.alive() if s not in gone]
    if not alive:
        return
    night_dead = [d.seat for d in state.deaths if d.phase == f"night {state.night}"]
    after = state.sheriff if state.is_alive(state.sheriff) else max(night_dead, default=0)
    first = next((s for s in alive if s > after), alive[0])
    order = alive[alive.index(first) :] + alive[: alive.index(first)]
    state.emit(cue("discussion.start", seat=first, direction="clockwise"))
    state.emit(Event("speakers", {"order": order}))


# The sheriff election


def begin_sheriff_candidacy(state: State, step: Step) -> Pending | None:
    if not state.election_due:
        return None
    state.emit(cue("sheriff.election"))
    alive = tuple(state.alive())
    key = step.args.get("key", "sheriff")
    return Pending(state.phase, "sheriff_candidacy", key, alive, alive, allow_none=True, count=len(alive))


def decide_sheriff_candidacy(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, SheriffCandidacy)
    candidates = sorted(set(decision.candidates))
    if len(candidates) != len(decision.candidates):
        raise state.refuse("candidate_twice", "a candidate stands only once")
    for seat in candidates:
        _living(state, seat, "candidate")
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


def decide_sheriff_vote(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, SheriffVote)
    candidates = pending.targets
    for voter, target in decision.votes.items():
        _living(state, voter, "voter")
        if voter in candidates:
            raise state.refuse("candidate_votes", f"seat {voter} is a candidate and may not vote")
        if voter not in pending.seats:
            raise state.refuse("may_not_vote", f"seat {voter} may not vote")
        if target and target not in candidates:
            raise state.refuse("not_a_candidate", f"seat {target} is not a candidate")
    tally = _tally(state, decision.votes, weighted=False)
    state.emit(Event("sheriff.votes", {"votes": _public_votes(decision.votes)}))
    top = _most(tally, candidates)
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


# The vote


def voters(state: State) -> tuple[int, ...]:
    """Who may vote today: living, not a revealed idiot, allowed by the scapegoat, and not
    kept from it by an event card."""
    allowed = state.voters_allowed
    blocked = no_vote(state)
    return tuple(
        s
        for s in state.alive()
        if not state.player(s).revealed_idiot and (allowed is None or s in allowed) and s not in blocked
    )


def begin_vote(state: State, step: Step) -> Pending | None:
    if in_play(state, "influences") and not step.args.get("influenced") and voters(state):
        state.push(Step("influences"), Step("vote", {**step.args, "influenced": True}))
        return None
    key = step.args.get("key", "vote")
    state.emit(cue("second_vote.start" if key == "second_vote" else "vote.start"))
    gone = away(state)
    targets = tuple(s for s in state.alive() if s not in gone)
    info = {"must_vote": True} if step.args.get("nightmare") else {}
    return Pending(state.phase, "vote", key, voters(state), targets, allow_none=not info, info=info)


def begin_revote(state: State, step: Step) -> Pending:
    tied = tuple(step.args["tied"])
    key = step.args.get("key", "revote")
    return Pending(state.phase, "revote", key, voters(state), tied, allow_none=True)


def decide_vote(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, Votes)
    lovers = state.lovers or ()
    hate = len(lovers) == 2 and in_play(state, "april_fools")
    for voter, target in decision.votes.items():
        _living(state, voter, "voter")
        if voter not in pending.seats:
            why = "a revealed idiot" if state.player(voter).revealed_idiot else "not allowed today"
            raise state.refuse("may_not_vote", f"seat {voter} may not vote ({why})")
        if target:
            _living(state, target, "vote target")
            check_vote(state, pending, voter, target)
            if target not in pending.targets:
                raise state.refuse("not_tied", f"the revote is among {list(pending.targets)} only")
            if voter in lovers and target in lovers and voter != target and not hate:
                raise state.refuse("lover_votes_lover", "a lover may not vote for the other")
        else:
            check_vote(state, pending, voter, target)
    check_votes(state, pending, decision.votes)
    tally = _tally(state, decision.votes, weighted=True)
    state.emit(Event("votes", {"step": pending.step, "votes": _public_votes(decision.votes)}))
    top = _most(tally, pending.targets)
    if not tally:
        state.emit(cue("vote.nobody"))
    elif len(top) == 1:
        condemn(state, top[0])
    else:
        _tie(state, pending, decision, top)


def _tie(state: State, pending: Pending, decision: Votes, tied: list[int]) -> None:
    state.emit(cue("vote.tie", seats=tied))
    scapegoat = state.seat_of(Role.SCAPEGOAT)
    festival = harvest_festival(state) and scapegoat and state.has_power(scapegoat)
    if festival and pending.step == "vote":
        if state.rules.cards.harvest_scapegoat == "neighbour_dies":
            around = neighbours(state, scapegoat)
            state.emit(cue("harvest.scapegoat", seats=list(around)))
            state.push(Step("revote", {"tied": around, "key": "scapegoat_vote"}))
            return
        scapegoat = 0
    if pending.step == "vote" and scapegoat and state.has_power(scapegoat):
        state.emit(cue("scapegoat.out", seat=scapegoat), *death_events(state, [scapegoat]))
        state.push(Step("scapegoat", {"seat": scapegoat}))
        kill_by_day(state, [(scapegoat, "scapegoat")], triggered=False)
        return
    rule = state.rules.vote_tie
    if rule == "revote" and pending.step == "vote":
        state.emit(cue("vote.revote", seats=tied))
        key = {} if pending.key == "vote" else {"key": "second_revote"}
        state.push(Step("revote", {"tied": tied, **key}))
        return
    if rule == "sheriff" and state.sheriff and decision.votes.get(state.sheriff) in tied:
        condemn(state, decision.votes[state.sheriff])
        return
    state.emit(cue("vote.nobody"))


VERDICT_CARDS = ("heads_or_tails", "pact_with_the_devil", "enthusiasm", "dissatisfaction")


def condemn(state: State, seat: int) -> None:
    """The village's verdict against `seat`: carried out at once, or through the steps of the
    event cards in play (the coin, the pact, the hanging and what it triggers)."""
    if any(in_play(state, card) for card in VERDICT_CARDS):
        state.push(*verdict_steps(state, seat))
        return
    scapegoat = state.seat_of(Role.SCAPEGOAT)
    if (
        harvest_festival(state)
        and state.rules.cards.harvest_scapegoat == "dies_for_neighbour"
        and scapegoat
        and state.has_power(scapegoat)
        and seat in neighbours(state, scapegoat)
    ):
        state.emit(cue("scapegoat.out", seat=scapegoat), *death_events(state, [scapegoat]))
        state.push(Step("scapegoat", {"seat": scapegoat}))
        kill_by_day(state, [(scapegoat, "scapegoat")], triggered=False)
        return
    voted_out(state, seat)


def verdict_steps(state: State, seat: int) -> list[Step]:
    """The steps that carry out the verdict against `seat` under the cards in play: Heads or
    Tails' coin, the Pact with the Devil (not for an idiot, who lives anyway), the hanging."""
    steps = []
    if in_play(state, "heads_or_tails"):
        steps.append(Step("coin", {"seat": seat}))
    player = state.player(seat)
    idiot = player.card == Role.IDIOT and not player.revealed_idiot and state.has_power(seat)
    if in_play(state, "pact_with_the_devil") and not idiot:
        steps.append(Step("pact", {"seat": seat}))
    return [*steps, Step("hang", {"seat": seat})]


def voted_out(state: State, seat: int) -> None:
    player = state.player(seat)
    if player.card == Role.IDIOT and not player.revealed_idiot and state.has_power(seat):
        player.revealed_idiot = True
        state.emit(cue("idiot.revealed", seat=seat))
        return
    _executioner_sees(state, seat)
    state.emit(cue("vote.out", seat=seat), *death_events(state, [seat]))
    if state.rules.last_words == "all":
        state.emit(cue("last_words", seat=seat))
    kill_by_day(state, [(seat, "vote")], triggered=False)


def _executioner_sees(state: State, seat: int) -> None:
    """The Executioner: the card of a player voted out is shown to the executioner alone."""
    moon = state.moon
    if moon is not None and moon.executioner and state.is_alive(moon.executioner):
        moon.executed.append(seat)
        card = state.player(seat).card.value
        state.emit(private("executioner.card", moon.executioner, seat=seat, card=card))


def kill_by_day(state: State, deaths: list[tuple[int, str]], *, triggered: bool) -> None:
    before, cursed = len(state.deaths), state.cursed
    first = {seat for seat, _ in deaths}
    kill(state, deaths, state.phase, triggered=triggered)
    for death in state.deaths[before:]:
        if death.seat not in first:
            state.emit(cue("death.out", seat=death.seat), *death_events(state, [death.seat]))
    if state.cursed and not cursed:
        state.emit(cue("elder.curse"))


def _tally(state: State, votes: dict[int, int], *, weighted: bool) -> dict[int, float]:
    tally: dict[int, float] = defaultdict(float)
    for voter, target in votes.items():
        if target:
            weight = state.rules.sheriff_weight if weighted and voter == state.sheriff else 1
            tally[target] += vote_weight(state, voter, weight) if weighted else weight
    return dict(tally)


def _most(tally: dict[int, float], among: tuple[int, ...] | list[int]) -> list[int]:
    counted = {s: tally.get(s, 0.0) for s in among}
    best = max(counted.values(), default=0.0)
    return sorted(s for s, n in counted.items() if n == best)


def _public_votes(votes: dict[int, int]) -> dict[str, int]:
    return {str(voter): target for voter, target in sorted(votes.items())}


# Triggered decisions


def begin_hunter(state: State, step: Step) -> Pending:
    seat = step.args["seat"]
    state.emit(cue("hunter.shoot", seat=seat))
    targets = tuple(state.alive())
    if harvest_festival(state):
        targets = neighbours(state, seat)
    return Pending(state.phase, "hunter", "hunter", (seat,), targets, allow_none=True)


def decide_hunter(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, HunterShot)
    seat, target = pending.seats[0], decision.target
    if not target:
        state.emit(cue("hunter.declines", seat=seat))
        return
    _living(state, target, "target")
    check_hunter(state, pending, target)
    state.emit(cue("hunter.shot", seat=seat, target=target), *death_events(state, [target]))
    kill_by_day(state, [(target, "hunter")], triggered=True)


def begin_badge(state: State, step: Step) -> Pending:
    seat = step.args["seat"]
    state.emit(cue("badge.handover", seat=seat))
    return Pending(state.phase, "badge", "badge", (seat,), tuple(state.alive()), allow_none=True)


def decide_badge(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, BadgeHandover)
    successor = decision.successor
    if successor:
        _living(state, successor, "successor")
        state.sheriff = successor
        state.emit(cue("badge.passed", seat=successor))
    else:
        state.sheriff = 0
        state.emit(cue("badge.destroyed"))


def begin_scapegoat(state: State, step: Step) -> Pending:
    seat = step.args["seat"]
    state.emit(cue("scapegoat.choose", seat=seat))
    alive = tuple(state.alive())
    return Pending(state.phase, "scapegoat", "scapegoat", (seat,), alive, allow_none=True, count=len(alive))


def decide_scapegoat(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, ScapegoatChoice)
    chosen = sorted(set(decision.voters))
    for seat in chosen:
        _living(state, seat, "voter")
    state.next_voters_allowed = frozenset(chosen)
    state.emit(cue("scapegoat.chosen", seats=chosen))


def check_self_destruct(state: State, seat: int) -> None:
    """Raise unless a self-destruct by `seat` is legal now: by day, once the deaths are out."""
    if not state.rules.self_destruct:
        raise state.refuse("self_destruct_off", "self-destruct is off in these rules")
    pending = state.pending
    if not (state.daytime and state.announced and pending and pending.step in SELF_DESTRUCT_STEPS):
        raise state.refuse("self_destruct_when", "a werewolf self-destructs only during the day's talk")
    _living(state, seat, "werewolf")
    if not state.is_werewolf(seat):
        raise state.refuse("self_destruct_werewolf", f"seat {seat} is not a werewolf")


def self_destruct(state: State, decision: SelfDestruct) -> None:
    """The werewolf at `decision.seat` dies; the rest of the day up to dusk is dropped."""
    seat = decision.seat
    check_self_destruct(state, seat)
    while state.agenda and state.agenda[0].name != "dusk":
        state.agenda.pop(0)
    state.pending = None
    state.emit(cue("self_destruct", seat=seat), *death_events(state, [seat]))
    kill_by_day(state, [(seat, "self_destruct")], triggered=False)


def begin_check(state: State, step: Step) -> None:
    check(state, step.args["phase"], step.args["deaths_before"])


def begin_dusk(state: State, step: Step) -> None:
    check(state, state.phase, len(state.deaths), end_of_day=True)
    if state.outcome is None:
        state.push(Step("nightfall"))


def _living(state: State, seat: int, what: str) -> None:
    if not state.is_seat(seat):
        raise state.refuse("no_such_seat", f"there is no seat {seat} ({what})")
    if not state.is_alive(seat):
        raise state.refuse("dead_" + what.replace(" ", "_"), f"seat {seat} is dead ({what})")


HANDLERS: dict[str, tuple[Begin, Decide | None]] = {
    **NIGHT_HANDLERS,
    "dawn": (begin_dawn, None),
    "announce": (begin_announce, None),
    "last_words": (begin_last_words, None),
    "discussion": (begin_discussion, None),
    "sheriff_candidacy": (begin_sheriff_candidacy, decide_sheriff_candidacy),
    "sheriff_vote": (begin_sheriff_vote, decide_sheriff_vote),
    "vote": (begin_vote, decide_vote),
    "revote": (begin_revote, decide_vote),
    "hunter": (begin_hunter, decide_hunter),
    "badge": (begin_badge, decide_badge),
    "scapegoat": (begin_scapegoat, decide_scapegoat),
    "check": (begin_check, None),
    "dusk": (begin_dusk, None),
}
