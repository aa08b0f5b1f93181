"""A newcomer's frictions, each tried as a newcomer meets it: through the real command line."""

from __future__ import annotations

import os
import pty
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.store import Store
from tests.narrator.test_damaged_store import STORED_DECISIONS, game_in_progress, start_then_interrupt

NARRATOR = [sys.executable, "-m", "narrator"]
ROOT = Path(__file__).resolve().parents[2]
TABLE = ["--silent", "--no-listen", "--port", "0"]


def narrator(
    *args: str, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*NARRATOR, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout, check=False
    )


# Installing


def test_judge_sh_with_everything_installed_runs_the_judge_at_once_and_prints_nothing_else() -> None:
    judged = subprocess.run(
        ["scripts/judge.sh", "--help"], capture_output=True, text=True, cwd=ROOT, check=True, timeout=300
    )
    direct = subprocess.run(
        [str(ROOT / ".venv/bin/narrator"), "--help"], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert judged.stdout == direct.stdout
    assert judged.stderr == ""  # no pip, no setuptools warnings


def test_a_requirement_missing_from_the_venv_is_installed(tmp_path: Path) -> None:
    """install.sh asks scripts/venv_ready.py; a new or too-old requirement is named."""
    wanted = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    newer = tmp_path / "pyproject.toml"
    newer.write_text(wanted.replace('"pydantic>=2.6",', '"pydantic>=99", "no-such-package-here>=1",'))
    check = [str(ROOT / ".venv/bin/python"), "scripts/venv_ready.py"]
    ready = subprocess.run(check, capture_output=True, text=True, cwd=ROOT, check=False)
    assert ready.returncode == 0, ready.stderr
    unmet = subprocess.run(
        [*check, "--project", str(newer)], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert unmet.returncode == 1
    assert "not installed: pydantic>=99" in unmet.stderr and "no-such-package-here>=1" in unmet.stderr


# Joining, stopping, resuming


def test_q_while_the_phones_join_ends_the_game(tmp_path: Path) -> None:
    """`q` typed at the box's terminal before every seat has joined: the game ends, cleanly."""
    main, terminal = pty.openpty()
    judge = subprocess.Popen(
        [*NARRATOR, "play", "--store", str(tmp_path), *TABLE],
        stdin=terminal,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    os.close(terminal)
    assert judge.stdout is not None
    for line in judge.stdout:
        if "http://" in line:
            os.write(main, b"q\n")
            break
    out, err = judge.communicate(timeout=120)
    os.close(main)
    assert judge.returncode == 0, err
    assert "Traceback" not in err
    assert "the game was ended before anyone won" in out
    store = Store(tmp_path)
    (game,) = store.games()
    assert game["status"] == "ended"
    store.close()


def test_ctrl_c_marks_the_game_abandoned_and_a_plain_resume_leaves_it(tmp_path: Path) -> None:
    status, out, err = start_then_interrupt([*NARRATOR, "play", "--store", str(tmp_path), *TABLE])
    (game_id,) = re.findall(r"^game (\S+) \(store", out, re.M)
    assert status == 130 and "Traceback" not in err
    assert (
        f"game {game_id} stopped with Ctrl-C and marked abandoned; `narrator resume {game_id}` continues it"
        in err
    )
    store = Store(tmp_path)
    assert store.games()[0]["status"] == "abandoned" and store.latest_unfinished() is None
    store.close()
    plain = narrator("resume", "--store", str(tmp_path), *TABLE)
    assert plain.returncode == 1 and "no unfinished game" in plain.stderr
    listed = narrator("games", "--store", str(tmp_path)).stdout
    assert f"{game_id}" in listed and "abandoned (stopped with Ctrl-C)" in listed


def test_resume_says_which_game_it_resumes_and_where(tmp_path: Path) -> None:
    _, game_id = game_in_progress(tmp_path)
    status, out, err = start_then_interrupt([*NARRATOR, "resume", "--store", str(tmp_path), *TABLE])
    said = re.search(
        rf"^resuming game {game_id} \(playing, begun [\d-]+ [\d:]+, 9 seats\) at (.+) after (\d+) decisions",
        out,
        re.M,
    )
    assert said is not None, out
    assert int(said.group(2)) == STORED_DECISIONS and said.group(1).split()[0] in ("night", "day")
    port = re.search(r"http://[^\s:/]+:(\d+)", out)
    assert port is not None and port.group(1) != "8000"  # --port 0: a free port, not the game's own


def test_an_abandoned_game_is_resumed_only_by_name(tmp_path: Path) -> None:
    _, game_id = game_in_progress(tmp_path)
    status, out, err = start_then_interrupt([*NARRATOR, "play", "--store", str(tmp_path), *TABLE])
    assert (
        f"narrator play: game {game_id} ({STORED_DECISIONS} decisions) was unfinished; marked abandoned"
        in err
    )
    status, out, err = start_then_interrupt([*NARRATOR, "resume", game_id, "--store", str(tmp_path), *TABLE])
    assert re.search(rf"^resuming game {game_id} \(abandoned, begun ", out, re.M), out


def test_resume_takes_port_and_no_listen() -> None:
    usage = narrator("resume", "--help").stdout
    assert "--port PORT" in usage and "--no-listen" in usage


def test_demo_games_are_kept_apart_from_the_tables_games(tmp_path: Path) -> None:
    env = {**os.environ, "WEREWOLF_NARRATOR_DATA": str(tmp_path)}
    done = narrator("demo", "--fast", "--silent", env=env)
    assert done.returncode == 0, done.stderr
    (game_id,) = re.findall(r"^game (\S+) \(store", done.stdout, re.M)
    real = narrator("games", env=env).stdout
    assert game_id not in real and "no games in" in real and "narrator games --demo" in real
    demos = narrator("games", "--demo", env=env).stdout
    assert game_id in demos
    assert (tmp_path / "demo" / "records" / f"{game_id}.toml").exists()


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None,
    reason="hiding espeak-ng from one process needs a private mount namespace (root and unshare)",
)
def test_without_espeak_ng_the_demo_says_what_is_missing_and_prints_every_line(tmp_path: Path) -> None:
    """The library hidden behind /dev/null in a mount namespace of the demo's own: as on a
    box where only `pip install` was run."""
    hide = "; ".join(
        f"mount --bind /dev/null {library}"
        for library in (
            Path("/usr/lib") / d / n for d in os.listdir("/usr/lib") for n in ("libespeak-ng.so.1",)
        )
        if library.exists()
    )
    assert hide, "espeak-ng is installed on the test machine (scripts/install.sh)"
    command = f'{hide} && exec "$@"'
    done = subprocess.run(
        ["unshare", "-m", "bash", "-c", command, "_", *NARRATOR, "demo", "--fast", "--store", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    (said,) = [line for line in done.stderr.splitlines() if "espeak-ng" in line]
    assert "not installed" in said and "apt-get install espeak-ng" in said
    assert re.search(r"^\[\d\d:\d\d:\d\d\] .*请闭眼", done.stdout, re.M)
    assert re.search(r"^winner: \w+", done.stdout, re.M)


# Saying what is meant


def test_a_seat_count_with_no_suggested_cards_names_setup_and_the_cards() -> None:
    done = narrator("play", "--seats", "3", *TABLE)
    assert done.returncode == 2
    assert "seed 004" not in done.stderr
    assert (
        "--setup werewolf,werewolf,seer" in done.stderr
        and "the cards: werewolf, villager, seer" in done.stderr
    )


def test_unknown_options_show_the_commands_own_usage() -> None:
    done = narrator("play", "--bogus")
    assert done.returncode == 2
    assert (
        done.stderr.startswith("usage: narrator play ") and "unrecognized arguments: --bogus" in done.stderr
    )


def test_a_record_without_roles_names_the_missing_key(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    record.write_text("[setup]\nseats = 9\n", encoding="utf-8")
    done = narrator("replay", str(record))
    assert done.returncode == 2 and "Field required" not in done.stderr
    assert "[setup]: missing 'roles' (the card of each seat" in done.stderr


def test_a_setup_key_at_the_top_of_a_record_says_where_it_belongs(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    record.write_text('seats = 9\n[setup]\nroles = ["werewolf"]\n', encoding="utf-8")
    done = narrator("replay", str(record))
    assert done.returncode == 2 and "unknown table" not in done.stderr
    assert "unknown key(s) at the top of the record: seats" in done.stderr
    assert "'seats' belongs in [setup]" in done.stderr


def test_replay_prints_no_python_none(tmp_path: Path) -> None:
    scenario = Path("/work/shared/scenarios/01-villagers-win.toml")
    record = tmp_path / "game.toml"
    record.write_text(
        scenario.read_text(encoding="utf-8")
        if scenario.exists()
        else '[setup]\nseats = 9\nroles = ["werewolf", "werewolf", "seer", "witch", "guard", "hunter", '
        '"villager", "villager", "villager"]\n',
        encoding="utf-8",
    )
    done = narrator("replay", str(record))
    assert done.returncode == 0, done.stderr
    assert "None" not in done.stdout and "sheriff" in done.stdout


def test_every_command_of_help_is_in_the_readme() -> None:
    helped = narrator("--help").stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    names = re.findall(r"^    (\S+)", helped, re.M)
    assert "phones" in names
    for name in names:
        assert f"`narrator {name}" in readme, name
