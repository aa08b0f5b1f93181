"""The judge's echo guard goes by when sound was captured, not when it reached the listener, so a
machine whose audio thread runs late does not let the end of the judge's line through."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pytest

from narrator.listen.listener import CaptureClock, Listener
from narrator.listen.microphone import Deliver
from narrator.listen.phrasebook import phrasebook
from narrator.listen.spotter import Decision, KeywordSpotter
from tests.listen.conftest import Say
from tests.listen.corpus import JUDGE_LINE

RATE = 16000
BLOCK = 320  # 20 ms, the microphone's block
PATIENCE_S = 60.0


def test_a_block_that_arrives_late_is_dated_when_it_was_captured() -> None:
    clock = CaptureClock(RATE)
    assert clock.arrived(BLOCK, now=10.02) == pytest.approx((10.0, 10.02))
    assert clock.arrived(BLOCK, now=10.04) == pytest.approx((10.02, 10.04))
    # The audio thread stalls for a second, then hands over the blocks it held, at once.
    spans = [clock.arrived(BLOCK, now=11.06) for _ in range(51)]
    assert spans[0] == pytest.approx((10.04, 10.06)) and spans[-1] == pytest.approx((11.04, 11.06))


def test_a_block_that_arrives_early_sets_the_clock_and_a_late_one_never_does() -> None:
    clock = CaptureClock(RATE)
    clock.arrived(BLOCK, now=10.5)  # the first block came late
    # Its successor came on time: the stream began at 10.02.
    assert clock.arrived(BLOCK, now=10.06) == pytest.approx((10.04, 10.06))
    assert clock.arrived(BLOCK, now=10.7) == pytest.approx((10.06, 10.08))


def test_the_clock_follows_samples_a_device_dropped_within_its_window() -> None:
    clock = CaptureClock(RATE, window_s=5.0)
    clock.arrived(BLOCK, now=0.02)
    # Half a second of samples lost: every later block is half a second later than counted.
    for step in range(1, 400):
        start, end = clock.arrived(BLOCK, now=0.52 + step * 0.02)
    assert end == pytest.approx(0.52 + 399 * 0.02)
    clock.restart()
    assert clock.arrived(BLOCK, now=100.02) == pytest.approx((100.0, 100.02))


class StalledMicrophone:
    """Stands in for a microphone whose audio thread ran late, which a test cannot make happen
    on demand: the test hands it blocks and says when each one arrives."""

    def __init__(self) -> None:
        self.deliver: Deliver | None = None

    def start(self, deliver: Deliver) -> None:
        self.deliver = deliver

    def stop(self) -> None:
        pass


def test_the_judge_is_not_heard_when_its_line_reaches_the_listener_after_the_guard(
    ko_model: Any, say: Say
) -> None:
    book = phrasebook("ko")
    now = [0.0]
    decisions: list[Decision] = []
    microphone = StalledMicrophone()
    listener = Listener(
        KeywordSpotter(ko_model, book),
        microphone,
        book,
        echo_guard_s=0.3,
        on_decision=decisions.append,
        lost_after_s=3600.0,
        clock=lambda: now[0],
    )

    def captured(samples: np.ndarray, late_s: float) -> None:
        """Blocks captured from `now` on, in real time, each arriving `late_s` after its capture."""
        assert microphone.deliver is not None
        blocks = [samples[i : i + BLOCK] for i in range(0, len(samples) - BLOCK + 1, BLOCK)]
        captured_at = now[0]
        for block in blocks:
            captured_at += BLOCK / RATE
            now[0] = captured_at + late_s
            microphone.deliver(block)
        now[0] = captured_at

    try:
        assert listener.start().on
        captured(np.zeros(RATE, dtype=np.int16), late_s=0.0)
        # The judge's line, ending with a command on its own, is played; the audio thread is
        # held up, so it arrives two seconds after it was captured, long after the guard ended.
        line = np.concatenate([say(JUDGE_LINE), say("정지")])
        listener.judge_speaking(True)
        speaking_until = now[0] + len(line) / RATE
        now[0] = speaking_until
        listener.judge_speaking(False)
        now[0] -= len(line) / RATE
        captured(np.concatenate([line, np.zeros(RATE // 2, dtype=np.int16)]), late_s=2.0)
        said_at = now[0]
        captured(np.concatenate([say("정지"), np.zeros(RATE, dtype=np.int16)]), late_s=0.0)

        deadline = time.monotonic() + PATIENCE_S
        while not any(d.heard and d.start_s >= said_at - 0.3 for d in decisions):
            assert time.monotonic() < deadline, f"the player's word was not decided: {decisions}"
            time.sleep(0.05)
        assert [d.heard for d in decisions] == ["정지"], decisions
        assert speaking_until < said_at
    finally:
        listener.close()
