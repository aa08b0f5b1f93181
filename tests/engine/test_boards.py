"""The boards of RULES-CLUB.md (and those of RULES-CLUB-MORE.md the engine deals): found by every
name a table says, their cards, their rules."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import engine.roles as roles_module
from engine import BOARDS, Board, BoardError, Game, find_board, make_rules
from engine.boards import name_key
from engine.rules import RuleError
from tests.engine.harness import SHARED

CLUB = SHARED / "RULES-CLUB.md"
MORE = SHARED / "RULES-CLUB-MORE.md"
CHARACTERS = SHARED / "RULES-CHARACTERS.md"
PLAYABLE_TODAY = ("standard-12", "beginner-9", "beginner-10", "beginner-10-idiot", "beginner-10-guard")
# RULES-CLUB.md's card names, for reading its Boards table.
CLUB_NAMES = {
    "狼人": "werewolf",
    "狼王": "wolf_king",
    "白狼王": "white_wolf_king",
    "狼美人": "wolf_beauty",
    "石像鬼": "gargoyle",
    "梦魇": "nightmare",
    "血月使者": "blood_moon",
    "机械狼": "wolf_robot",
    "恶灵骑士": "spirit_knight",
    "预言家": "seer",
    "女巫": "witch",
    "猎人": "hunter",
    "白痴": "idiot",
    "守卫": "guard",
    "骑士": "knight",
    "守墓人": "gravekeeper",
    "摄梦人": "dreamcatcher",
    "猎魔人": "demon_hunter",
    "通灵师": "psychic",
    "魔术师": "magician",
    # RULES-CLUB-MORE.md's
    "隐狼": "hidden_wolf",
    "乌鸦": "raven",
}


# RULES-CLUB-MORE.md's card names (its table's 狼, 神, 民 and 他 columns).
MORE_NAMES = {**CLUB_NAMES, "平民": "villager", "吹笛者": "piper", "盗贼": "thief", "丘比特": "cupid"}
MORE_NAMES |= {"纯白之女": "pure_white", "狼巫": "wolf_witch"}
MORE_NAMES |= {"灯影预言家": "mirror_seer"}
MORE_NAMES["野孩子"] = "wild_child"
MORE_NAMES["混血儿"] = "slacker"
MORE_NAMES["咒狐"] = "cursed_fox"
MORE_NAMES["觉醒石像鬼"] = "awakened_gargoyle"
MORE_NAMES |= {"蚀时狼妃": "eclipse_wolf_queen", "定序王子": "sequence_prince"}
MORE_NAMES |= {"舞者": "dancer", "假面": "masquerade"}
MORE_NAMES["典狱长"] = "warden"


def club_table() -> dict[str, tuple[list[str], Counter[str]]]:
    """RULES-CLUB.md's Boards table: id → (the names in its 板子 column, the cards)."""
    rows = {}
    for line in CLUB.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\| `([a-z0-9-]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \| (\d+) \|", line)
        if not match:
            continue
        board, names, wolves, gods, villagers = match.groups()
        cards: Counter[str] = Counter({"villager": int(villagers)})
        for part in wolves.split("+"):
            count, _, name = part.strip().rpartition(" ")
            cards[CLUB_NAMES[name]] += int(count or 1)
        for name in gods.split():
            cards[CLUB_NAMES[name]] += 1
        rows[board] = (re.findall(r"[^\s()]+", names.replace("9人 ", "9人").replace("10人 ", "10人")), cards)
    return rows


def more_table() -> dict[str, tuple[str, Counter[str]]]:
    """RULES-CLUB-MORE.md's Boards table: id → (its olveryu name, the cards, face-down included)."""
    rows = {}
    for line in MORE.read_text(encoding="utf-8").splitlines():
        match = re.match(
            r"\| `([a-z0-9-]+)` \| ([^|(]+)[^|]* \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|", line
        )
        if not match:
            continue
        board, name, wolves, gods, villagers, others = match.groups()
        cards: Counter[str] = Counter()
        for part in [*wolves.split("+"), *villagers.split("+")]:
            count, _, card = part.strip().rpartition(" ")
            if part.strip().isdigit():
                count, card = part.strip(), "平民"
            cards[MORE_NAMES.get(card, card)] += int(count or 1)
        for card in [*gods.split(), *others.replace("—", "").split()]:
            cards[MORE_NAMES.get(card, card)] += 1
        rows[board] = (name.strip(), cards)
    return rows


def characters_table() -> dict[str, tuple[int, Counter[str]]]:
    """RULES-CHARACTERS.md's Boards table: id → (seats, the cards by role id)."""
    rows = {}
    for line in CHARACTERS.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\| `([a-z0-9-]+)` \| (\d+) \| ([^|]+) \|", line)
        if not match:
            continue
        board, seats, listed = match.groups()
        cards: Counter[str] = Counter()
        for part in re.sub(r"\([^)]*\)|\[[^]]*\]", "", listed).split(","):
            count, _, card = part.strip().rpartition(" ")
            cards[card] += int(count or 1)
        rows[board] = (int(seats), cards)
    return rows


def test_every_board_of_rules_club_is_there_with_its_cards_and_names() -> None:
    table = club_table()
    assert len(table) == 17
    assert [board.id for board in BOARDS[:17]] == list(table)
    for board in BOARDS[:17]:
        names, cards = table[board.id]
        assert Counter(board.deck) == cards, board.id
        assert (
            board.seats
            == len(board.deck)
            == (9 if board.id == "beginner-9" else 10 if "10" in board.id else 12)
        )
        assert set(names) <= set(board.names), board.id
        assert len(board.traditional) == len(board.names)


def test_the_other_boards_are_rules_club_mores_or_rules_characters_with_their_cards_and_name() -> None:
    table, characters = more_table(), characters_table()
    assert len(table) == 14 and len(characters) == 7
    assert {"piper-12", "thief-cupid-12", "hidden-wolf-raven-12"} <= {board.id for board in BOARDS[17:]}
    assert "bear-hidden-wolf-12" in {board.id for board in BOARDS[17:]}
    for board in BOARDS[17:]:
        if board.id in characters:
            seats, cards = characters[board.id]
            assert Counter(board.deck) == cards and board.seats == seats, board.id
            continue
        name, cards = table[board.id]
        assert Counter(board.deck) == cards, board.id
        assert board.name == name and board.seats == 12
        assert len(board.traditional) == len(board.names)
    assert find_board("thief-cupid-12").face_down is not None and len(find_board("盗贼丘比特").deck) == 14


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.id)
def test_every_board_is_found_by_its_id_and_every_name(board: Board) -> None:
    names = (board.id, *board.names, *board.traditional, board.english)
    for name in names:
        assert find_board(name) is board, name
    assert find_board(board.id.upper().replace("-", "_")) is board
    assert find_board(f"  {board.name}  ") is board


def test_names_are_found_full_width_spaced_and_in_any_case() -> None:
    assert find_board("９人 预女猎").id == "beginner-9"  # full-width digit, a space
    assert find_board("１０人预女猎白").id == "beginner-10-idiot"
    assert (
        find_board("九人预女猎").id == "beginner-9" and find_board("十人預女獵守").id == "beginner-10-guard"
    )
    assert find_board("預女獵白").id == "standard-12"
    assert find_board("狼美人骑士").id == "wolf-beauty-guard-12"
    assert find_board("WOLF KING GUARD 12").id == "wolf-king-guard-12"
    assert find_board("Standard-12").id == "standard-12"


def test_no_name_leads_to_two_boards() -> None:
    keys = [name_key(n) for b in BOARDS for n in {b.id, *b.names, *b.traditional, b.english}]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("name", ["狼王", "standard", "13人板", "", "wolf-king-guard-11"])
def test_an_unknown_board_is_refused_with_the_list(name: str) -> None:
    with pytest.raises(BoardError) as refused:
        find_board(name)
    message = str(refused.value)
    assert f"unknown board {name!r}" in message
    for board in BOARDS:
        assert board.id in message and board.name in message


@pytest.mark.parametrize("board", [b for b in BOARDS if b.preset], ids=lambda b: b.id)
def test_the_rules_of_a_board_are_the_club_preset_and_its_witch_rule(board: Board) -> None:
    club = make_rules(preset="chinese-club")
    rules = board.rules()
    witch = False if board.seats == 12 else "first_night"
    assert rules.witch_self_heal == witch
    assert rules == club.model_copy(update={"witch_self_heal": witch, **dict(board.settings)})
    on_top = board.rules({"vote_tie": "none", "witch_self_heal": True})
    assert on_top.vote_tie == "none" and on_top.witch_self_heal is True
    assert on_top.night_order == "club" and on_top.win == "side"
    with pytest.raises(RuleError, match="no_such_setting"):
        board.rules({"no_such_setting": 1})


def test_a_board_of_rules_characters_plays_rules_md_with_the_settings_given_on_top() -> None:
    board = find_board("characters-8")
    assert board.preset is None and board.rules() == make_rules({})
    assert board.rules({"vote_tie": "none"}).vote_tie == "none" and board.rules().night_order != "club"


def test_the_boards_of_the_roles_the_engine_had_first_are_playable() -> None:
    assert all(find_board(board).playable for board in PLAYABLE_TODAY)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.id)
def test_every_playable_board_deals_and_starts_a_game(board: Board) -> None:
    if not board.playable:
        pytest.skip(reason=f"the engine has no {', '.join(board.missing_roles())} yet")
    assert board.missing_roles() == ()
    setup = board.deal(seed=7)
    assert setup.seats == board.seats and Counter(setup.roles + setup.extra_cards) == Counter(board.deck)
    assert sorted(setup.actor_cards) == sorted(board.actor_cards)
    assert setup == board.deal(seed=7)
    game = Game(setup, board.rules())
    assert game.pending is not None and not game.over


def test_a_board_with_roles_the_engine_lacks_is_listed_but_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every board is playable today: an engine without the magician stands for a future board.
    monkeypatch.setattr(roles_module, "ROLE_NAMES", roles_module.ROLE_NAMES - {"magician"})
    waiting = [board for board in BOARDS if not board.playable]
    assert [board.id for board in waiting] == ["wolf-king-magician-12"]
    known = roles_module.ROLE_NAMES
    for board in waiting:
        missing = board.missing_roles()
        assert missing and not set(missing) & known
        with pytest.raises(BoardError, match=rf"{board.id}.*cannot be played yet.*{missing[0]}"):
            board.deal()


def test_a_board_becomes_playable_when_the_engine_knows_its_roles(monkeypatch: pytest.MonkeyPatch) -> None:
    board = find_board("狼王守卫")
    assert board.missing_roles() == (("wolf_king",) if "wolf_king" not in roles_module.ROLE_NAMES else ())
    monkeypatch.setattr(roles_module, "ROLE_NAMES", roles_module.ROLE_NAMES | {"wolf_king"})
    assert board.missing_roles() == () and board.playable


def boards_table() -> str:
    """docs/boards.md's table of the boards, as engine/boards.py holds them."""
    rows = [
        "| id | 板子 | 繁體 | English | seats | cards | witch_self_heal |",
        "|---|---|---|---|---|---|---|",
    ]
    for board in BOARDS:
        cards = ", ".join(f"{role}×{count}" if count > 1 else role for role, count in board.cards)
        if board.face_down is not None:
            cards += f" ({board.face_down.count} face down)"
        if board.actor_cards:
            cards += f" (the actor's cards: {', '.join(board.actor_cards)})"
        heal = (
            str(board.witch_self_heal).lower() if isinstance(board.witch_self_heal, bool) else '"first_night"'
        )
        rows.append(
            f"| `{board.id}` | {' · '.join(board.names)} | {' · '.join(board.traditional)} | {board.english} "
            f"| {board.seats} | {cards} | `{heal}` |"
        )
    return "\n".join(rows) + "\n"


def test_the_docs_list_every_board_as_the_engine_holds_it() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "boards.md").read_text(encoding="utf-8")
    assert boards_table() in docs, (
        "docs/boards.md: paste the table of tests/engine/test_boards.py:boards_table()"
    )
