"""The transcript's lines reach the terminal whole: the player's thread prints them while the
loop prints the evening's scores beside the review (a CI run found `[12:00:01] 下面开始复盘。`
inside the scores, where no reader, nor the tests that follow the transcript, saw a line)."""

from __future__ import annotations

import io
import threading
import time

from narrator.voice.record import Transcript, write_whole


class Writes(io.StringIO):
    """A terminal that keeps each write apart, and lets another thread in between two."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def write(self, text: str) -> int:
        self.calls.append(text)
        written = super().write(text)
        time.sleep(0)  # the other thread's turn, as a busy box gives it
        return written


def test_a_transcript_line_is_one_write_with_its_newline() -> None:
    terminal = Writes()
    Transcript(terminal).line("下面开始复盘。")
    assert len(terminal.calls) == 1 and terminal.calls[0].endswith("] 下面开始复盘。\n")


def test_a_block_of_lines_printed_beside_the_transcript_never_splits_a_line() -> None:
    terminal = Writes()
    transcript = Transcript(terminal)
    table = [f"Bot {seat}   1     1     0       1       0         狼人" for seat in range(1, 13)]

    def read_aloud() -> None:
        for _ in range(200):
            transcript.line("下面开始复盘。")

    reader = threading.Thread(target=read_aloud)
    reader.start()
    for _ in range(200):
        write_whole(table, terminal)
    reader.join()
    for line in terminal.getvalue().splitlines():
        assert line.startswith(("[", "Bot ")) and line.count("Bot ") + line.count("复盘") == 1, line
