"""A damaged store never stops the box: each kind of damage is one clear line, and a new game starts.

Every kind is made on a real SQLite store holding a game in progress, then `narrator play
--resume` (what the box runs at boot) is run as a subprocess: it must say in one line which
game or file is damaged and what is wrong, set the damage aside, start a new game (its join
address printed), and stop cleanly on Ctrl-C; `narrator games` then shows what was set aside.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.bots import random_decision
from engine.game import Game
from engine.rules import make_rules
from engine.setup import deal, suggested_roles
from narrator.store import Store
from tests.support.interrupt import interruptible

NARRATOR = [sys.executable, "-m", "narrator"]
ROOT = Path(__file__).resolve().parents[2]
STORED_DECISIONS = 12


def game_in_progress(folder: Path) -> tuple[Path, str]:
    """A store in `folder` with one unfinished game of `STORED_DECISIONS` decisions."""
    path = folder / "games.sqlite3"
    store = Store(path)
    setup = deal(suggested_roles(9), 9, seed=4)
    rules = make_rules(preset="seeds")
    game_id = store.create(setup, rules, {"locale": "zh-CN", "seats": 9, "listen": False})
    game, rng = Game(setup, rules), random.Random(4)
    for n in range(STORED_DECISIONS):
        pending, decision = game.pending, random_decision(game, rng)
        assert pending is not None
        game.apply(decision)
        store.append(game_id, n, pending, decision)
    store.close()
    return path, game_id


def sql(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    for statement in statements:
        db.execute(statement)
    db.close()


def overwrite(path: Path, offset: int, data: bytes) -> None:
    with path.open("r+b") as file:
        file.seek(offset)
        file.write(data)


def bad_header(path: Path) -> None:
    overwrite(path, 0, b"NOT A DATABASE!\0")


def malformed_page(path: Path) -> None:
    (page_size,) = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()
    size = path.stat().st_size
    for page in range(1, size // page_size):  # every page but the first (the header): garbage
        overwrite(path, page * page_size, bytes(random.Random(page).randrange(256) for _ in range(64)))


def truncated(path: Path) -> None:
    (page_size,) = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()
    with path.open("r+b") as file:
        file.truncate(page_size * 2)  # the header still counts every page


def empty_main_with_wal(path: Path) -> None:
    """The WAL of a store whose writer was cut off, beside a main file that lost its pages."""
    live = path.with_name("live.sqlite3")
    shutil.copy(path, live)
    writer = sqlite3.connect(live, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("UPDATE games SET updated = updated + 1")  # the pages now live in the WAL
    shutil.copy(live.with_name(live.name + "-wal"), path.with_name(path.name + "-wal"))
    writer.close()
    for name in live.parent.glob("live.sqlite3*"):
        name.unlink()
    path.write_bytes(b"")


def empty_main_after_a_checkpoint(path: Path) -> None:
    """The main file emptied after every page was checkpointed into it (no WAL is left)."""
    path.write_bytes(b"")


def _store_in_its_wal(path: Path) -> sqlite3.Connection:
    """`path` rewritten so its pages all live in its WAL (never checkpointed); the writer,
    still open so that the WAL stays."""
    live = path.with_name("live.sqlite3")
    writer = sqlite3.connect(live, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    source = sqlite3.connect(path)
    source.backup(writer)
    source.close()
    return writer


def wal_and_shm_deleted(path: Path) -> None:
    """The main file of a store whose games were all in its WAL, the WAL and SHM gone."""
    writer = _store_in_its_wal(path)
    live = path.with_name("live.sqlite3")
    shutil.copy(live, path)
    for name in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        name.unlink(missing_ok=True)
    writer.close()
    for name in live.parent.glob("live.sqlite3*"):
        name.unlink()


def wal_of_another_database(path: Path) -> None:
    """Beside the store, the WAL of another SQLite file (of the same page size)."""
    other = path.with_name("other.sqlite3")
    writer = sqlite3.connect(other, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    writer.executemany("INSERT INTO photos (name) VALUES (?)", [(f"p{i}",) for i in range(50)])
    shutil.copy(other.with_name(other.name + "-wal"), path.with_name(path.name + "-wal"))
    path.with_name(path.name + "-shm").unlink(missing_ok=True)
    writer.close()
    for name in other.parent.glob("other.sqlite3*"):
        name.unlink()


def missing_table(path: Path) -> None:
    sql(path, "DROP TABLE decisions")


def newer_schema(path: Path) -> None:
    sql(path, "PRAGMA user_version = 99")


def non_json_decision(path: Path) -> None:
    sql(path, "UPDATE decisions SET body = '{\"target\": 3' WHERE n = 4")


def decision_of_wrong_shape(path: Path) -> None:
    sql(path, "UPDATE decisions SET body = '[1, 2]' WHERE n = 4")


def unknown_decision_kind(path: Path) -> None:
    sql(path, "UPDATE decisions SET kind = 'Bribe' WHERE n = 4")


def illegal_decision(path: Path) -> None:
    """The last decision replaced by the first one (another step's decision, refused there)."""
    db = sqlite3.connect(path, isolation_level=None)
    kinds = [row[0] for row in db.execute("SELECT kind FROM decisions ORDER BY n")]
    last = len(kinds) - 1
    assert kinds[0] != kinds[last], "the test needs two different kinds of decision"
    db.execute(
        "UPDATE decisions SET kind = (SELECT kind FROM decisions WHERE n = 0), "
        "body = (SELECT body FROM decisions WHERE n = 0) WHERE n = ?",
        (last,),
    )
    db.close()


def gap_in_numbering(path: Path) -> None:
    sql(path, "DELETE FROM decisions WHERE n = 3")


def damaged_setup(path: Path) -> None:
    sql(path, 'UPDATE games SET setup = \'{"seats": 9, "roles": ["werewolf"]}\'')


def damaged_rules(path: Path) -> None:
    sql(path, 'UPDATE games SET rules = \'{"vote_tie": "dice"\'')


def damaged_settings(path: Path) -> None:
    sql(path, 'UPDATE games SET config = \'{"locale": "zh-CN", "seats": "many"}\'')


# kind → (damage, what the line must say is wrong, whether the whole file is set aside)
DAMAGE: dict[str, tuple[Callable[[Path], None], str, bool]] = {
    "bad header": (bad_header, "file is not a database", True),
    "malformed database": (malformed_page, "malformed|tree|page", True),
    "truncated file": (truncated, "malformed|tree|page", True),
    "empty main file with a WAL": (
        empty_main_with_wal,
        r"main file is empty but its write-ahead log \(\d+ bytes\)",
        True,
    ),
    "empty main file after a checkpoint": (
        empty_main_after_a_checkpoint,
        r"main file is empty \(0 bytes\)",
        True,
    ),
    "WAL and SHM deleted": (wal_and_shm_deleted, "none of the store's tables", True),
    "WAL of another database": (wal_of_another_database, "none of the store's tables|malformed", True),
    "missing table": (missing_table, "table\\(s\\) decisions are missing", True),
    "newer schema": (newer_schema, "written by a newer narrator", True),
    "non-JSON decision": (non_json_decision, r"decision 4 \(\w+\) is not JSON", False),
    "decision of the wrong shape": (decision_of_wrong_shape, r"decision 4 \(\w+\) is not valid", False),
    "unknown decision kind": (unknown_decision_kind, "decision 4 is of an unknown kind 'Bribe'", False),
    "illegal decision": (
        illegal_decision,
        rf"decision {STORED_DECISIONS - 1} \(\w+\) is illegal there: \S",
        False,
    ),
    "gap in the numbering": (gap_in_numbering, r"decision 3 is missing \(the next stored is 4\)", False),
    "damaged setup": (damaged_setup, "its setup is not valid: ", False),
    "damaged rules": (damaged_rules, r"its rules are not JSON", False),
    "damaged settings": (damaged_settings, "its settings are not valid: seats: ", False),
}


def start_then_interrupt(command: list[str], env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Run the judge until it prints its join address (a new game is waiting for phones),
    then press Ctrl-C; its status, standard output and standard error."""
    judge = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        preexec_fn=interruptible,
    )
    assert judge.stdout is not None
    out = []
    for line in judge.stdout:
        out.append(line)
        if "http://" in line:
            judge.send_signal(signal.SIGINT)
            break
    rest, err = judge.communicate(timeout=120)
    return judge.returncode, "".join(out) + rest, err


def play_resume(folder: Path) -> list[str]:
    return [*NARRATOR, "play", "--resume", "--store", str(folder), "--silent", "--no-listen", "--port", "0"]


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_play_resume_names_the_damage_and_starts_a_new_game(tmp_path: Path, kind: str) -> None:
    damage, problem, whole_file = DAMAGE[kind]
    path, game_id = game_in_progress(tmp_path)
    damage(path)

    status, out, err = start_then_interrupt(play_resume(tmp_path))

    assert "Traceback" not in err, err
    said = [line for line in err.splitlines() if "damaged" in line]
    assert len(said) == 1, err
    assert re.search(problem, said[0]), said[0]
    assert (str(path) if whole_file else game_id) in said[0]
    new_game = re.search(r"^game (\S+) \(store", out, re.M)
    assert new_game is not None and new_game.group(1) != game_id, out
    assert status == 130 and "marked abandoned" in err

    listed = subprocess.run(
        [*NARRATOR, "games", "--store", str(tmp_path)], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert new_game.group(1) in listed
    if whole_file:
        (aside,) = tmp_path.glob("games.damaged-*.sqlite3")
        assert f"damaged store kept aside: {aside}: " in listed
        assert re.search(problem, listed)
        assert not aside.with_name(aside.name + "-wal").exists() or kind == "empty main file with a WAL"
    else:
        (line,) = [line for line in listed.splitlines() if line.startswith(game_id)]
        assert " damaged (" in line and re.search(problem, line)
        store = Store(tmp_path)
        assert store.latest_unfinished() is None  # the damaged game is never picked up again
        store.close()


def test_the_wal_of_an_empty_main_file_is_kept_aside_with_its_games(tmp_path: Path) -> None:
    path, game_id = game_in_progress(tmp_path)
    empty_main_with_wal(path)
    start_then_interrupt(play_resume(tmp_path))
    (aside,) = tmp_path.glob("games.damaged-*.sqlite3")
    wal = aside.with_name(aside.name + "-wal")
    assert aside.stat().st_size == 0 and wal.stat().st_size > 0  # nothing deleted: the WAL is all there is


def test_resume_with_a_damaged_game_starts_a_new_one(tmp_path: Path) -> None:
    path, game_id = game_in_progress(tmp_path)
    gap_in_numbering(path)
    command = [
        *NARRATOR,
        "resume",
        game_id,
        "--store",
        str(tmp_path),
        "--silent",
        "--no-listen",
        "--port",
        "0",
    ]
    status, out, err = start_then_interrupt(command)
    assert "Traceback" not in err
    assert f"game {game_id} is damaged: decision 3 is missing" in err
    assert re.search(r"^game \S+ \(store", out, re.M) and status == 130


def test_the_boxs_systemd_command_starts_a_new_game_on_a_damaged_store(tmp_path: Path) -> None:
    """The unit's ExecStart, as install-pi.sh writes it, with the store in the test's folder."""
    shown = subprocess.run(
        ["bash", "scripts/install-pi.sh", "--dry-run", "--port", "0"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    (exec_start,) = re.findall(r"^ExecStart=(.*)$", shown, re.M)
    settings = shown.split("# would write /etc/werewolf-judge.toml:\n", 1)[1].split("# would write", 1)[0]
    config = tmp_path / "judge.toml"
    config.write_text(settings + "listen = false\n", encoding="utf-8")
    data = tmp_path / "data"
    data.mkdir()
    path, _ = game_in_progress(data)
    bad_header(path)
    command = exec_start.replace("/etc/werewolf-judge.toml", str(config)).split()
    env = {**os.environ, "WEREWOLF_NARRATOR_DATA": str(data)}
    status, out, err = start_then_interrupt([*command, "--silent"], env=env)
    assert "Traceback" not in err
    assert "file is not a database" in err and status == 130
    assert list(data.glob("games.damaged-*.sqlite3"))


def test_store_files_are_the_owners_only(tmp_path: Path) -> None:
    path, game_id = game_in_progress(tmp_path)
    store = Store(path)
    store.load(game_id)
    files = [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
    assert all(name.exists() for name in files)
    assert {oct(name.stat().st_mode & 0o777) for name in files} == {oct(0o600)}
    store.close()


def test_an_old_world_readable_store_is_closed_to_others_when_opened(tmp_path: Path) -> None:
    path, _ = game_in_progress(tmp_path)
    path.chmod(0o644)
    Store(path).close()
    assert path.stat().st_mode & 0o777 == 0o600


def test_a_finished_games_record_is_the_owners_only(tmp_path: Path) -> None:
    done = subprocess.run(
        [*NARRATOR, "demo", "--fast", "--silent", "--store", str(tmp_path), "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=300,
    )
    assert json.loads(done.stdout.splitlines()[-1])["winner"]
    (record,) = (tmp_path / "records").glob("*.toml")
    assert record.stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "records").stat().st_mode & 0o777 == 0o700


def test_games_and_export_name_the_damage_and_move_nothing(tmp_path: Path) -> None:
    path, game_id = game_in_progress(tmp_path)
    illegal_decision(path)
    exported = subprocess.run(
        [*NARRATOR, "export", game_id, "--store", str(tmp_path)], capture_output=True, text=True, cwd=ROOT
    )
    assert exported.returncode == 1 and "Traceback" not in exported.stderr
    assert re.search(
        rf"game {game_id} is damaged: decision {STORED_DECISIONS - 1} \(\w+\) is illegal", exported.stderr
    )
    bad_header(path)
    listed = subprocess.run(
        [*NARRATOR, "games", "--store", str(tmp_path)], capture_output=True, text=True, cwd=ROOT
    )
    assert listed.returncode == 1 and "Traceback" not in listed.stderr
    assert f"the store {path} is damaged: file is not a database" in listed.stderr
    assert path.exists() and not list(tmp_path.glob("games.damaged-*"))  # listing moves nothing


def test_resume_on_a_damaged_store_says_so_in_one_line(tmp_path: Path) -> None:
    path, game_id = game_in_progress(tmp_path)
    bad_header(path)
    done = subprocess.run(
        [*NARRATOR, "resume", "--store", str(tmp_path), "--silent", "--no-listen"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()  # the damage, where it was kept, and that nothing resumes
    assert str(path) in line and "kept aside as" in line and "no game to resume" in line, line
    (aside,) = tmp_path.glob("games.damaged-*.sqlite3")
    assert str(aside) in line and not path.exists()  # no new store started by a resume


@pytest.mark.parametrize("given", ["the folder", "its store"])
def test_games_on_a_store_that_is_a_folder_says_so(tmp_path: Path, given: str) -> None:
    folder = tmp_path / "games.sqlite3"
    folder.mkdir()
    store = tmp_path if given == "the folder" else folder
    done = subprocess.run(
        [*NARRATOR, "games", "--store", str(store)], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert f"{folder} is a folder, not a store file" in line, line
    assert list(folder.iterdir()) == []  # no store made inside it
