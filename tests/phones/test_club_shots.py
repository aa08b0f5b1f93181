"""The shot status (👍/👎, `shot_status_signal`) on the phones: the hunter's and the wolf king's
steps look the same on every living phone; only the holder's sealed part says whether he could
shoot tonight."""

from __future__ import annotations

import asyncio
import json

from engine.game import Game, state_of
from tests.engine.harness import game_of
from tests.engine.test_club_roles import WOLF_KING_12, club
from tests.phones.harness import close_all, screens, seat_everyone, served, told, wait_until

# WOLF_KING_12: 1 wolf king, 2-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 guard, 9-12 villagers.
NIGHT = "[[night]]\nguard = 9\nwerewolves = 10\nwitch = { poison = 7 }\nseer = 2\n"


def test_the_poisoned_hunter_alone_is_shown_a_thumb_down_then_the_wolf_king_a_thumb_up() -> None:
    async def scenario(game: Game) -> None:
        async with served(game) as (server, _):
            phones = await seat_everyone(server, game)
            living = [p for p in phones if state_of(game).is_alive(p.seat)]
            shown = screens(living)
            assert all(s == shown[0] for s in shown)
            assert (shown[0]["kind"], shown[0]["form"], shown[0]["step"]) == (
                "night",
                "notice",  # nothing to decide: the page shows it and asks for 知道了
                "hunter_status",
            )
            sealed = {p.seat: told(p.last("state")["screen"]) for p in living}
            assert sealed[7] == {"real": True, "info": {"status": "👎"}}
            assert all(not t.get("real") for seat, t in sealed.items() if seat != 7)
            assert len({len(p.last("state")["screen"]["sealed"]) for p in living}) == 1
            decoy = await phones[8].answer({"type": "act", "step": "hunter_status", "yes": True})
            real = await phones[6].answer({"type": "act", "step": "hunter_status", "yes": True})
            assert len(json.dumps(real)) == len(json.dumps(decoy))
            await wait_until(lambda: game.pending is not None and game.pending.step == "wolf_king_status")
            await wait_until(lambda: phones[0].last("state")["screen"]["step"] == "wolf_king_status")
            assert told(phones[0].last("state")["screen"]) == {"real": True, "info": {"status": "👍"}}
            assert not told(phones[1].last("state")["screen"]).get("real")
            await close_all(phones)

    asyncio.run(scenario(game_of(club(WOLF_KING_12, "shot_status_signal = true\n") + NIGHT)))
