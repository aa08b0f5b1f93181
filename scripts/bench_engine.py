"""Benchmark the rules engine: random games replayed per second (9 and 12 seats, one core).

Games are first played to the end with random legal decisions (engine.bots), untimed; then
their logs are replayed through `Game.replay`, timed: the engine alone, bots apart. With
`--against REV` the same logs are replayed by the engine of another commit too (a temporary git
worktree), each in its own process, alternating, and the ratio of the two is printed.
Prints its figures; the last line is one JSON object.
Usage: python scripts/bench_engine.py [--seconds S] [--games N] [--against REV]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.bots import random_decision  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.setup import deal, suggested_roles  # noqa: E402

# Run in a child process with the engine to measure first on its path: replays the logs.
REPLAY = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import engine.decisions as decisions
from engine.game import Game
from engine.rules import Rules
from engine.setup import Setup
def subclasses(kind):
    for sub in kind.__subclasses__():
        yield sub
        yield from subclasses(sub)
kinds = {kind.__name__: kind for kind in subclasses(decisions.Decision)}
logs = json.load(open(sys.argv[2]))
mode = sys.argv[3]
out = {}
for seats, games in logs.items():
    ready = [
        (Setup.model_validate({k: v for k, v in g["setup"].items() if k in Setup.model_fields}),
         [kinds[k](**v) for k, v in g["log"]])
        for g in games
    ]
    if mode in ("load", "once"):
        if mode == "once":
            for setup, log in ready:
                Game.replay(setup, Rules(), log)
        out[seats] = {"decisions": sum(len(log) for _, log in ready)}
        continue
    seconds = float(mode)
    count = done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for setup, log in ready:
            Game.replay(setup, Rules(), log)
            count += 1
            done += len(log)
    elapsed = time.process_time() - start
    out[seats] = {"games_per_s": count / elapsed, "us_per_decision": elapsed / done * 1e6}
print(json.dumps(out))
"""


def random_logs(games: int) -> dict[str, list[dict[str, object]]]:
    """Logs of `games` random games for 9 and 12 seats (the seeds' suggested cards, no event cards)."""
    logs: dict[str, list[dict[str, object]]] = {}
    for seats in (9, 12):
        rng = random.Random(seats)
        deck = suggested_roles(seats)
        logs[str(seats)] = []
        for n in range(games):
            game = Game(deal(deck, seats, seed=n), Rules())
            while not game.over:
                game.apply(random_decision(game, rng))
            entry: dict[str, object] = {
                "setup": game.setup.model_dump(mode="json"),
                "log": [[type(d).__name__, d.model_dump(mode="json")] for d in game.log],
            }
            logs[str(seats)].append(entry)
    return logs


def replay_in(engine_root: Path, logs_file: Path, seconds: float) -> dict[str, dict[str, float]]:
    done = subprocess.run(
        [sys.executable, "-c", REPLAY, str(engine_root), str(logs_file), str(seconds)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, dict[str, float]] = json.loads(done.stdout)
    return result


def instructions(engine_root: Path, logs_file: Path) -> tuple[int, int]:
    """Machine instructions the engine at `engine_root` spends replaying every log once (valgrind's
    count, the same whatever else the machine does), and the decisions replayed."""
    counts = []
    for mode in ("load", "once"):
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                "-c",
                REPLAY,
                str(engine_root),
                str(logs_file),
                mode,
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        assert found is not None, done.stderr[-500:]
        counts.append(int(found.group(1)))
        decisions = sum(int(v["decisions"]) for v in json.loads(done.stdout).values())
    return counts[1] - counts[0], decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per table size and run")
    parser.add_argument("--games", type=int, default=60, help="random games per table size")
    parser.add_argument("--against", metavar="REV", help="also replay with the engine of commit REV")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per engine (--against)")
    parser.add_argument(
        "--instructions", action="store_true", help="with --against: count instructions (valgrind), not time"
    )
    args = parser.parse_args()
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        logs_file = Path(tmp) / "logs.json"
        logs_file.write_text(json.dumps(random_logs(args.games)))
        if not args.against:
            ours = replay_in(ROOT, logs_file, args.seconds)
            for seats, got in ours.items():
                per_s, us = got["games_per_s"], got["us_per_decision"]
                print(f"{seats} seats: {per_s:,.0f} games/s, {us:.1f} µs/decision")
                figures[f"games_per_s_{seats}"] = round(got["games_per_s"], 1)
            figures["us_per_decision"] = round(ours["9"]["us_per_decision"], 2)
            print(json.dumps(figures))
            return
        other = Path(tmp) / "other"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(other), args.against],
            check=True,
        )
        try:
            if args.instructions and shutil.which("valgrind"):
                ours_n, decisions = instructions(ROOT, logs_file)
                theirs_n, _ = instructions(other, logs_file)
                figures["instructions_per_decision"] = round(ours_n / decisions)
                figures["instructions_per_decision_against"] = round(theirs_n / decisions)
                figures["ratio_instructions"] = round(theirs_n / ours_n, 3)
                print(
                    f"{ours_n / decisions:,.0f} instructions per decision here, "
                    f"{theirs_n / decisions:,.0f} at {args.against}: ×{theirs_n / ours_n:.3f} as fast"
                )
                print(json.dumps(figures))
                return
            runs: dict[str, list[dict[str, dict[str, float]]]] = {"ours": [], "theirs": []}
            for _ in range(args.rounds):
                runs["ours"].append(replay_in(ROOT, logs_file, args.seconds))
                runs["theirs"].append(replay_in(other, logs_file, args.seconds))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=True)
    for seats in ("9", "12"):
        here = statistics.median(r[seats]["games_per_s"] for r in runs["ours"])
        there = statistics.median(r[seats]["games_per_s"] for r in runs["theirs"])
        print(f"{seats} seats: {here:,.0f} games/s here, {there:,.0f} at {args.against}: ×{here / there:.2f}")
        figures[f"games_per_s_{seats}"] = round(here, 1)
        figures[f"games_per_s_{seats}_against"] = round(there, 1)
        figures[f"ratio_{seats}"] = round(here / there, 3)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
