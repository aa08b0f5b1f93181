"""`narrator games` and `narrator export GAME`: the stored games and their records."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine.record import write_record
from narrator.store import Store, StoreError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    games = subparsers.add_parser("games", help="list the stored games")
    games.add_argument("--store", type=Path, help="the SQLite store (default: the user's data dir)")
    games.set_defaults(run=run_games)
    export = subparsers.add_parser("export", help="write a stored game's record (.toml)")
    export.add_argument("game", help="the game id (see `narrator games`), or 'latest'")
    export.add_argument("--out", type=Path, help="the file to write (default: standard output)")
    export.add_argument("--store", type=Path, help="the SQLite store (default: the user's data dir)")
    export.set_defaults(run=run_export)


def run_games(args: argparse.Namespace) -> int:
    store = Store(args.store)
    rows = store.games()
    if not rows:
        print(f"no games in {store.path}")
        return 0
    for row in rows:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row["created"]))
        result = row["winner"] or row["status"]
        print(f"{row['id']}  {when}  {row['seats']:>2} seats  {row['decisions']:>3} decisions  {result}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    store = Store(args.store)
    game_id = args.game
    if game_id == "latest":
        rows = store.games()
        if not rows:
            print("narrator export: no games stored", file=sys.stderr)
            return 1
        game_id = rows[0]["id"]
    try:
        stored = store.load(game_id)
    except StoreError as error:
        print(f"narrator export: {error}", file=sys.stderr)
        return 1
    text = write_record(stored.rebuild(), comment=f"game {stored.id}")
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)
    return 0
