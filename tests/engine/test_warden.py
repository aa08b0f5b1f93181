"""孤注一掷 (warden-12, RULES-CLUB-MORE.md): the 典狱长 (warden) through game records: his pair at
3f from night 2 (each player once a game), the two waking together to signal trade or betray,
and what the signals do at dawn: both trade spared (`bonded_attack` apart), trade and betray the
trader dead (`trade`: no guard, no antidote, no shot, a dreamwalker survives), both betray bound
to aim their night powers only at each other, the warden in his own pair. Each fine point is a
test."""

from __future__ import annotations

from engine.boards import find_board
from engine.game import Game, state_of
from engine.night import spared
from engine.record import parse_record, replay, write_record
from engine.roles.dreamcatcher import DreamcatcherChoice
from engine.roles.seer import SeerChoice
from engine.roles.warden import WardenPair, WardenTrade
from engine.roles.werewolves import WerewolvesChoice
from engine.roles.witch import WitchChoice
from tests.engine.harness import club, deaths, game_of, refused, steps, told

# 1-3 werewolves, 4 warden, 5 seer, 6 witch, 7 hunter, 8 dreamcatcher, 9-12 villagers.
WARDEN_12 = (
    '["werewolf", "werewolf", "werewolf", "warden", "seer", "witch", "hunter", "dreamcatcher",'
    ' "villager", "villager", "villager", "villager"]'
)
RULES = "witch_self_heal = false\n"
FIRST = "[[night]]\ndreamcatcher = 12\nwerewolves = 0\nwitch = {}\nseer = 1\n[[day]]\nvote = {}\n"
"""Night 1 (no trade: from night 2), nobody dies, then a day with no vote."""


def trade(pair: tuple[int, int], a: str, b: str) -> str:
    return f'warden = {{ pair = [{pair[0]}, {pair[1]}], choices = {{ {pair[0]} = "{a}", {pair[1]} = "{b}" }} }}\n'


def night(
    warden: str = "warden = 0\n", dream: int = 11, wolves: int = 0, witch: str = "{}", seer: int = 0
) -> str:
    return (
        f"[[night]]\n{warden}dreamcatcher = {dream}\nwerewolves = {wolves}\nwitch = {witch}\nseer = {seer}\n"
    )


def record(*nights: str) -> str:
    return club(WARDEN_12, RULES) + FIRST + "[[day]]\nvote = {}\n".join(nights)


def until(warden: str, *keys: str) -> Game:
    """Night 2 replayed up to the first step whose key is not given: the trade, then `keys`."""
    return game_of(record("[[night]]\n" + warden + "".join(f"{key}\n" for key in keys)))


def warden_game(*nights: str) -> Game:
    return game_of(record(*nights))


def to_step(game: Game, name: str) -> Game:
    while game.pending is not None and game.pending.step != name:
        game.apply(game.default())
    return game


def test_the_board_deals_him_with_the_seer_witch_hunter_and_dreamcatcher() -> None:
    board = find_board("孤注一掷")
    assert board.id == "warden-12" and board.seats == 12 and find_board("典狱长") == board
    assert sorted(c.value for c in board.roles()) == sorted(
        ["werewolf"] * 3 + ["warden", "seer", "witch", "hunter", "dreamcatcher"] + ["villager"] * 4
    )


def test_he_meets_the_pack_and_trades_at_3f_from_night_2_only() -> None:
    game = warden_game(night(trade((9, 10), "trade", "trade")))
    pack = next(p for p, _ in game.history if p.step == "werewolves")
    assert pack.seats == (1, 2, 3, 4)
    assert steps(game)[:4] == ["dreamcatcher", "werewolves", "witch", "seer"]  # night 1: no trade
    assert steps(game)[5:8] == ["warden", "warden_trade", "dreamcatcher"]
    assert told(game, "warden") == [("warden", {"seats": [9, 10]})]
    assert told(game, "warden_trade") == [("warden_trades", {"target": 9}), ("warden_trades", {"target": 10})]


def test_the_pair_wake_together_told_each_others_seat_and_nobody_hears_the_outcome() -> None:
    game = warden_game(night(trade((9, 10), "trade", "betray")))
    paired = [e for e in game.events if e.kind == "warden_trade.pair"]
    assert [(e.audience, e.data["seats"]) for e in paired] == [(frozenset({9, 10}), [9, 10])]
    trade_at = next(i for i, e in enumerate(game.events) if e.kind == "warden_trade.pair")
    dawn_at = next(
        i
        for i, e in enumerate(game.events)
        if i > trade_at and e.kind == "cue" and e.data.get("key") == "day.breaks"
    )
    between = [e for e in game.events[trade_at + 1 : dawn_at] if e.audience and e.audience & {9, 10}]
    assert [e.kind for e in between if e.kind.startswith("warden")] == []


def test_he_names_two_different_living_players_himself_allowed_or_nobody() -> None:
    game = to_step(game_of(record("")), "warden")
    assert game.pending is not None and game.pending.seats == (4,)
    assert refused(game, WardenPair(pair=(9,))) == "warden_pair"
    assert refused(game, WardenPair(pair=(9, 9))) == "warden_pair"
    assert refused(game, WardenPair(pair=(9, 13))) == "no_such_seat"
    assert game.is_legal(WardenPair(pair=(4, 9))) and game.is_legal(WardenPair())


def test_each_player_trades_once_a_game() -> None:
    game = to_step(game_of(record(night(trade((9, 10), "trade", "trade")), "")), "warden")
    assert state_of(game).night == 3
    assert refused(game, WardenPair(pair=(10, 11))) == "warden_traded"
    assert refused(game, WardenPair(pair=(9, 12))) == "warden_traded"
    assert game.is_legal(WardenPair(pair=(11, 12)))


def test_a_dead_player_is_not_named() -> None:
    game = to_step(game_of(record(night(wolves=9), "")), "warden")
    assert refused(game, WardenPair(pair=(9, 10))) == "dead_target"


def test_both_trade_survive_the_knife_and_the_poison_the_heal_spent_and_the_witch_told() -> None:
    game = warden_game(night(trade((9, 10), "trade", "trade"), wolves=9, witch="{ heal = true }"))
    assert deaths(game) == []
    witch_told = [e for e in game.events if e.kind == "witch.told"]
    assert witch_told[-1].data["victim"] == 9
    game = warden_game(night(trade((9, 10), "trade", "trade"), wolves=9, witch="{ poison = 10 }"))
    assert deaths(game) == []
    assert state_of(game).memory["witch.potions"] == (True, False)


def test_both_trade_are_not_spared_the_bonded_attack() -> None:
    game = warden_game(night(trade((9, 10), "trade", "trade")))
    state = state_of(game)  # day 2: night 2's marks stand until the next nightfall
    assert spared(state, 9, "werewolves") and spared(state, 10, "poison")
    assert not spared(state, 9, "bonded_attack")


def test_trade_and_betray_the_trader_dies_past_the_antidote_and_gives_no_shot() -> None:
    game = warden_game(night(trade((7, 10), "trade", "betray"), wolves=7, witch="{ heal = true }"))
    assert deaths(game) == [(7, "trade")]  # the hunter, healed, dies of the trade: no shot
    assert "hunter" not in steps(game)
    game = warden_game(night(trade((9, 10), "betray", "trade")))
    assert deaths(game) == [(10, "trade")]


def test_a_dreamwalker_survives_the_trade() -> None:
    game = warden_game(night(trade((9, 11), "trade", "betray"), dream=9))
    assert deaths(game) == []


def test_trade_outranks_the_knife_and_gives_way_to_the_poison() -> None:
    game = warden_game(night(trade((9, 10), "trade", "betray"), wolves=9))
    assert deaths(game) == [(9, "trade")]
    game = warden_game(night(trade((9, 10), "trade", "betray"), witch="{ poison = 9 }"))
    assert deaths(game) == [(9, "poison")]


def test_both_betray_each_aims_his_power_only_at_the_other() -> None:
    game = until(trade((5, 8), "betray", "betray"))
    assert game.pending is not None and game.pending.targets == (5,)
    assert refused(game, DreamcatcherChoice(target=11)) == "bound_target"
    game.apply(DreamcatcherChoice(target=5))
    game = until(trade((5, 8), "betray", "betray"), "dreamcatcher = 5", "werewolves = 0", "witch = {}")
    assert refused(game, SeerChoice(target=1)) == "bound_target"
    assert game.is_legal(SeerChoice(target=8)) and game.is_legal(SeerChoice(target=0))


def test_both_betray_binds_the_witch_s_potions_but_not_the_wolf_kill() -> None:
    game = until(trade((6, 9), "betray", "betray"), "dreamcatcher = 11")
    assert game.is_legal(WerewolvesChoice(victim=10))  # the kill is free
    game = warden_game(night(trade((6, 9), "betray", "betray"), wolves=10, witch="{ poison = 9 }"))
    assert deaths(game) == [(9, "poison"), (10, "werewolves")]
    game = until(trade((6, 9), "betray", "betray"), "dreamcatcher = 11", "werewolves = 10")
    assert refused(game, WitchChoice(poison=11)) == "bound_target"
    assert refused(game, WitchChoice(heal=True)) == "bound_target"
    game = warden_game(night(trade((6, 9), "betray", "betray"), wolves=9, witch="{ heal = true }"))
    assert deaths(game) == []


def test_unbound_players_choose_freely_after_a_both_betray() -> None:
    game = until(trade((9, 10), "betray", "betray"), "dreamcatcher = 11", "werewolves = 0", "witch = {}")
    assert game.is_legal(SeerChoice(target=1))


def test_the_warden_in_his_pair_same_signals_he_dies_different_the_other_dies() -> None:
    assert deaths(warden_game(night(trade((4, 9), "trade", "trade")))) == [(4, "trade")]
    assert deaths(warden_game(night(trade((4, 9), "betray", "betray")))) == [(4, "trade")]
    assert deaths(warden_game(night(trade((4, 9), "trade", "betray")))) == [(9, "trade")]
    assert deaths(warden_game(night(trade((4, 9), "betray", "trade")))) == [(9, "trade")]


def test_nobody_named_or_the_warden_dead_the_trade_is_pretended_on_the_same_lines() -> None:
    game = warden_game(night())
    assert "warden_trade" not in steps(game)
    said = [
        e.data["key"]
        for e in game.events
        if e.kind == "cue" and str(e.data.get("key", "")).startswith("warden_trade.")
    ]
    assert said == ["warden_trade.wake", "warden_trade.act", "warden_trade.sleep"]
    dead = game_of(record(night(wolves=4), "[[night]]\n"))
    assert [p.step for p, _ in dead.history if p.phase.night and p.phase.number == 3] == []
    night3 = [
        e.data["key"]
        for e in dead.events
        if e.kind == "cue" and str(e.data.get("key", "")).startswith("warden")
    ]
    assert night3 == [
        "warden.wake",
        "warden.act",
        "warden.sleep",  # night 2: he names nobody
        "warden_trade.wake",
        "warden_trade.act",
        "warden_trade.sleep",
        "warden.wake",
        "warden.act",
        "warden.sleep",  # night 3: dead, pretended
        "warden_trade.wake",
        "warden_trade.act",
        "warden_trade.sleep",
    ]


def test_a_signal_from_a_seat_outside_the_pair_is_refused() -> None:
    game = to_step(game_of(record("")), "warden")
    game.apply(WardenPair(pair=(9, 10)))
    assert refused(game, WardenTrade(traders=(11,))) == "warden_signal"


def test_the_record_writes_and_replays_the_pair_and_the_signals() -> None:
    game = warden_game(night(trade((9, 10), "trade", "betray"), wolves=12))
    text = write_record(game)
    assert 'warden = { pair = [9, 10], choices = { 9 = "trade", 10 = "betray" } }' in text
    again = replay(parse_record(text))
    assert again.error is None and deaths(again.game) == deaths(game) == [(9, "trade"), (12, "werewolves")]
