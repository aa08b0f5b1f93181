"""Step names and cue keys are written whole in engine/, so that a search for `seer.sleep` or
for the step `"seer"` finds every place that says it (issue 24). Read from the source with ast,
like the refusal ids in test_refusals: a cue key passed to `cue(...)`, a key of `add_cues` or of
`SCRIPT.update` (the script's own), a
field of `StepCues`, or a step name (a decision's `step=`/`key=`, a `StepSpec`'s, `NightStep`'s,
`pending_for`'s, a `Pending`'s, an agenda `Step`'s, an event's `step=`) may be a string written whole, a constant
or field that holds one, a choice between those — never one built from pieces (an f-string,
`+`, `%`, `.format`, `.join`), nor a local variable so built."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"

STEP_POSITIONAL = {
    "pending_for": (1,),
    "StepSpec": (0,),
    "NightStep": (0,),
    "StepCues": (0,),
    "Step": (0,),
    "Pending": (1, 2),
}
"""Where a call names a step by position (a `Pending`'s step and record key, an agenda `Step`)."""
STEP_KEYWORDS = {"step", "key"}
"""`key=` of a class line or a `Pending` is the step's record key, a step name too."""
CUE_CALLS = {"cue"}
CUE_FIELDS = {"wake", "act", "sleep"}
"""The cue keys a `StepCues` holds."""


def callee(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def pieces(expr: ast.expr, assigned: dict[str, list[ast.expr]], seen: frozenset[str] = frozenset()) -> bool:
    """Whether `expr` builds a string from pieces (or names a local so built)."""
    for node in ast.walk(expr):
        if isinstance(node, ast.JoinedStr):
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("format", "join")
        ):
            return True
        if isinstance(node, ast.Name) and node.id in assigned and node.id not in seen:
            if any(pieces(value, assigned, seen | {node.id}) for value in assigned[node.id]):
                return True
    return False


def assignments(scope: ast.AST) -> dict[str, list[ast.expr]]:
    out: dict[str, list[ast.expr]] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out.setdefault(target.id, []).append(node.value)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
            if node.value is not None:
                out.setdefault(node.target.id, []).append(
                    node.value if isinstance(node, ast.AnnAssign) else node
                )  # type: ignore[arg-type]
        elif isinstance(node, ast.NamedExpr):
            out.setdefault(node.target.id, []).append(node.value)
        elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.target, ast.Name):
            out.setdefault(node.target.id, []).append(node.iter)
    return out


def named(tree: ast.Module) -> Iterator[tuple[str, ast.expr, ast.AST]]:
    """(what, expression, its scope) for every step name and cue key written in `tree`."""
    scopes: list[ast.AST] = [
        tree,
        *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Lambda))),
    ]
    owner: dict[int, ast.AST] = {}
    for scope in scopes:  # the innermost scope wins: functions come after the module
        for node in ast.walk(scope):
            owner[id(node)] = scope
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for keyword in node.keywords:
                if keyword.arg in STEP_KEYWORDS:
                    yield "step name", keyword.value, owner[id(node)]
        if not isinstance(node, ast.Call):
            continue
        name, scope = callee(node), owner[id(node)]
        if name in CUE_CALLS and node.args:
            yield "cue key", node.args[0], scope
        table = node.args[1] if name == "add_cues" and len(node.args) > 1 else None
        if (
            name == "update"
            and isinstance(node.func, ast.Attribute)
            and ast.unparse(node.func.value) == "SCRIPT"
        ):
            table = node.args[0] if node.args else None  # the script's own lines (engine/script.py)
        if isinstance(table, ast.Dict):
            for key in table.keys:
                if key is not None:
                    yield "cue key", key, scope
        elif isinstance(table, ast.DictComp):
            yield "cue key", table.key, scope
        for place in STEP_POSITIONAL.get(name, ()):
            if len(node.args) > place:
                yield "step name", node.args[place], scope
        for keyword in node.keywords:
            if keyword.arg in STEP_KEYWORDS or (name in STEP_POSITIONAL and keyword.arg == "name"):
                yield "step name", keyword.value, scope
            if name == "StepCues" and keyword.arg in CUE_FIELDS:
                yield "cue key", keyword.value, scope
        if name == "StepCues":
            for value in node.args[1:]:
                yield "cue key", value, scope


def built_from_pieces() -> list[str]:
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        cache: dict[int, dict[str, list[ast.expr]]] = {}
        for what, expr, scope in named(tree):
            assigned = cache.setdefault(id(scope), assignments(scope) if scope is not tree else {})
            if pieces(expr, assigned):
                found.append(f"{path.relative_to(ENGINE.parent)}:{expr.lineno}: {what} {ast.unparse(expr)}")
    return found


def test_every_step_name_and_cue_key_is_written_whole() -> None:
    found = built_from_pieces()
    assert not found, "built from pieces, not written whole:\n" + "\n".join(found)


def test_the_reader_sees_a_key_built_from_pieces() -> None:
    """The check itself can fail: each way of building a key is caught, a whole one is not."""
    source = """
class SeerChoice(Decision, step="se" + "er"): ...
def f(state, name, side):
    key = f"coin.{side}"
    state.emit(cue(key), cue("%s.wake" % name), cue("{}.act".format(name)), cue(CUES.sleep))
    pending_for(state, ".".join(["a", "b"]), [1])
    state.push(Step("moon_" + side), Step(SEER))
    state.emit(cue("vote.pk" if side else "vote.revote"), cue(SEER_CUES.wake))
add_cues(ROLE, {f"{NAME}.act": (), "seer.wake": ()})
StepCues(SEER, wake="seer.wake", act=NAME + ".act", sleep="seer.sleep")
SCRIPT.update({f"card.{name}": () for name in NAMES})
SCRIPT.update({key: () for key in CARD_LINES.values()})
"""
    tree = ast.parse(source)
    bad = []
    for what, expr, scope in named(tree):
        if pieces(expr, assignments(scope) if scope is not tree else {}):
            bad.append((expr.lineno, what))
    assert sorted(bad) == [
        (2, "step name"),
        (5, "cue key"),
        (5, "cue key"),
        (5, "cue key"),
        (6, "step name"),
        (7, "step name"),
        (9, "cue key"),
        (10, "cue key"),
        (11, "cue key"),
    ]
