"""A werewolf's self-destruct (自爆) by day, and what a blow does to the day's talk and the badge.

Rule 1: a werewolf may self-destruct once the deaths are announced: the day ends, no vote.

The club day (RULES-CLUB.md, `engine.election.club_day`; the election is `engine.roles.sheriff`):
Rule 2: a werewolf may also self-destruct in a day-1 election held before the deaths, dead but
        unannounced included (吞毒). `badge_swallow = "single"`, or a second blow, or a blow
        that takes a player: the badge is lost for the game. `"double"`: the first blow moves
        the election to day 2, which resumes it before the deaths. Then the deaths are
        announced with their shots and last words, and night falls; after a blow by a wolf
        who was already dead the day goes on instead. A sheriff who self-destructs loses the
        badge.
Rule 3: a self-destruct has last words by `self_destruct_last_words` (`last_words = "club"`);
        who speaks when otherwise is `engine.speaking`'s.
"""

from __future__ import annotations

from typing import Any

from engine.codecs import ShapeError, shape_seat
from engine.deaths import death_events, kill_by_day
from engine.decisions import SelfDestruct
from engine.election import club_day
from engine.events import cue
from engine.state import Pending, State, living
from engine.steps import Codec, DayAction, Kind

ELECTION_STEPS = frozenset({"sheriff_candidacy", "sheriff_withdraw", "sheriff_vote"})


def check_self_destruct(state: State, seat: int) -> None:
    """Raise unless a self-destruct by `seat` is legal now: by day, once the deaths are out or
    in the club election (Rule 2)."""
    if not state.rules.self_destruct:
        raise state.refuse("self_destruct_off", "self-destruct is off in these rules")
    if not (state.daytime and (state.announced or in_club_election(state)) and talk_time(state)):
        raise state.refuse("self_destruct_when", "a werewolf self-destructs only during the day's talk")
    living(state, seat, "dead_werewolf", "werewolf")
    turn = state.turned.get(seat)
    if state.player(seat).card not in state.catalogue.self_destructs and (turn is None or turn.alone):
        raise state.refuse("self_destruct_werewolf", f"seat {seat} is not a werewolf that may self-destruct")


def in_club_election(state: State) -> bool:
    """Whether the club election held before the deaths goes on now (Rule 2)."""
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
    white wolf king's) does to the day and the badge, before its deaths (Rules 1 and 2): the
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


# What the self-destruct means outside the engine (`engine.steps`); `engine.day` registers it.


def _check_self_destruct(state: State, decision: SelfDestruct) -> None:
    check_self_destruct(state, decision.seat)


def _self_destruct(state: State, decision: SelfDestruct) -> None:
    self_destruct(state, decision)


def _read_blow(value: Any, pending: Pending) -> SelfDestruct:
    """The day's self-destruct: a seat; or two, the club election's blow by a wolf who was
    already dead (吞毒: the day goes on) and then the talk's (Rule 2)."""
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
    """Whether the day's talk goes on now, when a day action may interrupt it (not while a
    `quiet` vote waits: the sequence prince's extra speech, `engine.vote` Rule 7)."""
    pending = state.pending
    return bool(
        state.daytime
        and pending is not None
        and state.catalogue.steps[pending.step].talk
        and not pending.info.get("quiet")
    )


SELF_DESTRUCT: DayAction[SelfDestruct] = DayAction(
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
)
