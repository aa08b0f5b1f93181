"""The club day of RULES-CLUB.md: 上警, 退水, 警下投票, PK, the blows in the election, 警左/警右, the
exile PK, last words by the club rule, and the settings they name (both sides of each)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from engine.bots import play_random_game, random_decision
from engine.game import Game, state_of
from engine.phase import Phase
from engine.record import parse_record, replay, summary, write_record
from engine.rules import PRESETS, Rules, make_rules
from engine.setup import deal
from engine.speaking import SHOT_CAUSES
from tests.engine.harness import game_of, play
from tests.engine.randomgames import _choices, random_rules, random_setup


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


STANDARD_12 = (
    '["werewolf", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "idiot",'
    ' "villager", "villager", "villager", "villager"]'
)
"""标准板 预女猎白: wolves 1–4, seer 5, witch 6, hunter 7, idiot 8, villagers 9–12."""


def club(**changed: object) -> str:
    """The [setup] and [rules] of a 12-seat standard board under the chinese-club preset (the
    night's shot status off: the records below hold the day, and the nights' decisions only)."""
    settings = {**PRESETS["chinese-club"], "shot_status_signal": False, **changed}
    rules = "\n".join(f"{name} = {_toml(value)}" for name, value in settings.items())
    return f"[setup]\nseats = 12\nroles = {STANDARD_12}\n[rules]\n{rules}\n"


NIGHT_9 = "[[night]]\nseer = 1\nwerewolves = 9\nwitch = {}\n"
"""Night 1: the wolves kill seat 9, the witch does nothing."""
QUIET = "[[night]]\nseer = 12\nwerewolves = 0\nwitch = {}\n"


def cues(record: str, key: str | None = None) -> list[Mapping[str, Any]]:
    """The cues the game of `record` emitted (only those of `key`)."""
    found = [e.data for e in game_of(record).events if e.kind == "cue"]
    return [c for c in found if key is None or c["key"] == key]


def speakers(record: str) -> list[list[int]]:
    return [e.data["order"] for e in game_of(record).events if e.kind == "speakers"]


# 上警 and 退水


def test_nobody_or_everybody_standing_means_no_sheriff() -> None:
    out = play(club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [] }\n")
    assert out["sheriff"] is None and out["pending"] == "day 1: vote"
    everybody = list(range(1, 13))
    out = play(club() + NIGHT_9 + f"[[day]]\nsheriff = {{ candidates = {everybody} }}\n")
    assert out["sheriff"] is None and out["pending"] == "day 1: vote"


def test_one_candidate_is_elected_at_once() -> None:
    assert play(club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [5] }\n")["sheriff"] == 5


def test_candidates_speak_from_a_drawn_seat_then_may_withdraw() -> None:
    record = club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [3, 5, 10] }\n"
    drawn = cues(record, "sheriff.speeches")[0]
    order = cues(record, "sheriff.candidates")[0]["seats"]
    upward = drawn["direction"] == "clockwise"
    ring = [3, 5, 10] if upward else [10, 5, 3]
    at = ring.index(drawn["seat"])
    assert order == ring[at:] + ring[:at]
    assert play(record)["pending"] == "day 1: sheriff"
    assert cues(record)[-1]["key"] == "sheriff.withdraw"
    assert order == cues(record, "sheriff.candidates")[0]["seats"], "the same game draws the same order"


def test_withdrawing_to_one_candidate_elects_him_and_to_none_means_no_sheriff() -> None:
    out = play(club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [3, 5], withdrawn = [3] }\n")
    assert out["sheriff"] == 5
    out = play(club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [3, 5], withdrawn = [3, 5] }\n")
    assert out["sheriff"] is None and out["pending"] == "day 1: vote"


def test_only_a_candidate_may_withdraw() -> None:
    out = play(club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [3, 5], withdrawn = [6] }\n")
    assert out["error"]["message"] == "seat 6 is not a candidate and cannot withdraw (not_a_candidate)"


def test_the_withdrawn_neither_vote_nor_are_voted_for() -> None:
    base = club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [3, 5, 10], withdrawn = [10], "
    assert play(base + "votes = { 1 = 3, 2 = 5, 4 = 5 } }\n")["sheriff"] == 5
    assert play(base + "votes = { 10 = 3 } }\n")["error"]["message"] == "seat 10 may not vote (may_not_vote)"
    refused = play(base + "votes = { 1 = 10 } }\n")["error"]
    assert refused["message"] == "seat 10 is not a candidate (not_a_candidate)"


def test_last_nights_victim_votes_below_and_all_abstaining_means_no_sheriff() -> None:
    base = club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [3, 5], withdrawn = [], "
    assert play(base + "votes = { 9 = 3 } }\n")["sheriff"] == 3
    out = play(base + "votes = {} }\n")
    assert out["sheriff"] is None and out["pending"] == "day 1: vote"


def test_a_tie_goes_to_a_pk_in_reverse_order_and_a_second_tie_means_no_sheriff() -> None:
    base = club() + NIGHT_9 + "[[day]]\nsheriff = { candidates = [3, 5, 10], withdrawn = [], "
    tie = base + "votes = { 1 = 3, 2 = 5 }"
    spoke = cues(tie + " }\n", "sheriff.candidates")[0]["seats"]
    assert cues(tie + " }\n", "sheriff.pk")[0]["seats"] == [s for s in reversed(spoke) if s in (3, 5)]
    assert play(tie + ", revotes = { 1 = 3, 2 = 3, 4 = 5 } }\n")["sheriff"] == 3
    out = play(tie + ", revotes = { 1 = 3, 2 = 5 } }\n")
    assert out["sheriff"] is None and out["pending"] == "day 1: vote"


@pytest.mark.parametrize("runoff", ["non_candidates", "all_but_tied"])
def test_who_votes_in_the_pk(runoff: str) -> None:
    base = club(sheriff_runoff_voters=runoff) + NIGHT_9
    tie = base + "[[day]]\nsheriff = { candidates = [3, 5, 10], withdrawn = [], votes = { 1 = 3, 2 = 5 }"
    out = play(tie + ", revotes = { 10 = 5 } }\n")
    if runoff == "non_candidates":
        assert out["error"]["message"] == "seat 10 may not vote (may_not_vote)"
    else:
        assert out["sheriff"] == 5
    assert play(tie + ", revotes = { 3 = 5 } }\n")["error"]["decision"] == "sheriff"


# The blows in the election (badge_swallow)

BLOW_1 = "[[day]]\nsheriff = { candidates = [3, 5, 10] }\nself_destruct = 2\n"
"""Day 1: seats 3, 5, 10 stand, then wolf 2 self-destructs during the speeches."""


def test_a_blow_in_the_election_announces_the_deaths_with_last_words_then_night_falls() -> None:
    record = club() + NIGHT_9 + BLOW_1
    out = play(record)
    assert out["pending"] == "night 2: werewolves"
    assert [(d["seat"], d["cause"]) for d in out["deaths"]] == [(2, "self_destruct"), (9, "werewolves")]
    said = [c["key"] for c in cues(record)]
    at = said.index("sheriff.self_destruct")
    assert said[at : at + 5] == [
        "sheriff.self_destruct",
        "sheriff.postponed",
        "deaths.announce",
        "last_words",
        "night.falls",
    ]


def test_double_swallow_resumes_the_election_on_day_2_before_the_deaths() -> None:
    night_2 = "[[night]]\nseer = 3\nwerewolves = 11\nwitch = {}\n"
    base = club() + NIGHT_9 + BLOW_1 + night_2
    out = play(base)
    assert out["pending"] == "day 2: sheriff"
    said = [c["key"] for c in cues(base)]
    assert said[said.index("day.breaks") :][-3:] != []
    day_2 = said[len(said) - said[::-1].index("day.breaks") :]
    assert day_2[:2] == ["sheriff.resume", "sheriff.withdraw"], "straight to 退水, no speeches"
    # day 1's non-candidates vote (night 2's victim, 11, too): 10 is elected
    out = play(base + "[[day]]\nsheriff = { withdrawn = [3], votes = { 1 = 10, 11 = 10, 4 = 5 } }\n")
    assert out["sheriff"] == 10 and out["pending"] == "day 2: speech_order"
    assert play(base + "[[day]]\nsheriff = { withdrawn = [], votes = { 5 = 3 } }\n")["error"] is not None
    # a tie goes to a PK as on day 1
    tie = base + "[[day]]\nsheriff = { withdrawn = [], votes = { 1 = 3, 4 = 5 }, revotes = { 1 = 5 } }\n"
    assert play(tie)["sheriff"] == 5


def test_a_second_blow_on_day_2_swallows_the_badge() -> None:
    night_2 = "[[night]]\nseer = 3\nwerewolves = 11\nwitch = {}\n"
    record = club() + NIGHT_9 + BLOW_1 + night_2 + "[[day]]\nself_destruct = 1\n"
    out = play(record)
    assert out["sheriff"] is None and out["pending"] == "night 3: werewolves"
    assert "badge.swallowed" in [c["key"] for c in cues(record)]
    assert (11, "werewolves") in [(d["seat"], d["cause"]) for d in out["deaths"]]


def test_single_swallow_loses_the_badge_at_the_first_blow() -> None:
    night_2 = "[[night]]\nseer = 3\nwerewolves = 11\nwitch = {}\n"
    record = club(badge_swallow="single") + NIGHT_9 + BLOW_1 + night_2
    out = play(record)
    assert out["pending"] == "day 2: vote" and out["sheriff"] is None
    assert "badge.swallowed" in [c["key"] for c in cues(record)]


def test_a_blow_during_the_candidacy_holds_the_whole_election_again_on_day_2() -> None:
    record = (
        club() + NIGHT_9 + "[[day]]\nself_destruct = 2\n[[night]]\nseer = 3\nwerewolves = 11\nwitch = {}\n"
    )
    assert play(record)["pending"] == "day 2: sheriff"
    assert [c["key"] for c in cues(record)][-1] == "sheriff.stand"


@pytest.mark.parametrize("swallow", ["double", "single"])
def test_a_poisoned_wolf_may_self_destruct_and_the_day_goes_on(swallow: str) -> None:
    poisoned = "[[night]]\nseer = 1\nwerewolves = 9\nwitch = { poison = 2 }\n"
    record = club(badge_swallow=swallow) + poisoned + BLOW_1
    out = play(record)
    assert out["pending"] == "day 1: vote"
    assert [(d["seat"], d["cause"]) for d in out["deaths"]] == [(2, "self_destruct"), (9, "werewolves")]
    assert cues(record, "deaths.announce")[0]["seats"] == [9], "the public sees only the self-destruct"


def test_a_poisoned_wolfs_blow_and_another_in_the_talk_are_one_days_record() -> None:
    poisoned = "[[night]]\nseer = 1\nwerewolves = 9\nwitch = { poison = 2 }\n"
    day = "[[day]]\nsheriff = { candidates = [3, 5, 10] }\nself_destruct = [2, 1]\n"
    out = play(club() + poisoned + day)
    causes = [(d["seat"], d["cause"]) for d in out["deaths"]]
    assert causes == [(2, "self_destruct"), (9, "werewolves"), (1, "self_destruct")]
    assert out["pending"] == "night 2: werewolves"
    game = game_of(club() + poisoned + day)
    assert "self_destruct = [2, 1]" in write_record(game)


def test_no_self_destruct_in_the_election_outside_the_club_day() -> None:
    record = club(night_order="guard_first") + NIGHT_9 + BLOW_1
    out = play(record)
    assert (
        out["error"]["message"] == "a werewolf self-destructs only during the day's talk (self_destruct_when)"
    )
    assert out["deaths"] == []


def test_a_sheriff_who_self_destructs_loses_the_badge() -> None:
    record = club() + NIGHT_9 + '[[day]]\nsheriff = 2\nspeech_order = "up"\nself_destruct = 2\n'
    out = play(record)
    assert out["sheriff"] is None and out["pending"] == "night 2: werewolves"
    assert cues(record, "badge.lost") == [{"key": "badge.lost", "seat": 2}]


# 警左/警右


def test_the_sheriff_chooses_left_or_right_and_speaks_last() -> None:
    base = club() + NIGHT_9 + "[[day]]\nsheriff = 5\n"
    assert play(base)["pending"] == "day 1: speech_order"
    up = speakers(base + 'speech_order = "up"\n')[0]
    assert up == [6, 7, 8, 10, 11, 12, 1, 2, 3, 4, 5]
    down = speakers(base + 'speech_order = "down"\n')[0]
    assert down == [4, 3, 2, 1, 12, 11, 10, 8, 7, 6, 5]
    assert cues(base + 'speech_order = "down"\n', "discussion.start")[0] == {
        "key": "discussion.start",
        "seat": 4,
        "direction": "counterclockwise",
    }


def test_victim_or_sheriff_starts_beside_the_one_night_victim() -> None:
    base = club(sheriff_speech_from="victim_or_sheriff") + NIGHT_9 + "[[day]]\nsheriff = 5\n"
    assert speakers(base + 'speech_order = "up"\n')[0] == [10, 11, 12, 1, 2, 3, 4, 6, 7, 8, 5]
    assert speakers(base + 'speech_order = "down"\n')[0] == [8, 7, 6, 4, 3, 2, 1, 12, 11, 10, 5]
    two_dead = "[[night]]\nseer = 1\nwerewolves = 9\nwitch = { poison = 11 }\n[[day]]\nsheriff = 5\n"
    record = club(sheriff_speech_from="victim_or_sheriff") + two_dead + 'speech_order = "up"\n'
    assert speakers(record)[0] == [6, 7, 8, 10, 12, 1, 2, 3, 4, 5], "two victims: the sheriff's side"


def test_without_a_sheriff_the_talk_starts_after_the_lowest_victim_or_at_a_drawn_seat() -> None:
    two_dead = "[[night]]\nseer = 1\nwerewolves = 11\nwitch = { poison = 9 }\n[[day]]\nsheriff = 0\n"
    assert speakers(club() + two_dead)[0] == [10, 12, 1, 2, 3, 4, 5, 6, 7, 8]
    peaceful = club() + QUIET + "[[day]]\nsheriff = 0\n"
    order = speakers(peaceful)[0]
    assert sorted(order) == list(range(1, 13)) and order == speakers(peaceful)[0]
    assert order == [*range(order[0], 13), *range(1, order[0])], "upward from the drawn seat"


def test_the_seeds_day_is_unchanged_outside_the_club() -> None:
    record = club(night_order="guard_first") + NIGHT_9 + "[[day]]\nsheriff = 5\n"
    assert play(record)["pending"] == "day 1: vote"
    assert speakers(record)[0][0] == 6


# The exile vote, the PK and the revealed idiot

ELECTED = '[[day]]\nsheriff = 5\nspeech_order = "up"\n'


@pytest.mark.parametrize("voters", ["others", "all"])
def test_an_exile_tie_goes_to_a_pk_where_revote_voters_vote(voters: str) -> None:
    base = club(revote_voters=voters) + NIGHT_9 + ELECTED + "vote = { 1 = 10, 2 = 11 }\n"
    assert cues(base, "vote.pk")[0]["seats"] == [10, 11]
    out = play(base + "revote = { 10 = 11, 1 = 10 }\n")
    if voters == "others":
        assert out["error"]["message"] == "seat 10 may not vote (not allowed today) (may_not_vote)"
    else:
        assert out["error"] is None and (11, "vote") not in [(d["seat"], d["cause"]) for d in out["deaths"]]
    out = play(base + "revote = { 1 = 10, 2 = 11 }\n")
    assert out["pending"] == "night 2: werewolves" and len(out["deaths"]) == 1, "a second tie: nobody out"


@pytest.mark.parametrize("votable", [False, True])
def test_a_revealed_idiot_may_or_may_not_be_voted_for(votable: bool) -> None:
    base = club(idiot_votable_after_reveal=votable) + NIGHT_9 + ELECTED + "vote = { 1 = 8, 2 = 8 }\n"
    day_2 = QUIET + '[[day]]\nspeech_order = "up"\nvote = { 1 = 8, 2 = 8 }\n'
    out = play(base + day_2)
    if votable:
        assert (8, "vote") in [(d["seat"], d["cause"]) for d in out["deaths"]]
    else:
        assert out["error"]["message"] == "seat 8 is a revealed idiot: no vote for him (idiot_votable)"
    assert play(base + QUIET + '[[day]]\nspeech_order = "up"\nvote = { 8 = 1 }\n')["error"] is not None


@pytest.mark.parametrize("votable", [False, True])
def test_a_revealed_idiot_may_or_may_not_take_the_badge(votable: bool) -> None:
    base = club(idiot_votable_after_reveal=votable) + NIGHT_9 + ELECTED + "vote = { 1 = 8, 2 = 8 }\n"
    night_2 = "[[night]]\nseer = 2\nwerewolves = 5\nwitch = {}\n[[day]]\nbadge = 8\n"
    out = play(base + night_2)
    if votable:
        assert out["sheriff"] == 8
    else:
        assert out["error"]["message"] == "seat 8 is a revealed idiot: no badge (idiot_badge)"


# Last words (last_words = "club")


@pytest.mark.parametrize(("rule", "spoke"), [("club", [9, 10]), ("all", [9, 10, 11]), ("none", [])])
def test_night_1_deaths_and_exiles_speak_later_night_deaths_do_not(rule: str, spoke: list[int]) -> None:
    record = club(last_words=rule) + NIGHT_9 + ELECTED + "vote = { 1 = 10, 2 = 10 }\n"
    record += '[[night]]\nseer = 2\nwerewolves = 11\nwitch = {}\n[[day]]\nspeech_order = "up"\n'
    assert [c["seat"] for c in cues(record, "last_words")] == spoke


def test_a_shot_victim_speaks_when_its_shooter_did() -> None:
    knifed_hunter = "[[night]]\nseer = 1\nwerewolves = 7\nwitch = {}\n[[day]]\nsheriff = 5\nhunter = 12\n"
    assert [c["seat"] for c in cues(club() + knifed_hunter, "last_words")] == [7, 12]
    exiled = club() + NIGHT_9 + ELECTED + "vote = { 1 = 7, 2 = 7 }\nhunter = 11\n"
    assert [c["seat"] for c in cues(exiled, "last_words")] == [9, 7, 11]
    said = [c["key"] for c in cues(exiled)]
    assert said.index("hunter.shot") < len(said) - 1 - said[::-1].index("last_words"), "after the skills"
    night_2 = "[[night]]\nseer = 2\nwerewolves = 7\nwitch = {}\n[[day]]\nhunter = 11\n"
    assert [c["seat"] for c in cues(club() + NIGHT_9 + ELECTED + night_2, "last_words")] == [9]


def test_an_exiled_sheriff_speaks_before_handing_the_badge() -> None:
    record = club() + NIGHT_9 + ELECTED + "vote = { 1 = 5, 2 = 5 }\n"
    said = [c["key"] for c in cues(record)]
    assert said[said.index("vote.out") :][:3] == ["vote.out", "last_words", "badge.handover"]
    assert play(record + "badge = 6\n")["sheriff"] == 6


@pytest.mark.parametrize(
    ("rule", "day_1", "day_2"), [(False, [], []), (True, [2], [1]), ("first_day", [2], [])]
)
def test_self_destruct_last_words(rule: object, day_1: list[int], day_2: list[int]) -> None:
    first = club(self_destruct_last_words=rule) + NIGHT_9 + ELECTED + "self_destruct = 2\n"
    assert [c["seat"] for c in cues(first, "last_words")] == [9, *day_1]
    second = first + QUIET + '[[day]]\nspeech_order = "up"\nself_destruct = 1\n'
    assert [c["seat"] for c in cues(second, "last_words")] == [9, *day_1, *day_2]


# The witch (witch_sees_victim)


@pytest.mark.parametrize("sees", ["while_antidote", "always"])
def test_the_witch_is_told_nobody_once_her_antidote_is_spent(sees: str) -> None:
    record = club(witch_sees_victim=sees) + "[[night]]\nseer = 1\nwerewolves = 9\nwitch = { heal = true }\n"
    record += '[[day]]\nsheriff = 5\nspeech_order = "up"\nvote = {}\n'
    record += "[[night]]\nseer = 2\nwerewolves = 10\n"
    game = game_of(record)
    told = [e.data["victim"] for e in game.events if e.kind == "witch.told"]
    assert told == [9, 0 if sees == "while_antidote" else 10]
    assert game.pending is not None and game.pending.step == "witch", "still woken and asked"


# Whole games


def _club_game(seed: int, **changed: object) -> Game:
    rng = random.Random(seed)
    roles = ["werewolf"] * 4 + ["seer", "witch", "hunter", "idiot"] + ["villager"] * 4
    setup = deal(roles, 12, seed=seed)
    rules = make_rules({"witch_self_heal": False, **changed}, preset="chinese-club")
    return play_random_game(Game(setup, rules), rng)


@pytest.mark.parametrize("seed", range(12))
def test_random_club_games_end_and_their_records_replay_to_the_same_end(seed: int) -> None:
    swallow = "double" if seed % 2 else "single"
    game = _club_game(seed, badge_swallow=swallow)
    assert game.over
    again = replay(parse_record(write_record(game)))
    assert again.error is None and again.game.outcome() == game.outcome()
    assert summary(again)["deaths"] == [
        {"seat": d.seat, "phase": d.phase, "cause": d.cause} for d in state_of(game).deaths
    ]


# Random club days: the settings drawn, and what every game must keep to


def test_random_rules_draw_every_value_of_the_club_day_settings() -> None:
    rng = random.Random(1)
    drawn = [random_rules(rng) for _ in range(300)]
    for name in CLUB_DAY_SETTINGS:
        values = {getattr(rules, name) for rules in drawn}
        assert values == set(_choices(Rules.model_fields[name].annotation)), name


CLUB_DAY_SETTINGS = (
    "night_order",
    "last_words",
    "badge_swallow",
    "sheriff_runoff_voters",
    "revote_voters",
    "sheriff_speech_from",
    "self_destruct_last_words",
    "idiot_votable_after_reveal",
    "witch_sees_victim",
)


def _keeps_the_club_day(game: Game) -> None:
    """What the pending step of a club day must keep to (raises AssertionError)."""
    state, pending = state_of(game), game.pending
    if pending is None or pending.key != "sheriff":
        return
    election = state.election
    if pending.step == "sheriff_withdraw":
        assert set(pending.seats) <= set(election.stood) - set(election.withdrawn)
    if pending.step == "sheriff_vote":
        assert not set(pending.targets) & set(election.withdrawn)
        if pending.info["round"] == 1 or state.rules.sheriff_runoff_voters == "non_candidates":
            assert not set(pending.seats) & set(election.stood)
    if pending.step == "vote" and not state.rules.idiot_votable_after_reveal:
        assert not [s for s in pending.targets if state.player(s).revealed_idiot]


REACHED = (
    "sheriff.pk",
    "sheriff.withdrawn",
    "sheriff.self_destruct",
    "sheriff.postponed",
    "sheriff.resume",
    "badge.swallowed",
    "badge.lost",
    "vote.pk",
    "sheriff.order",
)
"""What random club days must reach between them."""


def test_random_club_days_keep_their_rules_and_replay() -> None:
    rng = random.Random(0)
    reached: set[str] = set()
    for played in range(450):  # 150 at least, more until REACHED (new settings shift the draws)
        if played >= 150 and not set(REACHED) - reached:
            break
        settings = random_rules(rng).model_dump(exclude={"cards"})
        settings.update(night_order="club", last_words="club", sheriff=True, sheriff_election="before_deaths")
        game = Game(random_setup(rng, rng.randint(8, 14)), make_rules(settings))
        while not game.over and game.pending is not None:
            _keeps_the_club_day(game)
            game.apply(random_decision(game, rng, self_destruct=0.06))
        said = [e.data for e in game.events if e.kind == "cue"]
        reached |= {c["key"] for c in said}
        spoke = [c["seat"] for c in said if c["key"] == "last_words"]
        assert len(spoke) == len(set(spoke)), "last words once"
        causes = {d.seat: (d.phase, d.cause) for d in state_of(game).deaths}
        for seat in spoke:
            phase, cause = causes[seat]
            assert phase == Phase("night", 1) or cause in ("vote", "self_destruct", *SHOT_CAUSES), (
                seat,
                cause,
            )
        again = replay(parse_record(write_record(game)))
        assert again.error is None and again.game.outcome() == game.outcome()
    assert not set(REACHED) - reached
