"""The evening's scores kept in a real SQLite store and printed by `narrator games`."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from engine.bots import random_decision
from engine.game import Game
from engine.roles import Role
from engine.rules import Rules
from engine.setup import deal
from engine.views import public_view
from narrator.evening.ledger import evening_ledger, players_ledger
from narrator.store import Store

DECK = [Role.WEREWOLF, Role.WEREWOLF, Role.SEER, Role.WITCH, Role.HUNTER, Role.VILLAGER, Role.VILLAGER]
NAMES = ["小王", "阿杰", "Lily", "老张", "芳芳", "大卫", "小美"]


def stored_game(store: Store, evening: str | None, seed: int, names: list[str]) -> tuple[str, Game]:
    """A whole bot game stored as the judge stores one: its seats' names, every decision."""
    game = Game(deal(DECK, len(DECK), seed=seed), Rules())
    game_id = store.create(game.setup, game.rules, evening=evening)
    for seat, name in enumerate(names, start=1):
        store.bind_seat(game_id, seat, name, f"token-{seed}-{seat}")
    rng = random.Random(seed)
    n = 0
    while not game.over:
        pending, decision = game.pending, random_decision(game, rng)
        assert pending is not None
        store.append(game_id, n, pending, decision)
        game.apply(decision)
        n += 1
    outcome = game.outcome()
    store.finish(game_id, outcome.winner.value if outcome else None)
    return game_id, game


def narrator(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "narrator", *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_an_evening_scores_its_finished_games_by_name(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    evening = store.open_evening()
    games = [stored_game(store, evening, seed, NAMES) for seed in (1, 2, 3)]
    unfinished = store.create(games[0][1].setup, games[0][1].rules, evening=evening)  # ended early
    store.bind_seat(unfinished, 1, "小王", "token-x")
    ledger = evening_ledger(store, evening)
    assert ledger.games == 3
    wins = {name: 0 for name in NAMES}
    for _game_id, game in games:
        for seat in public_view(game).won or []:
            wins[NAMES[seat - 1]] += 1
    scores = {s.name: s for s in ledger.scores}
    assert {name: s.wins for name, s in scores.items()} == wins
    assert all(s.games == 3 for s in scores.values())
    assert scores["小王"].cards.total() == 3
    assert store.evenings()[0]["games"] == [g for g, _ in games] + [unfinished]


def test_a_name_on_another_evening_is_the_same_player(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    first = store.open_evening()
    stored_game(store, first, 1, NAMES)
    store.close_evening(first)
    assert store.open_evening_id() is None
    second = store.open_evening()
    assert store.open_evening_id() == second
    stored_game(store, second, 2, [*NAMES[:6], "新来的"])
    players = {s.name: s.games for s in players_ledger(store).scores}
    assert players["小王"] == 2 and players["小美"] == 1 and players["新来的"] == 1
    assert {s.name for s in evening_ledger(store, second).scores} == {*NAMES[:6], "新来的"}


def test_narrator_games_prints_the_evening_and_the_players(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    evening = store.open_evening()
    for seed in (4, 5):
        stored_game(store, evening, seed, NAMES)
    store.close()
    out = narrator("games", "--store", str(path), "--evening", "--json")
    assert out.returncode == 0, out.stderr
    scores = json.loads(out.stdout.splitlines()[-1])
    assert scores["evening"] == evening and scores["games"] == 2
    assert {p["name"] for p in scores["players"]} == set(NAMES)
    assert all(set(p["wins_by_camp"]) == {"good", "wolves", "third"} for p in scores["players"])
    table = narrator("games", "--store", str(path), "--evening", evening)
    assert table.returncode == 0, table.stderr
    assert (
        table.stdout.startswith("今晚战绩（共2局）") and "好人胜" in table.stdout and "小王" in table.stdout
    )
    players = narrator("games", "--store", str(path), "--players", "--locale", "en")
    assert players.returncode == 0 and players.stdout.startswith("All-time scores (") is False
    assert "All-time scores" in players.stdout
    missing = narrator("games", "--store", str(path), "--evening", "nope")
    assert missing.returncode == 1 and "no evening 'nope'" in missing.stderr
