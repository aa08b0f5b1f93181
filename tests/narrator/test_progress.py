"""The one progress display (tqdm) of rendering and downloading, and the import cycle it cut."""

from __future__ import annotations

import io
import subprocess
import sys

from narrator.progress import ProgressBar


def test_a_byte_bar_reaches_a_full_line_with_scaled_sizes() -> None:
    stream = io.StringIO()
    bar = ProgressBar("zh-CN", stream, unit="B")
    for done in (0, 500_000, 1_000_000):
        bar(done, 1_000_000)
    last = stream.getvalue().split("\r")[-1]
    assert last.startswith("zh-CN: 100%"), last
    assert "1.00M/1.00M" in last and last.endswith("\n")


def test_a_line_bar_counts_lines_and_a_total_unknown_is_a_counter() -> None:
    stream = io.StringIO()
    bar = ProgressBar("voice zh-CN", stream)
    for done in range(413):
        bar(done, 412)
    assert stream.getvalue().split("\r")[-1].startswith("voice zh-CN: 100%")
    assert "412/412" in stream.getvalue()
    counter = io.StringIO()
    unknown = ProgressBar("ko", counter, unit="B")
    unknown(2_500_000, None)
    assert "2.50MB" in counter.getvalue() and "%" not in counter.getvalue()


def test_the_speaker_no_longer_borrows_the_command_line() -> None:
    """speaker.py imported the `voices` command's module (for its ProgressBar), which imports
    speaker: no module of the command line comes with it."""
    code = "import sys, narrator.voice.speaker; print(any(m.startswith('narrator.cli') for m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
