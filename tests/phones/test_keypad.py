"""The keypad: key events and terminal lines through the same parser, playing real steps."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import pytest

from engine import (
    GhostAnswer,
    GhostQuestion,
    GuardChoice,
    SeerChoice,
    SheriffCandidacy,
    Touch,
    WerewolvesChoice,
    WitchChoice,
    Witnesses,
)
from engine.boards import find_board
from engine.cards.deck import QUESTIONS
from engine.decisions import DayVote, SelfDestruct
from engine.game import Game, state_of
from engine.record import parse_record, replay
from engine.roles import Role
from engine.roles.actor import ActorTake
from engine.roles.dancer import DancerChoice
from engine.roles.devoted_servant import ServantSwap
from engine.roles.masquerade import MasqueradeCheck, MasqueradeMask
from engine.roles.piper import PiperChoice
from engine.roles.sequence_prince import PrinceFlip
from engine.roles.stuttering_judge import JudgeRequest
from engine.roles.warden import WardenPair, WardenTrade
from engine.setup import Setup
from narrator.phones.keypad import Keypad
from narrator.phones.keys import EV_KEY, Entry, KeyEntry, symbols_of_events, terminal_keys
from tests.engine.harness import club, game_of
from tests.engine.test_dancer import BALL_12, DAY, FIRST, RULES
from tests.phones.harness import classic_game, game_at

KP = {str(d): c for d, c in zip("1234567890", (79, 80, 81, 75, 76, 77, 71, 72, 73, 82), strict=True)}
KP_ENTER, BACKSPACE, KP_STAR = 96, 14, 55


class RecordingScreen:
    """The box's screen as a list of what it showed ("<clear>" when it was cleared)."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def show(self, line: str) -> None:
        self.lines.append(line)

    def clear(self) -> None:
        self.lines.append("<clear>")


def presses(*entries: str) -> list[tuple[int, int, int]]:
    """Key-down and key-up events for each entry ("15", "*2", "" = Enter alone) and Enter."""
    events = []
    for entry in entries:
        for char in entry:
            code = KP_STAR if char == "*" else KP[char]
            events += [(EV_KEY, code, 1), (EV_KEY, code, 0)]
        events += [(EV_KEY, KP_ENTER, 1), (EV_KEY, KP_ENTER, 0)]
    return events


def keypad_of(*entries: str, screen: RecordingScreen, slept: list[float]) -> Keypad:
    return Keypad(symbols_of_events(presses(*entries)), screen, sleep=slept.append, private_seconds=3)


def test_key_events_make_entries_with_backspace_star_and_empty_enter() -> None:
    entry = KeyEntry()
    events = [
        (EV_KEY, KP["1"], 1),
        (EV_KEY, KP["1"], 0),
        (EV_KEY, KP["2"], 1),
        (EV_KEY, BACKSPACE, 1),
        (EV_KEY, KP["5"], 1),
        (EV_KEY, KP["5"], 2),
        (EV_KEY, KP_ENTER, 1),
        (EV_KEY, KP_ENTER, 1),
        (4, 4, 458840),
        (EV_KEY, KP_STAR, 1),
        (EV_KEY, KP["2"], 1),
        (EV_KEY, 28, 1),
    ]
    got = [e for e in (entry.feed(s) for s in symbols_of_events(events)) if e is not None]
    assert got == [Entry(15), Entry(None), Entry(2, star=True)]


def test_a_night_keyed_on_the_keypad_with_the_seers_answer_shown_then_cleared() -> None:
    game = classic_game()
    screen, slept = RecordingScreen(), []
    keypad = keypad_of("42", "5", "1", "8", "1", "0", screen=screen, slept=slept)
    assert keypad.play_step(game) == GuardChoice(target=5)
    assert "没有这个座位。" in screen.lines
    assert keypad.play_step(game) == SeerChoice(target=1)
    at = screen.lines.index("1号是狼人")
    assert screen.lines[at - 1] == "请当事人看屏幕（3秒后清除）"
    assert screen.lines[at + 1] == "<clear>"
    assert keypad.play_step(game) == WerewolvesChoice(victim=8)
    screen.lines.clear()
    assert keypad.play_step(game) == WitchChoice(heal=True, poison=0)
    assert screen.lines[:3] == ["请当事人看屏幕（3秒后清除）", "今晚被杀的是8号", "<clear>"]
    assert slept == [3, 3]
    assert game.pending is not None and game.pending.step == "sheriff_candidacy"


def test_a_day_keyed_on_the_keypad_candidates_votes_and_a_self_destruct() -> None:
    game = classic_game()
    for decision in (GuardChoice(target=0), SeerChoice(target=0), WerewolvesChoice(victim=7), WitchChoice()):
        game.apply(decision)
    screen, slept = RecordingScreen(), []
    keypad = keypad_of("3", "4", "", *["4"] * 7, screen=screen, slept=slept)
    assert keypad.play_step(game) == SheriffCandidacy(candidates=(3, 4))
    assert keypad.play_step(game).step == "sheriff_vote"
    assert state_of(game).sheriff == 4
    assert game.pending is not None and game.pending.step == "vote"
    english = Keypad(symbols_of_events(presses("1", "*2")), screen, locale="en")
    assert english.play_step(game) == SelfDestruct(seat=2)
    assert "Seat 1 votes: key a seat and Enter (0 = abstain)" in screen.lines
    assert not state_of(game).is_alive(2)


def test_a_refused_vote_is_asked_again_and_the_vote_applies_once() -> None:
    game = classic_game(sheriff=False)
    for decision in (GuardChoice(target=0), SeerChoice(target=0), WerewolvesChoice(victim=7), WitchChoice()):
        game.apply(decision)
    screen = RecordingScreen()
    keypad = Keypad(symbols_of_events(presses("1", "7", "1", "1", "1", "1", "1", "1", "1")), screen)
    decision = keypad.play_step(game)
    assert isinstance(decision, DayVote) and decision.votes[2] == 1
    assert "不能投给出局的玩家。" in screen.lines
    assert not state_of(game).is_alive(1)


def test_terminal_lines_through_a_real_pty_feed_the_same_parser() -> None:
    game = classic_game()
    master, slave = os.openpty()
    writer = threading.Thread(target=lambda: os.write(master, b"3\n\n"))
    screen = RecordingScreen()
    with os.fdopen(slave, "r", encoding="utf-8") as stream:
        keys: Iterator[str] = terminal_keys(stream)
        keypad = Keypad(keys, screen, locale="zh-TW")
        writer.start()
        assert keypad.play_step(game) == GuardChoice(target=3)
        assert keypad.play_step(game) == SeerChoice(target=0)
    writer.join()
    os.close(master)
    assert screen.lines[0] == "【守衛請行動】請輸入座位號，按Enter（0＝不選）"


def test_a_real_uinput_keypad_when_the_kernel_has_one() -> None:
    evdev = pytest.importorskip("evdev", reason="evdev is not installed (optional: [keypad])")
    if not os.path.exists("/dev/uinput"):
        why = "no /dev/uinput on this machine: the kernel has no uinput device (mknod c 10 223 gives ENODEV)"
        pytest.skip(reason=why)
    from narrator.phones.keys import evdev_keys

    with evdev.UInput({evdev.ecodes.EV_KEY: [79, 80, 96]}, name="test-keypad") as device:
        keys = evdev_keys(device.device.path, grab=False)
        for code in (80, 96):
            device.write(evdev.ecodes.EV_KEY, code, 1)
            device.write(evdev.ecodes.EV_KEY, code, 0)
            device.syn()
        entry = KeyEntry()
        got = next(e for e in (entry.feed(s) for s in keys) if e is not None)
    assert got == Entry(2)


def test_the_new_moon_cards_steps_keyed_on_the_keypad() -> None:
    screen, slept = RecordingScreen(), []
    ghost = game_at("ghost")
    truth = ghost.pending.info["truth"]  # type: ignore[union-attr]
    wrong, right = ("0", "1") if truth in (True, None) else ("1", "0")
    keyed = keypad_of(*((wrong, right) if truth is not None else (right,)), screen=screen, slept=slept)
    assert keyed.play_step(ghost) == GhostAnswer(yes=truth in (True, None))
    if truth is not None:
        assert "亡魂只能如实回答。" in screen.lines

    question = game_at("question")
    pending = question.pending
    assert pending is not None
    first = pending.info["questions"][0]
    seats = [s for s in pending.targets if s != pending.seats[0]][: QUESTIONS[first].seats]
    answer = keypad_of("9", "1", *map(str, seats), screen=screen, slept=slept).play_step(question)
    assert answer == GhostQuestion(ask=first, seats=tuple(seats))
    assert "这个问题不在这张牌上。" in screen.lines  # question 9 is on no card

    witnesses = game_at("witnesses")
    pending = witnesses.pending
    assert pending is not None
    owed = [s for s in pending.seats if s != pending.info["accused"]]
    keys = ["1" if i < 2 else "0" for i in range(len(owed))]
    assert keypad_of(*keys, screen=screen, slept=slept).play_step(witnesses) == Witnesses(
        seats=tuple(owed[:2])
    )

    touch = game_at("touch")
    assert keypad_of("0", screen=screen, slept=slept).play_step(touch) == Touch(touched=False)


def test_a_nightmare_vote_on_the_keypad_asks_each_voter_to_accuse() -> None:
    game = game_at("vote", where=lambda p: bool(p.info.get("must_vote")))
    pending = game.pending
    assert pending is not None
    screen, slept = RecordingScreen(), []
    target = pending.targets[0]
    keys = ["0", *(str(target if voter != target else pending.targets[1]) for voter in pending.seats)]
    vote = keypad_of(*keys, screen=screen, slept=slept).play_step(game)
    assert isinstance(vote, DayVote) and set(vote.votes) == set(pending.seats)
    assert "梦魇：每个人都必须指认一个人。" in screen.lines


def test_the_club_piper_keys_one_seat_and_a_zero_for_the_second() -> None:
    """Under `piper_charms = "up_to_two"` a 0 keys nobody for that place: one charmed, or none."""
    board = find_board("piper-12")
    cards = ["werewolf"] * 4 + ["seer", "witch", "hunter", "guard"] + ["villager"] * 3 + ["piper"]
    for keyed, charmed in ((("9", "0"), (9,)), (("0", "0"), ())):
        game = Game(Setup(seats=12, roles=cards), board.rules({"sheriff": False}))
        while game.pending is not None and game.pending.step != "piper":
            game.apply(game.default())
        screen = RecordingScreen()
        assert keypad_of(*keyed, screen=screen, slept=[]).play_step(game) == PiperChoice(charmed=charmed)


def test_the_stuttering_judges_request_keyed_on_the_keypad_holds_his_vote() -> None:
    roles = ("villager", "werewolf", "stuttering_judge", "villager", "werewolf", "seer", "witch", "villager")
    game = classic_game(roles, sheriff=False)
    while game.pending is not None and game.pending.step != "judge":
        game.apply(game.default())
    screen, slept = RecordingScreen(), []
    keypad = keypad_of("1", *["4"] * 8, screen=screen, slept=slept)
    assert keypad.play_step(game) == JudgeRequest(second_vote=True)
    assert game.pending is not None and game.pending.key == "judge_vote"
    assert "【口吃法官：要不要再投一次票？】3号：1＝是，0＝否" in screen.lines
    keypad.play_step(game)
    assert [(d.seat, d.cause) for d in state_of(game).deaths] == [(4, "vote")]


def test_the_sequence_princes_flip_keyed_on_the_keypad_voids_the_vote_and_opens_everybodys_revote() -> None:
    board = find_board("eternal-order-12")
    game = Game(board.deal(3), board.rules())
    while game.pending is not None and game.pending.step != "prince":
        game.apply(game.default())
    prince = state_of(game).seat_of(Role.SEQUENCE_PRINCE)
    assert game.pending is not None and game.pending.seats == (prince,)
    screen = RecordingScreen()
    keypad = keypad_of("1", screen=screen, slept=[])
    assert keypad.play_step(game) == PrinceFlip(flip=True)
    assert game.pending is not None and game.pending.key == "prince_vote"
    assert f"【定序王子：要不要翻牌？】{prince}号：1＝是，0＝否" in screen.lines


def test_the_devoted_servants_swap_keyed_on_the_keypad_takes_the_dead_card() -> None:
    record = (
        '[setup]\nseats = 8\nroles = ["villager", "werewolf", "devoted_servant", "villager", "werewolf", "seer",'
        ' "witch", "hunter"]\n[rules]\nsheriff = false\n[[night]]\nseer = 2\nwerewolves = 8\nwitch = {}\n'
    )
    game = replay(parse_record(record)).game
    assert game.pending is not None and game.pending.step == "servant"
    screen = RecordingScreen()
    assert keypad_of("8", screen=screen, slept=[]).play_step(game) == ServantSwap(target=8)
    assert state_of(game).player(3).card == Role.HUNTER
    assert state_of(game).player(8).card == Role.DEVOTED_SERVANT
    assert any("忠仆" in line for line in screen.lines), screen.lines


def test_the_dance_and_the_masquerades_check_and_mask_keyed_on_the_keypad() -> None:
    # 假面舞会, night 2: the dancer keys three seats; the masquerade keys his check, is shown the
    # answer alone (cleared), then keys his mask.
    game = game_of(club(BALL_12, RULES) + FIRST + DAY)
    assert game.pending is not None and game.pending.step == "dancer"
    screen, slept = RecordingScreen(), []
    keypad = keypad_of("1", "9", "10", "0", "9", "1", screen=screen, slept=slept)
    assert keypad.play_step(game) == DancerChoice(dancers=(1, 9, 10))
    assert "【舞者请行动】请输入3个座位号，每个后按回车" in screen.lines
    keypad.play_step(game)  # the wolves: nobody
    assert keypad.play_step(game) == MasqueradeCheck(target=9)
    at = screen.lines.index("9号是今晚跳舞的人")
    assert screen.lines[at - 1] == "请当事人看屏幕（3秒后清除）" and screen.lines[at + 1] == "<clear>"
    assert keypad.play_step(game) == MasqueradeMask(target=1)
    while game.pending is not None and game.pending.step != "vote":
        game.apply(game.default())
    assert [(d.seat, d.cause) for d in state_of(game).deaths] == []  # the masked wolf counted good


def test_the_wardens_pair_and_the_pairs_signals_keyed_on_the_keypad() -> None:
    record = (
        '[setup]\nseats = 12\nroles = ["werewolf", "werewolf", "werewolf", "warden", "seer", "witch", "hunter",'
        ' "dreamcatcher", "villager", "villager", "villager", "villager"]\n[rules]\nnight_order = "club"\n'
        "sheriff = false\n[[night]]\ndreamcatcher = 12\nwerewolves = 11\nwitch = {}\nseer = 1\n[[day]]\nvote = {}\n"
    )
    game = replay(parse_record(record)).game
    assert game.pending is not None and game.pending.step == "warden"
    screen = RecordingScreen()
    assert keypad_of("9", "10", screen=screen, slept=[]).play_step(game) == WardenPair(pair=(9, 10))
    assert game.pending is not None and game.pending.step == "warden_trade"
    assert keypad_of("1", "0", screen=screen, slept=[]).play_step(game) == WardenTrade(traders=(9,))
    assert "【被选中的两人：交易还是背叛？】9号：1＝是，0＝否" in screen.lines, screen.lines


def test_the_actors_card_keyed_on_the_keypad_is_shown_his_cards_left_first() -> None:
    record = (
        '[setup]\nseats = 8\nroles = ["villager", "werewolf", "actor", "villager", "werewolf", "seer",'
        ' "witch", "villager"]\nactor_cards = ["guard", "hunter", "idiot"]\n[rules]\nsheriff = false\n'
    )
    game = replay(parse_record(record)).game
    assert game.pending is not None and game.pending.step == "actor"
    screen = RecordingScreen()
    assert keypad_of("3", screen=screen, slept=[]).play_step(game) == ActorTake(card="idiot")
    assert state_of(game).player(3).card == Role.IDIOT
    assert "牌：1 = 守卫, 2 = 猎人, 3 = 白痴" in screen.lines, screen.lines
    assert any("0＝不拿" in line for line in screen.lines), screen.lines
