"""Game records: bad files exit 2 naming the line or key; the CLI's outputs and statuses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.record import RecordError, parse_record
from tests.engine.harness import table


def run_replay(tmp_path: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "narrator", "replay", str(path), *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[setup]\nseats = 9\nroles = [\n", "not a TOML file"),
        ("[rules]\nsheriff = false\n", "missing [setup]"),
        (table() + "[[night]]\ngaurd = 5\n", "night 1: unknown key(s) gaurd"),
        (table() + "[[day]]\nvote = { a = 3 }\n", "day 1: 'vote'"),
        (table() + "[[night]]\nwitch = { heal = 'yes' }\n", "'witch.heal'"),
        (table() + "[[night]]\ncupid = [1]\n", "'cupid' must name 2 seats"),
        (table() + '[[night]]\nguard = "five"\n', "'guard' must be a seat number"),
        (table(rules='vote_tie = "dice"'), "'vote_tie' cannot be 'dice'"),
        (table(rules="no_such = 1"), "unknown rule setting 'no_such'"),
        ('[setup]\nseats = 8\nroles = ["werewolf", "villager"]\n', "more seats than cards"),
        ('[setup]\nseats = 2\nroles = ["wolf", "villager"]\n', "unknown role 'wolf'"),
        ("[setup]\nseats = 9\n[extra]\nx = 1\n", "unknown table"),
    ],
)
def test_a_file_that_is_not_a_valid_record_is_refused_naming_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    assert message in str(caught.value)


def test_an_invalid_record_exits_2_with_its_message(tmp_path: Path) -> None:
    done = run_replay(tmp_path, table() + "[[night]]\ngaurd = 5\n", "--json")
    assert done.returncode == 2 and "gaurd" in done.stderr and done.stdout == ""
    done = run_replay(tmp_path, "[setup]\nseats = \n", "--json")
    assert done.returncode == 2 and "line 2" in done.stderr


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "narrator", "replay", str(tmp_path / "none.toml"), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_an_illegal_decision_exits_3_and_shows_the_state_just_before(tmp_path: Path) -> None:
    text = table(rules="sheriff = false") + (
        "[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n[[day]]\nvote = { 7 = 1 }\n"
    )
    done = run_replay(tmp_path, text, "--json")
    assert done.returncode == 3
    out = json.loads(done.stdout)
    assert out["error"]["phase"] == "day 1" and out["error"]["decision"] == "vote"
    assert "dead" in out["error"]["message"]
    assert out["deaths"] == [{"seat": 7, "phase": "night 1", "cause": "werewolves"}]
    assert out["winner"] is None and "pending" not in out


def test_a_record_that_runs_out_names_the_decision_awaited(tmp_path: Path) -> None:
    done = run_replay(tmp_path, table() + "[[night]]\nguard = 5\nseer = 1\n", "--json")
    assert done.returncode == 0
    assert json.loads(done.stdout)["pending"] == "night 1: werewolves"


def test_without_json_the_outcome_reads_as_plain_lines(tmp_path: Path) -> None:
    text = table(rules="sheriff = false") + ("[[night]]\nguard = 5\nseer = 1\nwerewolves = 7\nwitch = {}\n")
    done = run_replay(tmp_path, text)
    assert done.returncode == 0
    assert "seat 7 died in night 1 (werewolves)" in done.stdout
    assert "day 1: vote" in done.stdout


def test_keys_of_steps_that_do_not_happen_are_ignored() -> None:
    # No thief and no cupid in play: their keys are never read.
    text = table(rules="sheriff = false") + (
        "[[night]]\nthief = 1\ncupid = [1, 2]\nguard = 5\nseer = 1\nwerewolves = 0\nwitch = {}\n"
    )
    from tests.engine.harness import play

    out = play(text)
    assert out["error"] is None and out["lovers"] == [] and out["pending"] == "day 1: vote"


def test_the_election_blow_then_the_pks_blow_replay_in_that_order() -> None:
    """Wolf 2, knifed, self-destructs in the club election (吞毒: the day goes on); the vote
    ties; wolf 3 self-destructs in the PK. The record writes `self_destruct = [2, 3]` before
    `vote`: the replay takes the vote before the PK's blow (it took the blow at the vote)."""
    from engine.decisions import SelfDestruct
    from engine.record import replay, write_record
    from tests.engine.harness import game_of
    from tests.engine.test_club_day import club

    night = "[[night]]\nseer = 1\nwerewolves = 2\nwitch = {}\n"
    day = "[[day]]\nsheriff = { candidates = [5, 10] }\nself_destruct = 2\nvote = { 1 = 9, 4 = 9, 5 = 10, 6 = 10 }\n"
    game = game_of(club() + night + day)
    assert game.pending is not None and game.pending.step == "revote"
    game.apply(SelfDestruct(seat=3))
    written = write_record(game)
    assert "self_destruct = [2, 3]" in written
    replayed = replay(parse_record(written))
    assert replayed.error is None and replayed.game.history == game.history
