"""The two boards of RULES-CLUB-MORE.md whose roles RULES.md already had: 吹笛者 (`piper-12`) and
盗贼丘比特 (`thief-cupid-12`): their fine points, each read as the doc says it — the piper's
`piper_charms`, the thief's `thief_must_take = "wolf_card"`, the face-down split and its dealer,
the face-down cards' steps narrated every night, the groups, and the wins."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from engine import Game, find_board, make_rules
from engine.deaths import winner
from engine.game import state_of
from engine.outcome import Winner, WinReason
from engine.roles import Role
from engine.roles.cupid import CupidChoice
from engine.roles.piper import PiperChoice
from engine.roles.thief import ThiefChoice
from engine.setup import Setup, SetupError
from tests.engine.harness import refused

PIPER = find_board("piper-12")
THIEF_CUPID = find_board("thief-cupid-12")
QUIET = {"sheriff": False}

# 吹笛者: 1-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 guard, 9-11 villagers, 12 piper.
PIPER_SEATS = ["werewolf"] * 4 + ["seer", "witch", "hunter", "guard"] + ["villager"] * 3 + ["piper"]
# 盗贼丘比特: 1 thief, 2 cupid, 3-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 idiot, 9-12 villagers.
THIEF_SEATS = ["thief", "cupid", "werewolf", "werewolf", "seer", "witch", "hunter", "idiot"] + [
    "villager"
] * 4


def piper_game(**settings: Any) -> Game:
    return Game(Setup(seats=12, roles=PIPER_SEATS), PIPER.rules({**QUIET, **settings}))


def thief_game(extra: list[str], seats: list[str] = THIEF_SEATS, **settings: Any) -> Game:
    setup = Setup(seats=12, roles=seats, extra_cards=extra)
    return Game(setup, THIEF_CUPID.rules({**QUIET, **settings}))


def until(game: Game, step: str) -> Game:
    """`game` played on with each step's default (the quietest legal choice) until `step` waits."""
    for _ in range(200):
        assert game.pending is not None and not game.over
        if game.pending.step == step:
            return game
        game.apply(game.default())
    raise AssertionError(f"no {step} step")


# The settings


def test_the_club_preset_charms_up_to_two_and_makes_the_thief_take_the_wolf_card() -> None:
    assert make_rules().piper_charms == "two" and make_rules().thief_must_take is False
    club = make_rules(preset="chinese-club")
    assert club.piper_charms == "up_to_two" and club.thief_must_take == "wolf_card"
    for board in (PIPER, THIEF_CUPID):
        rules = board.rules()
        assert rules.piper_charms == "up_to_two" and rules.thief_must_take == "wolf_card"
        assert rules.lovers_see == "seat" and rules.witch_self_heal is False


# 吹笛者


def test_the_club_piper_charms_nobody_one_or_two_players() -> None:
    game = until(piper_game(), "piper")
    assert game.pending is not None and game.pending.allow_none and game.pending.count == 2
    for charmed in [(), (9,), (9, 10)]:
        assert game.is_legal(PiperChoice(charmed=charmed), by=12), charmed
    before = copy.deepcopy(state_of(game))
    assert refused(game, PiperChoice(charmed=(9, 10, 11)), by=12) == "piper_count"
    assert refused(game, PiperChoice(charmed=(9, 9)), by=12) == "piper_count"
    assert refused(game, PiperChoice(charmed=(12,)), by=12) == "piper_self"
    assert state_of(game) == before
    game.apply(PiperChoice(charmed=(9,)), by=12)
    assert [p.seat for p in state_of(game).players if p.charmed] == [9]
    assert game.pending is not None and game.default() is not None


def test_rules_md_piper_charms_exactly_two() -> None:
    game = until(piper_game(piper_charms="two"), "piper")
    assert game.pending is not None and not game.pending.allow_none
    assert refused(game, PiperChoice(charmed=(9,)), by=12) == "piper_count"
    assert refused(game, PiperChoice(charmed=()), by=12) == "piper_count"
    assert game.is_legal(PiperChoice(charmed=(9, 10)), by=12)


def test_the_club_piper_running_out_of_time_charms_nobody() -> None:
    game = until(piper_game(), "piper")
    assert game.default() == PiperChoice(charmed=())
    assert until(piper_game(piper_charms="two"), "piper").default() == PiperChoice(charmed=(1, 2))


def test_the_piper_is_neither_god_nor_villager_and_blocks_no_side() -> None:
    """Every 神 dead (the piper alive, not all charmed): the wolves win by the 神, as 屠边 says."""
    game = piper_game()
    state = state_of(game)
    for seat in (5, 6, 7, 8):
        state.player(seat).alive = False
    assert winner(state) == (Winner.WEREWOLVES, WinReason.SPECIAL_ROLES_DEAD)
    for seat in (9, 10, 11):  # the plain villagers alone, the piper left out of both groups
        state.player(seat).alive = False
    for seat in (5, 6, 7, 8):
        state.player(seat).alive = True
    assert winner(state) == (Winner.WEREWOLVES, WinReason.PLAIN_VILLAGERS_DEAD)


def test_in_one_moment_the_piper_wins_first() -> None:
    """Every other living player charmed and every 神 dead in the same moment: the piper."""
    game = piper_game()
    state = state_of(game)
    for seat in (5, 6, 7, 8):
        state.player(seat).alive = False
    for seat in (1, 2, 3, 4, 9, 10, 11):
        state.player(seat).charmed = True
    assert winner(state) == (Winner.PIPER, WinReason.ALL_CHARMED)


# 盗贼丘比特: the thief


def test_the_thief_must_take_the_wolf_card_when_one_lies_face_down() -> None:
    game = thief_game(["villager", "werewolf"])
    pending = game.pending
    assert pending is not None and pending.step == "thief" and not pending.allow_none
    assert pending.targets == (2,) and pending.info["take"] == 2
    before = copy.deepcopy(state_of(game))
    assert refused(game, ThiefChoice(take=1), by=1) == "thief_wolf_card"
    assert refused(game, ThiefChoice(take=0), by=1) == "thief_must_take"
    assert state_of(game) == before
    assert game.default() == ThiefChoice(take=2)
    game.apply(ThiefChoice(take=2), by=1)
    assert state_of(game).player(1).card == Role.WEREWOLF
    assert until(game, "werewolves").pending is not None
    assert 1 in until(game, "werewolves").pending.seats  # type: ignore[union-attr]


def test_with_no_wolf_card_face_down_the_club_thief_still_takes_one() -> None:
    game = thief_game(["villager", "seer"], seats=["werewolf" if r == "seer" else r for r in THIEF_SEATS])
    assert refused(game, ThiefChoice(take=0), by=1) == "thief_must_take"
    assert game.is_legal(ThiefChoice(take=1), by=1) and game.is_legal(ThiefChoice(take=2), by=1)
    game.apply(ThiefChoice(take=2), by=1)
    assert until(game, "seer").pending is not None
    assert game.pending is not None and game.pending.seats == (1,)  # the seer's step from tonight on


@pytest.mark.parametrize("must", [False, True, "wolf_card"])
def test_two_wolf_team_cards_force_a_take_under_every_value(must: bool | str) -> None:
    seats = ["thief", "werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager"]
    setup = Setup(seats=8, roles=seats, extra_cards=["werewolf", "wolf_king"])
    game = Game(setup, make_rules({"thief_must_take": must}))
    assert refused(game, ThiefChoice(take=0), by=1) == "thief_must_take"
    assert game.is_legal(ThiefChoice(take=1), by=1) and game.is_legal(ThiefChoice(take=2), by=1)


def test_rules_md_thief_may_keep_his_card_beside_one_wolf_card() -> None:
    game = thief_game(["villager", "werewolf"], thief_must_take=False)
    assert game.is_legal(ThiefChoice(take=0), by=1) and game.is_legal(ThiefChoice(take=1), by=1)


@pytest.mark.parametrize(
    ("must", "line"), [(False, "thief.act"), (True, "thief.act_take"), ("wolf_card", "thief.act_take")]
)
def test_the_judge_asks_the_thief_to_take_a_card_where_the_rules_make_him_and_alike_when_pretended(
    must: bool | str, line: str
) -> None:
    said = [
        e.data["key"]
        for e in thief_game(["villager", "villager"], thief_must_take=must).events
        if e.kind == "cue"
    ]
    assert said[said.index("thief.wake") + 1] == line
    # the same words with no thief dealt (his step pretended): the rule is public, the card is not
    seats = ["villager" if r == "thief" else r for r in THIEF_SEATS]
    setup = Setup(seats=12, roles=seats, extra_cards=["villager", "thief"])
    # a thief face down: his step narrated, nobody acts
    pretended = Game(setup, THIEF_CUPID.rules({**QUIET, "thief_must_take": must}))
    said = [e.data["key"] for e in pretended.events if e.kind == "cue"]
    assert said[said.index("thief.wake") + 1] == line


# 盗贼丘比特: the face-down cards


def test_the_deal_leaves_two_legal_cards_face_down_drawn_uniformly() -> None:
    assert THIEF_CUPID.seats == 12 and len(THIEF_CUPID.deck) == 14
    splits = THIEF_CUPID.legal_splits()
    assert len(splits) == 66 - 3  # any two of the 12 cards but 盗贼 and 丘比特, not two wolves
    drawn: Counter[tuple[str, ...]] = Counter()
    for seed in range(1260):
        setup = THIEF_CUPID.deal(seed)
        assert setup.seats == 12 and len(setup.extra_cards) == 2
        assert Counter(c.value for c in setup.deck) == Counter(THIEF_CUPID.deck)
        assert Role.THIEF not in setup.extra_cards and Role.CUPID not in setup.extra_cards
        assert sum(c == Role.WEREWOLF for c in setup.extra_cards) <= 1
        drawn[tuple(sorted(c.value for c in setup.extra_cards))] += 1
    # equal cards are distinct: a villager and a werewolf is 5 × 3 of the 63 splits, two
    # villagers 10, the seer and the witch 1 (1260 deals: expected 300, 200, 20)
    assert 240 < drawn[("villager", "werewolf")] < 360
    assert 150 < drawn[("villager", "villager")] < 250
    assert 5 < drawn[("seer", "witch")] < 40
    assert THIEF_CUPID.deal(5) == THIEF_CUPID.deal(5)


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        (["werewolf", "werewolf"], "at most 1 wolf-team card"),
        (["cupid", "villager"], "cupid never lies face down"),
        (["thief", "villager"], "thief never lies face down"),
    ],
)
def test_the_board_refuses_a_split_it_does_not_allow(extra: list[str], why: str) -> None:
    deck = list(THIEF_CUPID.deck)
    for card in extra:
        deck.remove(card)
    setup = Setup(seats=12, roles=deck, extra_cards=extra)
    with pytest.raises(SetupError, match=why):
        THIEF_CUPID.check(setup)
    good = Setup(seats=12, roles=THIEF_SEATS, extra_cards=["werewolf", "villager"])
    THIEF_CUPID.check(good)


def test_a_face_down_cards_step_is_narrated_every_night_and_nobody_acts() -> None:
    seats = ["werewolf" if r == "seer" else r for r in THIEF_SEATS]
    seats = ["villager" if r == "witch" else r for r in seats]
    game = thief_game(["seer", "witch"], seats=seats, thief_must_take=False)
    game.apply(ThiefChoice(take=0), by=1)
    for _ in range(120):
        if game.over or state_of(game).night > 2:
            break
        assert game.pending is not None
        assert game.pending.step not in ("seer", "witch"), "a face-down card acts"
        game.apply(game.default())
    pretended = Counter(
        (e.data["step"], ph)
        for e, ph in _with_night(game)
        if e.kind == "pretend" and e.data.get("step") in ("seer", "witch")
    )
    assert pretended == Counter({("seer", 1): 1, ("witch", 1): 1, ("seer", 2): 1, ("witch", 2): 1})


def _with_night(game: Game) -> list[tuple[Any, int]]:
    night, out = 0, []
    for event in game.events:
        if event.kind == "cue" and event.data.get("key") == "night.falls":
            night = int(event.data["night"])
        out.append((event, night))
    return out


# 盗贼丘比特: groups and wins


def test_cupid_counts_as_a_plain_villager() -> None:
    game = thief_game(["villager", "werewolf"])
    game.apply(ThiefChoice(take=2), by=1)
    state = state_of(game)
    for seat in (9, 10, 11, 12):
        state.player(seat).alive = False
    assert winner(state) is None  # Cupid (seat 2) alive: the plain villagers are not all dead
    state.player(2).alive = False
    assert winner(state) == (Winner.WEREWOLVES, WinReason.PLAIN_VILLAGERS_DEAD)


def test_no_side_wins_while_a_mixed_lover_lives() -> None:
    """A werewolf and a villager in love: every 神 dead — the wolves do not win by the 神 while
    the pair lives; once only the pair and Cupid live, the lovers win."""
    game = thief_game(["werewolf", "villager"])
    game.apply(ThiefChoice(take=1), by=1)
    game.apply(CupidChoice(lovers=(3, 9)), by=2)
    state = state_of(game)
    for seat in (5, 6, 7, 8):
        state.player(seat).alive = False
    assert winner(state) is None
    for seat in (1, 4, 10, 11, 12):
        state.player(seat).alive = False
    assert winner(state) == (Winner.LOVERS, WinReason.LOVERS_ALONE)


def test_rules_md_order_lets_a_side_win_past_mixed_lovers() -> None:
    seats = ["cupid", "werewolf", "werewolf", "seer", "witch", "villager", "villager", "villager"]
    game = Game(Setup(seats=8, roles=seats), make_rules({"win": "side", "sheriff": False}))
    game.apply(CupidChoice(lovers=(2, 6)), by=1)
    state = state_of(game)
    state.player(4).alive = state.player(5).alive = False
    assert winner(state) == (Winner.WEREWOLVES, WinReason.SPECIAL_ROLES_DEAD)


def test_the_thief_and_cupid_open_the_club_night_and_the_piper_closes_it() -> None:
    """RULES-CLUB's order: 1 盗贼, 2 丘比特, 3 情侣 (night 1 only) … 18 吹笛者, then the charmed."""
    game = thief_game(["werewolf", "villager"])
    game.apply(ThiefChoice(take=1), by=1)
    until(game, "seer")
    woken = [e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].endswith(".wake")]
    assert woken[:5] == ["thief.wake", "cupid.wake", "lovers.wake", "werewolves.wake", "witch.wake"]
    game = until(piper_game(), "piper")
    game.apply(PiperChoice(charmed=()), by=12)
    woken = [e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].endswith(".wake")]
    assert woken[-2:] == ["piper.wake", "charmed.wake"]
    assert woken[:5] == ["guard.wake", "werewolves.wake", "witch.wake", "seer.wake", "hunter_status.wake"]
