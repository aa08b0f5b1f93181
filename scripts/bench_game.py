"""Benchmark a whole demo game: the judge's peak memory and CPU, and the time to its first line.

Runs `narrator demo --fast` (bot phones over the real server on loopback, the whole script
rendered by espeak-ng into the line cache, no speech model loaded) in a child process and
measures it. Prints its figures; the last line is one JSON object.
Usage: python scripts/bench_game.py [--seats N] [--seed S] [--cold]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seats", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cold", action="store_true", help="start with an empty line cache")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        if args.cold:
            env["WEREWOLF_NARRATOR_CACHE"] = str(Path(folder) / "cache")
        command = [
            sys.executable,
            "-m",
            "narrator",
            "demo",
            "--fast",
            "--silent",
            "--json",
            "--seats",
            str(args.seats),
            "--seed",
            str(args.seed),
            "--store",
            folder,
        ]
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
        assert child.stdout is not None
        first_line = None
        lines = 0
        last = ""
        for line in child.stdout:
            if line.startswith("[") and first_line is None:
                first_line = time.perf_counter() - start
            lines += line.startswith("[")
            last = line
        child.wait()
        wall = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    outcome = json.loads(last)
    figures = {
        "rss_mb_peak": round(usage.ru_maxrss / 1024, 1),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
        "first_line_s": round(first_line or -1.0, 3),
        "game_wall_s": round(wall, 2),
        "lines_spoken": lines,
        "seats": args.seats,
        "winner": outcome["winner"],
    }
    print(f"a {args.seats}-seat demo game ({outcome['winner']} won, {lines} lines) in {wall:.1f} s")
    print(
        f"peak RSS {figures['rss_mb_peak']} MB, CPU {figures['cpu_s']} s, "
        f"first line after {figures['first_line_s']} s"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
