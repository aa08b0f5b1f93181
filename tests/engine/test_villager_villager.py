"""The villager-villager (村民村民, RULES-CHARACTERS.md's Villager-villager): no power; his card is
shown to everyone before the game starts — said by the judge at the opening, in the public view
of every phone and screen — and `win = "side"` counts him with the plain villagers; the board
`characters-8` deals him with the bear tamer under RULES.md's rules."""

from __future__ import annotations

from engine.boards import find_board
from engine.game import Game, state_of
from engine.views import public_view, seat_view
from tests.engine.harness import game_of, table

# 1-2 werewolves, 3 seer, 4 witch, 5 bear tamer, 6 villager-villager, 7-8 villagers.
CHARACTERS_8 = (
    '["werewolf", "werewolf", "seer", "witch", "bear_tamer", "villager_villager", "villager", "villager"]'
)


def test_the_judge_shows_his_card_to_everyone_at_the_opening_before_night_falls() -> None:
    game = game_of(table(CHARACTERS_8, rules='sheriff = false\nwin = "side"\n'))
    said = [(e.data["key"], e.audience) for e in game.events if e.kind == "cue"]
    assert ("game.open_card", None) in said
    assert said.index(("game.open_card", None)) < said.index(("night.falls", None))
    shown = next(e.data for e in game.events if e.kind == "cue" and e.data["key"] == "game.open_card")
    assert (shown["seat"], shown["role"]) == (6, "villager_villager")


def test_every_view_shows_his_card_and_no_other() -> None:
    game = game_of(table(CHARACTERS_8))
    assert public_view(game).open_cards == {6: "villager_villager"}
    assert all(seat_view(game, seat).public.open_cards == {6: "villager_villager"} for seat in range(1, 9))


def test_a_game_without_him_shows_no_card() -> None:
    game = game_of(
        table('["werewolf", "werewolf", "seer", "witch", "villager", "villager", "villager", "villager"]')
    )
    assert public_view(game).open_cards is None
    assert not any(e.kind == "cue" and e.data["key"] == "game.open_card" for e in game.events)


def test_he_counts_with_the_plain_villagers_so_the_werewolves_win_only_once_he_is_out_too() -> None:
    rounds = [f"[[night]]\nwerewolves = {victim}\nseer = 1\nwitch = {{}}\n" for victim in (7, 8, 6)]
    record = table(CHARACTERS_8, rules='sheriff = false\nwin = "side"\n') + "[[day]]\nvote = {}\n".join(
        rounds
    )
    before = game_of(record[: record.rindex("[[night]]")])
    assert not before.over  # 7 and 8 out, the villager-villager alive: the plain villagers stand
    game = game_of(record)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner.value == "werewolves"
    assert {3, 4, 5} <= set(state_of(game).alive())  # every 神 alive: the plain villagers' side fell


def test_the_characters_eight_board_plays_rules_md() -> None:
    board = find_board("8人驯熊师")
    game = Game(board.deal(1), board.rules())
    assert board.seats == 8 and len(public_view(game).open_cards or {}) == 1
