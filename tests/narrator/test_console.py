"""The box's terminal gets every line whole (`narrator.console`): the player's thread prints the
transcript while the loop prints the evening's scores beside the review (a CI run found
`[12:00:01] 下面开始复盘。` inside the scores table, where no reader, nor the worker-kill test
following the transcript, saw a line begin)."""

from __future__ import annotations

import io
import sys
import threading
import time

import pytest

from narrator.cli import main
from narrator.console import WholeLines
from narrator.voice.record import Transcript


class Writes(io.StringIO):
    """A terminal that keeps each write apart and lets another thread in between two."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def write(self, text: str) -> int:
        self.calls.append(text)
        written = super().write(text)
        time.sleep(0)  # the other thread's turn, as a busy box gives it
        return written


def test_a_transcript_line_reaches_the_terminal_in_one_write_with_its_newline() -> None:
    terminal = Writes()
    Transcript(WholeLines(terminal)).line("下面开始复盘。")  # type: ignore[arg-type]
    assert len(terminal.calls) == 1 and terminal.calls[0].endswith("] 下面开始复盘。\n")


def test_lines_printed_from_two_threads_never_split_one_another() -> None:
    terminal = Writes()
    console = WholeLines(terminal)
    transcript = Transcript(console)  # type: ignore[arg-type]
    table = [f"Bot {seat}   1     1     0       1       0         狼人" for seat in range(1, 13)]

    def read_aloud() -> None:
        for _ in range(200):
            transcript.line("下面开始复盘。")

    reader = threading.Thread(target=read_aloud)
    reader.start()
    for _ in range(200):
        for line in table:
            print(line, file=console, flush=True)  # type: ignore[call-overload]
    reader.join()
    for line in terminal.getvalue().splitlines():
        assert line.startswith(("[", "Bot ")) and line.count("Bot ") + line.count("复盘") == 1, line


def test_a_line_not_yet_ended_is_written_when_flushed() -> None:
    terminal = Writes()
    console = WholeLines(terminal)
    print("PIN: ", end="", file=console)  # type: ignore[call-overload]
    assert terminal.getvalue() == ""
    console.flush()
    assert terminal.getvalue() == "PIN: "


def test_the_narrator_command_prints_whole_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["boards"]) == 0
    assert isinstance(sys.stdout, WholeLines)
    assert "标准" in capsys.readouterr().out
