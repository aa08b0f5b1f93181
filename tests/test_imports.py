"""The imports go one way: no module imports a module that imports it back (an import for
annotations only counts too), and of two of the narrator's packages at most one imports the
other (the moderator drives the phones; the phones put their inputs in `narrator.inbox`, which
is neither's). The engine's `cards` and `roles` still import each other (a card reaches into a
role's power, a role asks the cards in play): not checked here. Nor are the names the catalogue
(`engine.contents.Catalogue`, the value every module installs into) imports for its fields'
annotations only: it holds the steps, night steps, cards' rules … of the modules that fill it,
so each of them names it and it names their types (`CATALOGUE_TYPES`); it imports nothing of
them at run time, which is checked."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules() -> dict[str, Path]:
    found = {}
    for path in [*ROOT.glob("engine/**/*.py"), *ROOT.glob("narrator/**/*.py")]:
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


CATALOGUE_TYPES = "engine.contents"
"""The one module whose `if TYPE_CHECKING:` imports are not counted (the docstring says why)."""


def _annotations_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under `if TYPE_CHECKING:` in `tree`."""
    found: set[int] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            found |= {id(n) for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)}
    return found


def imports() -> dict[str, set[str]]:
    """Each module → the modules of ours it imports (wherever the import is: in a function, or
    under `if TYPE_CHECKING`)."""
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        tree = ast.parse(path.read_text(), str(path))
        skipped = _annotations_only(tree) if name == CATALOGUE_TYPES else set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{alias.name}" for alias in node.names]
                targets = [t if t in known else node.module for t in targets]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            graph[name].update(t for t in targets if t in known and t != name)
    return graph


def package(module: str, known: dict[str, Path]) -> str:
    """The package a module belongs to (a package's `__init__` belongs to the package)."""
    return module if known[module].name == "__init__.py" else module.rpartition(".")[0]


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = imports()
    both = sorted({tuple(sorted((a, b))) for a in graph for b in graph[a] if a in graph[b]})
    assert both == [], both


def test_of_two_narrator_packages_at_most_one_imports_the_other() -> None:
    known, graph = modules(), imports()
    edges = {
        (package(a, known), package(b, known))
        for a in graph
        for b in graph[a]
        if package(a, known) != package(b, known)
    }
    siblings = sorted(
        (a, b)
        for a, b in edges
        if a < b and (b, a) in edges and a.rpartition(".")[0] == b.rpartition(".")[0] == "narrator"
    )
    assert siblings == [], siblings
    assert not [b for a, b in edges if a == "narrator.phones" and b.startswith("narrator.moderator")]
