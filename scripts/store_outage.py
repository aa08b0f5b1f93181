"""The store's disk failing under a whole game, as at a table (issue 34): `narrator demo` (bot
phones on loopback, the fast clock) on a disk that fills (a 2 MiB tmpfs), turns read-only or
hangs (the SD card's stand-in, `tests/support/slowdisk.py`) after 4 decisions and comes back
`--hold` real seconds later (20 by default), `--runs` times in each mode (2). Each run prints
its figures: `said_s`, the real seconds from the fault to the box's line about it; whether the
judge stayed up, said it once each way, stored nothing meanwhile and played the game to its
end by itself with every decision stored (`whole`). Needs root (the tmpfs) and /dev/fuse.
The last line printed is one JSON object of the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.outage import MODES, outage, unavailable  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hold", type=float, default=20.0, help="real seconds the disk stays failed")
    parser.add_argument("--runs", type=int, default=2, help="runs in each mode")
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    args = parser.parse_args()
    figures: dict[str, object] = {"hold_s": args.hold}
    whole = True
    for mode in args.modes:
        reason = unavailable(mode)
        if reason is not None:
            print(f"{mode}: skipped: {reason}", flush=True)
            figures[mode] = f"skipped: {reason}"
            whole = False
            continue
        runs = []
        for number in range(1, args.runs + 1):
            with tempfile.TemporaryDirectory() as folder:
                run = outage(mode, args.hold, Path(folder), seed=number)
            runs.append(run)
            print(
                f"{mode} run {number}: said after {run.said_after:.2f} s; up through the hold: {run.alive}; "
                f"stored {run.stopped_at} before, {run.moved} during, {run.decisions} at the end; "
                f"exit {run.exit}; traceback {run.traceback}; {len(run.lines)} lines; whole: {run.whole}",
                flush=True,
            )
            whole = whole and run.whole and run.moved == 0
        figures[mode] = {
            "runs": len(runs),
            "whole": sum(run.whole for run in runs),
            "said_s_max": round(max(run.said_after for run in runs), 2),
            "decisions": [run.decisions for run in runs],
        }
    figures["all_whole"] = whole
    print(json.dumps(figures))
    return 0 if whole else 1


if __name__ == "__main__":
    sys.exit(main())
