"""What a card does and the rules in force: every card the judge can deal has its lines in every
language; every rule setting is said in every language; the rules page is public (the same
bytes to every phone of a language, the deck never in seat order)."""

from __future__ import annotations

import asyncio
import json
import typing

import pytest

from engine.game import Game
from engine.role import Role
from engine.rules import RuleError, Rules, make_rules
from narrator.moderator.config import PlayConfig
from narrator.phones.catalogue import LOCALES, has, text
from narrator.phones.rulebook import goal, rule_lines, rulebook
from tests.phones.harness import Phone, classic_game, served, ws_url

EVERY_CARD = set(Role)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_the_judge_can_deal_has_its_lines_in_every_language(locale: str) -> None:
    missing = [role.value for role in Role if not has(locale, f"powers.{role.value}")]  # type: ignore[arg-type]
    assert missing == [], f"{locale}: no powers line for {missing}"
    empty = [role.value for role in Role if not text(locale, f"powers.{role.value}").strip()]  # type: ignore[arg-type]
    assert empty == []
    game = classic_game()
    for rules in (make_rules(), make_rules(preset="chinese-club")):
        for role in Role:
            assert has(locale, f"goals.{goal(role, rules, game.catalogue)}")  # type: ignore[arg-type]


def _every_setting_value() -> list[Rules]:
    """The seeds' and the club's rules with each setting, one at a time, at each value it takes."""
    variants = []
    for preset in ("seeds", "chinese-club"):
        for name, field in Rules.model_fields.items():
            kinds = typing.get_args(field.annotation) or (field.annotation,)
            values = [v for arg in kinds for v in typing.get_args(arg) or [arg]]
            for value in values:
                if value is bool:
                    value_list: list[object] = [True, False]
                elif isinstance(value, (str, bool)):
                    value_list = [value]
                else:
                    continue
                for v in value_list:
                    try:
                        variants.append(make_rules({name: v}, preset=preset))
                    except RuleError:
                        pass
    return variants


@pytest.mark.parametrize("locale", LOCALES)
def test_every_rule_in_force_is_said_in_every_language(locale: str) -> None:
    said: set[str] = set()
    for rules in _every_setting_value():
        for seats in (8, 12):
            for name, params in rule_lines(rules, EVERY_CARD, seats):
                assert text(locale, f"rulebook.{name}", **params)  # type: ignore[arg-type]
                said.add(name)
    # each of the settings the brief names is said, both ways
    for name in (
        "self_heal_yes",
        "self_heal_first_night",
        "guard_heal_dies",
        "guard_heal_survives",
        "no_sheriff",
        "sheriff_before",
        "last_words_club",
        "last_words_none",
        "win_side",
        "win_all",
        "tie_none",
        "tie_revote",
    ):
        assert name in said


def test_the_rules_page_says_the_boards_cards_and_its_rules_in_plain_words() -> None:
    setup, rules = PlayConfig(board="wolf-king-guard-12", seed=5).table()
    page = rulebook(Game(setup, rules), None, "zh-CN")
    assert [(c["role"], c["count"]) for c in page["deck"]] == [
        ("werewolf", 3),
        ("villager", 4),
        ("seer", 1),
        ("witch", 1),
        ("hunter", 1),
        ("guard", 1),
        ("wolf_king", 1),
    ]
    assert {c["goal"] for c in page["deck"] if c["role"] in ("werewolf", "wolf_king")} == {"wolves_side"}
    assert "屠边：神职全部出局或平民全部出局，狼人获胜。" in page["rules"]
    assert "同守同救：被守又被救的人仍然死亡（奶穿）。" in page["rules"]
    assert "放逐投票平票：平票的玩家PK，再发言后重新投票；再平票没有人出局。" in page["rules"]
    seeds = rulebook(classic_game(), None, "en")
    assert "A tied vote: nobody is out, no run-off." in seeds["rules"]
    assert "The witch may heal herself." in seeds["rules"]
    assert not any("run-off only" in line for line in seeds["rules"])


def test_every_phone_gets_the_same_rules_page_whatever_its_card() -> None:
    async def scenario() -> None:
        game = classic_game()
        async with served(game) as (server, _):
            phones = [await Phone(ws_url(server), game).open() for _ in range(3)]
            for seat, phone in zip((1, 3, 7), phones, strict=True):  # a werewolf, the seer, a villager
                await phone.join(seat)
            for phone in phones:  # every seat taken: welcomed again, the lobby alike
                await phone.send({"type": "hello", "locale": "zh-CN"})
                await phone.expect("welcome")
            welcomes = [next(raw for raw in reversed(p.raw) if '"welcome"' in raw[:20]) for p in phones]
            assert welcomes[0] == welcomes[1] == welcomes[2]
            page = json.loads(welcomes[0])["rulebook"]
            assert [c["role"] for c in page["deck"]] == [
                "werewolf",
                "villager",
                "seer",
                "witch",
                "hunter",
                "guard",
            ]
            for phone in phones:
                await phone.close()

    asyncio.run(scenario())


def test_the_rules_page_says_the_ravens_rules_on_his_board_only() -> None:
    setup, rules = PlayConfig(board="hidden-wolf-raven-12", seed=5).table()
    said = rulebook(Game(setup, rules), None, "zh-CN")["rules"]
    assert "乌鸦诅咒的玩家，在第二天的放逐投票中额外增加1票。" in said
    assert "乌鸦不能连续两晚诅咒同一名玩家。" in said and "乌鸦不能诅咒自己。" not in said
    assert "被诅咒的玩家进入PK时，诅咒的票在PK投票中仍然有效。" in said
    seeds = make_rules({"raven_self": False, "vote_tie": "revote"})
    names = [name for name, _ in rule_lines(seeds, {Role.RAVEN}, 12)]
    assert ("raven_votes", {"count": 2}) in rule_lines(seeds, {Role.RAVEN}, 12)
    assert "raven_no_self" in names and "raven_no_repeat" not in names and "raven_in_pk" not in names
    setup, rules = PlayConfig(board="wolf-king-guard-12", seed=5).table()
    assert not any("乌鸦" in line for line in rulebook(Game(setup, rules), None, "zh-CN")["rules"])


def test_the_rules_page_says_whether_an_actor_turned_werewolf_takes_cards_on_his_board() -> None:
    setup, rules = PlayConfig(board="actor-10", seed=5).table()
    said = rulebook(Game(setup, rules), None, "zh-CN")["rules"]
    assert "转入狼人阵营的演员不能再拿牌。" in said  # a wolf-hound is dealt: he may take its side
    kept = make_rules({"wolf_side_actor_powerless": False})
    assert ("actor_wolf_side_keeps", {}) in rule_lines(kept, {Role.ACTOR, Role.ACCURSED_WOLF_FATHER}, 10)
    assert not any("actor" in name for name, _ in rule_lines(kept, {Role.ACTOR}, 10))
