"""`narrator games` and `narrator export GAME`: the stored games and their records."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from engine.record import write_record
from narrator.evening import report
from narrator.evening.ledger import evening_ledger, players_ledger
from narrator.phones.catalogue import LOCALES
from narrator.store import (
    DamagedStore,
    Store,
    StoreError,
    demo_store,
    kept_aside,
    store_path,
    write_private,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    games = subparsers.add_parser("games", help="list the stored games")
    games.add_argument("--store", type=Path, help="the SQLite store (default: the user's data dir)")
    games.add_argument("--demo", action="store_true", help="the demo games (kept apart from real ones)")
    games.add_argument(
        "--evening",
        nargs="?",
        const="latest",
        metavar="ID",
        help="an evening's scores (the latest evening when no id is given)",
    )
    games.add_argument("--players", action="store_true", help="every player's scores over every evening")
    games.add_argument("--json", action="store_true", help="with --evening or --players: one JSON object")
    games.add_argument("--locale", choices=LOCALES, default="zh-CN", help="the scores' language")
    games.set_defaults(run=run_games)
    export = subparsers.add_parser("export", help="write a stored game's record (.toml)")
    export.add_argument("game", help="the game id (see `narrator games`), or 'latest'")
    export.add_argument("--out", type=Path, help="the file to write (default: standard output)")
    export.add_argument("--store", type=Path, help="the SQLite store (default: the user's data dir)")
    export.add_argument("--demo", action="store_true", help="a game from the demo games' store")
    export.set_defaults(run=run_export)


def run_games(args: argparse.Namespace) -> int:
    """Every game, newest first (a damaged or abandoned one says why), then the damaged
    stores set aside next to the store; 1 when the store itself cannot be read."""
    path = store_path(demo_store(args.store) if args.demo else args.store)
    if args.evening or args.players:
        return run_scores(args, path)
    status = 0
    if path.exists():
        status = _list_games(path)
    else:  # nothing stored yet: listing makes no store
        print(f"no games in {path}")
    for aside, problem in kept_aside(path):
        print(f"damaged store kept aside: {aside}: {problem}")
    if not args.demo and args.store is None:
        demos = store_path(demo_store(None))
        if demos.exists():
            print(f"demo games are kept apart in {demos.parent} (`narrator games --demo`)")
    return status


def _list_games(path: Path) -> int:
    """Every game in the store at `path`, newest first; 1 when it cannot be read."""
    try:
        store = Store(path)
    except DamagedStore as error:
        print(
            f"narrator games: {error} (`narrator play` sets it aside and starts a new one)", file=sys.stderr
        )
        return 1
    rows = store.games()
    if not rows:
        print(f"no games in {store.path}")
    for row in rows:
        print(_line(row))
    store.close()
    return 0


def run_scores(args: argparse.Namespace, path: Path) -> int:
    """`narrator games --evening [ID]` and `--players`: the scores as a table, or JSON."""
    try:
        store = Store(path)
    except DamagedStore as error:
        print(f"narrator games: {error}", file=sys.stderr)
        return 1
    try:
        if args.players:
            found, about, title = players_ledger(store), {"players_of": str(store.path)}, "evening.all_title"
        else:
            evenings = store.evenings()
            if not evenings:
                print(f"narrator games: no evening in {store.path} yet", file=sys.stderr)
                return 1
            evening_id = evenings[0]["id"] if args.evening == "latest" else args.evening
            found, about, title = evening_ledger(store, evening_id), {"evening": evening_id}, "evening.title"
    except StoreError as error:
        print(f"narrator games: {error}", file=sys.stderr)
        return 1
    finally:
        store.close()
    if args.json:
        print(json.dumps(report.as_json(found, **about), ensure_ascii=False))
    else:
        print("\n".join(report.lines(found, args.locale, title)))
    for problem in found.unreadable:
        print(f"narrator games: passed over {problem}", file=sys.stderr)
    return 0


def _line(row: dict[str, object]) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(row["created"])))  # type: ignore[arg-type]
    seats = f"{row['seats']:>2} seats" if row["seats"] is not None else " ? seats"
    result = row["winner"] or row["status"]
    note = f" ({row['note']})" if row["note"] and row["status"] in ("damaged", "abandoned") else ""
    return f"{row['id']}  {when}  {seats}  {row['decisions']:>3} decisions  {result}{note}"


def run_export(args: argparse.Namespace) -> int:
    try:
        store = Store(demo_store(args.store) if args.demo else args.store)
    except DamagedStore as error:
        print(f"narrator export: {error}", file=sys.stderr)
        return 1
    game_id = args.game
    if game_id == "latest":
        rows = store.games()
        if not rows:
            print("narrator export: no games stored", file=sys.stderr)
            return 1
        game_id = rows[0]["id"]
    try:
        stored = store.load(game_id)
        game = stored.rebuild()
    except StoreError as error:
        print(f"narrator export: {error}", file=sys.stderr)
        return 1
    text = write_record(game, comment=f"game {stored.id}")
    if args.out:
        write_private(args.out, text)
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)
    return 0
