"""`narrator demo --events`: the New Moon cards at a table of bot phones, narrated, to a winner;
the facts the bots gave at joining reach the game's setup, its record and the store."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.record import parse_record, replay, summary
from narrator.store import Store


def test_a_demo_with_the_event_cards_takes_the_facts_from_the_phones_and_ends(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "narrator",
            "demo",
            "--fast",
            "--json",
            "--seed",
            "3",
            "--seats",
            "12",
            "--events",
            "every_morning",
            "--preset",
            "seeds",
            "--store",
            str(tmp_path / "store"),
            "--record",
            str(record),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    parsed = parse_record(record.read_text(encoding="utf-8"))
    facts = parsed.setup.facts
    assert sorted(facts) == list(range(1, 13))
    assert all(f.age is not None and f.gender is not None for f in facts.values())
    assert parsed.rules.events == "every_morning"
    replayed = summary(replay(parsed))
    assert replayed["error"] is None and replayed["winner"] == result["winner"]
    assert replayed["events"], "no card was drawn"
    assert "新月事件" in done.stdout  # the judge read a card aloud

    store = Store(tmp_path / "store")
    (game,) = store.games()
    assert store.load(game["id"]).setup.facts == facts  # a resume deals the same facts
    store.close()
