"""The catalogue is a value (`engine.contents.Catalogue`), built by `engine.catalog.build` from
every module's `Contents` in the order it states: building it again, or after importing the
modules in another order, gives the same game; nothing is built at import; a game is given its
catalogue or takes the usual one; two catalogues share nothing, so games of each are played side
by side; no module keeps a table that a catalogue fills; a hook belongs to the `Contents` it is
added to, wherever the call comes from."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import catalog
from engine.boards import BOARDS
from engine.bots import random_decision
from engine.catalog import CONTENTS, build, usual
from engine.contents import Catalogue, Contents
from engine.events import cue
from engine.game import Game, state_of
from engine.night import DAWN, add_dawn
from engine.record import parse_record, replay, summary, write_record
from engine.roles import Role, declare
from engine.script import add_cues
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


def registries(catalogue: Catalogue | None = None) -> str:
    """Every table of `catalogue` (the usual one unless given), entries in order, as text."""
    catalogue = catalogue or usual()

    def named(value: object) -> str:
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', value)}"

    out: dict[str, object] = {
        "steps": list(catalogue.steps),
        "codecs": list(catalogue.codecs),
        "actions": [action.name for action in catalogue.actions.values()],
        "cues": list(catalogue.cues.items()),
        "night": [step.name for step in catalogue.night_order],
        "card_night": [(step.step.name, step.place, step.rank) for step in catalogue.card_night_steps],
        "cards": list(catalogue.card_rules),
        "late": sorted(catalogue.late_steps),
        "lasting": [lasting.owner for lasting in catalogue.lasting],
        "asked": [named(catalogue.cards_asked.powerless), named(catalogue.cards_asked.acting_for)]
        if catalogue.cards_asked
        else None,
        "shown": [named(shown) for shown in catalogue.shown],
        "lives": sorted(catalogue.lives.items()),
        "power_left": sorted((role, named(f)) for role, f in catalogue.power_left.items()),
        "lone_killers": catalogue.lone_killers,
    }
    for name in ("wolf_team", "pack", "seen_as_wolf", "self_destructs", "gods", "plain"):
        out[name] = sorted(getattr(catalogue, name))
    for name, entries in catalogue.hooks.items():
        out[name] = [(rank, owner, named(hook)) for rank, owner, hook in entries]
    return json.dumps(out)


def games(catalogue: Catalogue | None = None) -> str:
    """The `replay --json` of every shared scenario and of random games on every board, played
    with `catalogue` (the usual one unless given), as text (key order included)."""
    out = [
        summary(replay(parse_record(path.read_text(), catalogue), catalogue))
        for path in sorted((SHARED / "scenarios").glob("*.toml"))
    ]
    for board in BOARDS:
        rng = random.Random(7)
        game = Game(board.deal(7), board.rules(), catalogue=catalogue)
        while not game.over:
            game.apply(random_decision(game, rng, self_destruct=0.1))
        out.append(summary(replay(parse_record(write_record(game), catalogue), catalogue)))
    return json.dumps(out, ensure_ascii=False)


def test_building_the_catalogue_twice_gives_the_same_catalogue_and_games() -> None:
    again = build()
    assert again is not usual() and usual() is usual()
    assert registries(again) == registries()
    assert games(again) == games()


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
    with_helper = build((*CONTENTS, helper))
    assert charm_helper in DAWN.for_deck(with_helper, frozenset({Role.WOLF_BEAUTY, Role.WEREWOLF}))
    assert charm_helper not in DAWN.for_deck(with_helper, frozenset({Role.WEREWOLF, Role.SEER}))
    assert charm_helper not in DAWN.for_deck(usual(), frozenset({Role.WOLF_BEAUTY}))


def test_every_module_that_adds_something_is_in_the_catalogue() -> None:
    engine = ROOT / "engine"
    said = {
        path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")
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
    assert wolf_beauty._charm_at_dawn in DAWN.for_deck(usual(), frozenset({Role.WOLF_BEAUTY}))
    assert wolf_beauty._charm_at_dawn not in DAWN.for_deck(usual(), frozenset({Role.WEREWOLF}))
    assert Path(wolf_beauty.__file__).stem == "wolf_beauty"


def test_the_state_imports_nothing_of_the_cards_but_the_decks_own_state() -> None:
    tree = ast.parse((ROOT / "engine" / "state.py").read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert {name for name in imported if name and name.startswith("engine.cards")} == {"engine.cards.deck"}
    deck = ast.parse((ROOT / "engine" / "cards" / "deck.py").read_text())
    assert not [
        node for node in ast.walk(deck) if isinstance(node, ast.ImportFrom) and "state" in (node.module or "")
    ]


# Run in a fresh interpreter: import every engine module, and say whether any catalogue exists or
# the usual one was built; then make a game, and say it again.
FRESH = """
import gc, importlib, pkgutil, sys
sys.path.insert(0, sys.argv[1])
import engine
for m in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(m.name)
from engine.boards import BOARDS
from engine.catalog import usual
from engine.game import Game
def built():
    made = [o for o in gc.get_objects() if type(o).__name__ == "Catalogue"]
    return f"{len(made)} {usual.cache_info().currsize}"
print(built())
Game(BOARDS[0].deal(9), BOARDS[0].rules())
print(built())
"""


def test_importing_the_engine_builds_no_catalogue_and_the_first_game_builds_the_usual_one() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FRESH, str(ROOT)], capture_output=True, text=True, check=True, cwd=ROOT
    )
    at_import, after_a_game = done.stdout.splitlines()
    assert at_import == "0 0", "importing the engine built a catalogue"
    assert after_a_game == "1 1", "the first game did not build the usual catalogue once"


# Run in a fresh interpreter: import every engine module, note every container a module holds
# (a dict, list or set, of any subclass), build catalogues and play a game on every board with
# each, then print each container that changed: a table a catalogue fills is the catalogue's.
UNCHANGED = """
import importlib, pkgutil, random, sys
sys.path.insert(0, sys.argv[1])
import engine
for m in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(m.name)
from engine.boards import BOARDS
from engine.bots import random_decision
from engine.catalog import build
from engine.game import Game
def containers():
    return {
        f"{name}.{attr}": repr(value)
        for name, module in sorted(sys.modules.items())
        if name == "engine" or name.startswith("engine.")
        for attr, value in vars(module).items()
        if isinstance(value, (dict, list, set)) and attr != "__builtins__"
    }
before = containers()
for catalogue in (None, build(), build()):
    for board in BOARDS:
        game, rng = Game(board.deal(9), board.rules(), catalogue=catalogue), random.Random(3)
        while not game.over:
            game.apply(random_decision(game, rng, self_destruct=0.1))
after = containers()
print(len(before))
print(",".join(k for k in before if after.get(k) != before[k]))
"""


def test_no_module_keeps_a_table_that_a_catalogue_fills() -> None:
    done = subprocess.run(
        [sys.executable, "-c", UNCHANGED, str(ROOT)], capture_output=True, text=True, check=True, cwd=ROOT
    )
    seen, changed = done.stdout.split("\n")[:2]
    assert int(seen) > 20, "the scan saw no module's containers"
    interned = {"engine.phase.MADE", "engine.state.MADE"}  # each phase made once: a value, alike for all
    filled = set(changed.split(",")) - {""} - interned
    assert not filled, f"module-level tables filled by a catalogue or a game: {sorted(filled)}"


def a_villager_of_the_pack() -> Contents:
    """A test card: the villager declared a werewolf of the pack, with a line of its own."""
    card = declare(Role.VILLAGER, wolf=True, pack=True)
    add_cues(card, {"test.howl": ("seat",)})
    return card


def test_a_catalogue_with_a_card_more_leaves_the_usual_one_as_it_was() -> None:
    before = registries()
    more = build((*CONTENTS, a_villager_of_the_pack()))
    assert Role.VILLAGER in more.wolf_team and Role.VILLAGER in more.pack
    assert "test.howl" in more.cues
    assert Role.VILLAGER not in usual().wolf_team and Role.VILLAGER not in usual().pack
    assert "test.howl" not in usual().cues
    assert registries() == before
    assert registries(build()) == before


def test_games_of_two_catalogues_are_played_side_by_side() -> None:
    board = BOARDS[0]
    setup, rules = board.deal(9), board.rules()
    villager = setup.roles.index(Role.VILLAGER) + 1
    alone, rng = Game(setup, rules), random.Random(11)
    while not alone.over:
        alone.apply(random_decision(alone, rng, self_destruct=0.1))

    more = build((*CONTENTS, a_villager_of_the_pack()))
    usual_game, other = Game(setup, rules), Game(setup, rules, catalogue=more)
    assert usual_game.catalogue is usual() and other.catalogue is more
    usual_rng, other_rng = random.Random(11), random.Random(5)
    while not usual_game.over:
        usual_game.apply(random_decision(usual_game, usual_rng, self_destruct=0.1))
        if not other.over:
            other.apply(random_decision(other, other_rng, self_destruct=0.1))
    assert usual_game.log == alone.log
    assert summary(replay(parse_record(write_record(usual_game)))) == summary(
        replay(parse_record(write_record(alone)))
    )
    assert state_of(other).is_werewolf(villager) and not state_of(usual_game).is_werewolf(villager)
    state_of(other).emit(cue("test.howl", seat=villager))
    with pytest.raises(KeyError, match="test.howl"):
        state_of(usual_game).emit(cue("test.howl", seat=villager))


def test_taking_a_decision_back_keeps_the_games_catalogue() -> None:
    more = build((*CONTENTS, a_villager_of_the_pack()))
    board = BOARDS[0]
    game, rng = Game(board.deal(9), board.rules(), catalogue=more), random.Random(2)
    for _ in range(3):
        game.apply(random_decision(game, rng))
    game.pop()
    assert game.catalogue is more and state_of(game).catalogue is more


def test_a_cue_not_in_the_script_or_with_other_placeholders_is_refused_and_not_emitted() -> None:
    state = state_of(Game(BOARDS[0].deal(9), BOARDS[0].rules()))
    before = len(state.events)
    for wrong in (cue("no.such_line"), cue("night.falls"), cue("night.falls", night=1, day=2)):
        with pytest.raises(KeyError, match="is not in the script"):
            state.emit(cue("game.peek"), wrong)
    assert len(state.events) == before
    state.emit(cue("night.falls", night=1))
    assert len(state.events) == before + 1
