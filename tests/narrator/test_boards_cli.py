"""The boards at the command line: `narrator boards`, `--board` for play, demo, rehearse and
phones, a seeded demo of every playable board replayed to its outcome, and its rehearsal."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

import engine.roles as roles_module
from engine import BOARDS, Board, find_board
from engine.record import parse_record, replay, summary
from narrator import cli
from narrator.moderator.config import ConfigError, PlayConfig, load_config
from narrator.store import Store

NARRATOR = [sys.executable, "-m", "narrator"]
ZH_CARDS = {"guard": "守卫", "hunter": "猎人", "idiot": "白痴"}
"""The actor's cards of `actor-10` as the judge says them."""
PLAYABLE_TODAY = ("standard-12", "beginner-9", "beginner-10", "beginner-10-idiot", "beginner-10-guard")


def narrator(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*NARRATOR, *args], capture_output=True, text=True, timeout=timeout, check=False)


def test_narrator_boards_lists_every_board_with_its_cards_in_the_tables_language() -> None:
    listed = narrator("boards")
    assert listed.returncode == 0, listed.stderr
    for board in BOARDS:
        assert board.id in listed.stdout and board.name in listed.stdout
    assert "标准板（预女猎白）" in listed.stdout
    assert "狼人×4、预言家、女巫、猎人、白痴、普通村民×4" in listed.stdout
    assert "狼人×3、预言家、女巫、猎人、守卫、普通村民×3" in listed.stdout  # 10人预女猎守
    tw = narrator("boards", "--locale", "zh-TW").stdout
    assert "標準板（預女獵白）" in tw and "狼人×4、預言家、女巫、獵人、白癡、普通村民×4" in tw
    en = narrator("boards", "--locale", "en").stdout
    assert "Standard: seer, witch, hunter, idiot" in en and "Werewolf×4, Seer, Witch, Hunter" in en


def test_narrator_boards_says_which_boards_wait_for_roles() -> None:
    listed = json.loads(narrator("boards", "--json").stdout)
    assert [entry["id"] for entry in listed] == [board.id for board in BOARDS]
    for entry in listed:
        board = find_board(entry["id"])
        assert entry["seats"] == board.seats and entry["playable"] == board.playable
        assert entry["missing"] == list(board.missing_roles())
        assert sum(entry["cards"].values()) == board.seats + entry["face_down"]
    assert {e["id"] for e in listed if e["playable"]} >= set(PLAYABLE_TODAY)
    text = narrator("boards").stdout
    for entry in listed:
        if entry["missing"]:
            assert f"the engine has no {', '.join(entry['missing'])}" in text


@pytest.mark.parametrize(
    "command",
    [
        ["play", "--silent", "--no-listen", "--port", "0"],
        ["demo", "--fast", "--silent"],
        ["rehearse", "--silent", "--pause", "0"],
        ["phones", "--port", "0"],
    ],
    ids=lambda c: c[0],
)
def test_a_bad_board_name_gets_the_list_of_boards(command: list[str], tmp_path: Path) -> None:
    store = ["--store", str(tmp_path / "s")] if command[0] in ("play", "demo") else []
    refused = narrator(*command, *store, "--board", "狼王")
    assert refused.returncode == 2
    assert f"narrator {command[0]}: unknown board '狼王'" in refused.stderr
    for board in BOARDS:
        assert board.id in refused.stderr and board.name in refused.stderr
    assert "`narrator boards`" in refused.stderr
    assert not (tmp_path / "s").exists()  # refused before any game was stored


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--board", "标准板", "--seats", "9"], "board 'standard-12' (标准板) is for 12 seats, not 9"),
        (["--board", "九人预女猎", "--seats", "10"], "board 'beginner-9' (9人预女猎) is for 9 seats, not 10"),
    ],
)
def test_a_board_with_another_seat_count_is_a_clear_error(args: list[str], said: str, tmp_path: Path) -> None:
    for command in (
        ["play", "--silent", "--no-listen", "--port", "0", "--store", str(tmp_path / "s")],
        ["demo", "--fast", "--silent", "--store", str(tmp_path / "s")],
        ["rehearse", "--silent"],
        ["phones", "--port", "0"],
    ):
        refused = narrator(*command, *args)
        assert refused.returncode == 2 and said in refused.stderr, refused.stderr
        assert "leave the seats out" in refused.stderr


def test_a_board_the_engine_cannot_play_yet_names_the_roles_it_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every board is playable today: an engine without the magician stands for a future board
    # (in-process, so that the engine can be told so).
    monkeypatch.setattr(roles_module, "ROLE_NAMES", roles_module.ROLE_NAMES - {"magician"})
    board = find_board("wolf-king-magician-12")
    assert not board.playable
    for command in (["demo", "--fast", "--silent", "--store", str(tmp_path / "s")], ["rehearse", "--silent"]):
        try:
            code = cli.main([*command, "--board", board.name])
        except SystemExit as exit:
            code = exit.code  # type: ignore[assignment]
        said = capsys.readouterr().err
        assert code == 2, said
        assert f"board {board.id!r} ({board.name}) cannot be played yet: the engine has no" in said
        assert "magician" in said


def test_a_board_and_a_setup_are_not_both_given() -> None:
    refused = narrator("demo", "--board", "标准板", "--setup", "werewolf,seer,villager,villager,villager")
    assert refused.returncode == 2 and "not allowed with argument" in refused.stderr


def test_the_play_settings_take_a_board_by_any_name_and_keep_its_id(tmp_path: Path) -> None:
    config = load_config(None, board="預女獵白")
    assert config.board == "standard-12" and config.seats == 12
    setup, rules = config.table()
    assert sorted(setup.roles) == sorted(find_board("standard-12").roles())
    assert rules == find_board("standard-12").rules()
    settings = tmp_path / "table.toml"
    settings.write_text('board = "10人预女猎守"\n[rules]\nvote_tie = "none"\n', encoding="utf-8")
    config = load_config(settings, seed=5)
    assert (config.board, config.seats) == ("beginner-10-guard", 10)
    setup, rules = config.table()
    assert setup == find_board("beginner-10-guard").deal(5) and rules.vote_tie == "none"
    assert rules.witch_self_heal == "first_night"
    assert load_config(settings, board="标准板", seats=12).seats == 12  # the option wins over the file
    again = PlayConfig.model_validate(config.model_dump(mode="json"))  # as a resume reads it back
    assert again == config


@pytest.mark.parametrize(
    ("file", "said"),
    [
        ('board = "标准板"\nseats = 9\n', "is for 12 seats, not 9"),
        ('board = "标准板"\npreset = "seeds"\n', "a board plays the chinese-club preset, not 'seeds'"),
        ('board = "标准板"\nsetup = ["werewolf"]\n', "give a board or a setup, not both"),
        ('board = "no such board"\n', "unknown board 'no such board'; the boards:"),
    ],
)
def test_a_settings_file_with_a_board_that_does_not_fit_is_refused(
    file: str, said: str, tmp_path: Path
) -> None:
    settings = tmp_path / "table.toml"
    settings.write_text(file, encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        load_config(settings)
    assert said in str(refused.value)


def spelled(name: str) -> str:
    """A board's name as the judge says it: its seat count in Chinese numerals."""
    for count, said in (
        ("18人", "十八人"),
        ("15人", "十五人"),
        ("12人", "十二人"),
        ("10人", "十人"),
        ("9人", "九人"),
        ("8人", "八人"),
    ):
        name = name.replace(count, said)
    return name


def playable(board: Board) -> Board:
    if not board.playable:
        pytest.skip(reason=f"the engine has no {', '.join(board.missing_roles())} yet")
    return board


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.id)
def test_a_playable_board_plays_a_seeded_demo_to_a_winner_that_its_record_replays(
    board: Board, tmp_path: Path
) -> None:
    playable(board)
    record = tmp_path / "game.toml"
    played = narrator(
        "demo", "--board", board.name, "--seed", "5", "--fast", "--json", "--silent",
        "--store", str(tmp_path / "store"), "--record", str(record),
    )  # fmt: skip
    assert played.returncode == 0, played.stderr[-3000:]
    result = json.loads(played.stdout.strip().splitlines()[-1])
    said = [line.split("] ", 1)[1] for line in played.stdout.splitlines() if line.startswith("[")]
    assert said[0].startswith("欢迎来到狼人杀")
    assert said[1].startswith(f"本局板子：{spelled(board.name)}。")
    assert said[2].startswith("请大家查看自己的身份")  # the board is said after the welcome, before the cards
    third = {
        "piper": ("piper",),
        "cupid": ("lovers",),
        "angel": ("angel",),
        "white_werewolf": ("white_werewolf",),
    }  # a third side only with its card
    assert result["winner"] in ("villagers", "werewolves", *(w for r in board.deck for w in third.get(r, ())))
    game = parse_record(record.read_text(encoding="utf-8"))
    dealt = game.setup.roles + game.setup.extra_cards
    assert game.rules == board.rules() and sorted(dealt) == sorted(board.roles())
    assert sorted(game.setup.actor_cards) == sorted(board.actor_cards)
    assert len(result["cards"]) == board.seats
    board.check(game.setup)  # the face-down cards split as the board says
    replayed = summary(replay(game))
    assert (replayed["winner"], replayed["ended"], replayed["error"]) == (
        result["winner"],
        result["ended"],
        None,
    )


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.id)
def test_a_rehearsal_of_a_board_reads_its_script(board: Board) -> None:
    playable(board)
    read = narrator(
        "rehearse", "--board", board.id, "--silent", "--pause", "0", "--nights", "1", "--seed", "2"
    )
    assert read.returncode == 0, read.stderr
    lines = [line.split("] ", 1)[1] for line in read.stdout.splitlines() if line.startswith("[")]
    count = {8: "八", 9: "九", 10: "十", 12: "十二", 15: "十五", 18: "十八"}[board.seats]
    shown = [line for line in lines if "的身份公开：" in line]  # a card shown to all (the villager-villager)
    first = (
        "天黑请闭眼。" if "angel" not in board.deck else "所有人请睁眼：现在是第0天，在第一夜之前。"
    )  # the angel's day 0
    assert lines[: 2 + len(shown)] == [
        f"欢迎来到狼人杀，本局{count}人。",
        "请大家查看自己的身份，看完后把身份牌扣好。",
        *shown,
    ]
    cards = ["演员的牌翻开放在桌上：", *(f"{ZH_CARDS[card]}。" for card in board.actor_cards)]
    opened = 2 + len(shown) + (len(cards) if board.actor_cards else 0)  # the actor's face-up cards
    assert lines[2 + len(shown) : opened] == (cards if board.actor_cards else [])
    assert lines[opened].startswith(first)
    assert len(shown) == board.deck.count("villager_villager")
    assert lines[-1].startswith("天亮了")
    seer = "预言家一请睁眼。" if "mirror_seer" in board.deck else "预言家请睁眼。"  # 灯影预言家: two labelled
    for role, woken in (("seer", seer), ("witch", "女巫请睁眼。"), ("guard", "守卫请睁眼。")):
        dealt = board.deck + board.actor_cards  # the actor's cards' steps too
        assert (woken in lines) == (role in dealt), (role, lines)


def test_narrator_play_with_a_board_stores_its_cards_seats_and_rules(tmp_path: Path) -> None:
    """The real `narrator play --board`, ended with `q` while the phones join."""
    main, terminal = pty.openpty()
    judge = subprocess.Popen(
        [
            *NARRATOR,
            "play",
            "--board",
            "預女獵白",
            "--store",
            str(tmp_path),
            "--silent",
            "--no-listen",
            "--port",
            "0",
        ],
        stdin=terminal,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(terminal)
    assert judge.stdout is not None
    for line in judge.stdout:
        if "http://" in line:
            os.write(main, b"q\n")
            break
    out, err = judge.communicate(timeout=120)
    os.close(main)
    assert judge.returncode == 0, err
    store = Store(tmp_path)
    (row,) = store.games()
    stored = store.load(row["id"])
    board = find_board("standard-12")
    assert stored.setup.seats == 12 and sorted(stored.setup.roles) == sorted(board.roles())
    assert stored.rules == board.rules() and stored.config["board"] == "standard-12"
    store.close()
