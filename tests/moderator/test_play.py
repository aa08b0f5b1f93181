"""`narrator play` as a table runs it: phones join over the network, the real clock, a winner."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

from narrator.moderator.botphones import seat_bots
from narrator.store import Store
from tests.support.ports import free_port

QUICK = """
seats = 9
seed = 8
locale = "zh-CN"
listen = false
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


def test_play_waits_for_every_seat_then_runs_a_game_to_its_end(tmp_path: Path) -> None:
    config = tmp_path / "table.toml"
    config.write_text(QUICK)
    port = free_port()
    judge = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "narrator",
            "play",
            "--config",
            str(config),
            "--port",
            str(port),
            "--store",
            str(tmp_path),
            "--silent",
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:

        async def phones() -> None:
            deadline = time.monotonic() + 30
            while True:
                try:
                    bots = await seat_bots(f"ws://127.0.0.1:{port}/ws", 9, seed=8)
                    break
                except OSError:
                    assert time.monotonic() < deadline, "the judge never opened its port"
                    await asyncio.sleep(0.2)
            try:
                await asyncio.to_thread(judge.wait, 240)
            finally:
                for bot in bots:
                    await bot.stop()

        asyncio.run(phones())
        out, err = judge.communicate(timeout=10)
    finally:
        judge.kill()
    assert judge.returncode == 0, err[-2000:]
    assert "Join / 加入" in out and "天黑请闭眼" in out and '"winner"' in out
    store = Store(tmp_path)
    assert store.games()[0]["status"] == "over"
    assert list((tmp_path / "records").glob("*.toml"))
    store.close()
