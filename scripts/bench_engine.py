"""Benchmark the rules engine: complete random games per second (9 and 12 seats, one core).

Each game deals the seeds' suggested setup with a fresh seed and plays it to the end with
random legal decisions (engine.bots). Prints its figures; the last line is one JSON object.
Usage: python scripts/bench_engine.py [--seconds S]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import random_decision  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.setup import deal, suggested_roles  # noqa: E402


def run(seats: int, seconds: float) -> tuple[float, float, int]:
    """Games per second, microseconds per decision (bots included), games played."""
    rng = random.Random(seats)
    rules = Rules()
    deck = suggested_roles(seats)
    games = decisions = 0
    apply_time = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game(deal(deck, seats, seed=games), rules)
        while not game.over:
            decision = random_decision(game, rng)
            t = time.perf_counter()
            game.apply(decision)
            apply_time += time.perf_counter() - t
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, apply_time / decisions * 1e6, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per table size")
    args = parser.parse_args()
    figures: dict[str, float] = {}
    for seats in (9, 12):
        per_s, us, games = run(seats, args.seconds)
        print(f"{seats} seats: {per_s:,.0f} games/s ({games} games), {us:.1f} µs per decision")
        figures[f"games_per_s_{seats}"] = round(per_s, 1)
        figures[f"us_per_decision_{seats}"] = round(us, 2)
    figures["us_per_decision"] = figures["us_per_decision_9"]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
