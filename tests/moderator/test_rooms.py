"""The moderator stays in rooms a newcomer can find (issue 35): no module of
`narrator/moderator` over 400 lines, none allowed by name, and no class over 25 methods."""

from __future__ import annotations

import ast
from pathlib import Path

MODERATOR = Path(__file__).resolve().parents[2] / "narrator" / "moderator"
MAX_LINES = 400
MAX_METHODS = 25


def test_no_module_of_the_moderator_is_over_400_lines() -> None:
    over = {}
    for path in sorted(MODERATOR.glob("*.py")):
        lines = len(path.read_text().splitlines())
        if lines > MAX_LINES:
            over[path.name] = lines
    assert over == {}, over


def test_no_class_of_the_moderator_has_more_than_25_methods() -> None:
    over = {}
    for path in sorted(MODERATOR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ClassDef):
                methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
                if len(methods) > MAX_METHODS:
                    over[f"{path.name}:{node.name}"] = len(methods)
    assert over == {}, over
