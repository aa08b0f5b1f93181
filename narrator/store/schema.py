"""The store's tables, and the changes that bring an older store's schema up to date."""

from __future__ import annotations

from narrator.store.kinds import RENAME_CLASS_NAMES

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    status TEXT NOT NULL,          -- playing | over | ended | abandoned | damaged
    setup TEXT NOT NULL,           -- JSON of engine.Setup
    rules TEXT NOT NULL,           -- JSON of engine.Rules
    config TEXT NOT NULL,          -- JSON of the moderator's settings (locale, timers, …)
    winner TEXT
);
CREATE TABLE IF NOT EXISTS decisions (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,            -- 0-based position in the game's log
    phase TEXT NOT NULL,
    step TEXT NOT NULL,
    kind TEXT NOT NULL,            -- the decision's record key (narrator.store.kinds)
    body TEXT NOT NULL,            -- JSON of the decision
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS evenings (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    status TEXT NOT NULL           -- open (its table may play again) | closed
);
CREATE TABLE IF NOT EXISTS parts (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,            -- the decision they are parts of (its position in the log)
    step TEXT NOT NULL,
    seat INTEGER NOT NULL,
    body TEXT NOT NULL,            -- JSON of the seat's answer (a ballot, a pick)
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n, seat)
);
CREATE TABLE IF NOT EXISTS box (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    setup TEXT NOT NULL            -- JSON: the table's setup the host's phone last set
);
CREATE TABLE IF NOT EXISTS host (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    token TEXT NOT NULL            -- the host token the last PIN claim made
);
"""
# Schema changes, in order: change i brings a store from `PRAGMA user_version` i to i + 1.
# A new table needs none (add it to SCHEMA: CREATE TABLE IF NOT EXISTS); a new column of an
# existing table is one more entry here.
MIGRATIONS = (
    "ALTER TABLE games ADD COLUMN note TEXT",  # why a game is damaged or abandoned
    "ALTER TABLE games ADD COLUMN evening TEXT REFERENCES evenings(id)",  # the evening it was played in
    RENAME_CLASS_NAMES,  # decisions keyed by their record key, no longer by their class name
)
CORE_TABLES = ("games", "decisions", "seats")
