"""The moderator stays in rooms a newcomer can find (issue 35): no class over 25 methods. No
module over 400 lines: `tests/test_module_sizes.py`, for every room."""

from __future__ import annotations

import ast
from pathlib import Path

MODERATOR = Path(__file__).resolve().parents[2] / "narrator" / "moderator"
MAX_METHODS = 25


def test_no_class_of_the_moderator_has_more_than_25_methods() -> None:
    over = {}
    for path in sorted(MODERATOR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ClassDef):
                methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
                if len(methods) > MAX_METHODS:
                    over[f"{path.name}:{node.name}"] = len(methods)
    assert over == {}, over
