"""The magician on the phones: the same two-seat screen on every living phone, his swap taken
from his phone alone and told to him alone."""

from __future__ import annotations

import asyncio
import json

from engine.game import Game, state_of
from engine.roles.magician import MagicianSwap
from tests.engine.harness import game_of
from tests.engine.test_club_magic import MAGIC_12, club
from tests.phones.harness import close_all, screens, seat_everyone, served, told


def test_every_phone_is_asked_two_seats_and_only_the_magicians_swap_counts() -> None:
    async def scenario(game: Game) -> None:
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            shown = screens(phones)
            assert all(s == shown[0] for s in shown)
            assert (shown[0]["form"], shown[0]["count"], shown[0]["allow_none"]) == ("seats", 2, True)
            sealed = {p.seat: told(p.last("state")["screen"]) for p in phones}
            assert sealed[8]["real"] and all(not t.get("real") for seat, t in sealed.items() if seat != 8)
            assert len({len(p.last("state")["screen"]["sealed"]) for p in phones}) == 1
            decoy = await phones[0].answer({"type": "act", "step": "magician", "targets": [9, 10]})
            real = await phones[7].answer({"type": "act", "step": "magician", "targets": [9, 10]})
            assert len(json.dumps(real)) == len(json.dumps(decoy))
            assert game.history[-1][1] == MagicianSwap(seats=(9, 10))
            assert state_of(game).tonight.marks["magician.swap"] == (9, 10)
            for phone in phones:
                if phone.seat != 8:
                    assert "magician" not in json.dumps([told(m) for m in phone.inbox if "sealed" in m])
            await close_all(phones)

    asyncio.run(scenario(game_of(club(MAGIC_12))))
