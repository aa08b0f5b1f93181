"""Day actions at a moderated table (白狼王骑士): a duel the knight loses during a speech is said
at once and the discussion goes on; bot phones that take day actions play a demo to a winner its
record replays to."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Iterator
from pathlib import Path

from engine.boards import find_board
from engine.game import Game
from engine.record import parse_record, replay, summary
from engine.roles import Role
from engine.roles.knight import KnightDuel
from engine.state import Pending
from engine.steps import DayAction
from narrator.inbox import Command
from narrator.moderator.desk import KeypadDesk
from narrator.moderator.loop import Moderator
from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.keypad import Keypad, TerminalScreen
from narrator.timing import Clock, FastClock, Timers
from tests.moderator.test_demo import demo
from tests.moderator.test_failures import Lines
from tests.moderator.test_keypad import OneThreadGame, keyed_by_the_table
from tests.phones.harness import close_all, seat_everyone

BOARD = find_board("white-wolf-king-knight-12")


def at_the_discussion(seed: int) -> Game:
    """A game of the board at its first discussion (every night step left to its default)."""
    game = Game(BOARD.deal(seed), BOARD.rules())
    while game.pending is not None and not (game.pending.step == "vote" and game.actions_offered()):
        game.apply(game.default())
    assert game.pending is not None
    return game


class HeldClock(FastClock):
    """A fast clock on which no time passes while the phones owe nothing: a speech lasts until
    something arrives (a day action, the speaker's pass, the host's end)."""

    async def wait(self, arrived: asyncio.Event, seconds: float, *, owed: bool = False) -> None:
        if owed:
            await super().wait(arrived, seconds, owed=owed)
        else:
            await arrived.wait()


def seat_of(game: Game, role: Role) -> int:
    return game.setup.roles.index(role) + 1


async def duel_in_a_speech(clock: Clock) -> tuple[Game, Lines, list[int], int]:
    game = at_the_discussion(5)
    opened = max(
        i for i, e in enumerate(game.events) if e.kind == "cue" and e.data["key"] == "discussion.start"
    )
    order = next(e.data["order"] for e in game.events if e.kind == "speakers")
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    phones = await seat_everyone(server, game)
    voice = Lines()
    moderator = Moderator(table, voice, timers=Timers(), clock=clock, rng=random.Random(1))
    running = asyncio.create_task(moderator.run(from_event=opened))
    knight = seat_of(game, Role.KNIGHT)
    good = next(s for s in order if s != knight and game.setup.roles[s - 1] == Role.VILLAGER)
    try:
        first = order[0]
        await phones[knight - 1].expect("speaking", where=lambda m: m["seat"] == first)
        screens = [phones[s - 1].last("state")["screen"]["actions"] for s in range(1, 13)]
        assert all(actions == screens[0] for actions in screens), "every living phone shows the same buttons"
        assert [a["name"] for a in screens[0]] == ["self_destruct", "duel", "white_wolf_king"]
        answer = await phones[knight - 1].answer({"type": "day_action", "action": "duel", "target": good})
        assert answer["type"] == "ack", answer
        following = next(s for s in order[1:] if s != knight)
        await phones[0].expect("speaking", where=lambda m: m["seat"] == following)
        table.inbox.put(Command("end", "host"))
        await asyncio.wait_for(running, 30)
    finally:
        await close_all(phones)
        await server.stop()
    return game, voice, order, good


def test_a_duel_the_knight_loses_in_a_speech_is_said_at_once_and_the_discussion_goes_on() -> None:
    game, voice, order, good = asyncio.run(duel_in_a_speech(HeldClock()))
    knight = seat_of(game, Role.KNIGHT)
    assert game.log[-1] == KnightDuel(seat=knight, target=good)
    assert not game.is_alive(knight) and game.is_alive(good)
    keys = [key for key, _ in voice.said]
    at = keys.index("knight.duel")
    assert keys[at - 1] == "speech.turn" and voice.said[at - 1][1] == {"seat": order[0]}
    assert keys[at : at + 3] == ["knight.duel", "knight.good", "speech.turn"], keys[at - 2 :]
    assert "vote.start" not in keys, "the discussion went on: the vote was not called"


def test_a_demo_on_the_knight_board_with_day_actions_replays_to_its_winner(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    args = ("--seed", "1", "--board", BOARD.id, "--self-destruct", "0.3", "--silent")
    result, printed = demo(tmp_path, *args, "--record", str(record))
    text = record.read_text()
    replayed = summary(replay(parse_record(text)))
    assert replayed["error"] is None
    assert (replayed["winner"], replayed["ended"]) == (result["winner"], result["ended"])
    assert "duel = {" in text and "white_wolf_king = {" in text and "self_destruct = " in text
    assert "自爆并带走了" in printed
    lost = printed.index("发言继续")
    assert "发起决斗" in printed[:lost]
    after = printed[lost:].splitlines()[1]
    # the discussion goes on: the next speaker, or the vote when the duel came in the last
    # speech (which seat's speech the bot's press lands in is the bots' timing; the moderator's
    # own order after a lost duel is held above, in `test_a_duel_the_knight_loses_in_a_speech_…`)
    assert "号发言" in after or "发言结束" in after, "the discussion goes on after the duel the knight lost"


class ActionsNotingGame(OneThreadGame):
    """Notes the day actions asked from another thread too."""

    def actions_offered(self) -> list[DayAction]:
        self._note_thread("actions_offered")
        return super().actions_offered()


def test_the_knights_duel_keyed_on_the_box_keypad_at_a_moderated_table() -> None:
    """No phones: at the vote the knight keys * and his seat, the duel's number from the list
    the box shows and the seat he names; the moderator applies it and the game goes on."""
    ready = at_the_discussion(5)
    game = ActionsNotingGame(ready.setup, ready.rules)
    for decision in ready.log:
        game.apply(decision)
    knight, wolf = seat_of(game, Role.KNIGHT), seat_of(game, Role.WEREWOLF)
    opened = max(
        i for i, e in enumerate(game.events) if e.kind == "cue" and e.data["key"] == "discussion.start"
    )
    screen = io.StringIO()

    async def play() -> None:
        table = PhoneTable(game, auto_narrate=False)
        loop = asyncio.get_running_loop()

        def pending_now() -> Pending | None:
            async def pending() -> Pending | None:
                return game.pending

            return asyncio.run_coroutine_threadsafe(pending(), loop).result()

        def keys() -> Iterator[str]:
            yield from f"*{knight}\n2\n{wolf}\n"
            yield from keyed_by_the_table(pending_now)

        keypad = Keypad(keys(), TerminalScreen(screen), private_seconds=0, sleep=lambda _s: None)
        desk = KeypadDesk(keypad, table, loop)
        moderator = Moderator(
            table,
            Lines(),
            timers=Timers(decision=600, vote=600),
            clock=FastClock(),
            rng=random.Random(2),
            desk=desk,
        )
        try:
            await asyncio.wait_for(moderator.run(from_event=opened), 60)
        finally:
            desk.close()

    asyncio.run(play())
    assert KnightDuel(seat=knight, target=wolf) in game.log
    assert game.over and game.strays == []  # the keypad's thread asked the game nothing itself
    shown = screen.getvalue()
    assert f"{knight}号的白天行动：请输入编号并回车（0＝取消）" in shown and "2＝决斗" in shown


def discussion_opened(last_words: bool) -> tuple[Game, int]:
    """The game at the first day's discussion (`self_destruct_last_words` as said), and the
    index of the event that opened it (the moderator runs from there)."""
    ready = at_the_discussion(5)
    game = Game(ready.setup, BOARD.rules({"self_destruct_last_words": last_words}))
    for decision in ready.log:
        game.apply(decision)
    opened = max(
        i for i, e in enumerate(game.events) if e.kind == "cue" and e.data["key"] == "discussion.start"
    )
    return game, opened


async def self_destruct_in_a_speech(rule: bool) -> list[dict[str, object]]:
    """A werewolf self-destructs during the first speech; the speeches the phones are told of."""
    game, opened = discussion_opened(rule)
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    phones = await seat_everyone(server, game)
    moderator = Moderator(table, Lines(), timers=Timers(), clock=HeldClock(), rng=random.Random(1))
    running = asyncio.create_task(moderator.run(from_event=opened))
    wolf = seat_of(game, Role.WEREWOLF)
    try:
        await phones[wolf - 1].expect("speaking", where=lambda m: m["seat"] is not None)
        answer = await phones[wolf - 1].answer({"type": "day_action", "action": "self_destruct"})
        assert answer["type"] == "ack", answer
        if rule:
            await phones[0].expect("speaking", where=lambda m: m["seat"] == wolf and m["seconds"] <= 60)
        table.inbox.put(Command("end", "host"))
        await asyncio.wait_for(running, 30)
        speeches = [m for m in phones[0].inbox if m["type"] == "speaking" and m["seat"] == wolf]
        return [m for m in speeches if m["seconds"] <= Timers().last_words]  # not a speech (90 s)
    finally:
        await close_all(phones)
        await server.stop()


def test_a_self_destructed_werewolf_speaks_his_last_words_for_30_seconds() -> None:
    """RULES-CLUB.md: `self_destruct_last_words = true` gives him 30 s (an exile's last words
    are 60 s); with `false` he gets none."""
    last_words = asyncio.run(self_destruct_in_a_speech(True))
    assert len(last_words) == 1 and 29 < float(last_words[0]["seconds"]) <= 30  # type: ignore[arg-type]
    assert Timers().last_words == 60
    assert asyncio.run(self_destruct_in_a_speech(False)) == []


class HeldUntilLetGo(HeldClock):
    """`HeldClock` until `let_go`: then a fast clock on which the speeches run out."""

    held = True

    async def wait(self, arrived: asyncio.Event, seconds: float, *, owed: bool = False) -> None:
        if self.held:
            await super().wait(arrived, seconds, owed=owed)
        else:
            await FastClock.wait(self, arrived, seconds, owed=owed)


async def night_after_a_self_destruct() -> list[str]:
    """A werewolf self-destructs in the first speech of the discussion (last words by the club
    rule); the judge's lines until the night falls."""
    game, opened = discussion_opened(True)
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    phones = await seat_everyone(server, game)
    voice, clock = Lines(), HeldUntilLetGo()
    moderator = Moderator(table, voice, timers=Timers(), clock=clock, rng=random.Random(1))
    running = asyncio.create_task(moderator.run(from_event=opened))
    wolf = seat_of(game, Role.WEREWOLF)
    try:
        await phones[wolf - 1].expect("speaking", where=lambda m: m["seat"] is not None)
        clock.held = False  # from now on the time runs: his last words run out
        answer = await phones[wolf - 1].answer({"type": "day_action", "action": "self_destruct"})
        assert answer["type"] == "ack", answer
        for _ in range(3000):
            if any(key == "night.falls" for key, _ in voice.said):
                break
            await asyncio.sleep(0.01)
        table.inbox.put(Command("end", "host"))
        await asyncio.wait_for(running, 30)
        return [key for key, _ in voice.said]
    finally:
        await close_all(phones)
        await server.stop()


def test_a_self_destruct_in_a_speech_ends_the_talk_and_his_whole_last_words_come_before_night() -> None:
    """The speech running ends at once, the discussion with it (the vote is never called);
    his last words (the club rule's 30 s) run to their end, warned as any speech, then the
    night falls (the moderator knows it from the speech's end, not from a flag)."""
    keys = asyncio.run(night_after_a_self_destruct())
    at = keys.index("self_destruct")
    assert keys[at - 1] == "speech.turn" and "vote.start" not in keys
    assert keys[at : at + 4] == ["self_destruct", "last_words", "timer.remaining", "timer.up"], keys[at:]
    assert "night.falls" in keys[at + 4 :] and "speech.turn" not in keys[at:]


async def lines_until(voice: Lines, key: str, times: int = 1) -> None:
    for _ in range(3000):
        if [k for k, _ in voice.said].count(key) >= times:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{key} was not said: {[k for k, _ in voice.said]}")


async def a_talk_with_a_day_action(action: str, *, paused: bool) -> tuple[Game, list[str]]:
    """The first discussion of the board: `action` taken from its holder's phone in the first
    speech (`paused`: while the host has paused it, resumed after the action was taken); the
    talk then ends by "start_vote"; the judge's lines until the vote is called, or the night
    falls."""
    game = at_the_discussion(5)
    opened = max(
        i for i, e in enumerate(game.events) if e.kind == "cue" and e.data["key"] == "discussion.start"
    )
    order = next(e.data["order"] for e in game.events if e.kind == "speakers")
    table = PhoneTable(game, auto_narrate=False)
    server = PhoneServer(table, host="127.0.0.1", port=0)
    await server.start()
    phones = await seat_everyone(server, game)
    voice = Lines()
    moderator = Moderator(table, voice, timers=Timers(), clock=HeldClock(), rng=random.Random(1))
    running = asyncio.create_task(moderator.run(from_event=opened))
    knight, wolf = seat_of(game, Role.KNIGHT), seat_of(game, Role.WEREWOLF)
    good = next(s for s in order if s != knight and game.setup.roles[s - 1] == Role.VILLAGER)
    holder, press = (
        (knight, {"type": "day_action", "action": "duel", "target": good})
        if action == "duel"
        else (wolf, {"type": "day_action", "action": "self_destruct"})
    )
    try:
        await phones[holder - 1].expect("speaking", where=lambda m: m["seat"] == order[0])
        if paused:
            table.inbox.put(Command("pause", "host"))
            await lines_until(voice, "judge.pause")
        answer = await phones[holder - 1].answer(press)
        assert answer["type"] == "ack", answer
        if paused:
            await asyncio.sleep(0.2)  # the action is applied while the speech is paused
            assert "judge.resume" not in [k for k, _ in voice.said]
            table.inbox.put(Command("resume", "host"))
        if action == "duel":
            await lines_until(voice, "speech.turn", 2)
            table.inbox.put(Command("start_vote", "host"))
            await lines_until(voice, "vote.start")
        else:
            await lines_until(voice, "night.falls")  # no last words by this board's rules
        table.inbox.put(Command("end", "host"))
        await asyncio.wait_for(running, 30)
    finally:
        await close_all(phones)
        await server.stop()
    return game, [key for key, _ in voice.said]


def test_what_a_lost_duel_said_at_once_is_not_said_again_when_the_vote_is_called() -> None:
    """The duel's lines are said in the talk, once; the vote is called once, at the talk's end
    (the day action's own call of it is left to the talk's end)."""
    game, keys = asyncio.run(a_talk_with_a_day_action("duel", paused=False))
    assert keys.count("knight.duel") == 1 and keys.count("knight.good") == 1
    assert keys.count("vote.start") == 1 and keys.index("vote.start") > keys.index("knight.good")
    assert keys[-1] == "vote.start" or keys[keys.index("vote.start") + 1 :].count("knight.duel") == 0


def test_a_day_action_taken_while_the_speech_is_paused_ends_it_once_resumed() -> None:
    """The host paused the speech; a werewolf self-destructs meanwhile (the table applies it at
    once): once resumed, the speech and the talk end, his line is said, the vote is never
    called and the night falls."""
    game, keys = asyncio.run(a_talk_with_a_day_action("self_destruct", paused=True))
    at = keys.index("judge.resume")
    assert keys[at + 1 : at + 3] == ["self_destruct", "night.falls"], keys[at:]
    assert "vote.start" not in keys
