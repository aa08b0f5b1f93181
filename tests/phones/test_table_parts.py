"""The table stays in parts (issue 28, item 4; issue 35): no class of the phones over 25
methods (every def in its body counts: properties, private ones, static ones). No module over
400 lines: `tests/test_module_sizes.py`, for every room."""

from __future__ import annotations

import ast
from pathlib import Path

PHONES = Path(__file__).resolve().parents[2] / "narrator" / "phones"
MAX_METHODS = 25


def test_no_class_of_the_phones_has_more_than_25_methods() -> None:
    over = {}
    for path in sorted(PHONES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ClassDef):
                methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
                if len(methods) > MAX_METHODS:
                    over[f"{path.name}:{node.name}"] = len(methods)
    assert over == {}, over
