"""A crash in the middle of a vote loses no ballot: each ballot is written as it comes (its
phone's ack follows the write), so the box killed with SIGKILL mid-vote and resumed still has
every ballot cast, and the vote it closes counts them."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
from pathlib import Path

from websockets.asyncio.client import connect

from engine.decisions import Votes
from narrator.phones import PhoneTable
from narrator.recorded import RecordedGame
from narrator.store import Store

ROOT = Path(__file__).resolve().parents[2]


async def cast(port: int, ballots: dict[int, int]) -> None:
    """Each seat of `ballots` joins and votes for its target; returns once every ballot is
    acknowledged."""
    for seat, target in ballots.items():
        async with connect(f"ws://127.0.0.1:{port}/ws") as phone:
            await phone.recv()  # the welcome
            await phone.send(json.dumps({"type": "join", "seat": seat, "name": f"P{seat}", "n": 1}))
            await phone.send(json.dumps({"type": "act", "step": "vote", "targets": [target], "n": 2}))
            while True:
                message = json.loads(await phone.recv())
                if message.get("n") == 2:
                    assert message["type"] == "ack", message
                    break


def test_a_box_killed_mid_vote_resumes_with_every_ballot_cast(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    box = subprocess.Popen(
        [sys.executable, "-m", "tests.narrator.vote_box", str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert box.stdout is not None
        port, game_id = box.stdout.readline().split()
        store = Store(path)
        stored = store.load(game_id)
        store.close()
        game = stored.rebuild(RecordedGame(stored.setup, stored.rules))
        pending = game.pending
        assert pending is not None and pending.step == "vote"
        voters = list(pending.seats)[:3]  # three of the living vote; the others have not yet
        ballots = {seat: next(t for t in pending.targets if t != seat) for seat in voters}
        asyncio.run(cast(int(port), ballots))
    finally:
        box.send_signal(signal.SIGKILL)
        box.wait(10)
        if box.stdout is not None:
            box.stdout.close()
    store = Store(path)
    try:
        stored = store.load(game_id)
        game = stored.rebuild(RecordedGame(stored.setup, stored.rules))
        assert isinstance(game, RecordedGame)
        game.record_to(store, game_id)
        assert {seat: given.seats for seat, given in game.stored_parts().items()} == {
            seat: (target,) for seat, target in ballots.items()
        }

        async def close_the_vote() -> Votes:
            table = PhoneTable(game, auto_narrate=False)
            table.narrate("vote")
            shown = {seat: table.decisions.answered(seat) for seat in pending.seats}
            assert shown == {seat: seat in ballots for seat in pending.seats}  # the restored ballots shown
            applied = await table.close_step()
            assert applied is not None and isinstance(applied.decision, Votes)
            return applied.decision

        votes = asyncio.run(close_the_vote())
        assert {seat: votes.votes[seat] for seat in ballots} == ballots  # counted after the crash
        assert store.load(game_id).decisions[-1] == votes  # and written
    finally:
        store.close()
