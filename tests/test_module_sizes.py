"""The rooms stay small (issue 35, item 3): no module of the engine or of the judge's voice over
400 lines. The other rooms join this list as they are split (the phones have their own limit:
`tests/phones/test_table_parts.py`)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROOMS = ("engine", "narrator/voice")
MAX_LINES = 400


def test_no_module_of_the_engine_or_the_voice_is_over_400_lines() -> None:
    over = {}
    for room in ROOMS:
        for path in sorted((ROOT / room).rglob("*.py")):
            lines = len(path.read_text().splitlines())
            if lines > MAX_LINES:
                over[str(path.relative_to(ROOT))] = lines
    assert over == {}, over
