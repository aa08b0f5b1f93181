"""One inbox for the moderator: a pause keeps what comes and ends on "end", an undo during a
reminder, a keyed entry and a phone's decision for the same step in the same turn of the loop."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import Any

from engine.game import Game, state_of
from engine.rules import make_rules
from engine.setup import Setup
from engine.state import Pending
from engine.steps import Answer
from narrator.inbox import Inbox, Keyed, Stale
from narrator.moderator.cues import spoken_as
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneTable
from narrator.phones.wire import Outgoing, fields_of
from narrator.timing import Clock, FastClock, Timers
from tests.moderator.test_failures import ROLES, Lines
from tests.phones.harness import told

SEER = ROLES.index("seer") + 1
# Short timers: a table with no phones plays every step to its deadline.
SHORT = Timers(decision=2, vote=2, reminder=1, speech=20, last_speech=20, last_words=10, warning=5)


class SpokenCommands(Lines):
    """A voice at a table where someone speaks up as a line is said: `heard[key]` are the
    command words said while the judge says `key` (posted from the voice's thread, as the
    listener posts them)."""

    def __init__(self, inbox: Inbox, heard: dict[str, list[str]]) -> None:
        super().__init__()
        self.inbox, self.heard = inbox, heard

    def say(self, key: str, /, *, wait: bool = True, **params: object) -> None:
        super().say(key, wait=wait, **params)
        for word in self.heard.pop(key, []):
            self.inbox.command(word, "voice")


def new_game(**rules: Any) -> Game:
    return Game(Setup(seats=9, roles=ROLES), make_rules({"sheriff": False, **rules}))


async def run(table: PhoneTable, voice: Lines, **options: Any) -> tuple[Moderator, list[str]]:
    moderator = Moderator(table, voice, timers=SHORT, clock=FastClock(), rng=random.Random(3), **options)
    await asyncio.wait_for(moderator.run(), 120)
    return moderator, [key for key, _ in voice.said]


def test_end_said_during_a_pause_ends_the_game_at_once() -> None:
    async def scenario() -> tuple[Moderator, list[str]]:
        table = PhoneTable(new_game(), auto_narrate=False)
        heard = {"speech.turn": ["pause"], "judge.pause": ["repeat", "end"]}
        return await run(table, SpokenCommands(table.inbox, heard))

    moderator, keys = asyncio.run(scenario())
    assert moderator.ended and not moderator.game.over
    assert keys[-1] == "judge.pause"  # nothing said after it: no resume, no repeat, no game.over
    assert moderator.game.phase == "day 1"


def test_commands_given_during_a_pause_count_after_it() -> None:
    async def scenario() -> tuple[Moderator, list[str]]:
        table = PhoneTable(new_game(), auto_narrate=False)
        heard = {"speech.turn": ["pause"], "judge.pause": ["pass", "pause", "resume"], "vote.start": ["end"]}
        return await run(table, SpokenCommands(table.inbox, heard))

    moderator, keys = asyncio.run(scenario())
    resumed = keys.index("judge.resume")
    assert keys[resumed - 1] == "judge.pause" and keys.count("judge.pause") == 1
    assert keys[resumed + 1] == "speech.turn"  # the "pass" given while paused ended that speech
    assert keys.index("timer.up") > resumed  # the next speeches run their time
    assert moderator.ended and keys[-1] == "vote.start"


def test_undo_said_during_a_reminder_asks_the_step_again() -> None:
    popped: list[str] = []

    async def scenario() -> tuple[Moderator, list[str]]:
        game = new_game()
        table = PhoneTable(game, auto_narrate=False)
        voice = SpokenCommands(table.inbox, {"day.breaks": ["end"]})  # no phones: no end otherwise

        def on_line(key: str, params: dict[str, Any]) -> None:  # on the loop, before the voice
            if key == "reminder.hurry" and table.narrating == "witch" and not popped:
                popped.append(game.history[-1][0].step)  # what the undo takes back
                voice.heard[key] = ["undo"]

        return await run(table, voice, on_line=on_line)

    moderator, keys = asyncio.run(scenario())
    game = moderator.game
    night_one = keys[: keys.index("day.breaks")]
    woken = spoken_as(f"{popped[0]}.wake", 1) if popped else ""
    assert popped and night_one.count(woken) == 2  # the step was asked again
    asked = [p.step for p, _ in game.history if p.phase == "night 1"]
    assert len(asked) == len(set(asked)) and popped[0] in asked  # and decided once
    assert moderator.ended and state_of(Game.replay(game.setup, game.rules, game.log)) == state_of(game)


class NotedLink:
    """A phone's connection that notes what the table sends it (a socket cannot put a touch
    into the same turn of the event loop as a keyed entry; the table is the real one)."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, message: Outgoing) -> None:
        self.sent.append(fields_of(message))  # as the wire carries it (a padded one: as it is)

    def close(self, code: int) -> None:
        pass


class SeerAtTheKeypadAndPhone:
    """A desk that, when the seer's step is asked, keys the seer's check of `keyed_target`
    and touches `touched_target` on the seer's phone, in the order `both` gives."""

    def __init__(self, table: PhoneTable, link: NotedLink, both: Callable[..., Any]) -> None:
        self.table, self.link, self.both = table, link, both
        self.keyed: list[Keyed] = []

    def ask(self, pending: Pending) -> None:
        if pending.step == "seer" and not self.keyed:
            keyed = Keyed(pending, self.table.game.answer({SEER: Answer(seats=(1,))}))
            self.keyed.append(keyed)
            touch = json.dumps({"type": "act", "step": "seer", "targets": [2], "n": 2})
            asyncio.get_running_loop().call_soon(self.both, self.table, keyed, self.link, touch)


def seer_decided(both: Callable[..., Any]) -> tuple[Game, SeerAtTheKeypadAndPhone, NotedLink]:
    async def scenario() -> tuple[Game, SeerAtTheKeypadAndPhone, NotedLink]:
        game = new_game()
        table = PhoneTable(game, auto_narrate=False)
        link = NotedLink()
        table.links.connect(link)
        await table.receive(link, json.dumps({"type": "join", "seat": SEER, "name": "Mo", "n": 1}))
        desk = SeerAtTheKeypadAndPhone(table, link, both)
        heard = {"game.peek": ["ready"], "day.breaks": ["end"]}  # one phone, which never peeks
        await run(table, SpokenCommands(table.inbox, heard), desk=desk)
        return game, desk, link

    return asyncio.run(scenario())


def checks(game: Game) -> list[int]:
    return [d.target for p, d in game.history if p.step == "seer" and p.phase == "night 1"]  # type: ignore[attr-defined]


def test_a_keyed_entry_and_a_touch_in_the_same_turn_of_the_loop_make_one_decision() -> None:
    """Both reach the table's one turn (table Rule 1) in the order they came: the first is taken,
    the other changes nothing."""

    def keyed_then_touched(table: PhoneTable, keyed: Keyed, link: NotedLink, touch: str) -> None:
        table.inbox.put(keyed)
        asyncio.get_running_loop().create_task(table.receive(link, touch))

    def touched_then_keyed(table: PhoneTable, keyed: Keyed, link: NotedLink, touch: str) -> None:
        asyncio.get_running_loop().create_task(table.receive(link, touch))
        table.inbox.put(keyed)

    for both in (keyed_then_touched, touched_then_keyed):
        game, desk, link = seer_decided(both)
        answer = next(m for m in link.sent if m.get("n") == 2)
        if isinstance(desk.keyed[0].reply.exception(), Stale):  # the touch came first into the turn
            assert answer["type"] == "ack" and told(answer)["feed"]  # taken: the seer's answer
            assert checks(game) == [2]
        else:  # the keyed entry came first: the touch told nothing (a decoy's answer)
            assert desk.keyed[0].reply.result().by is None
            assert not (answer["type"] == "ack" and told(answer))
            assert checks(game) == [1]
        assert state_of(Game.replay(game.setup, game.rules, game.log)) == state_of(game)


def test_a_touch_after_a_keyed_entry_was_applied_changes_nothing() -> None:
    def keyed_first(table: PhoneTable, keyed: Keyed, link: NotedLink, touch: str) -> None:
        async def then_touched() -> None:
            await asyncio.wrap_future(keyed.reply)
            await table.receive(link, touch)

        table.inbox.put(keyed)
        asyncio.get_running_loop().create_task(then_touched())

    game, desk, link = seer_decided(keyed_first)
    assert desk.keyed[0].reply.result().by is None
    assert checks(game) == [1]
    answer = next(m for m in link.sent if m.get("n") == 2)
    assert answer["type"] == "error" and answer["code"] in ("not_now", "already")  # refused: too late
    assert state_of(Game.replay(game.setup, game.rules, game.log)) == state_of(game)


def test_on_the_real_clock_a_pause_holds_the_timers_and_end_ends_the_game() -> None:
    quick = Timers(decision=0.3, vote=0.3, reminder=0.1, night_step=0.05, meeting=0.05, peek=0.05, speech=5)

    async def scenario() -> tuple[Moderator, list[str], list[float]]:
        table = PhoneTable(new_game(), auto_narrate=False)
        heard = {"speech.turn": ["pause"], "judge.pause": ["end"]}
        voice = SpokenCommands(table.inbox, heard)
        clock = Clock()
        held: list[float] = []

        def on_line(key: str, params: dict[str, Any]) -> None:
            if key == "judge.pause":  # the clock is held before the pause is said
                held.append(clock.now())
                time.sleep(0.01)
                held.append(clock.now())

        moderator = Moderator(table, voice, timers=quick, clock=clock, rng=random.Random(3), on_line=on_line)
        await asyncio.wait_for(moderator.run(), 60)
        return moderator, [key for key, _ in voice.said], held

    moderator, keys, held = asyncio.run(scenario())
    assert moderator.ended and keys[-1] == "judge.pause" and "judge.resume" not in keys
    assert held[0] == held[1]


def test_a_held_clock_stands_still_and_goes_on_from_there() -> None:
    async def scenario() -> tuple[float, float, float]:
        clock = Clock()
        clock.hold()
        held = clock.now()
        await asyncio.sleep(0.01)
        still = clock.now()
        clock.release()
        return held, still, clock.now()

    held, still, after = asyncio.run(scenario())
    assert held == still <= after


def test_the_inbox_imports_nothing_of_the_phones() -> None:
    """One way round: the table posts to the inbox; the inbox knows no table (no cycle)."""
    import ast
    from pathlib import Path

    import narrator.inbox as inbox

    tree = ast.parse(Path(inbox.__file__).read_text(encoding="utf-8"))
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [
        alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    ]
    assert not [name for name in imported if name.startswith("narrator.phones")]
