"""The catalogue is a value (`engine.catalog.Catalogue`) put in place in the order it states:
building it again, or after importing the modules in another order, gives the same game; nothing
is built at import; a game is given its catalogue; every registry it fills is declared, so none
is emptied by hand; a hook belongs to the `Contents` it is added to, wherever the call comes
from."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

from engine import catalog
from engine.boards import BOARDS
from engine.bots import random_decision
from engine.catalog import CONTENTS, Catalogue
from engine.contents import Contents
from engine.game import Game, state_of
from engine.night import DAWN, NIGHT_ORDER, add_dawn
from engine.record import parse_record, replay, summary, write_record
from engine.rolehooks import KINDS
from engine.roles import Role
from engine.script import CUES
from engine.steps import ACTIONS, CODECS, STEPS
from tests.engine.harness import ROOT, SHARED

# Run in a fresh interpreter: import the role and card modules in reverse order first, then
# build the catalogue (engine.game), and print what `games()` prints.
REVERSED = """
import importlib, pkgutil, sys, types
root = sys.argv[1]
sys.path.insert(0, root)
# The package without its __init__ (which imports engine.game, so the catalogue, first).
engine = types.ModuleType("engine")
engine.__path__ = [root + "/engine"]
sys.modules["engine"] = engine
names = [
    f"engine.{folder}.{m.name}"
    for folder in ("roles", "cards")
    for m in pkgutil.iter_modules([f"{root}/engine/{folder}"])
]
for name in sorted(names, reverse=True):
    importlib.import_module(name)
print()
print(",".join(name for name in sys.modules if name.startswith("engine.")))
from tests.engine.test_catalog import games, registries
print(registries())
print(games())
"""


def registries() -> str:
    """Every registry's entries in order, as text."""
    out: dict[str, object] = {
        "steps": list(STEPS),
        "codecs": list(CODECS),
        "actions": [action.name for action in ACTIONS.values()],
        "cues": list(CUES.items()),
        "night": [step.name for step in NIGHT_ORDER],
    }
    for hooks in KINDS:
        out[hooks.name] = [
            (rank, owner, f"{hook.__module__}.{hook.__qualname__}") for rank, owner, hook in hooks._entries
        ]
    return json.dumps(out)


def games() -> str:
    """The `replay --json` of every shared scenario and of random games on every board, as
    text (key order included)."""
    out = [
        summary(replay(parse_record(path.read_text())))
        for path in sorted((SHARED / "scenarios").glob("*.toml"))
    ]
    for board in BOARDS:
        rng = random.Random(7)
        game = Game(board.deal(7), board.rules())
        while not game.over:
            game.apply(random_decision(game, rng, self_destruct=0.1))
        out.append(summary(replay(parse_record(write_record(game)))))
    return json.dumps(out, ensure_ascii=False)


def test_building_the_catalogue_twice_gives_the_same_catalogue_and_games() -> None:
    before, played = registries(), games()
    catalog.build()
    assert registries() == before
    assert games() == played


NORMAL_ORDER = [name for name in sys.modules if name.startswith("engine.")]


def test_modules_imported_in_reverse_order_give_the_same_catalogue_and_games() -> None:
    done = subprocess.run(
        [sys.executable, "-c", REVERSED, str(ROOT)], capture_output=True, text=True, check=True, cwd=ROOT
    )
    _, imported, built, played = done.stdout.splitlines()
    order = imported.split(",")
    first, last = "engine.roles.wolf_robot", "engine.roles.blood_moon"
    assert NORMAL_ORDER.index(first) > NORMAL_ORDER.index(last)
    assert order.index(first) < order.index(last), "the modules were imported in the usual order"
    assert "engine.game" not in imported.split(","), (
        "the catalogue was built before the modules were imported"
    )
    assert built == registries()
    assert played == games()


def test_a_hook_belongs_to_the_contents_it_is_added_to_not_to_the_calling_module() -> None:
    helper = Contents("a_helper_module", Role.WOLF_BEAUTY)

    def charm_helper(state: object, deaths: dict[int, str]) -> None:
        pass

    add_dawn(helper, 99, charm_helper)
    assert charm_helper not in DAWN.for_deck(frozenset({Role.WOLF_BEAUTY}))  # nothing until installed
    try:
        helper.install()
        assert charm_helper in DAWN.for_deck(frozenset({Role.WOLF_BEAUTY, Role.WEREWOLF}))
        assert charm_helper not in DAWN.for_deck(frozenset({Role.WEREWOLF, Role.SEER}))
    finally:
        catalog.build()
    assert charm_helper not in DAWN.for_deck(frozenset({Role.WOLF_BEAUTY}))


def test_every_module_that_adds_something_is_in_the_catalogue() -> None:
    engine = ROOT / "engine"
    said = {
        path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
        for path in engine.rglob("*.py")
        if any(
            line.startswith(("ROLE = declare(", "CARD = Contents(", "CORE = Contents("))
            for line in path.read_text().splitlines()
        )
    }
    listed = {contents_module(contents) for contents in catalog.CONTENTS}
    assert said == listed
    assert len(set(map(id, catalog.CONTENTS))) == len(catalog.CONTENTS)


def contents_module(contents: Contents) -> str:
    for name, module in sys.modules.items():
        if name.startswith("engine.") and any(
            getattr(module, v, None) is contents for v in ("ROLE", "CARD", "CORE")
        ):
            return name
    raise AssertionError(f"{contents.name}: no module holds it")


def test_the_roles_hooks_are_owned_by_their_role() -> None:
    from engine.roles import wolf_beauty

    assert wolf_beauty.ROLE.owner == Role.WOLF_BEAUTY
    assert wolf_beauty._charm_at_dawn in DAWN.for_deck(frozenset({Role.WOLF_BEAUTY}))
    assert wolf_beauty._charm_at_dawn not in DAWN.for_deck(frozenset({Role.WEREWOLF}))
    assert Path(wolf_beauty.__file__).stem == "wolf_beauty"


def test_the_state_imports_nothing_of_the_cards_but_the_decks_own_state() -> None:
    tree = ast.parse((ROOT / "engine" / "state.py").read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert {name for name in imported if name and name.startswith("engine.cards")} == {"engine.cards.deck"}
    deck = ast.parse((ROOT / "engine" / "cards" / "deck.py").read_text())
    assert not [
        node for node in ast.walk(deck) if isinstance(node, ast.ImportFrom) and "state" in (node.module or "")
    ]


# Run in a fresh interpreter: import every engine module, check no catalogue is in place, then
# build the usual one and print every module-level dict, list or set it changed that is not a
# declared registry (one that would have to be emptied by hand).
FRESH = """
import importlib, pkgutil, sys
sys.path.insert(0, sys.argv[1])
import engine
for m in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(m.name)
from engine.contents import _DECLARED, IN_PLACE, registries
print(IN_PLACE.catalogue is None)
declared = {id(r) for r in registries()} | {id(_DECLARED)}
def containers():
    return {
        f"{name}.{attr}": repr(value)
        for name, module in sorted(sys.modules.items())
        if name == "engine" or name.startswith("engine.")
        for attr, value in vars(module).items()
        if type(value) in (dict, list, set) and id(value) not in declared
    }
before = containers()
from engine.catalog import USUAL
USUAL.put_in_place()
after = containers()
print(",".join(k for k in before if after.get(k) != before[k]))
"""


def test_nothing_is_built_at_import_and_whatever_a_catalogue_fills_is_a_declared_registry() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FRESH, str(ROOT)], capture_output=True, text=True, check=True, cwd=ROOT
    )
    nothing_in_place, changed = done.stdout.split("\n")[:2]
    assert nothing_in_place == "True", "importing the engine put a catalogue in place"
    assert changed == "", f"filled by the catalogue but not declared with registry(): {changed}"


def test_a_game_is_given_its_catalogue_and_the_next_one_the_usual() -> None:
    helper = Contents("a_helper_module")

    def dawn_helper(state: object, deaths: dict[int, str]) -> None:
        pass

    add_dawn(helper, 99, dawn_helper)
    setup = BOARDS[0].deal(3)
    given = Game(setup, BOARDS[0].rules(), catalogue=Catalogue((*CONTENTS, helper)))
    assert dawn_helper in DAWN.of(state_of(given))
    usual = Game(setup, BOARDS[0].rules())
    assert usual.catalogue is catalog.USUAL and given.catalogue is not catalog.USUAL
    assert dawn_helper not in DAWN.of(state_of(usual))
    assert dawn_helper not in DAWN.for_deck(frozenset(setup.deck))
