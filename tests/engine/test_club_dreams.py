"""The dreamcatcher, the nightmare, the wolf beauty and the spirit knight (RULES-CLUB.md), each
through game records: what each does, its fine points, both sides of each setting; and random
club games that reach every power and every death cause of theirs."""

from __future__ import annotations

import random
from collections import Counter

from engine import GuardChoice, WerewolvesChoice
from engine.bots import play_random_game
from engine.catalog import usual
from engine.game import Game, state_of
from engine.record import parse_record, replay, write_record
from engine.roles import Role, hunter, wolf_beauty, wolf_king
from engine.roles.dreamcatcher import DreamcatcherChoice
from engine.roles.guard import last_protected
from engine.roles.nightmare import NightmareFear
from engine.roles.witch import potions
from engine.roles.wolf_beauty import WolfBeautyCharm
from engine.rules import make_rules
from engine.setup import deal
from tests.engine.harness import club, deaths, game_of, refused, steps

# 摄梦人: 1 wolf king, 2-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 dreamcatcher, 9-12 villagers.
DREAM_12 = (
    '["wolf_king", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "dreamcatcher",'
    ' "villager", "villager", "villager", "villager"]'
)
# With a guard in the hunter's place (同守同救).
DREAM_GUARD_12 = DREAM_12.replace('"hunter"', '"guard"')
QUIET_DAY = "[[day]]\nvote = {}\n"


def night(dream: int, wolves: int, witch: str = "{}", seer: int = 2, extra: str = "") -> str:
    return (
        f"[[night]]\n{extra}dreamcatcher = {dream}\nwerewolves = {wolves}\nwitch = {witch}\nseer = {seer}\n"
    )


def test_the_dreamwalker_survives_the_knife() -> None:
    game = game_of(club(DREAM_12) + night(9, 9) + QUIET_DAY)
    assert deaths(game) == [] and state_of(game).day == 1


def test_the_dreamwalker_survives_the_poison_and_the_potion_is_spent() -> None:
    game = game_of(club(DREAM_12) + night(9, 0, "{ poison = 9 }") + QUIET_DAY)
    assert deaths(game) == [] and not potions(state_of(game))[1]


def test_the_same_dreamwalker_two_nights_running_dies_of_the_dream() -> None:
    game = game_of(club(DREAM_12) + night(9, 0) + QUIET_DAY + night(9, 0) + QUIET_DAY)
    assert deaths(game) == [(9, "dream")]


def test_another_dreamwalker_between_breaks_the_chain() -> None:
    game = game_of(club(DREAM_12) + (night(9, 0) + QUIET_DAY + night(10, 0) + QUIET_DAY) + night(9, 0))
    assert deaths(game) == []


def test_the_dreamcatcher_knifed_takes_his_dreamwalker() -> None:
    game = game_of(club(DREAM_12) + night(9, 8) + QUIET_DAY)
    assert deaths(game) == [(8, "werewolves"), (9, "dream_link")]


def test_the_dreamcatcher_exiled_by_day_takes_nobody() -> None:
    votes = "{ 1 = 8, 2 = 8, 3 = 8, 4 = 8, 5 = 8 }"
    game = game_of(club(DREAM_12) + night(9, 0) + f"[[day]]\nvote = {votes}\n")
    assert deaths(game) == [(8, "vote")]


def test_a_dream_death_cannot_be_healed() -> None:
    game = game_of(club(DREAM_12) + night(9, 0) + QUIET_DAY + night(9, 9, "{ heal = true }") + QUIET_DAY)
    assert deaths(game) == [(9, "dream")] and not potions(state_of(game))[0]


def test_dream_deaths_give_no_shot() -> None:
    dreamt = game_of(club(DREAM_12) + night(7, 0) + QUIET_DAY + night(7, 0) + QUIET_DAY)
    assert deaths(dreamt) == [(7, "dream")] and "hunter" not in steps(dreamt)
    linked = game_of(club(DREAM_12) + night(1, 8) + QUIET_DAY)
    assert deaths(linked) == [(1, "dream_link"), (8, "werewolves")] and "wolf_king" not in steps(linked)


def test_guarded_and_healed_the_dreamwalker_lives() -> None:
    rules = 'guard_and_heal = "dies"\n'
    record = club(DREAM_GUARD_12, rules) + night(9, 9, "{ heal = true }", extra="guard = 9\n") + QUIET_DAY
    game = game_of(record)
    assert deaths(game) == [] and not potions(state_of(game))[0]
    # Without the dream the same night kills him (同守同救).
    plain = game_of(club(DREAM_GUARD_12, rules) + night(10, 9, "{ heal = true }", extra="guard = 9\n"))
    assert state_of(plain).day == 1 and deaths(plain) == [(9, "werewolves")]


def test_a_guard_on_a_second_night_dreamwalker_does_nothing() -> None:
    first = night(9, 0, extra="guard = 10\n")
    game = game_of(club(DREAM_GUARD_12) + first + QUIET_DAY + night(9, 0, extra="guard = 9\n") + QUIET_DAY)
    assert deaths(game) == [(9, "dream")]


def test_the_dreamcatcher_must_name_another_living_player() -> None:
    game = game_of(club(DREAM_12))
    assert game.pending is not None and game.pending.step == "dreamcatcher"
    assert not game.pending.allow_none and 8 not in game.pending.targets
    assert refused(game, DreamcatcherChoice(target=0)) == "dreamcatcher_nobody"
    assert refused(game, DreamcatcherChoice(target=8)) == "dreamcatcher_self"
    dead = game_of(club(DREAM_12) + night(9, 10) + QUIET_DAY)
    assert refused(dead, DreamcatcherChoice(target=10)) == "dead_target"


def test_the_dreamwalker_is_not_told_and_the_dreamcatcher_is() -> None:
    game = game_of(club(DREAM_12) + night(9, 0))
    told = [e for e in game.events if e.kind == "dreamcatcher.dreams"]
    assert [(e.audience, e.data["target"]) for e in told] == [(frozenset({8}), 9)]
    assert not any(9 in (e.audience or ()) for e in game.events if e.kind != "cue")


# 梦魇: 1 nightmare, 2-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 dreamcatcher, 9-12 villagers.
NIGHTMARE_12 = DREAM_12.replace('"wolf_king"', '"nightmare"')
# 梦魇守卫: the guard at 8.
NIGHTMARE_GUARD_12 = NIGHTMARE_12.replace('"dreamcatcher"', '"guard"')


def fear(fears: int, rest: str) -> str:
    return f"[[night]]\nnightmare = {fears}\n{rest}"


def test_the_feared_seer_checks_nobody_and_is_told_why() -> None:
    game = game_of(club(NIGHTMARE_12) + fear(5, "dreamcatcher = 9\nwerewolves = 10\nwitch = {}\n"))
    assert state_of(game).day == 1 and state_of(game).seer_results == []
    blocked = [e for e in game.events if e.kind == "blocked"]
    assert [(e.audience, e.data["step"], e.data["by"]) for e in blocked] == [
        (frozenset({5}), "seer", "nightmare")
    ]
    assert any(e.kind == "pretend" and e.data["step"] == "seer" for e in game.events)


def test_fear_notice_silent_does_not_tell_the_feared_who_acts_and_nothing_happens() -> None:
    record = club(NIGHTMARE_12, 'fear_notice = "silent"\n')
    game = game_of(record + fear(5, "dreamcatcher = 9\nwerewolves = 10\nwitch = {}\nseer = 2\n"))
    assert state_of(game).day == 1 and state_of(game).seer_results == []
    assert any(p.step == "seer" for p, _ in game.history)  # she was asked, and chose
    assert not any(e.kind in ("blocked", "pretend") and e.data.get("step") == "seer" for e in game.events)
    assert not any(e.kind == "seer.result" for e in game.events)
    witch = game_of(record + fear(6, "dreamcatcher = 9\nwerewolves = 10\nwitch = { poison = 2 }\nseer = 3\n"))
    assert potions(state_of(witch))[1] and (2, "poison") not in [
        (d.seat, d.cause) for d in state_of(witch).deaths
    ]


def test_the_nightmare_fears_another_living_player_never_the_same_two_nights_running() -> None:
    game = game_of(club(NIGHTMARE_12))
    assert game.pending is not None and game.pending.step == "nightmare" and 1 not in game.pending.targets
    assert refused(game, NightmareFear(target=1)) == "nightmare_self"
    night1 = fear(9, "dreamcatcher = 11\nwerewolves = 10\nwitch = {}\nseer = 2\n")
    game = game_of(club(NIGHTMARE_12) + night1 + QUIET_DAY)
    assert game.pending is not None and 9 not in game.pending.targets
    assert refused(game, NightmareFear(target=9)) == "nightmare_repeat"
    assert refused(game, NightmareFear(target=10)) == "dead_target"
    assert not refused_at_all(game, NightmareFear(target=0))
    # A night between: the same player again.
    night2 = fear(0, "dreamcatcher = 12\nwerewolves = 0\nwitch = {}\nseer = 3\n")
    again = game_of(club(NIGHTMARE_12) + night1 + QUIET_DAY + night2 + QUIET_DAY)
    assert not refused_at_all(again, NightmareFear(target=9))


def refused_at_all(game: Game, decision: object) -> bool:
    return not game.is_legal(decision)  # type: ignore[arg-type]


def test_fearing_a_wolf_means_no_kill_tonight() -> None:
    game = game_of(club(NIGHTMARE_12) + fear(3, "dreamcatcher = 9\n"))
    assert game.pending is not None and game.pending.step == "werewolves" and game.pending.targets == ()
    assert refused(game, WerewolvesChoice(victim=10)) == "nightmare_no_kill"
    game = game_of(club(NIGHTMARE_12) + fear(3, "dreamcatcher = 9\nwerewolves = 0\nwitch = {}\nseer = 2\n"))
    assert state_of(game).day == 1 and deaths(game) == []
    told = [e for e in game.events if e.kind == "witch.told"]
    assert told[0].data["victim"] == 0


def test_a_feared_hunter_killed_tonight_does_not_shoot() -> None:
    feared = game_of(club(NIGHTMARE_12) + fear(7, "dreamcatcher = 9\nwerewolves = 7\nwitch = {}\nseer = 2\n"))
    assert deaths(feared) == [(7, "werewolves")] and "hunter" not in steps(feared)
    assert feared.pending is None or feared.pending.step != "hunter"
    free = game_of(club(NIGHTMARE_12) + fear(9, "dreamcatcher = 10\nwerewolves = 7\nwitch = {}\nseer = 2\n"))
    assert free.pending is not None and free.pending.step == "hunter"


def test_a_feared_wolf_king_could_not_shoot() -> None:
    game = game_of(club(DREAM_12))
    state_of(game).tonight.blocked.add(1)
    state_of(game).tonight.blocked.add(7)
    assert not wolf_king.shoots(state_of(game), 1, "werewolves") and wolf_king.shoots(
        state_of(game), 1, "vote"
    )
    assert not hunter.shoots(state_of(game), 7, "werewolves")


def test_a_feared_guard_protects_nobody_and_his_night_counts_as_no_choice() -> None:
    night1 = fear(0, "guard = 9\nwerewolves = 0\nwitch = {}\nseer = 2\n")
    night2 = fear(8, "werewolves = 9\nwitch = {}\nseer = 3\n")
    game = game_of(club(NIGHTMARE_GUARD_12) + night1 + QUIET_DAY + night2 + QUIET_DAY)
    assert deaths(game) == [(9, "werewolves")]
    assert any(e.kind == "blocked" and e.data["step"] == "guard" for e in game.events)
    assert game.pending is not None and game.pending.step == "nightmare"
    night3 = fear(0, "guard = 10\n")
    game = game_of(club(NIGHTMARE_GUARD_12) + night1 + QUIET_DAY + night2 + QUIET_DAY + night3)
    assert last_protected(state_of(game)) == 10
    # Without the fear, his night-2 choice bars the same seat on night 3.
    night2_free = fear(0, "guard = 10\nwerewolves = 0\nwitch = {}\nseer = 3\n")
    game = game_of(club(NIGHTMARE_GUARD_12) + night1 + QUIET_DAY + night2_free + QUIET_DAY + fear(0, ""))
    assert refused(game, GuardChoice(target=10)) == "guard_repeat"


def test_a_feared_dreamcatcher_makes_nobody_dream_and_breaks_the_chain() -> None:
    night1 = fear(0, "dreamcatcher = 9\nwerewolves = 0\nwitch = {}\nseer = 2\n")
    night2 = fear(8, "werewolves = 9\nwitch = {}\nseer = 3\n")
    game = game_of(club(NIGHTMARE_12) + night1 + QUIET_DAY + night2 + QUIET_DAY)
    assert deaths(game) == [(9, "werewolves")]
    night2 = fear(8, "werewolves = 0\nwitch = {}\nseer = 3\n")
    night3 = fear(0, "dreamcatcher = 10\nwerewolves = 0\nwitch = {}\nseer = 4\n")
    night4 = fear(12, "dreamcatcher = 10\nwerewolves = 0\nwitch = {}\nseer = 2\n")
    # 10 on night 3 after a feared night 2 lives; 10 again on night 4 dies of the dream.
    record = club(NIGHTMARE_12) + night1 + QUIET_DAY + night2 + QUIET_DAY + night3 + QUIET_DAY
    assert deaths(game_of(record)) == []
    assert deaths(game_of(record + night4 + QUIET_DAY)) == [(10, "dream")]


def test_a_feared_witch_spends_nothing() -> None:
    game = game_of(club(NIGHTMARE_12) + fear(6, "dreamcatcher = 9\nwerewolves = 10\nseer = 2\n") + QUIET_DAY)
    assert deaths(game) == [(10, "werewolves")] and potions(state_of(game))[0] and potions(state_of(game))[1]


def test_the_nightmare_wakes_first_then_with_the_pack_and_may_self_destruct() -> None:
    game = game_of(club(NIGHTMARE_12) + fear(9, "dreamcatcher = 10\n"))
    order = [e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].endswith(".wake")]
    assert order == ["nightmare.wake", "dreamcatcher.wake", "werewolves.wake"]
    assert game.pending is not None and game.pending.seats == (1, 2, 3, 4)
    assert 1 in game.pending.targets  # the pack may knife him
    catalogue = usual()
    assert Role.NIGHTMARE in catalogue.self_destructs and Role.NIGHTMARE in catalogue.pack


# 狼美人: 1 wolf beauty, 2-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 guard, 9-12 villagers.
BEAUTY_12 = NIGHTMARE_GUARD_12.replace('"nightmare"', '"wolf_beauty"')
EXILE_1 = "[[day]]\nvote = { 2 = 1, 3 = 1, 5 = 1, 6 = 1, 7 = 1, 9 = 1 }\n"


def charm(charms: int, wolves: int = 0, witch: str = "{}", guard: int = 12, seer: int = 2) -> str:
    return (
        f"[[night]]\nguard = {guard}\nwerewolves = {wolves}\nwolf_beauty = {charms}\n"
        f"witch = {witch}\nseer = {seer}\n"
    )


def test_the_pack_may_not_name_the_wolf_beauty_and_she_may_not_self_destruct() -> None:
    game = game_of(club(BEAUTY_12) + "[[night]]\nguard = 12\n")
    assert game.pending is not None and game.pending.step == "werewolves" and 1 not in game.pending.targets
    assert refused(game, WerewolvesChoice(victim=1)) == "wolf_beauty_knife"
    catalogue = usual()
    assert Role.WOLF_BEAUTY in catalogue.pack and Role.WOLF_BEAUTY not in catalogue.self_destructs


def test_the_wolf_beauty_charms_alone_after_the_pack() -> None:
    game = game_of(club(BEAUTY_12) + "[[night]]\nguard = 12\nwerewolves = 0\n")
    assert game.pending is not None and game.pending.step == "wolf_beauty" and game.pending.seats == (1,)
    assert game.pending.allow_none and 1 not in game.pending.targets
    assert refused(game, WolfBeautyCharm(target=1)) == "wolf_beauty_self"
    told = [e for e in game_of(club(BEAUTY_12) + charm(9)).events if e.kind == "wolf_beauty.charms"]
    assert [(e.audience, e.data["target"]) for e in told] == [(frozenset({1}), 9)]


def test_wolf_beauty_charm_optional_or_required_no_repeat() -> None:
    optional = game_of(club(BEAUTY_12) + charm(9) + QUIET_DAY + "[[night]]\nguard = 11\nwerewolves = 0\n")
    assert not refused_at_all(optional, WolfBeautyCharm(target=9))
    assert not refused_at_all(optional, WolfBeautyCharm(target=0))
    rules = 'wolf_beauty_charm = "required_no_repeat"\n'
    first = game_of(club(BEAUTY_12, rules) + "[[night]]\nguard = 12\nwerewolves = 0\n")
    assert first.pending is not None and not first.pending.allow_none
    assert refused(first, WolfBeautyCharm(target=0)) == "wolf_beauty_nobody"
    night2 = "[[night]]\nguard = 11\nwerewolves = 0\n"
    required = game_of(club(BEAUTY_12, rules) + charm(9) + QUIET_DAY + night2)
    assert required.pending is not None and 9 not in required.pending.targets
    assert refused(required, WolfBeautyCharm(target=9)) == "wolf_beauty_repeat"
    assert refused(required, WolfBeautyCharm(target=0)) == "wolf_beauty_nobody"
    assert not refused_at_all(required, WolfBeautyCharm(target=10))


def test_poisoned_at_night_she_takes_her_charm_at_dawn_past_guard_and_heal() -> None:
    game = game_of(club(BEAUTY_12) + charm(9, witch="{ poison = 1 }", guard=9) + QUIET_DAY)
    assert deaths(game) == [(1, "poison"), (9, "charm")]
    said = [e.data["seats"] for e in game.events if e.kind == "cue" and e.data["key"] == "deaths.announce"]
    assert said == [[1, 9]]
    assert not any(e.kind == "cue" and e.data["key"] == "wolf_beauty.link" for e in game.events)


def test_a_charmed_hunter_dies_with_her_and_does_not_shoot() -> None:
    night = game_of(club(BEAUTY_12) + charm(7, witch="{ poison = 1 }") + QUIET_DAY)
    assert deaths(night) == [(1, "poison"), (7, "charm")] and "hunter" not in steps(night)
    day = game_of(club(BEAUTY_12) + charm(7) + EXILE_1)
    assert deaths(day) == [(1, "vote"), (7, "charm")] and "hunter" not in steps(day)


def test_exiled_her_card_and_her_latest_charm_are_announced_and_it_dies() -> None:
    record = club(BEAUTY_12) + charm(9) + QUIET_DAY + charm(10, seer=3, guard=11) + EXILE_1
    game = game_of(record)
    assert deaths(game) == [(1, "vote"), (10, "charm")]
    links = [e.data for e in game.events if e.kind == "cue" and e.data["key"] == "wolf_beauty.link"]
    assert [(d["seat"], d["target"]) for d in links] == [(1, 10)]
    # A night she charms nobody keeps her latest charm.
    kept = game_of(club(BEAUTY_12) + charm(9) + QUIET_DAY + charm(0, seer=3, guard=11) + EXILE_1)
    assert deaths(kept) == [(1, "vote"), (9, "charm")]


def test_exiled_her_charm_at_a_lower_seat_is_listed_first_one_moment_in_seat_order() -> None:
    # The same table with the wolf beauty at seat 12 and a villager at seat 1; she charms the
    # seer (5) and is exiled: one moment, so the deaths are listed in seat order, as at night.
    roles = BEAUTY_12.replace('"wolf_beauty"', '"first"', 1).replace('"villager"]', '"wolf_beauty"]')
    roles = roles.replace('"first"', '"villager"')
    assert roles.startswith('["villager", "werewolf"') and roles.endswith('"wolf_beauty"]')
    exile_12 = "[[day]]\nvote = { 1 = 12, 2 = 12, 3 = 12, 5 = 12, 6 = 12, 7 = 12 }\n"
    game = game_of(club(roles) + charm(5, guard=11, seer=2) + exile_12)
    assert deaths(game) == [(5, "charm"), (12, "vote")]
    links = [e.data for e in game.events if e.kind == "cue" and e.data["key"] == "wolf_beauty.link"]
    assert [(d["seat"], d["target"]) for d in links] == [(12, 5)]


def test_shot_by_day_she_takes_her_charm() -> None:
    votes = "{ 1 = 7, 2 = 7, 3 = 7, 4 = 7, 5 = 7 }"
    game = game_of(club(BEAUTY_12) + charm(9) + f"[[day]]\nvote = {votes}\nhunter = 1\n")
    assert deaths(game) == [(7, "vote"), (1, "hunter"), (9, "charm")]


def test_a_duel_takes_no_charm_unless_duel_triggers_skills() -> None:
    game = game_of(club(BEAUTY_12) + charm(9) + QUIET_DAY)
    assert wolf_beauty._charm_by_day(state_of(game), 1, "duel") == []
    assert wolf_beauty._charm_by_day(state_of(game), 1, "vote") != []
    triggers = game_of(club(BEAUTY_12, "duel_triggers_skills = true\n") + charm(9) + QUIET_DAY)
    assert wolf_beauty._charm_by_day(state_of(triggers), 1, "duel") != []


# 恶灵骑士: 1 spirit knight, 2-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 guard, 9-12 villagers.
KNIGHT_12 = BEAUTY_12.replace('"wolf_beauty"', '"spirit_knight"')


def knight_night(wolves: int = 0, witch: str = "{}", seer: int = 2, guard: int = 12) -> str:
    return f"[[night]]\nguard = {guard}\nwerewolves = {wolves}\nwitch = {witch}\nseer = {seer}\n"


def test_the_pack_may_not_name_the_spirit_knight_and_he_may_not_self_destruct() -> None:
    game = game_of(club(KNIGHT_12) + "[[night]]\nguard = 12\n")
    assert game.pending is not None and 1 not in game.pending.targets
    assert refused(game, WerewolvesChoice(victim=1)) == "spirit_knight_knife"
    catalogue = usual()
    assert Role.SPIRIT_KNIGHT in catalogue.pack and Role.SPIRIT_KNIGHT not in catalogue.self_destructs


def test_poisoned_he_lives_the_potion_is_spent_and_the_witch_dies() -> None:
    game = game_of(club(KNIGHT_12) + knight_night(witch="{ poison = 1 }") + QUIET_DAY)
    assert deaths(game) == [(6, "reflect")] and not potions(state_of(game))[1]


def test_the_seer_who_checks_him_sees_a_wolf_and_dies_past_guard_and_heal() -> None:
    rules = "witch_self_heal = true\n"
    game = game_of(club(KNIGHT_12, rules) + knight_night(wolves=5, witch="{ heal = true }", seer=1, guard=5))
    assert state_of(game).seer_results == [(1, 1, "werewolf")]
    game = game_of(
        club(KNIGHT_12, rules) + knight_night(wolves=5, witch="{ heal = true }", seer=1, guard=5) + QUIET_DAY
    )
    assert deaths(game) == [(5, "reflect")]


def test_seer_and_witch_on_him_the_same_night_only_the_seer_dies() -> None:
    rules = 'spirit_knight_reflect = "always"\n'
    game = game_of(club(KNIGHT_12, rules) + knight_night(witch="{ poison = 1 }", seer=1) + QUIET_DAY)
    assert deaths(game) == [(5, "reflect")]


def test_spirit_knight_reflect_once_or_always() -> None:
    night2 = knight_night(witch="{ poison = 1 }", seer=3, guard=11)
    once = game_of(club(KNIGHT_12) + knight_night(seer=1) + QUIET_DAY + night2 + QUIET_DAY)
    assert deaths(once) == [(5, "reflect")]
    always = club(KNIGHT_12, 'spirit_knight_reflect = "always"\n')
    twice = game_of(always + knight_night(seer=1) + QUIET_DAY + night2 + QUIET_DAY)
    assert deaths(twice) == [(5, "reflect"), (6, "reflect")]


def test_a_guard_or_another_check_on_him_triggers_nothing() -> None:
    game = game_of(club(KNIGHT_12) + knight_night(guard=1) + QUIET_DAY)
    assert deaths(game) == []


def test_he_dies_to_the_vote() -> None:
    game = game_of(club(KNIGHT_12) + knight_night() + EXILE_1)
    assert deaths(game) == [(1, "vote")]


def test_spirit_knight_shot_dies_or_immune_to_a_shot_from_a_night_death() -> None:
    knifed = knight_night(wolves=7) + "[[day]]\nhunter = 1\nvote = {}\n"
    dies = game_of(club(KNIGHT_12) + knifed)
    assert deaths(dies) == [(7, "werewolves"), (1, "hunter")]
    immune = game_of(club(KNIGHT_12, 'spirit_knight_shot = "immune"\n') + knifed)
    assert deaths(immune) == [(7, "werewolves")] and state_of(immune).is_alive(1)
    said = [e.data for e in immune.events if e.kind == "cue" and e.data["key"] == "spirit_knight.immune"]
    assert [d["seat"] for d in said] == [1] and state_of(immune).day == 1 and immune.outcome() is None
    # A hunter exiled by day shoots him dead under either setting.
    votes = "{ 1 = 7, 2 = 7, 3 = 7, 4 = 7, 5 = 7 }"
    exiled = knight_night() + f"[[day]]\nvote = {votes}\nhunter = 1\n"
    for rules in ("", 'spirit_knight_shot = "immune"\n'):
        assert deaths(game_of(club(KNIGHT_12, rules) + exiled)) == [(7, "vote"), (1, "hunter")]


# Random games: a 12-seat club table with the four cards, every setting of theirs drawn.
ALL_FOUR = (
    Role.NIGHTMARE,
    Role.WOLF_BEAUTY,
    Role.SPIRIT_KNIGHT,
    Role.WEREWOLF,
    Role.SEER,
    Role.WITCH,
    Role.HUNTER,
    Role.GUARD,
    Role.DREAMCATCHER,
    Role.VILLAGER,
    Role.VILLAGER,
    Role.VILLAGER,
)
SETTINGS = {
    "wolf_beauty_charm": ("optional", "required_no_repeat"),
    "spirit_knight_reflect": ("once", "always"),
    "spirit_knight_shot": ("dies", "immune"),
    "fear_notice": ("told", "silent"),
    "duel_triggers_skills": (False, True),
    "sheriff": (True, False),
}


def test_random_club_games_use_every_power_and_reach_every_death_cause() -> None:
    rng = random.Random(14)
    causes: Counter[str] = Counter()
    powers: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    for number in range(200):
        settings = {name: rng.choice(values) for name, values in SETTINGS.items()}
        rules = make_rules(
            {**settings, "night_order": "club", "witch_self_heal": False}, preset="chinese-club"
        )
        game = play_random_game(Game(deal(list(ALL_FOUR), 12, seed=number), rules), rng)
        outcome = game.outcome()
        assert outcome is not None and game.over
        winners[outcome.winner.value] += 1
        causes.update(d.cause for d in state_of(game).deaths)
        for pending, decision in game.history:
            target: int = getattr(decision, "target", 0)
            if pending.step in ("dreamcatcher", "nightmare", "wolf_beauty") and target:
                powers[pending.step] += 1
        powers["blocked"] += sum(e.kind == "blocked" for e in game.events)
        powers["immune"] += sum(
            e.kind == "cue" and e.data["key"] == "spirit_knight.immune" for e in game.events
        )
        state = state_of(game)
        for seat in state.seats_with(Role.SPIRIT_KNIGHT):
            assert not any(d.seat == seat and d.phase.kind == "night" for d in state.deaths)
        if number % 20 == 0:  # the record replays to the same game
            again = replay(parse_record(write_record(game)))
            assert again.error is None and state_of(again.game).deaths == state.deaths
            assert again.game.outcome() == outcome
    assert {"dream", "dream_link", "charm", "reflect"} <= set(causes), causes
    assert {"dreamcatcher", "nightmare", "wolf_beauty", "blocked", "immune"} <= set(powers), powers
    assert {"villagers", "werewolves"} <= set(winners), winners


# All four: 1 spirit knight, 2 wolf beauty, 3 nightmare, 4 werewolf, 5 seer, 6 witch, 7 hunter,
# 8 guard, 9 dreamcatcher, 10-12 villagers.
FOUR_12 = (
    '["spirit_knight", "wolf_beauty", "nightmare", "werewolf", "seer", "witch", "hunter", "guard",'
    ' "dreamcatcher", "villager", "villager", "villager"]'
)


def four(dream: int, charms: int = 0, witch: str = "{}", seer: int = 4, guard: int = 12) -> str:
    return (
        f"[[night]]\nnightmare = 0\nguard = {guard}\ndreamcatcher = {dream}\nwerewolves = 0\n"
        f"wolf_beauty = {charms}\nwitch = {witch}\nseer = {seer}\n"
    )


def test_the_dreamwalker_survives_a_reflect_and_a_charm_too() -> None:
    game = game_of(club(FOUR_12) + four(5, seer=1) + QUIET_DAY)
    assert deaths(game) == []
    game = game_of(club(FOUR_12) + four(10, charms=10, witch="{ poison = 2 }") + QUIET_DAY)
    assert deaths(game) == [(2, "poison")]


def test_the_spirit_knight_dies_of_no_dream_at_night() -> None:
    game = game_of(club(FOUR_12) + four(1) + QUIET_DAY + four(1, guard=11) + QUIET_DAY)
    assert deaths(game) == []


def test_a_feared_hunter_is_not_shown_his_shot_status_but_told_he_is_feared() -> None:
    rules = "shot_status_signal = true\n"
    game = game_of(
        club(NIGHTMARE_12, rules) + fear(7, "dreamcatcher = 9\nwerewolves = 10\nwitch = {}\nseer = 2\n")
    )
    assert game.pending is None or game.pending.step != "hunter_status"
    assert [e.data["step"] for e in game.events if e.kind == "blocked"] == ["hunter_status"]
    free = game_of(
        club(NIGHTMARE_12, rules) + fear(9, "dreamcatcher = 10\nwerewolves = 11\nwitch = {}\nseer = 2\n")
    )
    assert free.pending is not None and free.pending.step == "hunter_status"


def test_exiled_with_her_charm_the_last_god_both_sides_win_in_one_moment() -> None:
    # The last wolf is the wolf beauty (1); her charm is the seer (3), the only 神: her exile and
    # the charm are one moment, so simultaneous_win decides (the charm is no later trigger).
    roles = '["wolf_beauty", "werewolf", "seer", "villager", "villager", "villager", "villager", "villager"]'
    for rule, winner in (("werewolves", "werewolves"), ("villagers", "villagers")):
        rules = f'win = "side"\nsimultaneous_win = "{rule}"\nwin_check = "before_triggers"\n'
        record = (
            club(roles, rules)
            + "[[night]]\nwerewolves = 0\nwolf_beauty = 4\nseer = 1\n"
            + "[[day]]\nvote = { 1 = 2, 3 = 2, 4 = 2 }\n"
            + "[[night]]\nwerewolves = 0\nwolf_beauty = 3\nseer = 5\n"
            + "[[day]]\nvote = { 3 = 1, 4 = 1, 5 = 1 }\n"
        )
        game = game_of(record)
        assert deaths(game)[-2:] == [(1, "vote"), (3, "charm")]
        outcome = game.outcome()
        assert outcome is not None and outcome.winner.value == winner
