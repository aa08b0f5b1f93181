"""Great Distrust (大猜疑) replaces the vote: each voter names two other players as friends; every
player who could be named and was named by nobody is hanged (the idiot rule applies)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import field_validator

from engine.cards.agenda import replace_step
from engine.cards.moon import InPlay, away
from engine.cards.registry import CardRules, add_card
from engine.codecs import ShapeError
from engine.contents import Contents
from engine.deaths import death_events, kill_by_day
from engine.decisions import Decision
from engine.events import Event, cue
from engine.roles import Role
from engine.state import Pending, State, Step, living
from engine.steps import Answer, Codec, Form, Kind, Share, StepSpec, register
from engine.vote import voters

CARD = Contents("great_distrust")


class FriendVotes(Decision, step="distrust", key="friends"):
    """Great Distrust: each voter's two best friends; every voter must name them."""

    friends: dict[int, tuple[int, ...]]

    @field_validator("friends", mode="before")
    @classmethod
    def _seat_keys(cls, value: object) -> object:
        if isinstance(value, dict):
            return {
                int(k) if isinstance(k, str) and k.isdigit() else k: tuple(v) if isinstance(v, list) else v
                for k, v in value.items()
            }
        return value


def begin_distrust(state: State, step: Step) -> Pending:
    state.emit(cue("distrust.start"))
    targets = tuple(s for s in state.alive() if s not in away(state))
    return Pending(state.phase, "distrust", "friends", voters(state), targets, count=min(2, len(targets) - 1))


def check_distrust(state: State, pending: Pending, decision: FriendVotes) -> None:
    for voter, friends in decision.friends.items():
        living(state, voter, "dead_voter", "voter")
        if voter not in pending.seats:
            raise state.refuse("may_not_vote", f"seat {voter} may not vote today")
        wanted = min(2, len([t for t in pending.targets if t != voter]))
        if len(set(friends)) != len(friends) or len(friends) != wanted:
            raise state.refuse("two_friends", f"seat {voter} names {wanted} different friends")
        for friend in friends:
            living(state, friend, "dead_friend", "friend")
            if friend == voter or friend not in pending.targets:
                raise state.refuse("not_a_friend", f"seat {voter} cannot name seat {friend}")
    missing = [s for s in pending.seats if s not in decision.friends]
    if missing:
        raise state.refuse("everyone_names_friends", f"seats {missing} name no friends")


def resolve_distrust(state: State, pending: Pending, decision: FriendVotes) -> None:
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
        state.emit(cue("distrust.out", seats=hanged), *death_events(state, hanged, cause="vote"))
        kill_by_day(state, [(seat, "vote") for seat in hanged], triggered=False)


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


def _friends_codec() -> Codec[FriendVotes]:
    def shape(value: object) -> None:
        if not isinstance(value, dict) or not all(
            str(k).isdigit() and isinstance(v, list) and all(isinstance(s, int) for s in v)
            for k, v in value.items()
        ):
            raise ShapeError("must be a table of voter = [friend, friend]")

    def write(made: FriendVotes, pending: Pending, old: Any) -> Any:
        return {voter: list(friends) for voter, friends in made.friends.items()}

    return Codec("friends", Kind.DAY, lambda value, pending: FriendVotes(friends=value), write, shape)


register(
    CARD,
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
)


def _distrust(state: State, played: InPlay) -> None:
    replace_step(state, "vote", Step("distrust"))


add_card(CARD, CardRules("great_distrust", effect=_distrust))
