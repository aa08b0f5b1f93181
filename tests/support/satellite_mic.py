"""A satellite's `--mic-command` for the tests: a room's microphone that hears what a test says.

    python satellite_mic.py FOLDER

Writes 16 kHz 16-bit mono PCM to its output at the pace a microphone would (1024 samples every
64 ms, each block once its last sample's time has come): silence, and the samples of each WAV file (16 kHz 16-bit mono) that appears in FOLDER
(written whole under another name, then renamed to NAME.wav). A WAV is taken once: it is
renamed NAME.taken, and NAME.said gets when its last sample was written (`time.time()` s).
"""

import os
import sys
import time
import wave
from pathlib import Path

RATE, CHUNK = 16000, 1024
folder = Path(sys.argv[1])
pending = b""
said_at: Path | None = None
began = time.monotonic()
written = 0
while True:
    if not pending:
        for wav in sorted(folder.glob("*.wav")):
            with wave.open(str(wav), "rb") as file:
                pending = file.readframes(file.getnframes())
            wav.rename(wav.with_suffix(".taken"))
            said_at = wav.with_suffix(".said")
            break
    block, pending = (pending[: CHUNK * 2], pending[CHUNK * 2 :]) if pending else (bytes(CHUNK * 2), b"")
    block = block.ljust(CHUNK * 2, b"\0")
    due = began + (written + CHUNK) / RATE  # a block is ready once its last sample was heard
    time.sleep(max(0.0, due - time.monotonic()))
    try:
        os.write(1, block)
    except BrokenPipeError:
        sys.exit(0)
    written += CHUNK
    if said_at is not None and not pending:
        said_at.write_text(repr(time.time()))
        said_at = None
