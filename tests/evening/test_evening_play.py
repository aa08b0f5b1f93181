"""An evening at one table: several games in a row by the same phones, their scores, a crash.

Real parts throughout: `narrator demo --games N` in a process of its own, its bot phones on
real WebSockets to the judge's server, the store a real SQLite file; the scores are checked
against the game records written at each end (replayed through the engine), not against the
store the scores were read from.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from engine.record import parse_record, replay
from engine.views import public_view
from narrator.evening.scores import results, tally
from narrator.store import Store

NARRATOR = [sys.executable, "-X", "faulthandler", "-m", "narrator"]
_STAMP = re.compile(r"^\[\d\d:\d\d:\d\d\] ")


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "WEREWOLF_NARRATOR_CACHE": str(tmp_path / "cache")}


def _scores_from_records(store_dir: Path, game_ids: list[str]) -> list[dict[str, object]]:
    """The evening's scores computed from the game records alone (each replayed)."""
    store = Store(store_dir)
    played = []
    for game_id in game_ids:
        record = parse_record((store_dir / "records" / f"{game_id}.toml").read_text())
        game = replay(record).game
        assert game.over, game_id
        names = {seat: name for seat, (name, _token) in store.seats(game_id).items()}
        played.append(results(public_view(game), names))
    return [score.as_json() for score in tally(played)]


def test_an_evening_of_three_demo_games_at_one_table(tmp_path: Path) -> None:
    store_dir = tmp_path / "demo"
    done = subprocess.run(
        [*NARRATOR, "demo", "--fast", "--silent", "--games", "3", "--seed", "5", "--store", str(store_dir)],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
        env=_env(tmp_path),
    )
    out = done.stdout.splitlines()
    scores = json.loads(out[-1])  # the last line: the evening's scores as one JSON object
    assert scores["games"] == 3 and scores["unreadable"] == []
    assert sum("one more game: game" in line for line in out) == 2  # one table, two more games dealt

    store = Store(store_dir)
    (evening,) = store.evenings()
    assert evening["id"] == scores["evening"] and evening["status"] == "closed"
    games = evening["games"]
    assert len(games) == 3
    # The same phones all evening: every game has the same seats, names and tokens (no rejoin).
    seats = [store.seats(game_id) for game_id in games]
    assert seats[0] == seats[1] == seats[2] and len(seats[0]) == 9
    # A new deal each game.
    setups = [store.load(game_id).setup.roles for game_id in games]
    assert len({tuple(roles) for roles in setups}) > 1
    assert all(store.load(game_id).status == "over" for game_id in games)
    # The scores are those of the records.
    assert scores["players"] == _scores_from_records(store_dir, games)
    assert sum(p["games"] for p in scores["players"]) == 27

    # `narrator games --evening` prints the same scores from the store.
    listed = subprocess.run(
        [*NARRATOR, "games", "--evening", "--json", "--store", str(store_dir)],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
        env=_env(tmp_path),
    )
    assert json.loads(listed.stdout)["players"] == scores["players"]


def test_an_evening_killed_in_its_second_game_goes_on_after_a_resume(tmp_path: Path) -> None:
    """kill -9 in the middle of the evening's second game; `narrator resume` plays that game
    on from where it was, then the evening's third game; the first game's scores intact."""
    store_dir, env = tmp_path / "demo", _env(tmp_path)
    command = [
        *NARRATOR,
        "demo",
        "--fast",
        "--silent",
        "--games",
        "3",
        "--seed",
        "8",
        "--store",
        str(store_dir),
    ]
    with subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as run:
        assert run.stdout is not None
        second, said = False, 0
        for line in run.stdout:
            second = second or "one more game: game" in line
            said += second and bool(_STAMP.match(line))
            if said >= 25:  # 25 lines into the second game
                run.send_signal(signal.SIGKILL)
                break
        run.wait(timeout=300)
    assert said >= 25, "the second game ended before it could be killed"

    store = Store(store_dir)
    (evening,) = store.evenings()
    first, killed = evening["games"]
    assert evening["status"] == "open"
    assert store.load(first).status == "over" and store.load(killed).status == "playing"
    decisions = len(store.load(killed).decisions)
    assert decisions > 0
    first_scores = _scores_from_records(store_dir, [first])
    store.close()

    resumed = subprocess.run(
        [*NARRATOR, "resume", "--bots", "--fast", "--silent", "--store", str(store_dir)],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert f"resuming game {killed}" in resumed.stdout
    assert f"after {decisions} decisions" in resumed.stdout
    scores = json.loads(resumed.stdout.splitlines()[-1])
    store = Store(store_dir)
    (evening,) = store.evenings()
    assert evening["status"] == "closed" and evening["games"][:2] == [first, killed]
    assert len(evening["games"]) == 3 and scores["games"] == 3
    assert all(store.load(game_id).status == "over" for game_id in evening["games"])
    assert scores["players"] == _scores_from_records(store_dir, evening["games"])
    assert first_scores == _scores_from_records(store_dir, [first])  # the first game untouched
