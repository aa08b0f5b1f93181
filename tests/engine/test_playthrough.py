"""Seeded random playthroughs: every random legal game ends well and no invariant breaks."""

from __future__ import annotations

import random

import pytest

from engine import GuardChoice, SheriffVote, WitchChoice
from engine.bots import random_decision
from engine.deaths import winner
from engine.decisions import DayVote, Decision, Revote
from engine.game import Game, state_of
from engine.outcome import Winner
from engine.record import parse_record, replay, summary, write_record
from engine.roles import Role
from engine.roles.accursed_wolf_father import Infection
from engine.roles.big_bad_wolf import BigBadWolfKill
from engine.roles.devoted_servant import ServantSwap
from engine.roles.white_werewolf import WhiteWerewolfKill
from engine.state import State
from tests.engine.randomgames import CHARACTERS, CLUB_MORE, SPECIALS, random_rules, random_setup

GAMES = 3000
DEALT = SPECIALS + CHARACTERS
"""RULES.md's special cards and RULES-CHARACTERS.md's the engine plays."""


def play_checked(game: Game, rng: random.Random) -> None:
    """Play to the end, checking the invariants after every decision."""
    heals = poisons = 0
    last_guard: tuple[int, int] | None = None
    fox_lost = False
    infections = 0
    for _ in range(3000):
        if game.over:
            break
        pending = game.pending
        assert pending is not None, "a game that is not over waits for a decision"
        state = state_of(game)
        decision = random_decision(game, rng)
        if pending.step not in ("hunter", "badge", "scapegoat"):
            assert all(state.is_alive(s) for s in pending.seats), "the dead never act"
        if isinstance(decision, (DayVote, Revote, SheriffVote)):
            for voter in decision.votes:
                assert state.is_alive(voter), "the dead never vote"
                assert not state.player(voter).revealed_idiot, "a revealed idiot never votes"
        if isinstance(decision, WitchChoice):
            heals += decision.heal
            poisons += bool(decision.poison)
        if isinstance(decision, GuardChoice):
            if last_guard and last_guard[0] == state.night - 1 and decision.target:
                assert decision.target != last_guard[1], "the guard never repeats"
            last_guard = (state.night, decision.target)
        assert not (fox_lost and pending.step == "fox"), "a fox who sniffed no werewolf never sniffs again"
        if pending.phase == "day 0":
            assert Role.ANGEL in game.setup.roles, "day 0 only with an angel dealt to a seat"
        check_wolves(state, pending.step, decision)
        if isinstance(decision, Infection):
            infections += bool(decision.target)
            assert not decision.target or decision.target == state.tonight.victim, "only the pack's victim"
        if isinstance(decision, ServantSwap) and decision.target:  # she holds the card fresh
            taken = state.player(decision.target).card
            heals, poisons = (0, 0) if taken == Role.WITCH else (heals, poisons)
            last_guard = None if taken == Role.GUARD else last_guard
            infections = 0 if taken == Role.ACCURSED_WOLF_FATHER else infections
            fox_lost = fox_lost and taken != Role.FOX
        told = len(state.events)
        game.apply(decision)
        fox_lost = fox_lost or any(
            e.kind == "fox.result" and not e.data["found"] and state.rules.fox_loses_power
            for e in state.events[told:]
        )
        assert heals <= 1 and poisons <= 1, "each potion is used at most once"
        assert infections <= 1, "the wolf-father infects once per game"
        assert all(state.is_werewolf(s) for s in state.turned), "a converted player is werewolf-side"
        if state.lovers:
            a, b = state.lovers
            assert state.is_alive(a) == state.is_alive(b), "lovers die together"
    else:
        raise AssertionError("the game never ended")


def check_wolves(state: State, step: str, decision: Decision) -> None:
    """The big bad wolf's and the white werewolf's invariants, before `decision` applies."""
    if step == "big_bad_wolf":
        held_from = state.memory.get("big_bad_wolf.held_from", 0)  # a servant took his card: the deaths after
        lost = any(state.is_werewolf(d.seat) for d in state.deaths[held_from:])
        assert not (lost and state.rules.big_bad_wolf_loses_power), "a werewolf died: he kills alone no more"
        assert isinstance(decision, BigBadWolfKill)
        assert decision.target not in (0, state.tonight.victim, state.seat_of(Role.BIG_BAD_WOLF)), (
            "the big bad wolf kills another than himself and the pack's victim, always"
        )
    if isinstance(decision, WhiteWerewolfKill) and decision.target:
        assert state.is_werewolf(decision.target), "the white werewolf kills only werewolves"


def check_outcome(game: Game) -> None:
    outcome = game.outcome()
    assert outcome is not None and outcome.winner in Winner
    kind, number = outcome.phase.split()
    assert kind in ("night", "day") and int(number) >= state_of(game).first_day  # day 0: an angel's
    assert winner(state_of(game), end_of_day=True) is not None or outcome.winner == Winner.PIPER


@pytest.mark.parametrize("chunk", range(6))
def test_random_games_end_with_a_valid_outcome_and_keep_every_invariant(chunk: int) -> None:
    rng = random.Random(1000 + chunk)
    for _ in range(GAMES // 6):
        game = Game(random_setup(rng, specials=DEALT), random_rules(rng))
        play_checked(game, rng)
        check_outcome(game)


def test_random_games_with_the_club_more_cards_end_replay_and_use_their_powers() -> None:
    """RULES-CLUB-MORE.md's cards in random decks and rules (their own rng: the games above keep
    their seeds): every game ends well and replays; the queen locks, a lock reflects a choice,
    the prince flips, a dance kills, the masquerade masks; the warden's pairs trade (a `trade`
    death) and both betray; the poisoner poisons."""
    rng = random.Random(36)
    locks = reflected = flips = dances = masks = traded = betrayed = poisoned = 0
    for _ in range(400):
        game = Game(random_setup(rng, specials=SPECIALS + CLUB_MORE), random_rules(rng))
        play_checked(game, rng)
        check_outcome(game)
        locks += any(p.step == "eclipse_wolf_queen" and getattr(d, "target", 0) for p, d in game.history)
        reflected += bool(state_of(game).memory.get("eclipse_wolf_queen.reflected"))
        flips += any(p.key == "prince_vote" for p, _ in game.history)
        dances += any(d.cause == "dance" for d in state_of(game).deaths)
        masks += any(p.step == "masquerade_mask" and getattr(d, "target", 0) for p, d in game.history)
        traded += any(d.cause == "trade" for d in state_of(game).deaths)
        betrayed += any(p.step == "warden_trade" and not getattr(d, "traders", ()) for p, d in game.history)
        poisoned += any(p.step == "poisoner" and getattr(d, "target", 0) for p, d in game.history)
    counts = (locks, reflected, flips, dances, masks, traded, betrayed, poisoned)
    assert all(counts), counts
    print(f"locks {locks}, reflected {reflected}, flips {flips}, dances {dances}, masks {masks}")
    print(f"trade deaths {traded}, both betray {betrayed}, the poisoner poisoned in {poisoned}")


def test_a_replayed_log_rebuilds_an_identical_state() -> None:
    rng = random.Random(7)
    for _ in range(200):
        game = Game(random_setup(rng, specials=DEALT), random_rules(rng))
        play_checked(game, rng)
        again = Game.replay(game.setup, game.rules, game.log)
        assert state_of(again) == state_of(game)


def test_a_written_record_replays_to_the_same_game() -> None:
    rng = random.Random(8)
    for _ in range(300):
        game = Game(random_setup(rng, specials=DEALT), random_rules(rng))
        play_checked(game, rng)
        result = replay(parse_record(write_record(game)))
        assert result.error is None and result.pending is None
        assert state_of(result.game).deaths == state_of(game).deaths
        assert result.game.outcome() == game.outcome()
        assert summary(result)["winner"] == game.outcome().winner.value  # type: ignore[union-attr]


RULES_WINNERS = set(Winner) - {Winner.CURSED_FOX}
"""The winners of random decks; the club boards' own (the 咒狐's) are reached by
`tests/engine/test_boards_random.py`."""


def test_each_winner_is_reached_and_means_what_the_rules_say() -> None:
    rng = random.Random(10)
    seen = set()
    for played in range(4000):  # 1500 games at least, more until every winner is reached
        if played >= 1500 and seen == RULES_WINNERS:
            break
        game = Game(random_setup(rng, specials=DEALT), random_rules(rng))
        play_checked(game, rng)
        outcome = game.outcome()
        assert outcome is not None
        seen.add(outcome.winner)
        state = state_of(game)
        alive = state.alive()
        if outcome.winner == Winner.WEREWOLVES and game.rules.win == "all" and not game.rules.parity:
            assert alive and all(state.is_werewolf(s) for s in alive)
        if outcome.winner == Winner.VILLAGERS:
            assert not state.living_werewolves()
        if outcome.winner == Winner.NONE:
            assert not alive
        if outcome.winner == Winner.LOVERS:
            assert state.lovers and set(state.lovers) <= set(alive)
        if outcome.winner == Winner.WHITE_WEREWOLF:
            assert [state.player(s).card for s in alive] == [Role.WHITE_WEREWOLF]
        if outcome.winner == Winner.ANGEL:
            early = [d for d in state.deaths if d.phase in ("day 0", "night 1")]
            # decided in the phase of the moment's last death: a hunter shooting at night 1's
            # dawn makes it day 1 (RULES.md: a win is checked once a moment's deaths are all in)
            assert outcome.phase in ("day 0", "night 1", "day 1")
            assert any(state.player(d.seat).card == Role.ANGEL for d in early)
        if outcome.winner == Winner.PREJUDICED_MANIPULATOR:
            groups = game.setup.groups
            seat = state.seat_of(Role.PREJUDICED_MANIPULATOR)
            assert state.is_alive(seat)
            assert not [s for s in alive if groups[s - 1] != groups[seat - 1]], "the other group is dead"
        if outcome.winner == Winner.PIPER:
            piper = state.seat_of(Role.PIPER)
            assert all(state.player(s).charmed for s in alive if s != piper)
    assert seen == RULES_WINNERS
