"""How the suite runs side by side: the order the workers take the tests in, and the quick tier.

Rule 1: `scripts/test.sh` runs the suite in pytest-xdist workers (`--dist loadgroup`, see
        pyproject.toml); a test that builds a module-scoped fixture (a set of whole games played
        once and looked at by several tests) keeps its whole file on one worker, every other
        test goes to whichever worker is free. Each test owns its ports (from the OS), its
        folders (tmp_path), its Chromium and its sound server, so order never matters:
        `scripts/test.sh -p randomly` runs the suite shuffled.
Rule 2: the longest files are handed out first (`LONGEST`, seconds each took on the 2-core box),
        so that no worker starts a three-minute test when the others are nearly done; the rest
        keep their order. A file missing from the table only starts later: nothing is left out.
Rule 3: the run owns its files: the judge's line cache, data folder and store point at one
        folder of the run's (made by the first process, shared by its workers, removed at the
        end), never the user's ~/.cache or ~/.local/share; a test that needs its own sets its own.
Rule 4: `-m quick` is the working loop's tier: every test but those in `SLOW` (Chromium pages,
        real sound and real seconds, the neural voice, the sweeps over every board or kill
        point); every engine, store and message test and whole demo games stay in it.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

OWN_FOLDERS = ("XDG_CACHE_HOME", "XDG_DATA_HOME")
"""Where the judge keeps lines, models, the neural voice and games, unless told: the run's own (Rule 3)."""
RUN_FOLDER = "WEREWOLF_TESTS_RUN_FOLDER"

LONGEST: dict[str, float] = {
    "tests/voice/test_neural.py": 400,  # the whole catalogue in the neural voice: 543 lines
    "tests/phones/test_sealed_browser.py": 374,
    "tests/phones/test_more_boards_browser.py": 670,  # three whole games on new boards, Chromium
    "tests/satellite/test_esphome_demo.py": 260,
    "tests/phones/test_page_browser.py": 288,
    "tests/phones/test_fits_browser.py": 200,
    "tests/moderator/test_night_clock.py": 274,
    "tests/narrator/test_boards_cli.py": 258,
    "tests/evening/test_screen_shape.py": 197,
    "tests/phones/test_secrecy.py": 181,
    "tests/satellite/test_play_satellite.py": 164,
    "tests/moderator/test_sound.py": 120,
    "tests/moderator/test_night_sound.py": 100,
    "tests/evening/test_next_seats_browser.py": 119,
    "tests/satellite/test_kill_satellite.py": 114,
    "tests/satellite/test_demo_satellite.py": 112,
    "tests/evening/test_evening_browser.py": 95,
    "tests/evening/test_screen_day_browser.py": 89,
    "tests/narrator/test_damaged_store.py": 74,
    "tests/phones/test_browser.py": 71,
    "tests/narrator/test_cli_frictions.py": 66,
    "tests/evening/test_screen_browser.py": 61,
    "tests/listen/test_listener_live.py": 58,
    "tests/phones/test_wire.py": 46,
    "tests/phones/test_pk_browser.py": 45,
    "tests/engine/test_refusals.py": 37,
    "tests/evening/test_evening_play.py": 33,
    "tests/evening/test_play_after_crash.py": 29,
    "tests/voice/test_commands.py": 29,
    "tests/moderator/test_crash.py": 28,
    "tests/moderator/test_worker_kills.py": 28,
    "tests/phones/test_host_board.py": 27,
    "tests/listen/test_spotter.py": 26,
    "tests/phones/test_club_checks_browser.py": 26,
    "tests/phones/test_day_actions.py": 26,
    "tests/satellite/test_box_stands_in.py": 24,
    "tests/voice/test_playback.py": 21,
    "tests/narrator/test_store_outages.py": 104,
    "tests/narrator/test_store_faults.py": 19,
    "tests/engine/test_playthrough.py": 19,
    "tests/moderator/test_failures.py": 18,
    "tests/moderator/test_play.py": 17,
    "tests/phones/test_bad_input.py": 16,
    "tests/phones/test_day_actions_browser.py": 16,
}
"""Seconds each of the longest files took (their tests' time added up, in a run of four workers
beside other work on the 2-core box: what counts is their order)."""

SLOW = (
    "_browser.py",  # Chromium pages
    "tests/moderator/test_sound.py",  # a demo game through the sound device, real time
    "tests/moderator/test_night_clock.py",  # the real voice's lengths over whole games
    "tests/moderator/test_night_sound.py",  # twelve whole games, real and pretended steps compared
    "tests/moderator/test_worker_kills.py",  # voice workers killed and restarted
    "tests/moderator/test_crash.py",  # a game killed at many points
    "tests/voice/test_neural.py",  # the neural voice's model
    "tests/voice/test_playback.py",  # real sound
    "tests/listen/test_listener_live.py",  # a microphone in real time
    "tests/narrator/test_boards_cli.py",  # a demo on every board
    "tests/phones/test_secrecy.py",  # whole games on every deck
    "tests/evening/test_screen_shape.py",  # five narrated games
    "tests/narrator/test_cli_frictions.py",  # the command line in child processes
    "tests/narrator/test_store_outages.py",  # three demo games through a failing disk, real seconds
    "tests/evening/test_evening_play.py",  # whole evenings of demo games
    "tests/evening/test_play_after_crash.py",  # a judge killed and started again
    "tests/listen/test_spotter.py",  # the Korean model over many sentences
    "tests/voice/test_commands.py",  # the voice's commands, rendering in child processes
    "tests/satellite/test_demo_satellite.py",  # the real satellite plays in real time
    "tests/satellite/test_kill_satellite.py",
    "tests/satellite/test_play_satellite.py",
    "tests/satellite/test_box_stands_in.py",
    "tests/satellite/test_listen_satellite.py",
    "tests/satellite/test_esphome_demo.py",  # Linux Voice Assistant plays in real time
    "tests/satellite/test_loose_ends.py",
    "tests/satellite/test_esphome_box.py",
    "tests/satellite/test_esphome_devices.py",
)
"""Files (or name endings) left out of the quick tier (Rule 4)."""


MADE_RUN_FOLDER = pytest.StashKey[str]()
"""The run's folder, stashed only on the process that made it (and so removes it)."""


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput") or os.environ.get(RUN_FOLDER):
        return  # a worker, or a pytest a test started: it inherited the run's folders
    run = tempfile.mkdtemp(prefix="werewolf-tests-")
    config.stash[MADE_RUN_FOLDER] = run
    os.environ[RUN_FOLDER] = run
    for name in OWN_FOLDERS:
        os.environ[name] = os.path.join(run, name.lower())


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's folder, only in the process that made it: a pytest started by a test
    (tests/test_suite_groups.py) inherits the folder and once removed it under the other tests."""
    run = config.stash.get(MADE_RUN_FOLDER, None)
    if run is not None:
        os.environ.pop(RUN_FOLDER, None)
        shutil.rmtree(run, ignore_errors=True)


def _file(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


def _shares_a_module_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        definition.scope in ("module", "class", "package")
        for definitions in info.name2fixturedefs.values()
        for definition in definitions
    )


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups (Rule 1)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _shares_a_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(_file(item)))
        slow = any(_file(item).endswith(name) for name in SLOW)
        item.add_marker(pytest.mark.slow if slow else pytest.mark.quick)
    if config.pluginmanager.hasplugin("randomly") and config.getoption("randomly_reorganize", False):
        return  # a shuffled run keeps its shuffle
    place = {id(item): index for index, item in enumerate(items)}
    items.sort(key=lambda item: (-LONGEST.get(_file(item), 0.0), place[id(item)]))
