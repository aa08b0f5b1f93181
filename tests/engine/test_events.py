"""The New Moon event cards: each card's effect and how long it lasts, the draw, the record
format, the views, and random playthroughs with the cards on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots import random_decision
from engine.cards.deck import CARDS, DECK_000
from engine.cards.double_agent import ally
from engine.cards.reports import reported
from engine.catalog import usual
from engine.deaths import winner
from engine.decisions import DayVote
from engine.game import Game, state_of
from engine.outcome import Winner
from engine.record import RecordError, parse_record, replay, summary, write_record
from engine.roles.witch import potions
from engine.rules import RuleError, make_rules
from engine.views import public_view, seat_view
from tests.engine.harness import CLASSIC_9
from tests.engine.randomgames import random_event_rules, random_event_setup

# Seats of CLASSIC_9: werewolves 1 and 2, seer 3, witch 4, guard 5, hunter 6, villagers 7–9.
QUIET_NIGHT = "[[night]]\nguard = 0\nseer = 1\nwerewolves = 0\nwitch = {}\n"
MEN, WOMEN = (1, 3, 5, 7, 9), (2, 4, 6, 8)
AGES = {1: 61, 2: 25, 3: 44, 4: 33, 5: 19, 6: 70, 7: 52, 8: 12, 9: 38}


def moon(rules: str = "", roles: str = CLASSIC_9, facts: bool = True, deck: str = "") -> str:
    """The [setup] and [rules] of a 9-seat record with the cards drawn every morning."""
    text = f"[setup]\nseats = {roles.count(chr(34)) // 2}\nroles = {roles}\n"
    if facts:
        text += "[setup.facts]\n"
        for seat, age in AGES.items():
            gender = "male" if seat in MEN else "female"
            text += f'{seat} = {{ age = {age}, gender = "{gender}", glasses = {str(seat == 2).lower()} }}\n'
    text += '[rules]\nsheriff = false\nevents = "every_morning"\n'
    if deck:
        text += f"event_deck = {deck}\n"
    return text + rules + "\n"


def play(record: str) -> dict[str, Any]:
    return summary(replay(parse_record(record)))


def game_of(record: str) -> Game:
    return replay(parse_record(record)).game


def cues(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue"]


def day(card: str, **keys: str) -> str:
    return f'[[day]]\nevent = "{card}"\n' + "".join(f"{k} = {v}\n" for k, v in keys.items())


def killed(out: dict[str, Any]) -> list[tuple[int, str]]:
    return [(d["seat"], d["cause"]) for d in out["deaths"]]


# Settings


def test_the_event_settings_are_rules_named_flat_and_checked() -> None:
    rules = make_rules({"events": "peaceful_nights", "dark_moon": ["burial"], "pact": "always"})
    assert rules.events == "peaceful_nights" and rules.cards.dark_moon == ("burial",)
    assert rules.cards.pact == "always" and rules.cards.event_deck == DECK_000
    with pytest.raises(RuleError, match="'dark_moon' cannot be"):
        make_rules({"events": "every_morning", "dark_moon": ["miracle"]})
    with pytest.raises(RuleError, match="needs the event cards on"):
        make_rules({"dark_moon": ["burial"]})
    with pytest.raises(RuleError, match="unknown event card"):
        make_rules({"events": "every_morning", "event_deck": ["miracles"]})
    with pytest.raises(RuleError, match="'bleak_monday' cannot be 'sad'"):
        make_rules({"bleak_monday": "sad"})


def test_the_deck_is_seed_000_and_executioner_is_seed_001s() -> None:
    assert len(DECK_000) == 35 and "executioner" not in DECK_000
    assert CARDS["executioner"].seed == "001"
    assert {c.moon for c in CARDS.values()} == {"full", "fang", "dark"}
    for name in CARDS:
        assert f"card.{name.rstrip('_12345') if name.startswith('spirit') else name}" in usual().cues


def test_with_events_off_nothing_is_drawn_and_the_summary_has_no_event_keys() -> None:
    out = play(moon().replace('events = "every_morning"', "") + QUIET_NIGHT + day("miracle"))
    assert "events" not in out and out["pending"] == "day 1: vote"


# Drawing


def test_a_card_is_drawn_every_morning_after_the_deaths_are_announced() -> None:
    game = game_of(moon(deck='["bleak_monday", "radiant_sunday"]') + QUIET_NIGHT)
    keys = cues(game)
    assert keys.index("deaths.peaceful") < keys.index("event.draw") < keys.index("vote.start")
    assert summary(replay(parse_record(moon(deck='["bleak_monday"]') + QUIET_NIGHT)))["events"] == [
        {"day": 1, "card": "bleak_monday"}
    ]


def test_peaceful_nights_draw_only_after_a_night_with_no_death() -> None:
    rules = moon(deck='["bleak_monday", "radiant_sunday", "end_of_the_harvest"]').replace(
        "every_morning", "peaceful_nights"
    )
    body = (
        QUIET_NIGHT
        + "[[day]]\nvote = {}\n"
        + ("[[night]]\nguard = 5\nseer = 2\nwerewolves = 7\nwitch = {}\n[[day]]\nvote = {}\n" + QUIET_NIGHT)
    )
    out = play(rules + body)
    assert [e["day"] for e in out["events"]] == [1, 3]


def test_a_record_may_name_the_card_and_a_card_it_cannot_draw_is_illegal() -> None:
    out = play(moon() + QUIET_NIGHT + day("burial"))
    assert out["events"] == [{"day": 1, "card": "burial"}] and out["in_play"] == ["burial"]
    out = play(moon(deck='["burial"]') + QUIET_NIGHT + day("nightmare"))
    assert out["error"]["decision"] == "event" and "not in this game's deck" in out["error"]["message"]
    out = play(moon() + QUIET_NIGHT + day("miracle"))  # no werewolf victim yet
    assert "cannot be played now" in out["error"]["message"]
    out = play(moon(rules='dark_moon = ["burial"]') + QUIET_NIGHT + day("burial"))
    assert out["error"]["decision"] == "event"


def test_a_card_needing_a_fact_someone_declined_is_passed_over() -> None:
    deck = '["luncheon_for_seniors", "bleak_monday"]'
    out = play(moon(deck=deck, facts=False) + QUIET_NIGHT)
    assert out["events"] == [{"day": 1, "card": "bleak_monday"}]
    out = play(moon(deck=deck) + QUIET_NIGHT)
    assert out["events"][0]["card"] in ("luncheon_for_seniors", "bleak_monday")
    out = play(moon(facts=False) + QUIET_NIGHT + day("luncheon_for_seniors"))
    assert "cannot be played now" in out["error"]["message"]


def test_the_deck_runs_out_and_each_card_is_played_once() -> None:
    rules = moon(deck='["bleak_monday", "radiant_sunday"]')
    body = (QUIET_NIGHT + "[[day]]\nvote = {}\n") * 3
    out = play(rules + body)
    assert sorted(e["card"] for e in out["events"]) == ["bleak_monday", "radiant_sunday"]


def test_the_seeded_draws_replay_and_a_written_record_names_them() -> None:
    rng = random.Random(3)
    for _ in range(30):
        game = Game(random_event_setup(rng), random_event_rules(rng))
        while not game.over:
            game.apply(random_decision(game, rng))
        assert state_of(Game.replay(game.setup, game.rules, game.log)) == state_of(game)
        text = write_record(game)
        drawn = state_of(game).moon.played  # type: ignore[union-attr]
        assert text.count("\nevent = ") == len(drawn)
        result = replay(parse_record(text))
        assert result.error is None and result.pending is None
        assert state_of(result.game).deaths == state_of(game).deaths
        assert state_of(result.game).moon.played == drawn  # type: ignore[union-attr]
        assert result.game.outcome() == game.outcome()


def test_record_shape_errors_name_the_key() -> None:
    for bad, message in [
        (moon() + "[[day]]\nevent = 3\n", "'event' must be the name"),
        (moon() + '[[day]]\ncoin = "edge"\n', "'coin' must be"),
        (moon() + '[[night]]\npotion = "water"\n', "'potion' must be one of"),
        (moon() + "[[day]]\nfriends = { 1 = 2 }\n", "'friends' must be"),
        (moon().replace("glasses =", "hat = true, glasses ="), "unknown fact(s) hat"),
    ]:
        with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
            parse_record(bad)


# Full moon: this round only


def test_miracle_brings_the_last_werewolf_victim_back_as_a_villager() -> None:
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 3\nwitch = {}\n"
    game = game_of(moon() + night + day("miracle"))
    assert state_of(game).is_alive(3) and state_of(game).player(3).card.value == "villager"
    assert summary(replay(parse_record(moon() + night + day("miracle"))))["revived"] == [3]
    assert "miracle.revived" in cues(game)
    # It lasts: seat 3 is still alive and a villager two days later.
    later = game_of(moon() + night + day("miracle", vote="{}") + QUIET_NIGHT + day("bleak_monday"))
    assert state_of(later).is_alive(3) and state_of(later).player(3).card.value == "villager"


def test_bleak_monday_changes_nothing_unless_surely_not_him() -> None:
    out = play(moon() + QUIET_NIGHT + day("bleak_monday", vote="{ 1 = 7, 2 = 7 }"))
    assert killed(out) == [(7, "vote")]


def test_surely_not_him_chain_hangs_the_last_one_standing() -> None:
    rules = moon(rules='bleak_monday = "surely_not_him"')
    # Nobody dead: the first seat vouches; then each one vouched for vouches next.
    game = game_of(rules + QUIET_NIGHT + day("bleak_monday"))
    assert game.pending is not None and game.pending.step == "vouch" and game.pending.seats == (1,)
    out = play(rules + QUIET_NIGHT + day("bleak_monday", vouch="[3, 4, 5, 6, 7, 8, 9, 1]"))
    assert killed(out) == [(2, "vote")]
    out = play(rules + QUIET_NIGHT + day("bleak_monday", vouch="[3, 3]"))
    assert out["error"]["decision"] == "vouch"  # 3 sat down already (and vouches himself)


def test_surely_not_him_clockwise_asks_each_seat_in_turn() -> None:
    rules = moon(rules='bleak_monday = "surely_not_him"\nsurely_not_him = "clockwise"')
    game = game_of(rules + QUIET_NIGHT + day("bleak_monday", vouch="[9, 1]"))
    assert game.pending is not None and game.pending.seats == (3,) and 9 not in game.pending.targets


@pytest.mark.parametrize("card", ["not_me_nor_wolf", "good_manners", "eclipse"])
def test_a_player_reported_for_breaking_the_spoken_rule_loses_todays_vote(card: str) -> None:
    out = play(moon() + QUIET_NIGHT + day(card, reported="[7]", vote="{ 7 = 1 }"))
    assert out["error"]["decision"] == "vote" and "may not vote" in out["error"]["message"]
    out = play(moon() + QUIET_NIGHT + day(card, reported="[7]", vote="{ 8 = 1 }"))
    assert killed(out) == [(1, "vote")]
    # The next day seat 7 votes again.
    out = play(
        moon()
        + QUIET_NIGHT
        + day(card, reported="[7]", vote="{}")
        + QUIET_NIGHT
        + day("bleak_monday", vote="{ 7 = 2 }")
    )
    assert killed(out) == [(2, "vote")]


def test_spiritualism_the_ghost_of_the_first_victim_answers_the_medium_truly() -> None:
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n"
    game = game_of(moon() + night + day("spiritualism_1"))
    pending = game.pending
    assert pending is not None and pending.step == "question" and pending.seats == (8,)
    base = moon() + night + day("spiritualism_1", question='"werewolves_adjacent"')
    ghost = game_of(base).pending
    assert ghost is not None and ghost.seats == (7,) and ghost.info["truth"] is True
    out = play(base.replace("werewolves_adjacent", "werewolves_adjacent") + "ghost = false\n")
    assert out["error"]["decision"] == "ghost"
    game = game_of(base + "ghost = true\n")
    assert "spiritualism.yes" in cues(game) and game.pending and game.pending.step == "vote"
    # A question on a card it is not on, and one pointing at the wrong number of players.
    assert play(moon() + night + day("spiritualism_1", question='"witch_is_man"'))["error"]
    bad = moon() + night + day("spiritualism_2", question='{ ask = "same_team", seats = [1] }')
    assert play(bad)["error"]["decision"] == "question"
    same = moon() + night + day("spiritualism_2", question='{ ask = "same_team", seats = [1, 2] }')
    assert game_of(same).pending.info["truth"] is True  # type: ignore[union-attr]


def test_spiritualism_unknown_facts_leave_the_ghost_free_and_001_names_a_medium() -> None:
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n"
    game = game_of(moon() + night + day("spiritualism_1", question='"werewolf_jewelry"'))
    assert game.pending is not None and game.pending.info["truth"] is None
    rules = moon(rules='spiritualism = "three_questions"')
    game = game_of(rules + night + day("spiritualism_5"))
    assert game.pending is not None and game.pending.step == "medium" and game.pending.seats == (8,)
    game = game_of(rules + night + day("spiritualism_5", medium="4"))
    assert game.pending is not None and game.pending.seats == (4,)
    assert game.pending.info["questions"] == [
        "am_i_plain_villager",
        "sheriff_is_werewolf",
        "werewolf_studies_well",
    ]


def test_luncheon_the_older_half_neither_vote_nor_are_voted_until_dusk() -> None:
    seniors = [6, 1, 7, 3]  # ages 70, 61, 52, 44
    game = game_of(moon() + QUIET_NIGHT + day("luncheon_for_seniors"))
    assert game.pending is not None and set(game.pending.seats) == {2, 4, 5, 8, 9}
    assert not set(game.pending.targets) & set(seniors)
    out = play(moon() + QUIET_NIGHT + day("luncheon_for_seniors", vote="{ 2 = 6 }"))
    assert "away" in out["error"]["message"]
    discussion = [e for e in game.events if e.kind == "speakers"][-1].data["order"]
    assert not set(discussion) & set(seniors)
    # Back at dusk: the next day they vote.
    out = play(
        moon()
        + QUIET_NIGHT
        + day("luncheon_for_seniors", vote="{}")
        + QUIET_NIGHT
        + day("bleak_monday", vote="{ 6 = 2 }")
    )
    assert killed(out) == [(2, "vote")]


def test_luncheon_until_the_next_card_with_the_001_setting() -> None:
    rules = moon(rules='luncheon_until = "next_card"', deck='["luncheon_for_seniors", "radiant_sunday"]')
    rules = rules.replace("every_morning", "peaceful_nights")
    body = (
        QUIET_NIGHT
        + day("luncheon_for_seniors", vote="{}")
        + ("[[night]]\nguard = 5\nseer = 2\nwerewolves = 9\nwitch = {}\n[[day]]\nvote = { 2 = 6 }\n")
    )
    assert "away" in play(rules + body)["error"]["message"]


def test_gone_hunting_the_men_are_away_by_day_and_night() -> None:
    game = game_of(moon() + QUIET_NIGHT + day("gone_hunting", vote="{}") + "[[night]]\nguard = 5\nseer = 2\n")
    pending = game.pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (2,)
    assert set(pending.targets) == {2, 4, 6, 8}
    out = play(
        moon()
        + QUIET_NIGHT
        + day("gone_hunting", vote="{}")
        + "[[night]]\nguard = 5\nseer = 2\nwerewolves = 7\n"
    )
    assert out["error"]["decision"] == "werewolves"
    no_kill = moon(rules='gone_hunting = "no_kill"') + QUIET_NIGHT + day("gone_hunting", vote="{}")
    assert game_of(no_kill + "[[night]]\nguard = 5\nseer = 2\n").pending.step == "witch"  # type: ignore[union-attr]
    # Back at dawn.
    out = play(
        moon()
        + QUIET_NIGHT
        + day("gone_hunting", vote="{}")
        + QUIET_NIGHT
        + day("bleak_monday", vote="{ 1 = 2, 3 = 2 }")
    )
    assert killed(out) == [(2, "vote")]


def test_pact_with_the_devil_the_condemned_lives_if_he_makes_it() -> None:
    out = play(moon() + QUIET_NIGHT + day("pact_with_the_devil", vote="{ 1 = 7 }", pact="true"))
    assert killed(out) == [] and out["pacts"] == [7]
    out = play(moon() + QUIET_NIGHT + day("pact_with_the_devil", vote="{ 1 = 7 }", pact="false"))
    assert killed(out) == [(7, "vote")]
    out = play(moon(rules='pact = "always"') + QUIET_NIGHT + day("pact_with_the_devil", vote="{ 1 = 7 }"))
    assert out["pacts"] == [7] and out["pending"] == "night 2: guard"
    out = play(
        moon()
        + QUIET_NIGHT
        + day("pact_with_the_devil", vote="{}")
        + QUIET_NIGHT
        + day("bleak_monday", vote="{ 1 = 7 }")
    )
    assert killed(out) == [(7, "vote")]  # the next day, no pact


LOVERS_9 = (
    '["werewolf", "werewolf", "seer", "witch", "cupid", "hunter", "villager", "villager", "little_girl"]'
)


def test_april_fools_swaps_powers_and_the_lovers_must_vote_for_each_other() -> None:
    first = "[[night]]\ncupid = [7, 8]\nseer = 1\nwerewolves = 0\nwitch = {}\n"
    rules = moon(roles=LOVERS_9)
    game = game_of(rules + first + day("april_fools", vote="{ 7 = 8, 8 = 7 }") + "[[night]]\n")
    assert game.pending is not None and game.pending.step == "seer" and game.pending.seats == (4,)
    game = game_of(
        rules + first + day("april_fools", vote="{ 7 = 8, 8 = 7 }") + "[[night]]\nseer = 1\nwerewolves = 0\n"
    )
    assert game.pending is not None and game.pending.step == "witch" and game.pending.seats == (3,)
    out = play(rules + first + day("april_fools", vote="{ 7 = 1 }"))
    assert out["error"]["decision"] == "vote" and "each lover votes" in out["error"]["message"]
    out = play(rules + first + day("april_fools", vote="{ 7 = 8, 8 = 7, 1 = 8 }"))
    assert killed(out) == [(8, "vote")] and 7 in out["alive"] and out["lovers"] == []


def test_april_fools_the_little_girl_shoots_instead_of_the_hunter() -> None:
    first = "[[night]]\ncupid = [7, 8]\nseer = 1\nwerewolves = 0\nwitch = {}\n"
    out = play(
        moon(roles=LOVERS_9) + first + day("april_fools", vote="{ 1 = 9, 2 = 9, 7 = 8, 8 = 7 }", hunter="1")
    )
    assert killed(out) == [(9, "vote"), (1, "hunter")]


def test_punishment_the_accused_dies_without_two_witnesses() -> None:
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n"
    out = play(moon() + night + day("punishment", punishment="2", witnesses="[1]"))
    assert killed(out)[-1] == (2, "punishment")
    out = play(moon() + night + day("punishment", punishment="2", witnesses="[1, 3]"))
    assert killed(out) == [(7, "werewolves")]
    assert game_of(moon() + night + day("punishment")).pending.seats == (7,)  # type: ignore[union-attr]


def test_great_distrust_hangs_everyone_nobody_names_as_a_friend() -> None:
    friends = "{ 1 = [2, 3], 2 = [1, 3], 3 = [4, 5], 4 = [3, 5], 5 = [3, 4], 6 = [7, 8], 7 = [6, 8], 8 = [6, 7], 9 = [6, 7] }"
    out = play(moon() + QUIET_NIGHT + day("great_distrust", friends=friends))
    assert killed(out) == [(9, "vote")]
    out = play(moon() + QUIET_NIGHT + day("great_distrust", friends="{ 1 = [2, 3] }"))
    assert "name no friends" in out["error"]["message"]


def test_nightmare_no_discussion_and_everyone_accuses() -> None:
    game = game_of(moon() + QUIET_NIGHT + day("nightmare"))
    assert "discussion.start" not in cues(game) and "nightmare.start" in cues(game)
    out = play(moon() + QUIET_NIGHT + day("nightmare", vote="{ 1 = 3 }"))
    assert "everyone accuses" in out["error"]["message"]
    votes = "{ " + ", ".join(f"{s} = {1 if s != 1 else 2}" for s in range(1, 10)) + " }"
    assert killed(play(moon() + QUIET_NIGHT + day("nightmare", vote=votes))) == [(1, "vote")]


def test_saint_philippe_dismisses_the_sheriff_and_elects_another() -> None:
    rules = moon().replace("sheriff = false\n", "")
    body = QUIET_NIGHT + '[[day]]\nsheriff = 3\nevent = "saint_philippe"\nphilippe = 6\nvote = {}\n'
    out = play(rules + body)
    assert out["sheriff"] == 6
    text = write_record(game_of(rules + body))
    assert "philippe = { candidates = [6] }" in text
    out = play(moon() + QUIET_NIGHT + day("saint_philippe"))
    assert "cannot be played" in out["error"]["message"]  # no sheriff in these rules


def test_radiant_sunday_lycanthropic_fascination_infects_tonights_victim() -> None:
    rules = moon(rules='radiant_sunday = "lycanthropic_fascination"')
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 3\nwitch = {}\n"
    out = play(rules + QUIET_NIGHT + day("radiant_sunday", vote="{}") + night)
    assert 3 in out["alive"] and out["infected"] == [3]
    game = game_of(
        rules
        + QUIET_NIGHT
        + day("radiant_sunday", vote="{}")
        + night
        + day("bleak_monday", vote="{}")
        + "[[night]]\nguard = 0\n"
    )
    assert game.pending is not None and game.pending.step == "werewolves"  # the seer lost her power
    out = play(moon() + QUIET_NIGHT + day("radiant_sunday", vote="{}") + night)
    assert killed(out) == [(3, "werewolves")]


def test_heads_or_tails_the_box_tosses_a_coin_after_the_verdict() -> None:
    out = play(moon() + QUIET_NIGHT + day("heads_or_tails", vote="{ 1 = 7 }", coin='"heads"'))
    assert killed(out) == []
    out = play(moon() + QUIET_NIGHT + day("heads_or_tails", vote="{ 1 = 7 }", coin='"tails"'))
    assert killed(out) == [(7, "vote")]
    game = game_of(moon() + QUIET_NIGHT + day("heads_or_tails", vote="{ 1 = 7 }"))
    tossed = [k for k in cues(game) if k.startswith("coin.")]
    assert len(tossed) == 1 and ('coin = ["' + tossed[0][5:] + '"]') in write_record(game)


def test_woodland_gathering_women_away_and_the_witch_gets_a_potion_back() -> None:
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { heal = true }\n"
    game = game_of(moon() + night + day("woodland_gathering"))
    assert potions(state_of(game))[0] and game.pending is not None
    assert not set(game.pending.seats) & set(WOMEN) and not set(game.pending.targets) & set(WOMEN)
    poisoned = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = { poison = 4 }\n"
    out = play(moon() + poisoned + day("woodland_gathering"))
    assert "cannot be played" in out["error"]["message"]  # the witch is dead


def test_saturday_evening_ball_the_young_are_away_until_dawn() -> None:
    young = (8, 5, 2, 4)  # ages 12, 19, 25, 33
    game = game_of(
        moon() + QUIET_NIGHT + day("saturday_evening_ball", vote="{}") + "[[night]]\nguard = 5\nseer = 2\n"
    )
    pending = game.pending
    assert pending is not None and pending.seats == (1,) and not set(pending.targets) & set(young)


def test_flood_no_vote_then_each_shelter_loses_one() -> None:
    game = game_of(moon() + QUIET_NIGHT + day("flood"))
    assert game.pending is not None and game.pending.step == "guard"
    body = (
        QUIET_NIGHT
        + day("flood")
        + "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nchurch = 8\nwitch = {}\n"
    )
    out = play(moon() + body)
    assert killed(out) == [(7, "werewolves"), (8, "werewolves")]
    assert play(moon() + QUIET_NIGHT + day("flood") + "[[night]]\nguard = 5\nseer = 1\nwerewolves = 8\n")[
        "error"
    ]


def test_executioner_alone_sees_the_card_of_the_players_voted_out() -> None:
    rules = moon(deck='["executioner", "bleak_monday"]')
    game = game_of(rules + QUIET_NIGHT + day("executioner", executioner="[5]", vote="{ 1 = 7 }"))
    assert "death.card" not in cues(game)
    assert "card" not in public_view(game).deaths[0]
    assert seat_view(game, 5).moon == {"executed_cards": {7: "villager"}}
    # It lasts to the next day's vote.
    game = game_of(
        rules
        + QUIET_NIGHT
        + day("executioner", executioner="[5]", vote="{}")
        + QUIET_NIGHT
        + "[[day]]\nvote = { 1 = 2 }\n"
    )
    assert seat_view(game, 5).moon == {"executed_cards": {2: "werewolf"}}


# Fang moon: waiting for the trigger


def test_specter_the_next_victim_turns_and_an_old_werewolf_dies_with_his_card() -> None:
    body = QUIET_NIGHT + day("specter", vote="{}") + QUIET_NIGHT + "[[day]]\nvote = {}\n"
    body += "[[night]]\nguard = 5\nseer = 1\nwerewolves = 3\nspecter = 2\nwitch = {}\n"
    game = game_of(moon() + body)
    state = state_of(game)
    assert state.player(3).card.value == "werewolf" and state.is_alive(3)
    assert [(d.seat, d.cause) for d in state.deaths] == [(2, "specter")]
    assert (
        state.player(2).card.value == "seer"
        and "specter" not in summary(replay(parse_record(moon() + body)))["in_play"]
    )


def test_the_specters_old_werewolf_dies_at_once_and_his_new_card_acts_for_nobody() -> None:
    """Seeds 000/001: the old werewolf dies at once; given the witch's card, he cannot poison."""
    body = QUIET_NIGHT + day("specter", vote="{}")
    body += "[[night]]\nguard = 5\nseer = 1\nwerewolves = 4\nspecter = 2\nwitch = { poison = 5 }\n"
    game = game_of(moon() + body)
    state = state_of(game)
    assert state.player(4).card.value == "werewolf" and state.player(2).card.value == "witch"
    assert not any(pending.step == "witch" and pending.phase == "night 2" for pending, _ in game.history)
    assert [(d.seat, d.cause) for d in state.deaths] == [(2, "specter")]
    assert state.is_alive(5) and potions(state)[1]


def test_little_rascal_away_a_day_and_a_night_then_votes_three_times() -> None:
    base = moon() + QUIET_NIGHT + day("little_rascal", vote="{}")
    game = game_of(base + "[[night]]\nguard = 5\nseer = 2\n")
    assert 8 not in game.pending.targets  # type: ignore[union-attr]
    out = play(base + QUIET_NIGHT + day("bleak_monday", vote="{ 8 = 1, 2 = 9, 3 = 9 }"))
    assert killed(out) == [(1, "vote")]
    out = play(
        base
        + QUIET_NIGHT
        + day("bleak_monday", vote="{}")
        + QUIET_NIGHT
        + day("radiant_sunday", vote="{ 8 = 1, 2 = 9, 3 = 9 }")
    )
    assert killed(out) == [(9, "vote")]


def test_backfire_a_villager_victim_turns_and_the_wolf_on_his_left_dies() -> None:
    base = moon() + QUIET_NIGHT + day("backfire", vote="{}")
    out = play(base + "[[night]]\nguard = 5\nseer = 2\nwerewolves = 9\nwitch = {}\n")
    assert killed(out) == [(1, "backfire")] and 9 in out["alive"]
    out = play(base + "[[night]]\nguard = 5\nseer = 1\nwerewolves = 3\nwitch = {}\n")
    assert killed(out) == [(3, "werewolves")] and "backfire" not in out["in_play"]
    other = moon(rules='backfire = "convert_or_wolf_dies"') + QUIET_NIGHT + day("backfire", vote="{}")
    out = play(other + "[[night]]\nguard = 5\nseer = 1\nwerewolves = 3\nwitch = {}\n")
    assert killed(out) == [(1, "backfire")]
    # No victim: the card waits.
    assert "backfire" in play(base + QUIET_NIGHT)["in_play"]


def test_enthusiasm_and_dissatisfaction_call_a_second_vote() -> None:
    out = play(moon() + QUIET_NIGHT + day("enthusiasm", vote="{ 3 = 1 }", second_vote="{ 3 = 2 }"))
    assert killed(out) == [(1, "vote"), (2, "vote")] and out["winner"] == "villagers"
    out = play(moon() + QUIET_NIGHT + day("enthusiasm", vote="{ 3 = 7 }"))
    assert killed(out) == [(7, "vote")] and "enthusiasm" not in out["in_play"]
    out = play(moon() + QUIET_NIGHT + day("dissatisfaction", vote="{ 3 = 7 }", second_vote="{ 3 = 1 }"))
    assert killed(out) == [(7, "vote"), (1, "vote")]
    out = play(
        moon()
        + QUIET_NIGHT
        + day("dissatisfaction", vote="{}")
        + QUIET_NIGHT
        + day("bleak_monday", vote="{ 3 = 1 }")
    )
    assert killed(out) == [(1, "vote")] and out["pending"] == "night 3: guard"


def test_full_moon_rising_werewolves_see_and_the_powers_kill() -> None:
    base = moon() + QUIET_NIGHT + day("full_moon_rising", vote="{}")
    game = game_of(base + "[[night]]\nguard = 5\nmoon_seers = [3, 9]\n")
    pending = game.pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (3, 4, 6)
    assert seat_view(game, 2).moon == {
        "moon_seer_results": [{"night": 2, "target": 9, "result": "not_werewolf"}]
    }
    out = play(base + "[[night]]\nguard = 5\nmoon_seers = [3, 9]\nwerewolves = 1\n")
    assert killed(out) == [(1, "werewolves")]
    # The night after, all is back to normal.
    game = game_of(
        base
        + "[[night]]\nguard = 5\nmoon_seers = [3, 9]\nwerewolves = 7\n"
        + day("bleak_monday", vote="{}")
        + "[[night]]\nguard = 0\nseer = 1\n"
    )
    assert game.pending is not None and game.pending.seats == (1, 2)


def test_influences_the_last_dead_names_the_first_voter_once() -> None:
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n"
    game = game_of(moon() + night + day("influences"))
    assert game.pending is not None and game.pending.step == "influences" and game.pending.seats == (7,)
    game = game_of(moon() + night + day("influences", first_voter="4"))
    order = [e for e in game.events if e.kind == "voting_order"][-1].data["order"]
    assert order == [4, 5, 6, 8, 9, 1, 2, 3] and game.pending.step == "vote"  # type: ignore[union-attr]


# Dark moon: to the end of the game


def test_burial_hides_every_werewolf_victims_card_until_the_end() -> None:
    rules = moon(rules='dark_moon = ["burial"]', deck='["bleak_monday"]')
    night = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n"
    game = game_of(rules + night)
    assert "event.dark_moon" in cues(game) and "card.burial" in cues(game)
    assert "death.card" not in cues(game) and "card" not in public_view(game).deaths[0]
    game = game_of(rules + night + "[[day]]\nvote = { 3 = 1, 4 = 1 }\n")
    assert public_view(game).deaths[1]["card"] == "werewolf"  # a vote death is shown
    over = game_of(
        rules
        + night
        + "[[day]]\nvote = { 3 = 1 }\n"
        + "[[night]]\nguard = 4\nseer = 2\nwerewolves = 0\nwitch = {}\n"
        + "[[day]]\nvote = { 3 = 2 }\n"
    )
    assert over.over and public_view(over).deaths[0]["card"] == "villager"


def test_touch_of_death_no_touch_no_victim_every_night() -> None:
    rules = moon(rules='dark_moon = ["touch_of_death"]', deck='["bleak_monday"]')
    out = play(
        rules
        + "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\ntouched = false\nwitch = {}\n"
        + "[[day]]\nvote = {}\n[[night]]\nguard = 4\nseer = 2\nwerewolves = 8\ntouched = true\nwitch = {}\n"
    )
    assert killed(out) == [(8, "werewolves")]


def test_somnambulism_speaks_the_seers_result_never_the_target() -> None:
    rules = moon(rules='dark_moon = ["somnambulism"]', deck='["bleak_monday"]')
    game = game_of(rules + "[[night]]\nguard = 5\nseer = 1\n")
    said = [e.data for e in game.events if e.kind == "cue" and e.data["key"].startswith("somnambulism")]
    assert said == [{"key": "somnambulism.werewolf"}]
    assert public_view(game).moon["sleepwalker"] == [{"night": 1, "result": "werewolf"}]  # type: ignore[index]
    game = game_of(
        rules.replace("sheriff = false", 'sheriff = false\nseer_sees = "role"')
        + QUIET_NIGHT
        + "[[day]]\nvote = {}\n[[night]]\nguard = 4\nseer = 6\n"
    )
    said = [e.data for e in game.events if e.kind == "cue" and e.data["key"].startswith("somnambulism")]
    assert said[-1] == {"key": "somnambulism.role", "role": "hunter"}


def test_double_agent_the_first_dead_names_an_ally_who_wins_with_the_werewolves() -> None:
    rules = moon(rules='dark_moon = ["double_agent"]', deck='["bleak_monday"]')
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n[[day]]\nvote = {}\n"
        "[[night]]\ndouble_agent = 8\nguard = 4\nseer = 2\nwerewolves = 0\nwitch = {}\n"
    )
    game = game_of(rules + body)
    assert ally(state_of(game)) == 8
    assert seat_view(game, 8).moon == {"werewolves": [1, 2]}
    assert seat_view(game, 1).moon is None
    assert (
        play(rules + body.replace("double_agent = 8", "double_agent = 1"))["error"]["decision"]
        == "double_agent"
    )
    # The werewolves and their ally alone: the werewolves win.
    end = body + "[[day]]\nvote = { 1 = 3, 2 = 3, 8 = 3 }\n[[night]]\nguard = 0\nwerewolves = 4\nwitch = {}\n"
    end += "[[day]]\nvote = { 1 = 5, 2 = 5, 8 = 5 }\n[[night]]\nwerewolves = 6\n[[day]]\nhunter = 0\nvote = { 1 = 9, 2 = 9 }\n"
    out = play(rules + end)
    assert out["winner"] == "werewolves" and 8 in out["alive"]


# Views and secrecy


def test_the_public_view_shows_the_cards_in_play_and_who_is_away() -> None:
    game = game_of(moon() + QUIET_NIGHT + day("luncheon_for_seniors"))
    view = public_view(game).moon
    assert view is not None and view["in_play"] == ["luncheon_for_seniors"] and view["away"] == [1, 3, 6, 7]
    assert public_view(game_of(moon().replace('events = "every_morning"', ""))).moon is None


# Random playthroughs with the cards on

EVENT_GAMES = 600


def play_checked(game: Game, rng: random.Random) -> None:
    """Play to the end with random decisions, checking the invariants after each one."""
    for _ in range(4000):
        if game.over:
            return
        pending = game.pending
        assert pending is not None, "a game that is not over waits for a decision"
        state = state_of(game)
        decision = random_decision(game, rng)
        if pending.step not in (
            "hunter",
            "badge",
            "scapegoat",
            "ghost",
            "punishment",
            "influences",
            "double_agent",
            "executioner",
            "pact",
        ):
            assert all(state.is_alive(s) for s in pending.seats), "the dead never act"
        if isinstance(decision, DayVote):
            for voter in decision.votes:
                assert voter not in reported(state), "a reported player never votes"
        game.apply(decision)
        moon = state_of(game).moon
        assert moon is not None
        assert len({p.card for p in moon.in_play}) == len(moon.in_play), "a card is in play once"
        lasting = ("executioner", "luncheon_for_seniors", "saturday_evening_ball")
        assert all(
            p.day == state_of(game).day
            for p in moon.in_play
            if CARDS[p.card].moon == "full" and p.card not in lasting
        ), "a full moon lasts a round"
        assert not set(moon.pile) & {p.card for p in moon.in_play}, "a card in play is not in the pile"
    raise AssertionError("the game never ended")


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_with_events_end_with_a_valid_outcome(chunk: int) -> None:
    rng = random.Random(5000 + chunk)
    for _ in range(EVENT_GAMES // 4):
        game = Game(random_event_setup(rng), random_event_rules(rng))
        play_checked(game, rng)
        outcome = game.outcome()
        assert outcome is not None and outcome.winner in Winner
        assert winner(state_of(game), end_of_day=True) is not None or outcome.winner == Winner.PIPER


def test_every_card_is_played_in_the_random_games() -> None:
    rng = random.Random(77)
    seen: set[str] = set()
    for _ in range(250):
        game = Game(random_event_setup(rng), random_event_rules(rng))
        play_checked(game, rng)
        seen.update(card for _, card in state_of(game).moon.played)  # type: ignore[union-attr]
    assert seen == set(CARDS)


def festival(night: str) -> str:
    rules = moon(rules='end_of_the_harvest = "harvest_festival"')
    return rules + QUIET_NIGHT + day("end_of_the_harvest", vote="{}") + night


def test_harvest_festival_changes_the_powers_for_the_night() -> None:
    game = game_of(festival("[[night]]\n"))
    assert game.pending is not None and set(game.pending.targets) == {
        4,
        5,
        6,
    }  # the guard: self or a neighbour
    assert play(festival("[[night]]\nguard = 9\n"))["error"]["decision"] == "guard"
    out = play(festival("[[night]]\nguard = 4\nseer = 8\n"))
    assert out["seer"][-1] == {"night": 2, "target": 8, "result": "not_werewolf+not_werewolf+not_werewolf"}
    game = game_of(festival("[[night]]\nguard = 4\nseer = 8\n"))
    assert game.pending is not None and set(game.pending.targets) == {
        1,
        2,
        3,
        9,
    }  # the werewolves' neighbours
    out = play(festival("[[night]]\nguard = 4\nseer = 8\nwerewolves = 7\n"))
    assert out["error"]["decision"] == "werewolves"


def test_harvest_festival_the_box_rolls_the_witchs_one_potion() -> None:
    night = "[[night]]\nguard = 4\nseer = 8\nwerewolves = 9\nwitch = { heal = true, poison = 6 }\n"
    assert play(festival(night))["error"]["decision"] == "witch"
    night = '[[night]]\nguard = 4\nseer = 8\nwerewolves = 9\nwitch = { heal = true }\npotion = "werewolf"\n'
    game = game_of(festival(night))
    assert state_of(game).is_alive(9) and state_of(game).player(9).card.value == "werewolf"
    assert potions(state_of(game))[1] and not potions(state_of(game))[0]
    night = night.replace('"werewolf"', '"poison"')
    assert killed(play(festival(night))) == [(9, "poison")]  # the healing bottle poisons the victim
    night = '[[night]]\nguard = 4\nseer = 8\nwerewolves = 9\nwitch = { poison = 6 }\npotion = "poison"\n'
    assert killed(play(festival(night))) == [(6, "poison"), (9, "werewolves")]
    # Seeded: a written record names the roll.
    game = game_of(festival(night.replace('potion = "poison"\n', "")))
    assert "potion = " in write_record(game)


def test_harvest_festival_hunter_and_scapegoat_on_the_day() -> None:
    rules = moon(rules='end_of_the_harvest = "harvest_festival"')
    out = play(rules + QUIET_NIGHT + day("end_of_the_harvest", vote="{ 1 = 6, 2 = 6 }", hunter="[1]"))
    assert out["error"]["decision"] == "hunter"
    out = play(rules + QUIET_NIGHT + day("end_of_the_harvest", vote="{ 1 = 6, 2 = 6 }", hunter="[5]"))
    assert killed(out) == [(6, "vote"), (5, "hunter")]
    goat = CLASSIC_9.replace('"villager", "villager"]', '"villager", "scapegoat"]')
    rules = moon(rules='end_of_the_harvest = "harvest_festival"', roles=goat)
    body = QUIET_NIGHT + day(
        "end_of_the_harvest", vote="{ 1 = 6, 2 = 7 }", scapegoat_vote="{ 1 = 8, 2 = 8, 3 = 1 }"
    )
    assert killed(play(rules + body)) == [(8, "vote")]
    other = rules.replace('harvest_festival"', 'harvest_festival"\nharvest_scapegoat = "dies_for_neighbour"')
    out = play(other + QUIET_NIGHT + day("end_of_the_harvest", vote="{ 1 = 8, 2 = 8 }", scapegoat="[]"))
    assert killed(out) == [(9, "scapegoat")]


# Records with cards replay, and write back the same


def test_a_record_with_cards_writes_back_a_record_that_replays_the_same() -> None:
    records = [
        moon() + QUIET_NIGHT + day("pact_with_the_devil", vote="{ 1 = 7 }", pact="true"),
        moon(rules='bleak_monday = "surely_not_him"')
        + QUIET_NIGHT
        + day("bleak_monday", vote="{}", vouch="[3, 4, 5, 6, 7, 8, 9, 1]"),
        moon()
        + "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n"
        + day("spiritualism_2", question='{ ask = "same_team", seats = [1, 2] }', ghost="true", vote="{}"),
        moon()
        + QUIET_NIGHT
        + day(
            "great_distrust",
            friends="{ 1 = [2, 3], 2 = [1, 3], 3 = [4, 5], 4 = [3, 5], "
            "5 = [3, 4], 6 = [7, 8], 7 = [6, 8], 8 = [6, 7], 9 = [6, 7] }",
        ),
        moon() + QUIET_NIGHT + day("enthusiasm", vote="{ 3 = 1 }", second_vote="{ 3 = 2 }"),
    ]
    for text in records:
        first = replay(parse_record(text))
        assert first.error is None
        again = replay(parse_record(write_record(first.game)))
        assert summary(again) == summary(first)
        assert state_of(again.game).deaths == state_of(first.game).deaths


def test_full_moon_rising_reads_one_step_per_werewolf_card_however_many_live() -> None:
    base = moon() + QUIET_NIGHT + day("full_moon_rising", vote="{ 1 = 1, 3 = 1, 4 = 1 }")
    game = game_of(base + "[[night]]\nguard = 5\nmoon_seers = [3]\n")
    assert not state_of(game).is_alive(1)  # one of the two werewolves is dead
    night2 = game.events[
        [i for i, e in enumerate(game.events) if e.kind == "cue" and e.data.get("key") == "night.falls"][-1] :
    ]
    pretended = [e for e in night2 if e.kind == "pretend" and e.data["step"] == "moon_seer"]
    asked = [p for p, _ in game.history if p.step == "moon_seer"]
    assert len(asked) + len(pretended) == 2  # the deck holds two werewolf cards
