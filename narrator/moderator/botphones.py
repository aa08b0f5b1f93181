"""Bot phones for `narrator demo`: one WebSocket client per seat, acting like a player.

A bot sees exactly what a player's phone sees (its own view and screen) and answers
through the same messages; it touches the decoy screens at night like anyone else. The
werewolf bots agree by drawing their victim from the same seeded generator (the church's
too, in the Flood). When the event cards are on, a bot tells made-up facts at joining
(declining a few); it answers the cards' screens (yes or no, the medium's question, friends)
and tries other choices when the rules refuse one. With `speech_done` a bot ends its own
speech at once from its phone. A bot stays seated for the evening's next game (a welcome
while seated: it looks at its new card). By day a bot presses one of the day actions its screen offers
now and then (`self_destruct`: the chance at each moment: a screen, or another seat's speech),
naming a living seat when the action asks for one; an action refused to it once it never presses
again (not its card, most often). Each moment is drawn once, from the seed and the moment, never
from how many messages it brought: a slow machine plays the same demo as a fast one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from engine.catalog import usual
from engine.steps import Form, Share
from narrator.phones.collector import is_pack

# How often a bot answers yes, by how the answers make the decision (the ghost answers truly
# when the box knows the truth): a werewolf touches the victim often, a witness testifies now
# and then.
YES = {Share.ANY: 0.8, Share.STAND: 0.3}


NOT_SAVED_RETRY = 0.3  # real seconds a bot waits to try again when the judge could not save


class BotPhone:
    """A phone held by a bot at `seat`."""

    def __init__(
        self,
        url: str,
        seat: int,
        seed: int,
        self_destruct: float = 0.0,
        token: str = "",
        speech_done: bool = False,
    ) -> None:
        self.url = url
        self.seat = seat
        self.seed = seed
        self.action_chance = self_destruct
        self._moments: set[str] = set()
        self._action_n = 0
        self._action_name = ""
        self._refused_actions: set[str] = set()
        self.view: dict[str, Any] = {}
        self.screen: dict[str, Any] = {}
        self.token = token
        self.n = 0
        self.speech_done = speech_done
        self._acted: tuple[Any, ...] | None = None
        self._refused = 0
        self._ws: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._ws = await connect(self.url, max_size=2**22)
        welcome = json.loads(await self._ws.recv())
        if self.token:
            await self._send({"type": "rejoin", "token": self.token})
        else:
            join = {"type": "join", "seat": self.seat, "name": f"Bot {self.seat}"}
            if welcome.get("facts"):
                join["facts"] = self._facts(welcome["facts"])
            await self._send(join)
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _send(self, message: dict[str, Any]) -> int:
        assert self._ws is not None
        self.n += 1
        await self._ws.send(json.dumps({**message, "n": self.n}))
        return self.n

    async def _run(self) -> None:
        assert self._ws is not None
        with contextlib.suppress(ConnectionClosed):
            async for raw in self._ws:
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "joined":
                    self.token = message["token"]
                    await self._send({"type": "peeked"})
                elif kind == "welcome" and self.token:  # the evening's next game, same seat
                    self._acted, self._refused_actions, self._moments = None, set(), set()
                    await self._send({"type": "peeked"})
                elif kind == "state":
                    self.view, self.screen = message["view"], unsealed(message["screen"])
                    await self._maybe_act()
                elif kind == "speaking" and message.get("seat") == self.seat and self.speech_done:
                    await self._send({"type": "done"})
                elif kind == "speaking" and message.get("seat"):  # a player may interrupt a speech
                    await self._maybe_take_action(f"speaking {message['seat']}")
                elif kind == "error" and message.get("n") and message.get("n") == self._action_n:
                    self._refused_actions.add(self._action_name)
                elif kind == "error" and message.get("code", "").startswith("rule."):
                    await self._retry()
                elif kind == "error" and message.get("code") == "not_saved":
                    await asyncio.sleep(NOT_SAVED_RETRY)  # the judge could not save: try again
                    self._acted = None
                    await self._maybe_act()

    async def _maybe_act(self) -> None:
        screen = self.screen
        step = screen.get("step")
        await self._maybe_take_action(f"screen {step} {screen.get('real')}")  # then the step's own
        if step is None:
            self._acted = None  # between two steps: the next screen is a new question
            return
        if screen.get("answered") or screen.get("form") in ("wait", "sleep"):
            return
        key = (self.view.get("public", {}).get("phase"), step, screen.get("real"))
        if key == self._acted:
            return
        self._acted = key
        self._refused = 0
        await self._act(screen)

    async def _retry(self) -> None:
        """The rules refused the last answer: abstain, then try other choices a few times."""
        self._refused += 1
        if self._refused == 1:
            await self._act(self.screen, abstain=True)
        elif self._refused <= 6:
            await self._act(self.screen, attempt=self._refused)

    async def _maybe_take_action(self, moment: str) -> None:
        """Now and then, press one of the day actions the screen offers: one draw a moment."""
        offered = [a for a in self.screen.get("actions") or [] if a["name"] not in self._refused_actions]
        moment = f"{self.view.get('public', {}).get('phase')} {moment} {[a['name'] for a in offered]}"
        if not offered or self.action_chance <= 0 or moment in self._moments:
            return
        self._moments.add(moment)
        rng = random.Random(f"{self.seed}:{self.seat}:{moment}")
        if rng.random() < self.action_chance:
            await self._take(rng.choice(offered), rng)

    async def _take(self, action: dict[str, str], rng: random.Random) -> None:
        """Press the day action `action`, naming another living seat when it asks for one."""
        message: dict[str, Any] = {"type": "day_action", "action": action["name"]}
        if action["form"] == "seats":
            others = [s for s in self.view.get("public", {}).get("alive", []) if s != self.seat]
            if not others:
                return
            message["target"] = rng.choice(others)
        self._action_name = action["name"]
        self._action_n = await self._send(message)

    async def _act(self, screen: dict[str, Any], abstain: bool = False, attempt: int = 0) -> None:
        step = screen.get("step")
        choices = list(screen.get("choices") or [])
        count = int(screen.get("count") or 0)
        act: dict[str, Any] = {"type": "act", "step": step, "targets": []}
        if abstain:
            await self._send(act)
            return
        form = screen.get("form")
        phase = self.view.get("public", {}).get("phase", "")
        again = f":{attempt}" if attempt else ""
        rng = random.Random(f"{self.seed}:{self.seat}:{phase}:{step}:{screen.get('real')}{again}")
        info = screen.get("info") or {}
        spec = usual().steps.get(str(step))  # the rule book: a phone has no game (test_one_place)
        if form == "cards":
            act["take"] = rng.choice([0, 1, 2] if screen.get("allow_none") else [1, 2])
        elif form == "stand":
            act["stand"] = rng.random() < 0.3
        elif form == "yesno":
            truth = info.get("truth")
            chance = YES.get(spec.share, 0.5) if spec is not None else 0.5
            act["yes"] = truth if isinstance(truth, bool) else rng.random() < chance
        elif form == "question":
            ask = rng.choice(info["questions"])
            act["ask"] = ask
            act["targets"] = rng.sample(choices, min(info["question_seats"][ask], len(choices)))
        elif form == "witch":
            act["heal"] = bool(info.get("can_heal")) and rng.random() < 0.5
            if info.get("can_poison") and not act["heal"] and rng.random() < 0.2 and choices:
                act["targets"] = [rng.choice(choices)]
        elif is_pack(spec) and screen.get("real") and not attempt:
            act["targets"] = self._pack_victim(choices, str(step))
        elif form in ("seats",) and choices:
            how_many = count if count > 1 else 1
            if spec is not None and spec.form == Form.LIST:
                how_many = rng.randint(0, len(choices))
            if spec is not None and spec.share == Share.MAJORITY:
                how_many = rng.choice((0, 0, 0, 1))
            if info.get("up_to"):  # up to `count` (the club piper): one or more
                how_many = rng.randint(1, count)
            if screen.get("allow_none") and rng.random() < 0.1:
                how_many = 0
            act["targets"] = rng.sample(choices, min(how_many, len(choices)))
        await self._send(act)

    def _pack_victim(self, choices: list[int], step: str) -> list[int]:
        wolves = {self.seat, *self.view.get("fellow_werewolves", [])}
        prey = sorted(s for s in choices if s not in wolves) or sorted(choices)
        night = self.view.get("public", {}).get("phase", "")
        draw = random.Random(f"{self.seed}:{night}:{step}")
        return [draw.choice(prey)] if prey else []

    def _facts(self, asked: list[str]) -> dict[str, Any]:
        """Made-up facts for the cards: an age and a gender always, the rest now and then
        declined."""
        draw = random.Random(f"{self.seed}:facts:{self.seat}")
        facts: dict[str, Any] = {"age": draw.randint(16, 75), "gender": draw.choice(("male", "female"))}
        for name in asked:
            if name not in facts and draw.random() < 0.9:
                facts[name] = draw.random() < 0.5
        return {name: value for name, value in facts.items() if name in asked}


def unsealed(screen: dict[str, Any]) -> dict[str, Any]:
    """The screen as its own seat reads it: at night, what was sealed for this seat (that it
    acts, what it is told) opened, as the page does while a finger holds it."""
    told = json.loads(screen.get("sealed") or "{}")
    if told.get("real"):
        return {**screen, "real": True, "info": told.get("info", {})}
    return screen


async def seat_bots(
    url: str,
    seats: int,
    seed: int,
    tokens: dict[int, str] | None = None,
    self_destruct: float = 0.0,
    speech_done: bool = False,
) -> list[BotPhone]:
    """A bot phone at every seat, joined (or rejoined with `tokens`, after a resume)."""
    tokens = tokens or {}
    bots = [
        BotPhone(url, seat, seed, self_destruct, tokens.get(seat, ""), speech_done)
        for seat in range(1, seats + 1)
    ]
    for bot in bots:
        await bot.start()
    return bots
