"""A store written before decisions were keyed by their record key (by commit 3e217d6, which
keyed them by class name: tests/narrator/data/README.md) still resumes every game to the same
step, and a decision class renamed later breaks no store."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from engine.game import Game
from engine.record import write_record
from engine.roles.seer import SeerChoice
from narrator.store import Store
from narrator.store.kinds import CLASS_NAMES
from tests.narrator.test_store import stored_game

DATA = Path(__file__).parent / "data"
OLD = "store-before-record-keys"


def old_store(tmp_path: Path) -> tuple[Path, dict[str, dict[str, object]]]:
    """A copy of the old store (opening it changes it), and what the old code saw of it."""
    path = tmp_path / "games.sqlite3"
    shutil.copyfile(DATA / f"{OLD}.sqlite3", path)
    path.chmod(0o600)
    return path, json.loads((DATA / f"{OLD}.json").read_text())


def test_a_store_keyed_by_class_names_resumes_every_game_to_the_same_step(tmp_path: Path) -> None:
    path, seen = old_store(tmp_path)
    store = Store(path)
    assert {game["id"] for game in store.games()} == set(seen)
    in_progress = 0
    for game_id, old in seen.items():
        stored = store.load(game_id)
        assert [d.model_dump_json() for d in stored.decisions] == [body for _, body in old["decisions"]]
        assert [CLASS_NAMES[name] for name, _ in old["decisions"]] == [d.key for d in stored.decisions]
        game = stored.rebuild()
        assert write_record(game) == old["record"], old["board"]
        assert game.over == old["over"]
        in_progress += not game.over
        assert store.seats(game_id) == {1: ("一号", "token-one")}
    assert in_progress >= 5
    store.close()


def test_the_old_kinds_are_renamed_once_to_record_keys(tmp_path: Path) -> None:
    path, _ = old_store(tmp_path)
    Store(path).close()
    db = sqlite3.connect(path)
    kinds = {kind for (kind,) in db.execute("SELECT DISTINCT kind FROM decisions")}
    db.close()
    assert "sheriff" in kinds and "seer" in kinds
    assert not kinds & set(CLASS_NAMES), "a class name is still stored"
    reopened = Store(path)  # opened again: nothing renamed twice, every game still loads
    assert all(reopened.load(game["id"]).decisions for game in reopened.games())
    reopened.close()


def test_a_renamed_decision_class_breaks_no_store(tmp_path: Path) -> None:
    """The store is written while the seer's decision class bears another name (an older
    version of the code), then read with today's name."""
    store = Store(tmp_path / "games.sqlite3")
    SeerChoice.__name__ = "SeerLook"
    try:
        game_id, game = stored_game(store)
    finally:
        SeerChoice.__name__ = "SeerChoice"
    assert any(isinstance(d, SeerChoice) for d in game.log)
    stored = store.load(game_id)
    assert stored.decisions == list(game.log)
    assert write_record(stored.rebuild(Game(stored.setup, stored.rules))) == write_record(game)
    store.close()
