"""The day: sheriff election, votes and ties, triggered decisions, self-destruct."""

from __future__ import annotations

from engine.game import state_of
from tests.engine.harness import game_of, play, table

QUIET_NIGHT = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n"
NO_SHERIFF = "sheriff = false"


def test_sheriff_is_elected_before_the_deaths_and_victims_may_vote() -> None:
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n"
        "[[day]]\nsheriff = { candidates = [3, 6], votes = { 7 = 3, 8 = 3, 9 = 6 } }\n"
    )
    out = play(table() + body)
    assert out["sheriff"] == 3 and out["pending"] == "day 1: vote"
    assert out["deaths"] == [{"seat": 7, "phase": "night 1", "cause": "werewolves"}]


def test_a_candidate_may_not_vote_for_sheriff() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = { candidates = [3, 6], votes = { 3 = 6 } }\n"
    out = play(table() + body)
    assert out["error"]["decision"] == "sheriff" and out["error"]["phase"] == "day 1"


def test_one_candidate_is_elected_at_once_and_none_means_no_sheriff() -> None:
    assert play(table() + QUIET_NIGHT + "[[day]]\nsheriff = { candidates = [4] }\n")["sheriff"] == 4
    out = play(table() + QUIET_NIGHT + "[[day]]\nsheriff = { candidates = [] }\nvote = {}\n")
    assert out["sheriff"] is None and out["pending"] == "night 2: guard"


def test_the_sheriff_can_be_set_directly() -> None:
    assert play(table() + QUIET_NIGHT + "[[day]]\nsheriff = 6\n")["sheriff"] == 6


def test_sheriff_tie_goes_to_a_runoff_then_to_no_sheriff() -> None:
    tie = "[[day]]\nsheriff = { candidates = [3, 6], votes = { 1 = 3, 2 = 6 }"
    out = play(table() + QUIET_NIGHT + tie + " }\n")
    assert out["pending"] == "day 1: sheriff"
    out = play(table() + QUIET_NIGHT + tie + ", revotes = { 1 = 3, 2 = 3, 4 = 6 } }\n")
    assert out["sheriff"] == 3
    out = play(table() + QUIET_NIGHT + tie + ", revotes = { 1 = 3, 2 = 6 } }\nvote = {}\n")
    assert out["sheriff"] is None and out["pending"] == "night 2: guard"


def test_the_runoff_is_among_the_tied_and_losing_candidates_vote() -> None:
    body = QUIET_NIGHT + (
        "[[day]]\nsheriff = { candidates = [3, 6, 8], votes = { 1 = 3, 2 = 6, 4 = 8, 5 = 3, 7 = 6 },"
        " revotes = { 8 = 6 } }\n"
    )
    assert play(table() + body)["sheriff"] == 6
    bad = QUIET_NIGHT + (
        "[[day]]\nsheriff = { candidates = [3, 6, 8], votes = { 1 = 3, 2 = 6 }, revotes = { 1 = 8 } }\n"
    )
    assert play(table() + bad)["error"]["decision"] == "sheriff"


def test_the_sheriff_vote_counts_double() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nvote = { 3 = 1, 4 = 2, 5 = 2 }\n"
    out = play(table() + body)
    assert out["deaths"] == []  # 2 against 2: a tie, nobody out
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nvote = { 3 = 1, 4 = 2 }\n"
    assert play(table() + body)["deaths"] == [{"seat": 1, "phase": "day 1", "cause": "vote"}]


def test_sheriff_weight_one_and_a_half() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nvote = { 3 = 1, 4 = 2, 5 = 2 }\n"
    out = play(table(rules="sheriff_weight = 1.5") + body)
    assert out["deaths"] == [{"seat": 2, "phase": "day 1", "cause": "vote"}]


def test_election_after_discussion_and_self_destruct_moves_it() -> None:
    rules = 'sheriff_election = "after_discussion"'
    body = QUIET_NIGHT + "[[day]]\nself_destruct = 2\n[[night]]\nguard = 4\nseer = 3\n"
    out = play(table(rules=rules) + body)
    assert out["error"] is not None  # seer = 3 checks herself: the record is wrong on purpose
    body = (
        QUIET_NIGHT
        + "[[day]]\nself_destruct = 2\n"
        + "[[night]]\nguard = 4\nseer = 6\nwerewolves = 0\nwitch = {}\n[[day]]\nsheriff = 7\n"
    )
    out = play(table(rules=rules) + body)
    assert out["deaths"] == [{"seat": 2, "phase": "day 1", "cause": "self_destruct"}]
    assert out["sheriff"] == 7 and out["pending"] == "day 2: vote"


def test_self_destruct_ends_the_day_with_no_vote() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nself_destruct = 1\nvote = { 3 = 2 }\n"
    out = play(table() + body)
    assert out["deaths"] == [{"seat": 1, "phase": "day 1", "cause": "self_destruct"}]
    assert out["pending"] == "night 2: guard"


def test_only_a_living_werewolf_self_destructs_and_only_when_allowed() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nself_destruct = 4\n"
    assert play(table() + body)["error"]["decision"] == "self_destruct"
    body = QUIET_NIGHT + "[[day]]\nsheriff = 3\nself_destruct = 1\n"
    assert play(table(rules="self_destruct = false") + body)["error"]["decision"] == "self_destruct"


def test_a_tie_kills_nobody_by_default() -> None:
    body = QUIET_NIGHT + "[[day]]\nvote = { 1 = 3, 2 = 4 }\n"
    out = play(table(rules=NO_SHERIFF) + body)
    assert out["deaths"] == [] and out["pending"] == "night 2: guard"


def test_a_tie_goes_to_a_revote_among_the_tied() -> None:
    rules = NO_SHERIFF + '\nvote_tie = "revote"'
    body = QUIET_NIGHT + "[[day]]\nvote = { 1 = 3, 2 = 4 }\n"
    assert play(table(rules=rules) + body)["pending"] == "day 1: revote"
    out = play(table(rules=rules) + body + "revote = { 1 = 3, 2 = 3, 3 = 4 }\n")
    assert out["deaths"] == [{"seat": 3, "phase": "day 1", "cause": "vote"}]
    out = play(table(rules=rules) + body + "revote = { 1 = 5 }\n")
    assert out["error"]["decision"] == "revote"
    out = play(table(rules=rules) + body + "revote = { 1 = 3, 2 = 4 }\n")
    assert out["deaths"] == [] and out["pending"] == "night 2: guard"


def test_a_tie_is_settled_by_the_sheriffs_vote_when_the_rules_say_so() -> None:
    rules = 'vote_tie = "sheriff"'
    body = QUIET_NIGHT + "[[day]]\nsheriff = 9\nvote = { 9 = 3, 2 = 4, 1 = 4, 5 = 3 }\n"
    out = play(table(rules=rules) + body)
    # The sheriff's vote counts 2: seat 3 has 3 votes, seat 4 has 2; not a tie at all.
    assert out["deaths"] == [{"seat": 3, "phase": "day 1", "cause": "vote"}]
    body = QUIET_NIGHT + "[[day]]\nsheriff = 9\nvote = { 9 = 3, 2 = 4, 1 = 4 }\n"
    out = play(table(rules=rules) + body)
    assert out["deaths"] == [{"seat": 3, "phase": "day 1", "cause": "vote"}]
    body = QUIET_NIGHT + "[[day]]\nsheriff = 9\nvote = { 9 = 7, 2 = 4, 1 = 4, 8 = 4, 5 = 3, 6 = 3, 4 = 3 }\n"
    assert play(table(rules=rules) + body)["deaths"] == []  # the sheriff voted outside the tie


def test_a_tie_kills_the_scapegoat_who_names_tomorrows_voters() -> None:
    roles = (
        '["werewolf", "werewolf", "seer", "witch", "guard", "scapegoat", "villager", "villager", "villager"]'
    )
    rules = NO_SHERIFF
    body = QUIET_NIGHT + "[[day]]\nvote = { 1 = 3, 2 = 4 }\n"
    out = play(table(roles, rules=rules) + body)
    assert out["deaths"] == [{"seat": 6, "phase": "day 1", "cause": "scapegoat"}]
    assert out["pending"] == "day 1: scapegoat"
    body += (
        "scapegoat = [3, 4]\n"
        "[[night]]\nguard = 4\nseer = 2\nwerewolves = 0\nwitch = {}\n[[day]]\nvote = { 7 = 1 }\n"
    )
    out = play(table(roles, rules=rules) + body)
    assert out["error"]["decision"] == "vote" and out["error"]["phase"] == "day 2"


def test_an_idiot_voted_out_is_revealed_then_never_votes_and_dies_the_second_time() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "guard", "idiot", "villager", "villager", "villager"]'
    body = QUIET_NIGHT + "[[day]]\nvote = { 1 = 6, 2 = 6 }\n"
    game = game_of(table(roles, rules=NO_SHERIFF) + body)
    assert state_of(game).player(6).alive and state_of(game).player(6).revealed_idiot
    nxt = "[[night]]\nguard = 4\nseer = 2\nwerewolves = 0\nwitch = {}\n"
    out = play(table(roles, rules=NO_SHERIFF) + body + nxt + "[[day]]\nvote = { 6 = 1 }\n")
    assert out["error"]["decision"] == "vote"
    out = play(table(roles, rules=NO_SHERIFF) + body + nxt + "[[day]]\nvote = { 1 = 6 }\n")
    assert out["deaths"] == [{"seat": 6, "phase": "day 2", "cause": "vote"}]


def test_lovers_may_not_vote_for_each_other() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "cupid", "hunter", "villager", "villager", "villager"]'
    night = "[[night]]\ncupid = [7, 8]\nseer = 1\nwerewolves = 0\nwitch = {}\n"
    out = play(table(roles, rules=NO_SHERIFF) + night + "[[day]]\nvote = { 7 = 8 }\n")
    assert out["error"]["decision"] == "vote"


def test_the_dead_may_not_vote() -> None:
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n"
    out = play(table(rules=NO_SHERIFF) + night + "[[day]]\nvote = { 7 = 1 }\n")
    assert out["error"]["decision"] == "vote"
    out = play(table(rules=NO_SHERIFF) + night + "[[day]]\nvote = { 3 = 7 }\n")
    assert out["error"]["decision"] == "vote"


def test_the_hunter_shoots_when_killed_by_werewolves_next_morning() -> None:
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 6\nwitch = {}\n"
    out = play(table(rules=NO_SHERIFF) + night)
    assert out["pending"] == "day 1: hunter"
    out = play(table(rules=NO_SHERIFF) + night + "[[day]]\nhunter = 1\n")
    assert out["deaths"] == [
        {"seat": 6, "phase": "night 1", "cause": "werewolves"},
        {"seat": 1, "phase": "day 1", "cause": "hunter"},
    ]
    out = play(table(rules=NO_SHERIFF) + night + "[[day]]\nhunter = 0\n")
    assert out["pending"] == "day 1: vote"


def test_the_hunter_shoots_when_voted_out() -> None:
    out = play(table(rules=NO_SHERIFF) + QUIET_NIGHT + "[[day]]\nvote = { 1 = 6 }\nhunter = 2\n")
    assert out["deaths"][-1] == {"seat": 2, "phase": "day 1", "cause": "hunter"}


def test_a_poisoned_hunter_does_not_shoot() -> None:
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = { poison = 6 }\n"
    assert play(table(rules=NO_SHERIFF) + night)["pending"] == "day 1: vote"


def test_a_dying_sheriff_hands_the_badge_or_destroys_it() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = 7\nvote = { 1 = 7 }\n"
    assert play(table() + body)["pending"] == "day 1: badge"
    assert play(table() + body + "badge = 8\n")["sheriff"] == 8
    out = play(table() + body + "badge = 0\n")
    assert out["sheriff"] is None and out["pending"] == "night 2: guard"


def test_the_hunter_shoots_before_the_badge_is_handed() -> None:
    body = QUIET_NIGHT + "[[day]]\nsheriff = 6\nvote = { 1 = 6 }\n"
    assert play(table() + body)["pending"] == "day 1: hunter"
    assert play(table() + body + "hunter = 0\n")["pending"] == "day 1: badge"


def test_a_victim_elected_sheriff_hands_the_badge_at_the_announcement() -> None:
    body = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n[[day]]\nsheriff = 7\nbadge = [3]\n"
    out = play(table() + body)
    assert out["sheriff"] == 3 and out["pending"] == "day 1: vote"


def test_the_elder_voted_out_curses_the_village_and_the_revealed_idiot_dies() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "hunter", "idiot", "elder", "villager", "villager"]'
    night = "[[night]]\nseer = 1\nwerewolves = 0\nwitch = {}\n"
    body = (
        night
        + "[[day]]\nvote = { 1 = 6 }\n"
        + night.replace("seer = 1", "seer = 2")
        + "[[day]]\nvote = { 1 = 7 }\n"
    )
    out = play(table(roles, rules=NO_SHERIFF) + body)
    assert out["deaths"] == [
        {"seat": 7, "phase": "day 2", "cause": "vote"},
        {"seat": 6, "phase": "day 2", "cause": "elder_curse"},
    ]
    # The cursed hunter no longer shoots when voted out.
    more = "[[night]]\nseer = 3\nwerewolves = 0\nwitch = {}\n[[day]]\nvote = { 1 = 5 }\n"
    out = play(table(roles, rules=NO_SHERIFF) + body + more)
    assert out["deaths"][-1] == {"seat": 5, "phase": "day 3", "cause": "vote"}
    assert out["pending"] == "night 4: werewolves"


def test_a_lover_voted_out_takes_the_other_and_grief_is_a_later_moment() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "cupid", "hunter", "villager", "villager", "villager"]'
    night = "[[night]]\ncupid = [1, 8]\nseer = 2\nwerewolves = 0\nwitch = {}\n"
    out = play(table(roles, rules=NO_SHERIFF) + night + "[[day]]\nvote = { 2 = 8 }\n")
    assert out["deaths"] == [
        {"seat": 8, "phase": "day 1", "cause": "vote"},
        {"seat": 1, "phase": "day 1", "cause": "grief"},
    ]


def test_a_revealed_idiot_who_is_sheriff_has_no_vote_at_all() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "guard", "idiot", "villager", "villager", "villager"]'
    body = QUIET_NIGHT + "[[day]]\nsheriff = 6\nvote = { 1 = 6, 2 = 6 }\n"
    game = game_of(table(roles) + body)
    assert state_of(game).sheriff == 6 and state_of(game).player(6).revealed_idiot
    night = "[[night]]\nguard = 4\nseer = 2\nwerewolves = 0\nwitch = {}\n"
    out = play(table(roles) + body + night + "[[day]]\nvote = { 6 = 1 }\n")
    assert out["error"]["decision"] == "vote" and out["sheriff"] == 6


def test_a_cursed_idiot_voted_out_simply_dies() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "guard", "idiot", "elder", "villager", "villager"]'
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = { poison = 7 }\n[[day]]\nvote = { 1 = 6 }\n"
    )
    out = play(table(roles, rules=NO_SHERIFF) + body)
    assert out["deaths"] == [
        {"seat": 7, "phase": "night 1", "cause": "poison"},
        {"seat": 6, "phase": "day 1", "cause": "vote"},
    ]


def test_a_won_game_asks_nothing_more_not_even_the_badge() -> None:
    """RULES.md, fine points: the dying sheriff hands the badge on only when the game goes on."""
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = { poison = 2 }\n"
        "[[day]]\nsheriff = 1\nvote = { 3 = 1, 4 = 1, 5 = 1 }\n"
    )
    out = play(table() + body)
    assert out["winner"] == "villagers" and out["ended"] == "day 1" and "pending" not in out
