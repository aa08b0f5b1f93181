"""A deck read at a glance (`engine.balance`): each card's camp from the catalogue, the counts a
Chinese table reads, and a warning only where a deck is far from what tables play."""

from __future__ import annotations

import pytest

from engine.balance import balance, camp
from engine.boards import BOARDS, Board, find_board
from engine.catalog import usual
from engine.role import Role
from engine.setup import USUAL_SEATS, suggested_roles


def test_each_cards_camp_is_the_catalogues() -> None:
    cards = usual()
    assert camp(Role.WOLF_KING) == "wolves" and camp(Role.WHITE_WEREWOLF) == "wolves"
    assert camp(Role.SEER) == "gods" and camp(Role.RAVEN) == "gods"
    assert camp(Role.VILLAGER) == "villagers" and camp(Role.THIEF) == "villagers"
    assert camp(Role.PIPER) == "others" and camp(Role.CURSED_FOX) == "others"
    for role in Role:
        assert (camp(role) == "wolves") == (role in cards.wolf_team)
        assert (camp(role) == "gods") == (role in cards.gods and role not in cards.wolf_team)


@pytest.mark.parametrize(
    "board",
    [b for b in BOARDS if b.playable and b.id not in ("characters-15", "characters-18")],
    ids=lambda b: b.id,
)
def test_no_board_the_sources_give_is_far_from_what_tables_play(board: Board) -> None:
    read = balance(board.roles(), board.seats)
    assert read.usual is not None and read.notes == ()


def test_the_characters_fifteen_reads_far_from_a_chinese_table_of_fifteen() -> None:
    """RULES-CHARACTERS.md's own fifteen (ours, on RULES.md's rules: the big bad wolf and two
    werewolves) has two wolves fewer and two gods more than seed 004's table of fifteen: the
    host who picks it is told so, as for any deck."""
    read = balance(find_board("characters-15").roles(), 15)
    assert read.counts == {"wolves": 3, "gods": 7, "villagers": 5, "others": 0}
    assert {(note.code, note.camp) for note in read.notes} == {("few", "wolves"), ("many", "gods")}


def test_the_characters_eighteen_reads_far_from_a_chinese_table_of_eighteen() -> None:
    """RULES-CHARACTERS.md's own eighteen (ours: five werewolf cards, nine special village cards,
    the sisters and the villager-villager, the wild child in neither group) has a wolf fewer, three
    gods more and three villagers fewer than seed 004's table of eighteen: the host is told so."""
    read = balance(find_board("characters-18").roles(), 18)
    assert read.counts == {"wolves": 5, "gods": 9, "villagers": 3, "others": 1}
    assert {(note.code, note.camp) for note in read.notes} == {("many", "gods"), ("few", "villagers")}


@pytest.mark.parametrize("seats", list(USUAL_SEATS))
def test_the_judges_default_cards_are_what_tables_play(seats: int) -> None:
    read = balance(suggested_roles(seats), seats)
    assert read.notes == () and sum(read.counts.values()) == seats


def test_a_deck_two_cards_off_in_a_camp_is_far() -> None:
    deck = [Role.WEREWOLF] * 2 + [Role.SEER, Role.WITCH, Role.HUNTER, Role.GUARD] + [Role.VILLAGER] * 6
    read = balance(deck, 12)
    assert read.counts == {"wolves": 2, "gods": 4, "villagers": 6, "others": 0}
    assert [(n.code, n.camp, n.count, n.usual) for n in read.notes] == [
        ("few", "wolves", 2, 4),
        ("many", "villagers", 6, 4),
    ]
    one_off = [Role.WEREWOLF] * 3 + [Role.SEER, Role.WITCH, Role.HUNTER, Role.GUARD] + [Role.VILLAGER] * 5
    assert balance(one_off, 12).notes == ()  # one card off: tables play it (thief-cupid-12, wild-child-12)
