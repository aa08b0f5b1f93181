"""An event card lives in its own module: the core (`engine/*.py`, outside `engine/cards/` and
`engine/roles/`) names no card by its id; it asks the cards' hooks (`engine/cards/hooks.py`)."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.cards.deck import CARDS

ENGINE = Path(__file__).resolve().parents[2] / "engine"

# Where a card's id is written in the core on purpose, and why.
EXCEPTIONS = {
    ("script.py", "*"): "the judge's script is a catalogue: it lists every card's line (`card.<id>`)",
    ("boards.py", "nightmare"): "the club's nightmare role (梦魇), not the card: the same word",
    ("nightstep.py", "nightmare"): "the club's nightmare role, who voids a power tonight, not the card",
    ("role.py", "nightmare"): "the club's nightmare role among the role cards' names, not the event card",
}


def card_ids_in(path: Path) -> list[tuple[int, str]]:
    """The string literals of `path` that are an event card's id (a cue `card.<id>` included)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            name = node.value.removeprefix("card.")
            if name in CARDS:
                found.append((node.lineno, name))
    return found


def test_the_core_names_no_event_card() -> None:
    core = sorted(ENGINE.glob("*.py"))
    assert len(core) > 20
    found = [
        f"engine/{path.name}:{line} names the card {name!r}"
        for path in core
        for line, name in card_ids_in(path)
        if (path.name, name) not in EXCEPTIONS and (path.name, "*") not in EXCEPTIONS
    ]
    assert not found, "\n".join(found)


def test_every_exception_is_still_needed() -> None:
    for (file, name), why in EXCEPTIONS.items():
        named = {card for _, card in card_ids_in(ENGINE / file)}
        assert named and (name == "*" or name in named), f"engine/{file}: {name!r} is no longer named ({why})"


def test_the_check_finds_a_card_named_in_the_core(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text('def f(state):\n    return in_play(state, "heads_or_tails") or cue("card.burial")\n')
    assert [name for _, name in card_ids_in(planted)] == ["heads_or_tails", "burial"]
