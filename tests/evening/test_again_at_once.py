"""再来一局 is offered as soon as the game ends: every phone gets the evening's scores (the
host's 再来一局 with them) while the judge still reads the review, and the host's "again" cuts
the review short (issue 40: it came ~50 s after the end, once the review was read).

Real parts: the session's end (`keep_the_end`), a real SQLite store in an evening, a phone
table and server, a phone on a real WebSocket; the voice is silent but holds the review's
first line until the test lets it go (as a line takes its time aloud)."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

from engine.bots import random_decision
from narrator.moderator.config import PlayConfig
from narrator.moderator.evening import Evening, keep_the_end
from narrator.moderator.loop import Moderator
from narrator.moderator.options import Options
from narrator.phones import PhoneTable
from narrator.phones.messages import HostCommand
from narrator.phones.server import PhoneServer
from narrator.recorded import RecordedGame
from narrator.store import Store
from narrator.timing import FastClock, Timers
from tests.phones.harness import Phone, ws_url


class ReviewHeldVoice:
    """A silent voice that holds the review's first line ("review.start") until `release`."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.holding, self.release = threading.Event(), threading.Event()

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> object:
        self.said.append(key)
        if key == "review.start":
            self.holding.set()
            self.release.wait(20)
        return None

    def say_text(self, text: str, /, *, wait: bool = True, label: str = "say") -> object:
        return None

    def night(self, on: bool) -> None:
        pass


def test_the_host_may_deal_again_while_the_review_is_read(tmp_path: Path) -> None:
    async def scenario() -> tuple[str | None, list[str], bool]:
        store = Store(tmp_path / "store")
        evening = store.open_evening()
        config = PlayConfig(board="beginner-9", seed=3, store=tmp_path / "store")
        setup, rules = config.table()
        game_id = store.create(setup, rules, config.model_dump(mode="json"), evening=evening)
        game = RecordedGame(setup, rules).record_to(store, game_id)
        rng = random.Random(3)
        while not game.over and game.pending is not None:
            await game.take(random_decision(game, rng, self_destruct=0))
        assert game.over
        table = PhoneTable(game, auto_narrate=False)
        server = PhoneServer(table, host="127.0.0.1", port=0)
        await server.start()
        voice = ReviewHeldVoice()
        try:
            phone = await Phone(ws_url(server), game).open()
            await phone.join(1)
            moderator = Moderator(table, voice, timers=Timers(final_screen=60), clock=FastClock())
            ending = asyncio.create_task(
                keep_the_end(game, table, moderator, store, Options(), FastClock(), Evening(evening))
            )
            for _ in range(500):  # the review begins once the game is over
                if voice.holding.is_set():
                    break
                await asyncio.sleep(0.01)
            assert voice.holding.is_set(), "the review is read at the end, with the end shown"
            scores = await phone.expect("scores", timeout=5)  # while the review's first line is said
            assert scores["scores"]["evening"] == evening
            table.host_command(HostCommand(command="again"))
            word = await asyncio.wait_for(ending, 10)  # the review still held: cut short
            cut_short = "review.end" not in voice.said
            voice.release.set()
            await phone.close()
            return word, voice.said, cut_short
        finally:
            voice.release.set()
            await server.stop()

    word, said, cut_short = asyncio.run(scenario())
    assert word == "again", said
    assert cut_short, said
