"""Random games on every board of RULES-CLUB.md (and RULES-CLUB-MORE.md's the engine plays),
with its settings drawn: each ends with a winner that means what 屠边 says, its record replays
to the same end, and across the boards every winner, every club role's death cause and every day
action is reached."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.boards import BOARDS, Board
from engine.bots import random_decision
from engine.game import Game, state_of
from engine.outcome import Winner
from engine.record import parse_record, replay, write_record
from tests.engine.test_refusals import club_settings
from tests.support.usual import ACTIONS

GAMES = 30
NEITHER = (
    "piper",
    "wild_child",
    "slacker",
    "cursed_fox",
)
"""The cards counted neither 神 nor 民 (RULES-CLUB-MORE.md, Who wins)."""
PLAYABLE = [b for b in BOARDS if b.playable]


def play(board: Board, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(board.deal(seed), board.rules(club_settings(rng, board.roles())))
    for _ in range(3000):
        if game.over:
            break
        game.apply(random_decision(game, rng, self_destruct=0.1))
    assert game.over, f"{board.id} seed {seed}: no winner after 3000 decisions"
    return game


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.id)
def test_random_games_on_the_board_end_and_replay(board: Board) -> None:
    assert board.playable, f"{board.id}: the engine has no {', '.join(board.missing_roles())}"
    for seed in range(GAMES):
        game = play(board, seed)
        outcome = game.outcome()
        assert outcome is not None
        state = state_of(game)
        if outcome.winner == Winner.VILLAGERS:
            assert not state.living_wolf_team()
        if outcome.winner == Winner.WEREWOLVES and state.living_wolf_team():
            # 民: the villagers, Cupid, a thief who kept his card; 神: the special roles; the
            # piper is neither (RULES-CLUB-MORE.md, Who wins)
            plain = [
                p.seat for p in state.players if p.card.value in ("villager", "cupid", "thief", "mirror_seer")
            ]
            gods = [
                p.seat
                for p in state.players
                if p.card.value not in ("villager", "cupid", "thief", "mirror_seer", *NEITHER)
                and not state.is_werewolf(p.seat)
            ]
            assert not any(state.is_alive(s) for s in plain) or not any(state.is_alive(s) for s in gods)
        replayed = replay(parse_record(write_record(game)))
        assert replayed.error is None and replayed.game.outcome() == outcome, f"{board.id} seed {seed}"


def test_across_the_boards_every_winner_cause_and_day_action_is_reached() -> None:
    winners: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    actions: Counter[str] = Counter()
    marked: Counter[str] = Counter()
    mornings: Counter[str] = Counter()
    powers: Counter[str] = Counter()
    turned: Counter[str] = Counter()
    queen_spent = prince_flips = 0
    for board in PLAYABLE:
        for seed in range(GAMES):
            game = play(board, seed)
            outcome = game.outcome()
            assert outcome is not None
            winners[outcome.winner.value] += 1
            causes.update(d.cause for d in state_of(game).deaths)
            turned.update(turn.by for turn in state_of(game).turned.values())
            actions.update(ACTIONS[type(d)].name for d in game.log if type(d) in ACTIONS)
            powers.update(p.step for p, d in game.history if getattr(d, "target", 0))
            queen_spent += bool(state_of(game).memory.get("eclipse_wolf_queen.reflected"))
            prince_flips += any(p.key == "prince_vote" for p, _ in game.history)
            marked.update(
                "pk" if e.data.get("revote") else "vote"
                for e in game.events
                if e.kind == "votes" and e.data.get("marked")
            )
            mornings.update(
                e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].startswith("bear_")
            )
    played = {card.value for board in PLAYABLE for card in board.roles()}
    assert {"villagers", "werewolves"} | ({"piper"} if "piper" in played else set()) <= set(winners)
    if "cursed_fox" in played:  # the cursed fox won instead of a side
        assert winners["cursed_fox"], dict(winners)
    if "raven" in played:  # the raven's mark counted in a day's vote
        assert marked["vote"], dict(marked)
    if "bear_tamer" in played:  # the bear's growl and its silence, each some morning
        assert mornings["bear_tamer.growl"] and mornings["bear_tamer.silent"], dict(mornings)
    checkers = {"pure_white", "wolf_witch"} & played  # a check that named someone
    checkers |= {"seer_one", "seer_two"} if "mirror_seer" in played else set()
    assert checkers <= set(powers), f"never used: {sorted(checkers - set(powers))}"
    if "wild_child" in played:  # a wild child turned by his model's exile
        assert turned["wild_child"], dict(turned)
    if "awakened_gargoyle" in played:  # a good neighbour of the wolves turned on night 1
        assert turned["awakened_gargoyle"], dict(turned)
    if "eclipse_wolf_queen" in played:  # a lock that named someone, and one that reflected a choice
        assert powers["eclipse_wolf_queen"] and queen_spent
    if "sequence_prince" in played:  # a flip, and everybody's revote after it
        assert prince_flips
    if "masquerade" in played:  # his check answered, his mask given
        assert powers["masquerade"] and powers["masquerade_mask"], dict(powers)
    wanted = {"werewolves", "poison", "vote", "hunter", "self_destruct"}
    for cause, role in (
        ("wolf_king", "wolf_king"),
        ("white_wolf_king", "white_wolf_king"),
        ("duel", "knight"),
        ("dream", "dreamcatcher"),
        ("charm", "wolf_beauty"),
        ("reflect", "spirit_knight"),
        ("grief", "cupid"),
        ("check", "pure_white"),
        ("check", "cursed_fox"),
        ("dance", "dancer"),
    ):
        if role in played:
            wanted.add(cause)
    assert wanted <= set(causes), f"never reached: {sorted(wanted - set(causes))}"
    takers = (("white_wolf_king", "white_wolf_king"), ("duel", "knight"))
    wanted_actions = {"self_destruct"} | {name for name, role in takers if role in played}
    assert wanted_actions <= set(actions), f"never taken: {sorted(wanted_actions - set(actions))}"
    print(
        f"winners {dict(winners)}; causes {dict(causes)}; day actions {dict(actions)}; marks {dict(marked)};"
        f" turned {dict(turned)}"
    )


def test_a_record_replays_the_day_actions_in_the_order_they_came() -> None:
    """A record keeps a day's decisions by key: the replay takes each day action once every key
    written before it was read, so a duel then a self-destruct, or a self-destruct in the PK
    after the vote, replay as they came (the knight board's demo seed 3 had stopped at day 5).
    Random games on every board, with day actions often: the replayed history is the played."""
    duel_then_boom = boom_after_vote = 0
    for board in PLAYABLE:
        for seed in range(20):
            rng = random.Random(seed)
            game = Game(board.deal(seed), board.rules(club_settings(rng, board.roles())))
            while not game.over:
                game.apply(random_decision(game, rng, self_destruct=0.5))
            days: dict[str, list[str]] = {}
            for pending, decision in game.history:
                days.setdefault(pending.phase, []).append(type(decision).__name__)
            for kinds in days.values():
                duel_then_boom += (
                    "KnightDuel" in kinds and "SelfDestruct" in kinds[kinds.index("KnightDuel") :]
                )
                boom_after_vote += "DayVote" in kinds and "SelfDestruct" in kinds[kinds.index("DayVote") :]
            replayed = replay(parse_record(write_record(game)))
            assert replayed.error is None, f"{board.id} seed {seed}: {replayed.error}"
            assert replayed.game.history == game.history, f"{board.id} seed {seed}"
    assert duel_then_boom and boom_after_vote, (duel_then_boom, boom_after_vote)
