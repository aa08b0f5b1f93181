"""The night roles and their variants, played as records."""

from __future__ import annotations

from tests.engine.harness import play, table

NO_SHERIFF = "sheriff = false"


def night(body: str, rules: str = NO_SHERIFF, roles: str | None = None, extra: str = "") -> dict:
    head = table(rules=rules, extra=extra) if roles is None else table(roles, rules=rules, extra=extra)
    return play(head + body)


def test_the_werewolves_victim_dies_at_dawn() -> None:
    out = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n")
    assert out["deaths"] == [{"seat": 7, "phase": "night 1", "cause": "werewolves"}]
    assert out["pending"] == "day 1: vote"


def test_no_agreement_means_nobody_dies() -> None:
    out = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n")
    assert out["deaths"] == []


def test_werewolves_may_target_a_werewolf() -> None:
    out = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 2\nwitch = {}\n")
    assert out["deaths"] == [{"seat": 2, "phase": "night 1", "cause": "werewolves"}]


def test_guarded_victim_survives() -> None:
    out = night("[[night]]\nguard = 7\nseer = 1\nwerewolves = 7\nwitch = {}\n")
    assert out["deaths"] == []


def test_guard_may_protect_himself() -> None:
    out = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 5\nwitch = {}\n")
    assert out["deaths"] == []


def test_guard_may_not_repeat_but_may_after_a_pass() -> None:
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n"
        "[[day]]\nvote = {}\n"
        "[[night]]\nguard = 0\nseer = 2\nwerewolves = 0\nwitch = {}\n"
        "[[day]]\nvote = {}\n"
        "[[night]]\nguard = 5\nseer = 6\nwerewolves = 0\nwitch = {}\n"
    )
    assert night(body)["error"] is None
    repeat = night(
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n[[day]]\nvote = {}\n"
        "[[night]]\nguard = 5\n"
    )
    assert repeat["error"]["decision"] == "guard"


def test_guard_does_not_protect_the_little_girl() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "guard", "little_girl", "villager", "villager"]'
    out = night("[[night]]\nguard = 6\nseer = 1\nwerewolves = 6\nwitch = {}\n", roles=roles)
    assert out["deaths"] == [{"seat": 6, "phase": "night 1", "cause": "werewolves"}]


def test_guarded_and_healed_survives_by_default() -> None:
    out = night("[[night]]\nguard = 7\nseer = 1\nwerewolves = 7\nwitch = { heal = true }\n")
    assert out["deaths"] == []


def test_guarded_and_healed_dies_under_the_club_rule() -> None:
    out = night(
        "[[night]]\nguard = 7\nseer = 1\nwerewolves = 7\nwitch = { heal = true }\n",
        rules=NO_SHERIFF + '\nguard_and_heal = "dies"',
    )
    assert out["deaths"] == [{"seat": 7, "phase": "night 1", "cause": "werewolves"}]


def test_hidden_guard_means_the_witch_is_told_nobody_and_cannot_heal() -> None:
    out = night(
        "[[night]]\nguard = 7\nseer = 1\nwerewolves = 7\nwitch = { heal = true }\n",
        rules=NO_SHERIFF + '\nguard_and_heal = "hidden"',
    )
    assert out["error"]["decision"] == "witch"


def test_seer_sees_faction_by_default_and_role_as_a_variant() -> None:
    body = "[[night]]\nguard = 5\nseer = 4\nwerewolves = 0\nwitch = {}\n"
    assert night(body)["seer"] == [{"night": 1, "target": 4, "result": "not_werewolf"}]
    role = night(body, rules=NO_SHERIFF + '\nseer_sees = "role"')
    assert role["seer"] == [{"night": 1, "target": 4, "result": "witch"}]


def test_seer_may_not_check_herself_or_a_dead_player() -> None:
    assert night("[[night]]\nguard = 5\nseer = 3\n")["error"]["decision"] == "seer"
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n[[day]]\nvote = {}\n"
        "[[night]]\nguard = 4\nseer = 7\n"
    )
    assert night(body)["error"]["decision"] == "seer"


def test_seer_may_check_nobody() -> None:
    out = night("[[night]]\nguard = 5\nseer = 0\nwerewolves = 0\nwitch = {}\n")
    assert out["seer"] == [] and out["error"] is None


def test_witch_heals_once_per_game() -> None:
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { heal = true }\n"
        "[[day]]\nvote = {}\n"
        "[[night]]\nguard = 4\nseer = 2\nwerewolves = 8\nwitch = { heal = true }\n"
    )
    out = night(body)
    assert out["error"]["phase"] == "night 2" and out["error"]["decision"] == "witch"


def test_witch_may_poison_and_the_poisoned_die() -> None:
    out = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { poison = 1 }\n")
    assert out["deaths"] == [
        {"seat": 1, "phase": "night 1", "cause": "poison"},
        {"seat": 7, "phase": "night 1", "cause": "werewolves"},
    ]


def test_poisoned_and_bitten_is_one_death_by_poison() -> None:
    out = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { poison = 7 }\n")
    assert out["deaths"] == [{"seat": 7, "phase": "night 1", "cause": "poison"}]


def test_witch_heals_herself_by_default() -> None:
    out = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 4\nwitch = { heal = true }\n")
    assert out["deaths"] == [] and out["error"] is None


def test_witch_may_not_heal_herself_when_the_rules_say_so() -> None:
    out = night(
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 4\nwitch = { heal = true }\n",
        rules=NO_SHERIFF + "\nwitch_self_heal = false",
    )
    assert out["error"]["decision"] == "witch"


def test_witch_self_heal_on_the_first_night_only() -> None:
    rules = NO_SHERIFF + '\nwitch_self_heal = "first_night"'
    first = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 4\nwitch = { heal = true }\n", rules)
    assert first["error"] is None and first["deaths"] == []
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n[[day]]\nvote = {}\n"
        "[[night]]\nguard = 3\nseer = 2\nwerewolves = 4\nwitch = { heal = true }\n"
    )
    assert night(body, rules)["error"]["decision"] == "witch"


def test_witch_uses_both_potions_in_one_night_unless_forbidden() -> None:
    body = "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { heal = true, poison = 1 }\n"
    assert night(body)["deaths"] == [{"seat": 1, "phase": "night 1", "cause": "poison"}]
    out = night(body, rules=NO_SHERIFF + "\nwitch_both_same_night = false")
    assert out["error"]["decision"] == "witch"


def test_witch_has_one_potion_in_all_below_ten_seats() -> None:
    rules = NO_SHERIFF + '\nwitch_potions = "one_below_10"'
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = { heal = true }\n"
        "[[day]]\nvote = {}\n"
        "[[night]]\nguard = 4\nseer = 2\nwerewolves = 8\nwitch = { poison = 1 }\n"
    )
    out = night(body, rules)
    # With no potion left the witch is powerless: her step is pretended, her key ignored.
    assert out["error"] is None
    assert out["deaths"] == [{"seat": 8, "phase": "night 2", "cause": "werewolves"}]


def test_witch_may_not_heal_when_no_victim() -> None:
    out = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = { heal = true }\n")
    assert out["error"]["decision"] == "witch"


def test_elder_survives_the_first_attack_and_the_witch_is_told_nobody() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "guard", "elder", "villager", "villager"]'
    out = night("[[night]]\nguard = 5\nseer = 1\nwerewolves = 6\nwitch = { heal = true }\n", roles=roles)
    assert out["error"]["decision"] == "witch"
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 6\nwitch = {}\n[[day]]\nvote = {}\n"
        "[[night]]\nguard = 4\nseer = 2\nwerewolves = 6\nwitch = {}\n"
    )
    out = night(body, roles=roles)
    assert out["deaths"] == [{"seat": 6, "phase": "night 2", "cause": "werewolves"}]


def test_elder_healed_at_the_second_attack_keeps_his_last_life() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "guard", "elder", "villager", "villager"]'
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 6\nwitch = {}\n[[day]]\nvote = {}\n"
        "[[night]]\nguard = 4\nseer = 2\nwerewolves = 6\nwitch = { heal = true }\n"
        "[[day]]\nvote = {}\n"
        "[[night]]\nguard = 5\nseer = 7\nwerewolves = 6\nwitch = {}\n"
    )
    out = night(body, roles=roles)
    assert out["deaths"] == [{"seat": 6, "phase": "night 3", "cause": "werewolves"}]


def test_elder_poisoned_curses_the_village() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "guard", "elder", "villager", "villager"]'
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = { poison = 6 }\n[[day]]\nvote = {}\n"
        "[[night]]\nguard = 7\nseer = 2\nwerewolves = 7\n"
    )
    out = night(body, roles=roles)
    # Cursed: guard and seer are pretended (their keys ignored), the guard saves nobody.
    assert out["seer"] == [{"night": 1, "target": 1, "result": "werewolf"}]
    assert out["pending"] == "day 2: vote"
    assert {"seat": 7, "phase": "night 2", "cause": "werewolves"} in out["deaths"]


def test_thief_swaps_for_an_extra_card() -> None:
    roles = '["thief", "werewolf", "seer", "witch", "guard", "villager", "villager", "villager"]'
    out = night(
        "[[night]]\nthief = 1\nguard = 5\nseer = 1\nwerewolves = 6\nwitch = {}\n",
        roles=roles,
        extra='["werewolf", "villager"]',
    )
    assert out["seer"] == [{"night": 1, "target": 1, "result": "werewolf"}]


def test_thief_must_take_a_werewolf_when_both_extra_cards_are() -> None:
    roles = '["thief", "werewolf", "seer", "witch", "guard", "villager", "villager", "villager"]'
    out = night("[[night]]\nthief = 0\n", roles=roles, extra='["werewolf", "werewolf"]')
    assert out["error"]["decision"] == "thief"
    out = night(
        "[[night]]\nthief = 0\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n",
        roles=roles,
        extra='["villager", "hunter"]',
    )
    assert out["error"] is None
    assert out["seer"] == [{"night": 1, "target": 1, "result": "not_werewolf"}]
    must = night(
        "[[night]]\nthief = 0\n",
        roles=roles,
        extra='["villager", "hunter"]',
        rules=NO_SHERIFF + "\nthief_must_take = true",
    )
    assert must["error"]["decision"] == "thief"


def test_cupid_binds_two_lovers_who_die_together() -> None:
    roles = '["werewolf", "werewolf", "seer", "witch", "cupid", "hunter", "villager", "villager", "villager"]'
    out = night("[[night]]\ncupid = [5, 7]\nseer = 1\nwerewolves = 7\nwitch = {}\n", roles=roles)
    assert out["lovers"] == [5, 7]
    assert out["deaths"] == [
        {"seat": 7, "phase": "night 1", "cause": "werewolves"},
        {"seat": 5, "phase": "night 1", "cause": "grief"},
    ]


def test_piper_charms_two_and_wins_when_all_are_charmed() -> None:
    roles = '["werewolf", "seer", "witch", "piper", "villager"]'
    body = (
        "[[night]]\nseer = 1\nwerewolves = 0\nwitch = {}\npiper = [1, 2]\n[[day]]\nvote = {}\n"
        "[[night]]\nseer = 3\nwerewolves = 0\nwitch = {}\npiper = [3, 5]\n"
    )
    out = night(body, roles=roles)
    assert out["charmed"] == [1, 2, 3, 5]
    assert out["winner"] == "piper" and out["ended"] == "night 2"


def test_piper_may_not_charm_himself_or_the_charmed() -> None:
    roles = '["werewolf", "seer", "witch", "piper", "villager", "villager"]'
    assert (
        night("[[night]]\nseer = 1\nwerewolves = 0\nwitch = {}\npiper = [4, 2]\n", roles=roles)["error"][
            "decision"
        ]
        == "piper"
    )
    body = (
        "[[night]]\nseer = 1\nwerewolves = 0\nwitch = {}\npiper = [1, 2]\n[[day]]\nvote = {}\n"
        "[[night]]\nseer = 3\nwerewolves = 0\nwitch = {}\npiper = [2, 5]\n"
    )
    assert night(body, roles=roles)["error"]["decision"] == "piper"


def test_piper_may_charm_tonights_victim() -> None:
    roles = '["werewolf", "seer", "witch", "piper", "villager", "villager"]'
    out = night("[[night]]\nseer = 1\nwerewolves = 5\nwitch = {}\npiper = [5, 6]\n", roles=roles)
    assert out["error"] is None and out["charmed"] == [5, 6]


def test_a_piper_who_becomes_a_lover_is_a_plain_villager() -> None:
    roles = '["werewolf", "seer", "witch", "piper", "cupid", "villager"]'
    out = night(
        "[[night]]\ncupid = [4, 6]\nseer = 1\nwerewolves = 0\nwitch = {}\npiper = [1, 2]\n", roles=roles
    )
    assert out["charmed"] == [] and out["pending"] == "day 1: vote"


def test_seer_first_order_asks_the_seer_before_the_guard() -> None:
    out = night("[[night]]\nwerewolves = 0\n", rules=NO_SHERIFF + '\nnight_order = "seer_first"')
    assert out["pending"] == "night 1: seer"
    assert night("[[night]]\nwerewolves = 0\n")["pending"] == "night 1: guard"


def test_dead_target_is_illegal_at_night() -> None:
    body = (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n[[day]]\nvote = {}\n"
        "[[night]]\nguard = 4\nseer = 2\nwerewolves = 7\n"
    )
    out = night(body)
    assert out["error"] == {**out["error"], "phase": "night 2", "decision": "werewolves"}
