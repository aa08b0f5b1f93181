"""A box for the crash-in-a-vote test: a classic game, stored in STORE, played by defaults to
the day's vote, served to phones with the vote narrated; prints `PORT GAME_ID` and serves
until it is killed.

    python -m tests.narrator.vote_box STORE
"""

from __future__ import annotations

import asyncio
import sys

from engine.rules import make_rules
from engine.setup import Setup
from narrator.phones import PhoneServer, PhoneTable
from narrator.recorded import RecordedGame
from narrator.store import Store

ROLES = ("werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager")


async def serve(path: str) -> None:
    store = Store(path)
    setup, rules = Setup(seats=9, roles=ROLES), make_rules({})
    game = RecordedGame(setup, rules).record_to(store, store.create(setup, rules))
    while game.pending is not None and game.pending.step != "vote":
        await game.take(game.default())
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    table.narrate("vote")
    print(server.port, game.game_id, flush=True)
    await server.wait_closed()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1]))
