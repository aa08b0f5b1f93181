"""A satellite's `--snd-command` for the tests: what it plays is written to a folder.

    python satellite_sound.py FOLDER

wyoming-satellite starts its sound command afresh for each stream (each line of the judge) and
closes its input at the stream's end. Each run writes FOLDER/<ns>.raw (16-bit mono PCM as the
satellite sends it) and FOLDER/<ns>.first (when its first bytes came, `time.time()` seconds),
`<ns>` the run's start in nanoseconds, so the files sort in the order they were played.
"""

import os
import sys
import time
from pathlib import Path

folder = Path(sys.argv[1])
stem = folder / f"{time.time_ns():020d}"
part = stem.with_suffix(".part")
first = None
with open(part, "wb") as out:
    while chunk := os.read(0, 65536):
        if first is None:
            first = time.time()
            stem.with_suffix(".first").write_text(repr(first))
        out.write(chunk)
        out.flush()
os.replace(part, stem.with_suffix(".raw"))
