"""The phones' catalogue: three locales with the same lines, a line for every rule the engine
names and for every word the page and the table use."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import engine.game  # noqa: F401  (registers every step and day action)
from narrator.phones.catalogue import LOCALES, keys, rule_message, text
from tests.support.usual import ACTIONS

ROOT = Path(__file__).resolve().parents[2]


def test_the_three_catalogues_hold_the_same_lines() -> None:
    assert keys("zh-CN") == keys("zh-TW") == keys("en")


def test_every_rule_the_engine_names_has_an_answer_in_every_locale() -> None:
    files = list((ROOT / "engine").rglob("*.py"))
    source = "".join(p.read_text(encoding="utf-8") for p in files)
    rules = set(re.findall(r'(?:refuse|IllegalDecision)\(\s*"([a-z_]+)"', source))
    rules |= set(re.findall(r'\b_?living\(state, [\w.]+, "(dead_[a-z_]+)"', source))  # a dead seat's
    assert {"ghost_tells_the_truth", "dead_witness", "werewolves_prey"} <= rules
    assert len(rules) > 50
    for locale in LOCALES:
        assert {rule for rule in rules if f"rules.{rule}" not in keys(locale)} == set()
    assert rule_message("en", "no_such_rule") == "Not allowed by the rules (no_such_rule)."


def test_every_word_the_page_and_the_table_use_is_in_the_catalogue() -> None:
    static = resources.files("narrator.phones").joinpath("static")
    page = "".join(static.joinpath(name).read_text("utf-8") for name in ("app.js", "host.js", "index.html"))
    used = set(re.findall(r'"(ui\.[a-z_]*[a-z])"', page))  # "ui.action_" + a name: below
    used |= {f"ui.action_{action.name}" for action in ACTIONS.values()}  # the day actions' buttons
    used |= set(re.findall(r'data-t="([a-z_.]+)"', page))
    package = ROOT / "narrator" / "phones"
    python = "".join(p.read_text(encoding="utf-8") for p in package.glob("*.py"))
    used |= {f"errors.{code}" for code in re.findall(r'Refusal\("([a-z_]+)"', python)}
    used |= {f"keypad.{name}" for name in re.findall(r'"keypad\.([a-z_]+)"', python)}
    assert len(used) > 50
    for locale in LOCALES:
        assert used - keys(locale) == set()
    assert text("en", "ui.seat", seat=3) == "Seat 3"
