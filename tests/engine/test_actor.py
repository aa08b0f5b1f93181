"""The actor (演员, RULES-CHARACTERS.md) through game records: each night at step 1b (after the
thief, before the wolf-hound) he takes one of his face-up cards or passes; he holds it fresh
that night and the next day (its night step, its day powers, its death effects), then is the
actor again; a card taken leaves the table (the morning says which, never who); no card left, a
plain villager; the cards' steps narrated every night, holder dead or not;
`wolf_side_actor_powerless` both ways; the elder's curse; the witch, hunter, elder, rusty knight,
idiot and scapegoat held; the cards a setup may give him; the record keys `actor_cards` and
`actor`."""

from __future__ import annotations

import pytest

from engine.game import Game, state_of
from engine.record import parse_record, replay, write_record
from engine.roles.actor import ActorTake
from engine.setup import Setup
from engine.views import public_view
from tests.engine.harness import club, deaths, game_of, play, refused, steps, table, told

# 1 villager, 2 werewolf, 3 actor, 4 villager, 5 werewolf, 6 seer, 7 witch, 8 villager, 9 elder,
# 10 villager.
ACTOR_10 = (
    '["villager", "werewolf", "actor", "villager", "werewolf", "seer", "witch", "villager", "elder",'
    ' "villager"]'
)
NO_WITCH = ACTOR_10.replace('"witch"', '"villager"')
CARDS = '["guard", "hunter", "idiot"]'
NO_SHERIFF = "sheriff = false\n"


def setup(cards: str = CARDS, rules: str = NO_SHERIFF, roles: str = ACTOR_10) -> str:
    return table(roles, rules=rules).replace("[rules]", f"actor_cards = {cards}\n[rules]")


def night(actor: str = "", victim: int = 0, guard: int | None = None, witch: str | None = "{}") -> str:
    text = f'[[night]]\nactor = "{actor}"\n'
    text += f"guard = {guard}\n" if guard is not None else ""
    text += f"seer = 2\nwerewolves = {victim}\n"
    return text + (f"witch = {witch}\n" if witch is not None else "")


def day(vote: str = "{}") -> str:
    return f"[[day]]\nvote = {vote}\n"


def said(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue"]


def cues(game: Game, key: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in game.events if e.kind == "cue" and e.data["key"] == key]


def pretended(game: Game, step: str) -> int:
    return sum(1 for e in game.events if e.kind == "pretend" and e.data["step"] == step)


def card(game: Game, seat: int) -> str:
    return state_of(game).player(seat).card.value


def test_his_step_comes_after_the_thief_and_before_the_wolf_hound_in_both_orders() -> None:
    roles = (
        '["thief", "werewolf", "actor", "wolf_hound", "werewolf", "seer", "witch", "villager", "villager"]'
    )
    record = '[[night]]\nthief = 0\nactor = ""\nwolf_hound = "villagers"\nguard = 4\nseer = 1\nwerewolves = 0\nwitch = {}\n'
    seeds = table(roles, rules=NO_SHERIFF, extra='["villager", "villager"]')
    game = game_of(seeds.replace("[rules]", f"actor_cards = {CARDS}\n[rules]") + record)
    assert steps(game)[:3] == ["thief", "actor", "wolf_hound"]
    assert said(game).index("wolf_hound.sleep") < said(game).index("guard.wake")
    clubbed = club(roles).replace("[setup]\n", '[setup]\nextra_cards = ["villager", "villager"]\n')
    game = game_of(clubbed.replace("[rules]", f"actor_cards = {CARDS}\n[rules]") + record)
    assert steps(game)[:3] == ["thief", "actor", "wolf_hound"]


def test_the_cards_are_said_as_the_game_opens() -> None:
    game = game_of(setup() + night("guard", guard=4))
    lines = said(game)
    assert lines.index("actor.cards") < lines.index("night.falls")
    assert [c["role"] for c in cues(game, "actor.card")] == ["guard", "hunter", "idiot"]


def test_the_card_taken_plays_its_step_that_night_and_he_holds_it_the_next_day() -> None:
    game = game_of(setup() + night("guard", victim=4, guard=4))
    assert deaths(game) == []  # the actor guarded 4
    assert steps(game)[:2] == ["actor", "guard"] and card(game, 3) == "guard"
    took = [e for e in game.events if e.kind == "actor.took"]
    assert [(e.audience, e.data["card"]) for e in took] == [(frozenset({3}), "guard")]


def test_at_the_next_nightfall_he_is_the_actor_again_and_the_card_acts_for_nobody() -> None:
    game = game_of(setup() + night("guard", guard=4) + day() + night("", victim=4))
    assert card(game, 3) == "actor" and deaths(game) == [(4, "werewolves")]
    assert pretended(game, "guard") == 1


def test_he_may_pass_and_keeps_every_card() -> None:
    game = game_of(setup() + night() + day() + night("idiot"))
    assert [c["role"] for c in cues(game, "actor.card_left")] == ["idiot"]  # none after night 1
    assert card(game, 3) == "idiot"


def test_the_morning_says_which_card_left_the_table_never_who() -> None:
    game = game_of(setup() + night("hunter") + day())
    assert cues(game, "actor.card_left") == [{"key": "actor.card_left", "role": "hunter"}]
    lines = said(game)
    assert lines.index("deaths.peaceful") < lines.index("actor.card_left") < lines.index("vote.start")


def test_a_card_taken_leaves_the_table_and_cannot_be_taken_again() -> None:
    game = game_of(setup() + night("guard", guard=4) + day() + night("hunter") + day())
    assert game.pending is not None and game.pending.step == "actor"
    assert game.pending.info["cards"] == ["idiot"]
    assert refused(game, ActorTake(card="guard")) == "actor_card"
    assert refused(game, ActorTake(card="seer")) == "actor_card"
    out = play(setup() + night("guard", guard=4) + day() + night("guard", guard=1))
    assert out["error"]["decision"] == "actor" and "(actor_card)" in out["error"]["message"]


def test_with_no_card_left_he_is_a_plain_villager() -> None:
    record = setup() + night("guard", guard=4) + day() + night("hunter") + day() + night("idiot") + day()
    game = game_of(record + night())
    assert pretended(game, "actor") == 1 and card(game, 3) == "actor"
    assert not state_of(game).has_power(3)


def test_the_cards_steps_are_narrated_every_night_whoever_holds_them_alive_or_dead() -> None:
    game = game_of(setup() + night() + day("{ 1 = 3, 2 = 3, 4 = 3 }") + night())
    assert deaths(game) == [(3, "vote")]
    assert said(game).count("guard.wake") == 2 and pretended(game, "guard") == 2
    assert said(game).count("actor.wake") == 2 and pretended(game, "actor") == 1


def test_holding_the_hunter_he_shoots_when_bitten() -> None:
    game = game_of(setup() + night("hunter", victim=3) + "[[day]]\nhunter = 2\nvote = {}\n")
    assert deaths(game) == [(3, "werewolves"), (2, "hunter")]


def test_holding_the_hunter_voted_out_he_shoots_but_back_as_the_actor_he_does_not() -> None:
    shot = game_of(setup() + night("hunter") + day("{ 1 = 3, 2 = 3 }") + "hunter = 5\n")
    assert deaths(shot) == [(3, "vote"), (5, "hunter")]
    later = game_of(setup() + night("hunter") + day() + night("", victim=3) + day())
    assert deaths(later) == [(3, "werewolves")] and "hunter" not in steps(later)


def test_holding_the_idiot_voted_out_he_is_revealed_and_lives() -> None:
    game = game_of(setup() + night("idiot") + day("{ 1 = 3, 2 = 3 }"))
    assert state_of(game).player(3).alive and state_of(game).player(3).revealed_idiot
    assert deaths(game) == []


def test_holding_the_scapegoat_a_tie_kills_him() -> None:
    record = setup('["guard", "scapegoat", "idiot"]') + night("scapegoat") + day("{ 1 = 4, 2 = 8 }")
    out = play(record)
    assert out["deaths"] == [{"seat": 3, "phase": "day 1", "cause": "scapegoat"}]


def test_holding_the_witch_he_has_her_potions() -> None:
    record = setup('["witch", "hunter", "idiot"]', roles=NO_WITCH) + night(
        "witch", victim=4, witch="{ heal = true }"
    )
    game = game_of(record + day() + night("", victim=4, witch=None))
    assert deaths(game) == [(4, "werewolves")]  # healed on night 1; the witch's step acts for nobody after
    assert pretended(game, "witch") == 1


def test_holding_the_elder_a_bite_costs_a_life_that_his_turn_back_does_not_return() -> None:
    cards = '["elder", "hunter", "idiot"]'
    roles = ACTOR_10.replace('"elder"', '"villager"')
    game = game_of(setup(cards, roles=roles) + night("elder", victim=3) + day())
    assert deaths(game) == [] and state_of(game).player(3).lives == 1
    game = game_of(setup(cards, roles=roles) + night("elder", victim=3) + day() + night("", victim=3) + day())
    assert deaths(game) == [(3, "werewolves")]


def test_holding_the_rusty_knight_bitten_he_rusts_a_wolf_who_dies_even_after_his_turn() -> None:
    cards = '["rusty_sword_knight", "hunter", "idiot"]'
    rules = NO_SHERIFF + 'rusty_sword_death = "dawn"\n'
    game = game_of(setup(cards, rules=rules) + night("rusty_sword_knight", victim=3) + day() + night())
    assert deaths(game) == [(3, "werewolves"), (5, "rusty_sword")]


def test_the_elders_curse_takes_his_power() -> None:
    game = game_of(setup() + night() + day("{ 1 = 9, 2 = 9, 3 = 9 }") + night())
    assert deaths(game) == [(9, "vote")]
    assert pretended(game, "actor") == 1 and not state_of(game).has_power(3)


FATHER_10 = ACTOR_10.replace('"werewolf", "actor"', '"accursed_wolf_father", "actor"')


def infected(rules: str) -> Game:
    first = night(victim=3) + "infect = 3\n"
    return game_of(setup(rules=NO_SHERIFF + rules, roles=FATHER_10) + first + day() + night())


def test_werewolf_side_he_takes_no_more_cards_by_default() -> None:
    game = infected("")
    assert state_of(game).is_werewolf(3) and pretended(game, "actor") == 1


def test_werewolf_side_he_takes_cards_when_the_rules_say_so() -> None:
    game = game_of(
        setup(rules=NO_SHERIFF + "wolf_side_actor_powerless = false\n", roles=FATHER_10)
        + night(victim=3)
        + "infect = 3\n"
        + day()
        + night("guard", guard=1)
    )
    assert state_of(game).is_werewolf(3) and card(game, 3) == "guard" and pretended(game, "actor") == 0


def test_the_cards_he_may_be_given() -> None:
    seats = ["actor", "werewolf", "seer", "villager", "villager", "villager", "villager", "villager"]
    for bad in (
        ["angel"],
        ["werewolf"],
        ["villager_villager"],
        ["seer"],
        ["guard"] * 2,
        ["guard", "witch", "hunter", "idiot", "elder", "fox"],
    ):
        with pytest.raises(ValueError, match="actor|at most one"):
            Setup.model_validate({"seats": 8, "roles": seats, "actor_cards": bad})
    with pytest.raises(ValueError, match="actor|at most one"):
        Setup.model_validate({"seats": 8, "roles": [*seats[1:], "villager"], "actor_cards": ["guard"]})
    with pytest.raises(ValueError, match="actor"):  # never face down for a thief
        Setup.model_validate(
            {"seats": 8, "roles": ["thief", *seats[1:]], "extra_cards": ["actor", "villager"]}
        )
    drawn = Setup.model_validate({"seats": 8, "roles": seats, "event_seed": 7})
    assert len(drawn.actor_cards) == 3 and "seer" not in drawn.actor_cards
    assert (
        Setup.model_validate({"seats": 8, "roles": seats, "event_seed": 7}).actor_cards == drawn.actor_cards
    )


def test_the_record_holds_his_cards_and_each_take_and_replays() -> None:
    game = game_of(setup() + night("guard", guard=4) + day() + night())
    written = write_record(game)
    assert 'actor_cards = ["guard", "hunter", "idiot"]' in written
    assert 'actor = "guard"' in written and 'actor = ""' in written
    again = replay(parse_record(written))
    assert again.error is None and again.game.history == game.history
    assert told(game, "actor") == [("actor", {"role": "guard"}), ("actor_none", {})]


def test_the_table_sees_his_card_leave_only_in_the_morning() -> None:
    night_one = replay(parse_record(setup() + night("hunter")[: night("hunter").index("seer")])).game
    assert night_one.pending is not None and night_one.pending.step == "seer"
    assert public_view(night_one).face_up == ["guard", "hunter", "idiot"]  # taken, still on the table
    game = game_of(setup() + night("hunter") + day())
    assert public_view(game).face_up == ["guard", "idiot"]
    game = game_of(
        setup() + night("hunter") + day() + night("guard", guard=1) + day() + night("idiot") + day()
    )
    assert public_view(game).face_up is None


def test_a_wolf_hound_he_takes_later_names_its_side_that_night_narrated_every_night() -> None:
    cards = '["wolf_hound", "hunter", "idiot"]'
    record = setup(cards) + night() + day() + night("wolf_hound") + 'wolf_hound = "werewolves"\n' + day()
    game = game_of(record + night())
    assert said(game).count("wolf_hound.wake") == 3 and pretended(game, "wolf_hound") == 2
    assert state_of(game).is_werewolf(3) and card(game, 3) == "actor"
    assert pretended(game, "actor") == 1  # werewolf-side: no more cards
    assert [t.by for t in state_of(game).turned.values()] == ["wolf_hound"]


def test_a_dealt_wolf_hound_picks_on_night_one_only_and_is_narrated_after() -> None:
    roles = ACTOR_10.replace('"elder"', '"wolf_hound"')
    first = night() + 'wolf_hound = "villagers"\n'
    game = game_of(setup(roles=roles) + first + day() + night())
    assert steps(game).count("wolf_hound") == 1 and said(game).count("wolf_hound.wake") == 2


def test_a_cupid_he_takes_later_names_lovers_that_night_who_meet_then() -> None:
    cards = '["cupid", "hunter", "idiot"]'
    record = setup(cards) + night() + day() + night("cupid") + "cupid = [1, 4]\n" + day()
    game = game_of(record + night())
    assert state_of(game).lovers == (1, 4) and said(game).count("cupid.wake") == 3
    assert [e.audience for e in game.events if e.kind == "lover"] == [frozenset({1}), frozenset({4})]
    assert pretended(game, "cupid") == 2 and card(game, 3) == "actor"


def test_a_wild_childs_turn_while_he_holds_it_stays_and_a_model_dying_later_does_nothing() -> None:
    cards = '["wild_child", "hunter", "idiot"]'
    first = night("wild_child") + "wild_child = 8\n"
    turned = game_of(setup(cards) + first + day("{ 1 = 8, 2 = 8, 3 = 8 }") + night())
    assert state_of(turned).is_werewolf(3) and card(turned, 3) == "actor" and pretended(turned, "actor") == 1
    later = game_of(setup(cards) + first + day() + night("", victim=8) + day())
    assert deaths(later) == [(8, "werewolves")] and not state_of(later).is_werewolf(3)
