"""The rules cited in the phones' modules exist (issue 35): "nightgate Rule 4" names a rule its
module's docstring opens ("Rule 4: …"); a module that splits or renumbers its rules cannot
leave a stale number behind (orders.py cited table Rules 11 and 4; table.py has Rules 1–3)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PHONES = Path(__file__).resolve().parents[2] / "narrator" / "phones"
CITED = re.compile(r"\b(\w+?)(?:'s)?`? Rules? (\d+)(?:\s*(?:[-–]|and)\s*(\d+))?")


def rules_of(path: Path) -> set[int]:
    docstring = ast.get_docstring(ast.parse(path.read_text())) or ""
    return {int(n) for n in re.findall(r"^Rule (\d+):", docstring, re.MULTILINE)}


def test_every_rule_cited_in_the_phones_is_a_rule_of_its_module() -> None:
    modules = {path.stem: rules_of(path) for path in PHONES.glob("*.py")}
    stale = []
    for path in sorted(PHONES.glob("*.py")):
        text = path.read_text()
        for match in CITED.finditer(text):
            name, first, last = match.group(1).strip("`"), int(match.group(2)), match.group(3)
            if name not in modules:
                continue
            cited = range(first, int(last) + 1) if last else [first]
            missing = [n for n in cited if n not in modules[name]]
            if missing:
                line = text.count("\n", 0, match.start()) + 1
                stale.append(f"{path.name}:{line}: {match.group(0)!r}")
    assert stale == []
