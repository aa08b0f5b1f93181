"""Rooms a newcomer can read (issue 35, item 3): no module of the engine or the narrator is over
400 lines, and none is allowed over by name (the phones' classes have their own limit too:
`tests/phones/test_table_parts.py`; the moderator's: `tests/moderator/test_rooms.py`)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 400


def sizes() -> dict[str, int]:
    """Each module of the engine and the narrator (its path from the root) → its lines."""
    return {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted([*ROOT.glob("engine/**/*.py"), *ROOT.glob("narrator/**/*.py")])
    }


def test_no_module_is_over_the_line_limit() -> None:
    assert {path: lines for path, lines in sizes().items() if lines > MAX_LINES} == {}
