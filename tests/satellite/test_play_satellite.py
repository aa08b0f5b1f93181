"""A whole `narrator play` game narrated through the real wyoming-satellite on loopback, set in
the table's settings file (`satellite = "tcp://…"`): phones (bots) join over the network, the
real clock with quick timers; every line the judge said (the join address, the host's PIN, the
game, the review) is played by the satellite, once, in order, checked against the rendered
clips. Lines play in real time (the satellite is what is tested)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

from narrator.moderator.botphones import seat_bots
from tests.satellite.lines import at_night, rendered, same_line
from tests.satellite.test_demo_satellite import no_box_sound
from tests.support.satellite import RealSatellite, free_port

TABLE = """
seats = 5
setup = ["werewolf", "seer", "witch", "villager", "villager"]
seed = 3
locale = "zh-CN"
listen = false
satellite = "{uri}"
[timers]
decision = 3
vote = 3
reminder = 1
night_step = 0.1
meeting = 0.1
speech = 0.2
last_speech = 0.2
last_words = 0.1
warning = 0.1
peek = 0.2
final_screen = 1
"""


def test_a_whole_play_game_is_narrated_through_the_satellite_line_by_line(
    tmp_path: Path, satellite: RealSatellite
) -> None:
    config = tmp_path / "table.toml"
    config.write_text(TABLE.format(uri=satellite.uri))
    port, out = free_port(), tmp_path / "said"
    command = [sys.executable, "-m", "narrator", "play", "--config", str(config), "--port", str(port)]
    judge = subprocess.Popen(
        [*command, "--store", str(tmp_path / "store"), "--out", str(out), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=no_box_sound(),
    )
    try:

        async def phones() -> None:
            deadline = time.monotonic() + 30
            while True:
                try:
                    bots = await seat_bots(f"ws://127.0.0.1:{port}/ws", 5, seed=3)
                    break
                except OSError:
                    assert time.monotonic() < deadline, "the judge never opened its port"
                    await asyncio.sleep(0.2)
            try:
                await asyncio.to_thread(judge.wait, 400)
            finally:
                for bot in bots:
                    await bot.stop()

        asyncio.run(phones())
        stdout, stderr = judge.communicate(timeout=10)
    finally:
        judge.kill()
    assert judge.returncode == 0, stderr[-2000:]
    assert (
        '"winner"' in stdout and f"speaking through the satellite table-speaker ({satellite.uri})" in stdout
    )
    assert "dropped" not in stderr
    lines = rendered(out, satellite.rate)
    labels = [label for label, _ in lines]
    assert labels[0] == "say" and "night.falls" in labels and "review.end" in labels
    played = satellite.played()
    assert len(played) == len(lines)
    for (label, said), heard, night in zip(lines, played, at_night(labels), strict=True):
        assert same_line(said, heard, night), label
