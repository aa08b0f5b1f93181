"""Setups, dealing, rule settings and presets: clear errors for what cannot be played."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.roles import Role
from engine.rules import RuleError, Rules, find_preset, make_rules
from engine.setup import SUGGESTED_004, Setup, SetupError, deal, suggested_roles


def test_suggested_setups_follow_seed_004_for_8_to_18_seats() -> None:
    for seats, (wolves, specials, villagers) in SUGGESTED_004.items():
        cards = Counter(suggested_roles(seats))
        assert cards[Role.WEREWOLF] == wolves and cards[Role.VILLAGER] == villagers
        assert sum(cards.values()) == seats
        assert seats - wolves - villagers == specials
        Setup(seats=seats, roles=tuple(suggested_roles(seats)))


def test_seed_001_table_is_werewolves_villagers_and_a_seer() -> None:
    cards = Counter(suggested_roles(12, table="001"))
    assert cards == Counter({Role.WEREWOLF: 3, Role.VILLAGER: 8, Role.SEER: 1})
    with pytest.raises(SetupError, match="8 to 18"):
        suggested_roles(7)


def test_dealing_is_seeded_and_keeps_two_cards_face_down_for_a_thief() -> None:
    deck = suggested_roles(9) + [Role.THIEF, Role.VILLAGER, Role.VILLAGER]  # 12 cards
    one, two = deal(deck, 10, seed=42), deal(deck, 10, seed=42)
    assert one == two and len(one.extra_cards) == 2
    assert Counter(one.deck) == Counter(deck)
    assert any(deal(deck, 10, seed=s).roles != one.roles for s in range(5))


@pytest.mark.parametrize(
    ("seats", "roles", "extra", "message"),
    [
        (9, ["werewolf"] * 2 + ["villager"] * 6, [], "more seats than cards"),
        (8, ["werewolf"] * 2 + ["villager"] * 7, [], "more cards than seats"),
        (8, ["villager"] * 8, [], "no werewolf"),
        (8, ["thief", "werewolf"] + ["villager"] * 6, [], "two extra face-down cards"),
        (8, ["werewolf"] * 2 + ["villager"] * 6, ["villager", "villager"], "only for a game with a thief"),
        (8, ["werewolf", "seer", "seer"] + ["villager"] * 5, [], "2 seer cards"),
        (4, ["werewolf"] + ["villager"] * 3, [], "5 to 24"),
    ],
)
def test_unplayable_setups_are_refused_with_a_clear_error(seats, roles, extra, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        Setup(seats=seats, roles=roles, extra_cards=extra)


def test_an_unknown_role_is_named() -> None:
    with pytest.raises(ValueError, match="unknown role 'wolf'"):
        Setup(seats=8, roles=["wolf"] + ["villager"] * 7)


def test_setups_outside_8_to_18_seats_play_with_a_warning() -> None:
    setup = Setup(seats=6, roles=["werewolf", "seer"] + ["villager"] * 4)
    assert any("8 to 18" in w for w in setup.warnings())


def test_the_defaults_are_the_seeds_preset() -> None:
    assert make_rules() == Rules() == make_rules(preset="seeds")
    rules = Rules()
    assert (rules.guard_and_heal, rules.witch_self_heal, rules.sheriff_weight, rules.win) == (
        "survives",
        True,
        2,
        "all",
    )


def test_the_chinese_club_preset_is_found_by_any_of_its_names() -> None:
    for name in ("chinese-club", "Chinese_Club", "club", "屠边"):
        assert find_preset(name) == "chinese-club"
    club = make_rules(preset="chinese-club")
    assert club.witch_self_heal == "first_night" and club.witch_both_same_night is False
    assert club.guard_and_heal == "dies" and club.sheriff_weight == 1.5 and club.win == "side"


def test_settings_apply_on_top_of_a_preset() -> None:
    rules = make_rules({"win": "all"}, preset="club")
    assert rules.win == "all" and rules.guard_and_heal == "dies"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"guard_heal": "dies"}, "unknown rule setting 'guard_heal'"),
        ({"vote_tie": "coin"}, "'vote_tie' cannot be 'coin'"),
        ({"sheriff_weight": 3}, "'sheriff_weight' cannot be 3"),
        ({"sheriff": "yes"}, "'sheriff' cannot be 'yes'"),
        ({"events": "sometimes"}, "'events' cannot be 'sometimes'"),
    ],
)
def test_unknown_settings_and_values_are_named(settings, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleError, match=message):
        make_rules(settings)


def test_an_unknown_preset_is_named() -> None:
    with pytest.raises(RuleError, match="unknown rule preset 'house'"):
        make_rules(preset="house")


def test_rules_are_frozen() -> None:
    with pytest.raises(ValueError, match="frozen"):
        Rules().win = "side"  # type: ignore[misc]
