"""The imports go one way: no module imports a module that imports it back (an import for
annotations only counts too), and the narrator's rooms are never in a circle. A room is a
package of the narrator (`narrator.phones`, `narrator.store` …) or a module loose in `narrator/`
(`narrator.inbox`): a module that imports a module of another room makes its room import that
room, and no room may reach its own again that way (the command line drives the moderator, the
moderator drives the phones; the phones put their inputs in `narrator.inbox`, which is neither's).
The engine's `cards` and `roles` still import each other (a card reaches into a role's power, a
role asks the cards in play): not checked here. Nor are the names the catalogue
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


def room(module: str, known: dict[str, Path]) -> str:
    """The room of one of the narrator's modules: its package (a package's `__init__` is in its
    package), or the module itself when it lies loose in `narrator/`."""
    parts = module.split(".")
    if known[module].name == "__init__.py" or len(parts) == 2:
        return module
    return ".".join(parts[:2])


def room_imports() -> dict[str, dict[str, tuple[str, str]]]:
    """Each of the narrator's rooms → the rooms it imports, each with one import that makes it
    (importer, imported)."""
    known, graph = modules(), imports()
    rooms: dict[str, dict[str, tuple[str, str]]] = {}
    for a in graph:
        if not a.startswith("narrator"):
            continue
        here = rooms.setdefault(room(a, known), {})
        for b in graph[a]:
            if b.startswith("narrator.") and room(b, known) != room(a, known):
                here.setdefault(room(b, known), (a, b))
    return rooms


def circles(rooms: dict[str, dict[str, tuple[str, str]]]) -> list[list[tuple[str, str]]]:
    """Each circle of rooms (found once, from its first room in order), as the imports that close
    it: [(importer, imported), …]."""
    found: list[list[tuple[str, str]]] = []
    for start in sorted(rooms):
        _walk(rooms, [start], found)
    return found


def _walk(
    rooms: dict[str, dict[str, tuple[str, str]]], path: list[str], found: list[list[tuple[str, str]]]
) -> None:
    """The circles back to `path[0]` through rooms after it in order, from `path[-1]` on."""
    for to in sorted(rooms.get(path[-1], {})):
        if to == path[0]:
            steps = [*path, to]
            found.append([rooms[x][y] for x, y in zip(steps, steps[1:], strict=False)])
        elif to > path[0] and to not in path:
            _walk(rooms, [*path, to], found)


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = imports()
    both = sorted({tuple(sorted((a, b))) for a in graph for b in graph[a] if a in graph[b]})
    assert both == [], both


def test_the_narrators_rooms_import_one_way() -> None:
    assert circles(room_imports()) == []


def test_circles_finds_a_loose_module_imported_back_from_a_package() -> None:
    """The arrow that comparing packages missed: `narrator/phones/command.py` imported
    `narrator/boards.py`, which imports the phones."""
    rooms = {
        "narrator.boards": {"narrator.phones": ("narrator.boards", "narrator.phones.boards")},
        "narrator.phones": {"narrator.boards": ("narrator.phones.command", "narrator.boards")},
    }
    assert circles(rooms) == [
        [("narrator.boards", "narrator.phones.boards"), ("narrator.phones.command", "narrator.boards")]
    ]


def test_the_phones_never_import_the_moderator() -> None:
    graph = imports()
    assert not [
        (a, b)
        for a in graph
        if a.startswith("narrator.phones")
        for b in graph[a]
        if b.startswith("narrator.moderator")
    ]
