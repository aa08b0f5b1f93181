"""One decision's walk (issue 35, item 1): a seer's touch at night, followed through the real
server on loopback from the message read off its socket to the ack leaving it, traced module
by module (`sys.setprofile`, the frames of `narrator/` and `engine/`; the engine counts as one).

An entry is a call into a module from another one; a coroutine resumed (a task woken) enters
nothing. A re-entry enters a module the walk entered before; a climb is a re-entry into a
module still on the stack (a part reaching back up into the one that called it).

No part climbs back into the table (it did 5 times: `PhoneTable.game` was a property the
decision path and the answers called), nor into the answers (their progress is data the views
read, not a callback). The goal is a walk with no re-entry at all (docs/architecture.md); this
test holds the walk's re-entries to what they are now (`REENTRIES`): they may only shrink.
"""

from __future__ import annotations

import asyncio
import functools
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from engine.rules import make_rules
from engine.setup import Setup
from narrator.recorded import RecordedGame
from narrator.store import Store
from tests.phones.harness import Phone, served, ws_url

ROOT = Path(__file__).resolve().parents[2]
ROLES = ("werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager")
REENTRIES = 36  # 44 when this test was written (issue 35); 36 once the answer was one pass


@dataclass
class Walk:
    """The modules a traced stretch of the event loop's thread entered, in order."""

    entries: list[tuple[str, str | None]] = field(default_factory=list)  # (module, from module)
    _files: dict[str, str | None] = field(default_factory=dict)
    _started: set[int] = field(default_factory=set)
    _frames: list[FrameType] = field(default_factory=list)  # kept alive: their ids stay theirs

    def module(self, frame: FrameType | None) -> str | None:
        if frame is None:
            return None
        name = frame.f_code.co_filename
        if name not in self._files:
            self._files[name] = _module_of(name)
        return self._files[name]

    def trace(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or (module := self.module(frame)) is None:
            return
        if frame.f_back is not None and _is_test(frame.f_back.f_code.co_filename):
            return  # the test's phones reading the game, not the box
        if id(frame) in self._started:  # a coroutine resumed
            return
        self._started.add(id(frame))
        self._frames.append(frame)
        callers = self.callers(frame)
        caller = callers[0] if callers else None
        if caller != module:
            self.entries.append((module, caller))
            self._stacks.append(callers)

    def callers(self, frame: FrameType) -> list[str]:
        found, back = [], frame.f_back
        while back is not None:
            module = self.module(back)
            if module is not None:
                found.append(module)
            back = back.f_back
        return found

    _stacks: list[list[str]] = field(default_factory=list)

    def reentries(self) -> list[str]:
        seen: set[str] = set()
        again = []
        for module, _ in self.entries:
            if module in seen:
                again.append(module)
            seen.add(module)
        return again

    def climbs(self) -> list[str]:
        return [
            module
            for (module, _), stack in zip(self.entries, self._stacks, strict=True)
            if module in stack[1:]
        ]


@functools.cache
def _is_test(filename: str) -> bool:
    return Path(filename).resolve().is_relative_to(ROOT / "tests")


def _module_of(filename: str) -> str | None:
    try:
        relative = Path(filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    if relative.parts[0] == "engine":
        return "engine"
    return relative.stem if relative.parts[0] == "narrator" else None


def seer_touch_walk(folder: Path) -> Walk:
    """The walk of a seer's touch at a table whose game writes ahead to a store in `folder`."""

    async def scenario() -> Walk:
        setup, rules = Setup(seats=9, roles=ROLES), make_rules({})
        game = RecordedGame(setup, rules).record_to(store, store.create(setup, rules))
        while game.pending is not None and game.pending.step != "seer":
            await game.take(game.default())
        async with served(game, auto_narrate=False) as (server, table):
            table.narrate("seer")
            seer = await (await Phone(ws_url(server), game).open()).join(3)
            await (await Phone(ws_url(server), game).open()).join(7)
            await asyncio.sleep(0.1)  # the joins' messages all sent
            walk = Walk()
            sys.setprofile(walk.trace)
            try:
                n = await seer.send({"type": "act", "step": "seer", "targets": [1]})
                await seer.expect("ack", where=lambda message: message.get("n") == n)
            finally:
                sys.setprofile(None)
            return walk

    store = Store(folder / "games.sqlite3")
    try:
        return asyncio.run(scenario())
    finally:
        store.close()


@pytest.mark.quick
def test_a_seer_touch_never_climbs_back_into_a_module_and_reenters_no_more_than_it_did(
    tmp_path: Path,
) -> None:
    walk = seer_touch_walk(tmp_path)
    print(" → ".join(module for module, _ in walk.entries))
    modules = {module for module, _ in walk.entries}
    assert {
        "sockets",
        "table",
        "orders",
        "decisions",
        "recorded",
        "engine",
        "nightgate",
        "socketlink",
    } <= modules
    assert len(walk.reentries()) <= REENTRIES, walk.reentries()
    assert walk.climbs() == []
