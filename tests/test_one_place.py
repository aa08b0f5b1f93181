"""A rule lives in one place: outside the engine, no code compares against a step or a role by
its name (what a step means is the step registry's to say, `engine.steps`)."""

from __future__ import annotations

import ast
from pathlib import Path

import engine.game  # noqa: F401  (registers every step)
from engine.roles import Role
from engine.steps import Kind
from tests.support.usual import STEPS

ROOT = Path(__file__).resolve().parents[1]
# The steps a seat or the table takes part in (the flow steps, such as "last_words" or "dusk",
# are also the names of lines, which may be compared), and the roles.
NAMES = frozenset(name for name, spec in STEPS.items() if spec.kind is not Kind.FLOW) | frozenset(
    role.value for role in Role
)


def _names_in(node: ast.AST) -> list[str]:
    """The step or role names written as string literals in `node` (a value or a collection)."""
    values = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    return [v.value for v in values if isinstance(v, ast.Constant) and v.value in NAMES]


def named_steps(path: Path) -> list[str]:
    """Where `path` compares against a step or role name, or lists several of them."""
    found: list[str] = []
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Compare):
            sides = (node.left, *node.comparators)
            if any("form" in ast.unparse(side) for side in sides):
                continue  # a page form ("witch", "question") is the page's word, not a step
            for side in sides:
                found += [f"{where}:{node.lineno} compares with {n!r}" for n in _names_in(side)]
        elif isinstance(node, ast.Tuple | ast.List | ast.Set) and len(_names_in(node)) >= 2:
            found.append(f"{where}:{node.lineno} lists {_names_in(node)}")
        elif (
            isinstance(node, ast.Dict) and len([k for k in node.keys if k is not None and _names_in(k)]) >= 2
        ):
            found.append(f"{where}:{node.lineno} maps step or role names")
    return found


def test_no_module_outside_the_engine_names_a_step_or_a_role() -> None:
    files = sorted([*(ROOT / "narrator").rglob("*.py"), *(ROOT / "scripts").glob("*.py")])
    assert len(files) > 40
    found = [line for path in files for line in named_steps(path)]
    assert not found, "\n".join(found)


def test_the_check_finds_a_step_named_in_a_comparison(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text('def f(step: str) -> bool:\n    return step == "guard" or step in ("seer", "witch")\n')
    found = named_steps(planted)
    assert {"'guard'", "'seer'", "'witch'"} <= {line.split()[-1] for line in found}, found


def test_nothing_outside_the_engine_reads_the_games_state() -> None:
    """The narrator reads views and the game's queries; the state, secrets and all, is the
    engine's own (its tests may read it)."""
    found = []
    for path in sorted([*(ROOT / "narrator").rglob("*.py"), *(ROOT / "scripts").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and node.attr in ("state", "_state"):
                owner = ast.unparse(node.value)
                if owner.endswith("game") or owner in ("mirror", "again"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} reads {owner}.{node.attr}")
            elif isinstance(node, ast.Name) and node.id == "state_of":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} reads a game's state (state_of)")
    assert not found, "\n".join(found)


def test_the_phone_page_compares_no_step_with_a_name() -> None:
    """The page's scripts read what a step means from the screen (its form and flags), never
    from the step's name."""
    import re

    static = ROOT / "narrator" / "phones" / "static"
    found = []
    for path in sorted(static.glob("*.js")):
        for lineno, line in enumerate(path.read_text().splitlines(), start=1):
            for name in re.findall(r"step\s*[!=]==?\s*[\"'](\w+)[\"']", line):
                if name in NAMES:
                    found.append(f"{path.name}:{lineno} compares the step with {name!r}")
    assert found == []


CATALOGUES = {"setup.py": "the suggested decks by table size"}
"""Core modules that list cards as a catalogue does (a deck is a list of cards)."""


def test_the_engines_core_names_no_role_card() -> None:
    """A role answers for itself from its module in `engine/roles/` (its steps, hooks and
    declarations): the core asks those, never a card by name, but where it lists decks."""
    found = []
    for path in sorted((ROOT / "engine").glob("*.py")):
        if path.name in CATALOGUES:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "Role":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} names Role.{node.attr}")
    assert not found, "\n".join(found)
    for name in CATALOGUES:  # each exception is still needed
        assert "Role." in (ROOT / "engine" / name).read_text(), name


def test_a_decision_enters_the_game_in_one_place() -> None:
    """At the table, every decision (a phone's, the table's together, a day action, the
    keypad's, a deadline's default) is applied by `Decisions._take` (`narrator/phones/decisions.py`), which the store's write
    ahead guards: no other call applies a decision to a game."""
    calls = []
    for folder in ("narrator/phones", "narrator/moderator"):
        for path in sorted((ROOT / folder).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    for call in ast.walk(node):
                        if (
                            isinstance(call, ast.Call)
                            and isinstance(call.func, ast.Attribute)
                            and call.func.attr == "apply"
                            and "game" in ast.unparse(call.func.value)
                        ):
                            calls.append(f"{path.relative_to(ROOT)}:{node.name}")
    assert sorted(set(calls)) == ["narrator/phones/decisions.py:_take"], calls


NO_GAME_AT_HAND = {
    "narrator/store/kinds.py": "a stored row's kind is read before its game is rebuilt",
    "narrator/moderator/botphones.py": "a bot phone has its screen, not the game",
}
"""The two readers outside the engine that look up the rule book (`engine.catalog.usual`) and
not a game's own catalogue, and why: neither has a game at hand."""


def test_the_judge_finds_a_games_steps_in_its_catalogue() -> None:
    """One way to find a game's steps (issue 35, item 4): `game.catalogue`, never the rule
    book's `usual()` (the engine's default for a game made without a catalogue)."""
    calling = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "narrator").rglob("*.py")
        if any(
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "usual"
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    )
    assert calling == sorted(NO_GAME_AT_HAND)
