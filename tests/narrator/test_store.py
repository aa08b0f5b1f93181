"""The SQLite store: games, decisions committed one by one, undo, export."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.boards import find_board
from engine.bots import random_decision
from engine.game import Game, state_of
from engine.record import parse_record, replay, summary
from engine.rules import make_rules
from engine.setup import deal, suggested_roles
from narrator.store import DamagedGame, DamagedStore, Store, StoreError, kept_aside, set_aside
from narrator.store.schema import MIGRATIONS


def stored_game(store: Store, seed: int = 1) -> tuple[str, Game]:
    setup = deal(suggested_roles(9), 9, seed=seed)
    rules = make_rules(preset="club")
    game_id = store.create(setup, rules, {"locale": "zh-CN"})
    game, rng = Game(setup, rules), random.Random(seed)
    while not game.over:
        pending, decision = game.pending, random_decision(game, rng)
        assert pending is not None
        game.apply(decision)
        store.append(game_id, len(game.log) - 1, pending, decision)
    store.finish(game_id, game.outcome().winner.value)  # type: ignore[union-attr]
    return game_id, game


def test_a_stored_game_rebuilds_the_same_state(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game_id, game = stored_game(store)
    stored = store.load(game_id)
    assert stored.config == {"locale": "zh-CN"} and stored.rules == game.rules
    assert state_of(stored.rebuild()) == state_of(game)
    assert store.games()[0]["winner"] == game.outcome().winner.value  # type: ignore[union-attr]


def test_each_decision_is_on_disk_when_append_returns(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    game_id, game = stored_game(store)
    other = sqlite3.connect(path)
    (count,) = other.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)).fetchone()
    assert count == len(game.log)
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_decision_out_of_order_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game_id, game = stored_game(store)
    history = game.history
    with pytest.raises(StoreError, match="decisions stored"):
        store.append(game_id, 3, history[0][0], history[0][1])


def test_undo_removes_the_last_decision(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game_id, game = stored_game(store)
    removed = store.undo(game_id)
    assert removed == game.log[-1]
    assert store.load(game_id).decisions == list(game.log[:-1])


def test_an_unknown_game_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no game 'nope'"):
        Store(tmp_path / "games.sqlite3").load("nope")


def test_games_and_export_commands(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    game_id, game = stored_game(store, seed=5)
    store.close()
    listed = subprocess.run(
        [sys.executable, "-m", "narrator", "games", "--store", str(db)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert game_id in listed.stdout
    out = tmp_path / "game.toml"
    subprocess.run(
        [sys.executable, "-m", "narrator", "export", game_id, "--store", str(db), "--out", str(out)],
        capture_output=True,
        text=True,
        check=True,
    )
    result = summary(replay(parse_record(out.read_text())))
    assert result["winner"] == game.outcome().winner.value  # type: ignore[union-attr]
    done = subprocess.run(
        [sys.executable, "-m", "narrator", "replay", str(out), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["deaths"] == result["deaths"]


def test_the_setup_is_replaced_only_before_the_first_decision(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    setup = deal(suggested_roles(9), 9, seed=3)
    game_id = store.create(setup, make_rules())
    other = deal(suggested_roles(9), 9, seed=4)
    store.replace_setup(game_id, other)
    assert store.load(game_id).setup == other
    done_id, _ = stored_game(store)
    with pytest.raises(StoreError, match="has begun"):
        store.replace_setup(done_id, other)
    store.close()


OLD_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL,
    status TEXT NOT NULL, setup TEXT NOT NULL, rules TEXT NOT NULL, config TEXT NOT NULL, winner TEXT);
CREATE TABLE decisions (game_id TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL,
    phase TEXT NOT NULL, step TEXT NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (game_id, n));
CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
    name TEXT NOT NULL, token TEXT NOT NULL, PRIMARY KEY (game_id, seat));
"""


def test_a_store_of_the_first_schema_is_brought_up_to_date_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(OLD_SCHEMA)
    setup = deal(suggested_roles(9), 9, seed=2)
    old.execute(
        "INSERT INTO games VALUES ('old', 1, 1, 'playing', ?, ?, '{}', NULL)",
        (setup.model_dump_json(), make_rules().model_dump_json()),
    )
    old.commit()
    old.close()
    store = Store(path)
    assert store.load("old").setup == setup
    store.mark("old", "abandoned", "a new game was started")
    (row,) = store.games()
    assert row["status"] == "abandoned" and row["note"] == "a new game was started"
    (version,) = sqlite3.connect(path).execute("PRAGMA user_version").fetchone()
    assert version == len(MIGRATIONS)
    store.close()
    Store(path).close()  # opened again: no change is applied twice


def test_a_damaged_row_is_named_by_load_and_the_game_listed_as_damaged(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game_id, _ = stored_game(store)
    store._db.execute("UPDATE decisions SET body = 'nonsense' WHERE game_id = ? AND n = 2", (game_id,))
    with pytest.raises(DamagedGame, match=r"decision 2 \(\w+\) is not JSON") as caught:
        store.load(game_id)
    store.mark(game_id, "damaged", caught.value.problem)
    (row,) = store.games()
    assert row["status"] == "damaged" and row["note"].startswith("decision 2 (")
    store.close()


def test_a_store_that_is_not_one_is_refused_then_set_aside_with_its_note(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is a shopping list, not a database" * 200)
    with pytest.raises(DamagedStore, match="file is not a database") as caught:
        Store(path)
    aside = set_aside(path, caught.value.problem)
    assert not path.exists() and aside.read_bytes().startswith(b"this is a shopping list")
    assert kept_aside(path) == [(aside, "file is not a database")]
    Store(path).close()  # the store's place is free for a new one


def test_a_stored_masquerade_game_rebuilds_with_both_of_his_choices_under_one_key(tmp_path: Path) -> None:
    # 假面舞会: the masquerade's check and mask are two decision types of one record key.
    board = find_board("masquerade-12")
    store = Store(tmp_path / "games.sqlite3")
    setup, rules = board.deal(3), board.rules()
    game_id = store.create(setup, rules, {"locale": "zh-CN"})
    game, rng = Game(setup, rules), random.Random(3)
    while not game.over:
        pending, decision = game.pending, random_decision(game, rng)
        assert pending is not None
        game.apply(decision)
        store.append(game_id, len(game.log) - 1, pending, decision)
    assert {"masquerade", "masquerade_mask", "dancer"} <= {p.step for p, _ in game.history}
    assert state_of(store.load(game_id).rebuild()) == state_of(game)
