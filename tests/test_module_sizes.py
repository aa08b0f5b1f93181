"""Rooms a newcomer can read (issue 35, item 3): no module of the engine or the narrator is over
400 lines, and none is allowed over by name; no class of the phones or the moderator over 25
methods."""

from __future__ import annotations

import ast
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


MAX_METHODS = 25
CLASS_ROOMS = ("narrator/phones", "narrator/moderator")
"""The rooms whose classes are held to `MAX_METHODS` (every def in a class's body counts:
properties, private ones, static ones): the phone table in parts (issue 28, item 4), the
moderator in rooms (issue 35; the old `Moderator` had 29)."""


def test_no_class_of_the_phones_or_the_moderator_has_more_than_25_methods() -> None:
    over = {}
    for room in CLASS_ROOMS:
        for path in sorted((ROOT / room).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
                if isinstance(node, ast.ClassDef):
                    methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
                    if len(methods) > MAX_METHODS:
                        over[f"{room}/{path.name}:{node.name}"] = len(methods)
    assert over == {}, over
