"""The public screen tells nothing of who acts at night: whole narrated games (three seeds of
the nine seats with the thief, two club boards) at a table of bot phones that now and then let
a night step run out, with a public screen on its WebSocket (/screen/ws); every message that
socket got is recorded as it went on the wire.

Around every night step (its wake and act lines, the step, its sleep line) the screen's
messages are measured: how many, of which type, of which size, and what they carry, the
night's number left out and the table's picture (who is alive, the names, the votes…) kept
only as "changed or not" (it is the game's, not the step's). The sequence around a pretended
step (its holder dead, or a card nobody holds) must be one that a real step of that name
made, answered or run to the deadline; and a real step's must be one a pretended step made,
wherever both kinds ran out the same way. `test_the_audit_catches_a_line_that_tells_a_real_step`
shows it fails when the screen's line tells a real step from a pretended one.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from engine.boards import find_board
from engine.catalog import usual
from engine.game import Game
from engine.rules import make_rules
from engine.setup import deal
from narrator.deadlines import shown as shown_only
from tests.evening.screen_feed import ScreenRecorder, Shown, feed_problems, screened_game
from tests.phones.test_shape import THIEF_DECK

# what the screen shows of the table, not of the step: compared as "changed or not"
PICTURE = (
    "public", "seats", "lobby", "names", "board", "board_cards", "join", "started", "candidates",
    "votes_from", "review", "scores", "strings", "locale", "speaking",
)  # fmt: skip


def _no_night_number(value: Any) -> Any:
    """`value` with the night's (and day's) number left out."""
    if isinstance(value, str):
        return re.sub(r"^(night|day) \d+$", r"\1 N", value)
    if isinstance(value, dict):
        return {k: _no_night_number(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_night_number(v) for v in value]
    return value


def measured(window: list[Shown], *, notice: bool = False) -> tuple[Any, ...]:
    """A window of messages as compared: per message its type, size, line key and text, clock,
    and which parts of the table's picture changed since the message before. A notice's
    countdown is drawn afresh for every step, real or pretended alike
    (`narrator.deadlines` Rule 2): compared as "a figure drawn", not the figure."""
    out = []
    before: dict[str, Any] | None = None
    for shown in window:
        message = _no_night_number(shown.message)
        rest = {k: v for k, v in message.items() if k not in PICTURE and k != "pad"}
        clock = rest.get("clock")
        if notice and isinstance(clock, dict) and isinstance(clock.get("step"), (int, float)):
            rest["clock"] = {**clock, "step": "drawn"}
        changed = sorted(k for k in PICTURE if before is not None and message.get(k) != before.get(k))
        out.append(
            (shown.size, shown.line, json.dumps(rest, sort_keys=True, ensure_ascii=False), tuple(changed))
        )
        before = message
    return tuple(out)


def windows(recorder: ScreenRecorder) -> Iterator[tuple[str, bool, tuple[Any, ...]]]:
    """For every night step narrated: its name, real or not, and its window measured — from
    the step's wake line (the lines said since the last narration) through the step, its close
    and its sleep line (the first line said after it closed)."""
    by_segment: dict[int, list[Shown]] = defaultdict(list)
    for shown in recorder.shown:
        by_segment[shown.segment].append(shown)
    for segment, (step, real) in recorder.steps.items():
        after = by_segment[segment + 1]
        if recorder.steps.get(segment + 1) is not None or not after:
            continue  # the game ended in the step, or a step follows at once: no window to compare
        opening = [s for s in by_segment[segment - 1] if s.line is not None]
        wakes = [i for i, s in enumerate(opening) if s.line is not None and s.line.endswith(".wake")]
        opening = opening[wakes[-1] :] if wakes else []
        lines = [i for i, s in enumerate(after) if s.line is not None]
        if not lines:
            continue  # nothing said after the step (the recording ended first): no whole window
        closing = after[: lines[0] + 1]
        yield (
            step,
            real,
            measured([*opening, *by_segment[segment], *closing], notice=shown_only(usual().steps[step])),
        )


def games() -> Iterator[tuple[str, Game, int]]:
    for seed in (1, 2, 3):
        yield "nine-thief", Game(deal(THIEF_DECK, 9, seed=seed), make_rules({"sheriff": True})), seed
    for board_id, seed in (("wolf-king-guard-12", 1), ("gargoyle-gravekeeper-12", 2)):
        board = find_board(board_id)
        yield board_id, Game(board.deal(seed), board.rules({})), seed


@pytest.fixture(scope="module")
def recorded(request: pytest.FixtureRequest) -> list[tuple[str, ScreenRecorder]]:
    out = []
    with pytest.MonkeyPatch.context() as monkeypatch:
        for name, game, seed in games():
            out.append((f"{name}/{seed}", asyncio.run(screened_game(game, seed, monkeypatch))))
            monkeypatch.undo()
    return out


def abstract(window: tuple[Any, ...]) -> tuple[Any, ...]:
    """A window with its step's own lines named by their place (wake, act, sleep), to set
    beside another step's: every message's line text left out but the key's place."""
    out = []
    for size, key, rest, changed in window:
        place = key.rsplit(".", 1)[-1] if key is not None and key != "reminder.hurry" else key
        bare = {k: v for k, v in json.loads(rest).items() if k != "line"}
        out.append((size, place, json.dumps(bare, sort_keys=True), changed))
    return tuple(out)


def ran_out(window: tuple[Any, ...]) -> bool:
    """Whether the step ran to the reminder (a real one unanswered, a pretended one drawn long)."""
    return any(key == "reminder.hurry" for _, key, _, _ in window)


def problems(recorded: list[tuple[str, ScreenRecorder]]) -> tuple[list[str], dict[str, int]]:
    """Every pretended window that no real step of its name made when it ran out alike (or,
    when no real step of its name ran out alike, no real step of any name, its lines named by
    their place), and every real window no pretended one of its name made when it ran out
    alike; and how many windows of each kind were compared."""
    seen: dict[tuple[str, bool, bool], dict[tuple[Any, ...], str]] = defaultdict(dict)
    for name, recorder in recorded:
        for step, real, window in windows(recorder):
            seen[step, ran_out(window), real].setdefault(window, name)
    anywhere = {abstract(window) for (_, _, real), kinds in seen.items() if real for window in kinds}
    counts = {"real": 0, "pretended": 0, "alike": 0}
    found: list[str] = []
    for (step, out, real), kinds in sorted(seen.items()):
        counts["real" if real else "pretended"] += len(kinds)
        if real:
            continue
        reals = seen.get((step, out, True))
        for window, game in kinds.items():
            if reals is None and abstract(window) not in anywhere:
                found.append(f"{step}: a pretended step's screen in {game} unlike any real step's: {window}")
            elif reals is not None and window not in reals:
                found.append(f"{step}: a pretended step's screen in {game} unlike any real one's: {window}")
        if reals is None:
            continue
        counts["alike"] += 1
        for window, game in reals.items():
            if window not in kinds:
                found.append(f"{step}: a real step's screen in {game} unlike any pretended one's: {window}")
    return found, counts


def test_the_screen_around_a_pretended_step_is_the_screen_around_a_real_one(
    recorded: list[tuple[str, ScreenRecorder]],
) -> None:
    pretended = {step for _, r in recorded for step, real in r.steps.values() if not real}
    assert {"seer", "witch", "guard"} & pretended, pretended  # a holder died: his step pretended
    found, counts = problems(recorded)
    print(counts)
    assert counts["alike"] >= 3 and counts["pretended"] >= 5, counts
    assert not found, "\n\n".join(found)  # each window whole: which message differs is the finding


def test_the_screen_and_the_phones_got_nothing_beyond_what_they_may_know(
    recorded: list[tuple[str, ScreenRecorder]],
) -> None:
    """The same games through the secrecy audit (tests/phones/audit.py): every seat, and the
    screen (Rule 9: nothing beyond the public view the phones show)."""
    found = [f"{name}: {problem}" for name, recorder in recorded for problem in feed_problems(recorder)]
    assert found == []


def test_the_audit_catches_a_line_that_tells_a_real_step(
    recorded: list[tuple[str, ScreenRecorder]],
) -> None:
    """The same games, the screen's line at a real step naming the card that acts (as a leak
    would): the audit finds it."""
    leaked = []
    for name, recorder in recorded:
        copy = ScreenRecorder(recorder.table, steps=recorder.steps)
        for shown in recorder.shown:
            message = shown.message
            step, real = recorder.steps.get(shown.segment, ("", False))
            if real and message.get("line"):
                message = {**message, "line": f"{message['line']}（{step}）"}
            copy.shown.append(Shown(shown.segment, shown.line, shown.size, message, shown.raw, shown.stamp))
        leaked.append((name, copy))
    found, _ = problems(leaked)
    assert found
