"""The big bad wolf (大野狼, RULES-CHARACTERS.md's Big bad wolf) through game records: he wakes with
the pack, then alone kills one more player (not himself, not the pack's victim, a werewolf only
with `wolves_eat_wolves`, no pass while a target exists); his kill is a werewolf attack for the
guard, the witch (told every victim, one heal), the elder and the hunter; from the night after
a werewolf-side death he only wakes with the pack (`big_bad_wolf_loses_power`, both sides)."""

from __future__ import annotations

from engine.game import state_of
from engine.roles.big_bad_wolf import BigBadWolfKill
from engine.roles.werewolves import WerewolvesChoice
from engine.roles.witch import WitchChoice
from tests.engine.harness import club, deaths, game_of, play, refused, steps, table, told

# 1 werewolf, 2 villager, 3 big bad wolf, 4 elder, 5 seer, 6 witch, 7 guard, 8 hunter, 9 villager.
BIG_9 = '["werewolf", "villager", "big_bad_wolf", "elder", "seer", "witch", "guard", "hunter", "villager"]'
NO_SHERIFF = "sheriff = false\n"


def night(wolves: int = 9, big: int = 2, witch: str = "{}", guard: int = 5) -> str:
    return f"[[night]]\nguard = {guard}\nseer = 1\nwerewolves = {wolves}\nbig_bad_wolf = {big}\nwitch = {witch}\n"


def until_big_bad_wolf(wolves: int = 9, rules: str = NO_SHERIFF) -> str:
    return table(BIG_9, rules=rules) + f"[[night]]\nguard = 5\nseer = 1\nwerewolves = {wolves}\n"


def steps_of_night(record: str, n: int) -> list[str]:
    return [p.step for p, _ in game_of(record).history if p.phase == f"night {n}"]


def test_his_kill_lands_at_dawn_beside_the_pack_s_cause_big_bad_wolf() -> None:
    record = table(BIG_9, rules=NO_SHERIFF) + night()
    assert deaths(game_of(record)) == [(2, "big_bad_wolf"), (9, "werewolves")]
    assert [d["cause"] for d in play(record)["deaths"]] == ["big_bad_wolf", "werewolves"]
    assert told(game_of(record), "big_bad_wolf") == [("big_bad_wolf", {"target": 2})]


def test_he_acts_after_the_pack_and_before_the_witch_in_both_orders() -> None:
    order = steps_of_night(table(BIG_9, rules=NO_SHERIFF) + night(), 1)
    assert order.index("werewolves") + 1 == order.index("big_bad_wolf") < order.index("witch")
    club_order = steps_of_night(club(BIG_9) + night(), 1)
    assert club_order.index("werewolves") < club_order.index("big_bad_wolf") < club_order.index("witch")


def test_he_names_neither_himself_nor_the_pack_s_victim_nor_nobody() -> None:
    game = game_of(until_big_bad_wolf())
    assert game.pending is not None and game.pending.step == "big_bad_wolf"
    assert refused(game, BigBadWolfKill(target=3)) == "big_bad_wolf_self"
    assert refused(game, BigBadWolfKill(target=9)) == "big_bad_wolf_pack_victim"
    assert refused(game, BigBadWolfKill(target=0)) == "big_bad_wolf_pass"
    assert 9 not in game.pending.targets and 3 not in game.pending.targets


def test_a_werewolf_only_with_wolves_eat_wolves() -> None:
    game = game_of(until_big_bad_wolf(rules=NO_SHERIFF + "wolves_eat_wolves = false\n"))
    assert refused(game, BigBadWolfKill(target=1)) == "wolves_eat_wolves"
    eaten = game_of(table(BIG_9, rules=NO_SHERIFF) + night(big=1))
    assert (1, "big_bad_wolf") in deaths(eaten)


def test_with_wolves_eat_wolves_false_the_pack_names_no_werewolf_either() -> None:
    record = (
        table(BIG_9, rules=NO_SHERIFF + "wolves_eat_wolves = false\n") + "[[night]]\nguard = 5\nseer = 1\n"
    )
    game = game_of(record)
    assert game.pending is not None and game.pending.step == "werewolves"
    assert refused(game, WerewolvesChoice(victim=1)) == "wolves_eat_wolves"


def test_the_guard_stops_his_kill() -> None:
    assert deaths(game_of(table(BIG_9, rules=NO_SHERIFF) + night(guard=2))) == [(9, "werewolves")]


def test_the_witch_is_told_both_victims_in_seat_order_and_heals_one() -> None:
    record = table(BIG_9, rules=NO_SHERIFF) + night(witch="{}")[: -len("witch = {}\n")]
    game = game_of(record)
    assert game.pending is not None and game.pending.step == "witch"
    assert game.pending.info["victims"] == [2, 9]
    told_her = [e.data for e in game.events if e.kind == "witch.told"]
    assert told_her[-1]["victims"] == [2, 9]
    assert refused(game, WitchChoice(heal=True)) == "witch_heal_which"
    assert refused(game, WitchChoice(heal=True, heal_seat=4)) == "witch_heal_not_victim"
    healed = game_of(table(BIG_9, rules=NO_SHERIFF) + night(witch="{ heal = 2 }"))
    assert deaths(healed) == [(9, "werewolves")]
    assert told(healed, "witch") == [("heal", {"target": 2})]
    assert deaths(game_of(table(BIG_9, rules=NO_SHERIFF) + night(witch="{ heal = 9 }"))) == [
        (2, "big_bad_wolf")
    ]


def test_his_kill_costs_the_elder_a_life() -> None:
    game = game_of(table(BIG_9, rules=NO_SHERIFF) + night(big=4))
    assert deaths(game) == [(9, "werewolves")]
    assert state_of(game).player(4).lives == 1


def test_a_hunter_he_kills_shoots() -> None:
    game = game_of(table(BIG_9, rules=NO_SHERIFF) + night(big=8))
    assert (8, "big_bad_wolf") in deaths(game)
    assert game.pending is not None and game.pending.step == "hunter"


def test_after_a_werewolf_dies_he_only_wakes_with_the_pack_from_the_next_night() -> None:
    poisoned = table(BIG_9, rules=NO_SHERIFF) + night(witch="{ poison = 1 }") + "[[day]]\nvote = {}\n"
    record = poisoned + "[[night]]\nguard = 4\nseer = 7\nwerewolves = 4\n"
    assert "big_bad_wolf" in steps_of_night(record, 1)  # the night of the death: he acts
    game = game_of(record)
    assert "big_bad_wolf" not in steps_of_night(record, 2)
    said = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert said.count("big_bad_wolf.wake") == 2 and said.count("big_bad_wolf.sleep") == 2  # pretended
    keeps = table(BIG_9, rules=NO_SHERIFF + "big_bad_wolf_loses_power = false\n")
    kept = game_of(keeps + night(witch="{ poison = 1 }") + "[[day]]\nvote = {}\n" + record[len(poisoned) :])
    assert kept.pending is not None and kept.pending.step == "big_bad_wolf"


def test_with_nobody_he_may_name_his_step_is_narrated_for_nobody() -> None:
    # 1, 4 werewolf, 2 big bad wolf, 3, 5, 6 villager; night 2 the pack eats 3, the last villager
    roles = '["werewolf", "big_bad_wolf", "villager", "werewolf", "villager", "villager"]'
    record = table(roles, rules=NO_SHERIFF + "wolves_eat_wolves = false\n")
    record += "[[night]]\nwerewolves = 5\nbig_bad_wolf = 6\n[[day]]\nvote = {}\n[[night]]\nwerewolves = 3\n"
    game = game_of(record)
    assert steps(game).count("big_bad_wolf") == 1
    said = [e.data["key"] for e in game.events if e.kind == "cue"]
    assert said.count("big_bad_wolf.wake") == 2 and said.count("big_bad_wolf.sleep") == 2
    assert play(record)["winner"] == "werewolves"
