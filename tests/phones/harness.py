"""A real phone server on 127.0.0.1 with a WebSocket client per seat, for the phone tests."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, Literal

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from engine import (
    BadgeHandover,
    ChurchChoice,
    CupidChoice,
    FriendVotes,
    GhostAnswer,
    GhostQuestion,
    GuardChoice,
    HunterShot,
    MediumChoice,
    MoonSeerChoice,
    PactChoice,
    PiperChoice,
    RuleBreakers,
    ScapegoatChoice,
    SeerChoice,
    SheriffCandidacy,
    ThiefChoice,
    Touch,
    Vouch,
    WerewolvesChoice,
    WitchChoice,
    Witnesses,
)
from engine.bots import random_decision
from engine.cards.double_agent import AllyChoice
from engine.cards.executioner import ExecutionerChoice
from engine.cards.influences import FirstVoter
from engine.cards.punishment import Accusation
from engine.cards.specter import SpecterChoice
from engine.decisions import Decision, SelfDestruct, Votes
from engine.game import Game, state_of
from engine.rules import make_rules
from engine.setup import SeatFacts, Setup, deal
from engine.state import Pending
from engine.steps import Form
from narrator.inbox import Command
from narrator.phones import PhoneServer, PhoneTable
from narrator.phones.limits import SCREEN_PING_S
from narrator.phones.wire import unseal
from tests.support.usual import ACTIONS

GENDERS: tuple[Literal["male", "female"], ...] = ("male", "female")
CLASSIC_9 = ("werewolf", "werewolf", "seer", "witch", "guard", "hunter", "villager", "villager", "villager")


def classic_game(roles: tuple[str, ...] = CLASSIC_9, **rules: Any) -> Game:
    return Game(Setup.model_validate({"seats": len(roles), "roles": roles}), make_rules(rules))


# A twelve-seat table for the New Moon event cards: cards drawn every morning, four dark-moon
# cards from the start, the variants with a step of their own, and every player's facts.
EVENT_ROLES = (
    "werewolf",
    "werewolf",
    "werewolf",
    "seer",
    "witch",
    "guard",
    "hunter",
    "villager",
    "villager",
    "villager",
    "villager",
    "scapegoat",
)
EVENT_DECK = (
    "flood",
    "great_distrust",
    "punishment",
    "spiritualism_1",
    "spiritualism_2",
    "pact_with_the_devil",
    "executioner",
    "influences",
    "full_moon_rising",
    "specter",
    "not_me_nor_wolf",
    "bleak_monday",
    "nightmare",
    "somnambulism",
    "miracle",
)
EVENT_RULES: dict[str, Any] = {
    "events": "every_morning",
    "dark_moon": ["touch_of_death", "double_agent"],
    "event_deck": list(EVENT_DECK),
    "bleak_monday": "surely_not_him",
}


def event_game(seed: int, gender: Literal["male", "female"] | None = None, **rules: Any) -> Game:
    """The event-card table dealt with `seed`, each seat with made-up facts (`gender`: every
    player's)."""
    draw = random.Random(seed)
    facts = {
        seat: SeatFacts(
            age=draw.randint(16, 75),
            gender=gender or draw.choice(GENDERS),
            glasses=draw.random() < 0.5,
            jewelry=draw.random() < 0.5,
            jeans=draw.random() < 0.5,
            black_top=draw.random() < 0.5,
            smoker=draw.random() < 0.5,
            lives_here=draw.random() < 0.5,
        )
        for seat in range(1, len(EVENT_ROLES) + 1)
    }
    setup = deal(EVENT_ROLES, len(EVENT_ROLES), seed).model_copy(update={"facts": facts})
    return Game(setup, make_rules({**EVENT_RULES, **rules}))


def game_at(
    step: str,
    gender: Literal["male", "female"] | None = None,
    where: Callable[[Pending], bool] | None = None,
    **rules: Any,
) -> Game:
    """An event-card game played with random legal decisions until `step` is pending (and
    `where` holds of it; the first seed that gets there), rebuilt from its log."""
    for seed in range(200):
        game, rng = event_game(seed, gender, **rules), random.Random(seed)
        while not game.over and game.pending is not None and game.pending.step != step:
            game.apply(random_decision(game, rng, self_destruct=0))
        if game.pending is not None and game.pending.step == step and (where is None or where(game.pending)):
            return Game.replay(game.setup, game.rules, game.log)
    raise AssertionError(f"no random game reached {step}")


class Phone:
    """One phone: a WebSocket client that keeps every message (and its raw text) it got."""

    def __init__(self, url: str, game: Game | None = None) -> None:
        self.url = url
        self.game = game
        self.raw: list[str] = []
        self.inbox: list[dict[str, Any]] = []
        self.stamps: list[int] = []  # how many engine events existed when each message came
        self.cursor = 0
        self.n = 0
        self.seat = 0
        self.token = ""
        self.ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self) -> Phone:
        self.ws = await connect(self.url, max_size=2**22)
        self._reader = asyncio.create_task(self._read())
        await self.expect("welcome")
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):
            async for raw in self.ws:
                text = raw if isinstance(raw, str) else raw.decode()
                self.raw.append(text)
                self.inbox.append(json.loads(text))
                self.stamps.append(len(self.game.events) if self.game else 0)

    async def send(self, message: dict[str, Any] | str) -> int:
        assert self.ws is not None
        if isinstance(message, str):
            await self.ws.send(message)
            return 0
        self.n += 1
        await self.ws.send(json.dumps({**message, "n": self.n}))
        return self.n

    async def expect(
        self, kind: str, timeout: float = 5.0, where: Callable[[dict[str, Any]], bool] | None = None
    ) -> dict[str, Any]:
        """The next message of type `kind` (matching `where`) after the last one expected."""
        deadline = time.monotonic() + timeout
        while True:
            for at in range(self.cursor, len(self.inbox)):
                message = self.inbox[at]
                if message["type"] == kind and (where is None or where(message)):
                    self.cursor = at + 1
                    return message
            if time.monotonic() > deadline:
                seen = [m["type"] for m in self.inbox[self.cursor :]]
                raise AssertionError(f"seat {self.seat}: no {kind!r} message; got {seen}")
            await asyncio.sleep(0.003)

    async def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send `message` and return its answer (the ack or error with the same number)."""
        n = await self.send(message)
        return await self.expect_answer(n)

    async def expect_answer(self, n: int) -> dict[str, Any]:
        for kind in ("ack", "error"):
            for message in self.inbox:
                if message["type"] == kind and message.get("n") == n:
                    return message
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            for message in self.inbox:
                if message["type"] in ("ack", "error", "joined") and message.get("n") == n:
                    return message
            await asyncio.sleep(0.003)
        raise AssertionError(f"seat {self.seat}: no answer to message {n}")

    async def join(self, seat: int, name: str | None = None, locale: str = "zh-CN") -> Phone:
        answer = await self.answer(
            {"type": "join", "seat": seat, "name": name or f"P{seat}", "locale": locale}
        )
        assert answer["type"] == "joined", answer
        self.seat, self.token = seat, answer["token"]
        await self.expect("state")
        return self

    def count(self, kind: str) -> int:
        return sum(1 for m in self.inbox if m["type"] == kind)

    def last(self, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.inbox) if m["type"] == kind)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await self._reader
        self.ws = None


@asynccontextmanager
async def served(game: Game, **table: Any) -> AsyncIterator[tuple[PhoneServer, PhoneTable]]:
    """A phone server for `game` on 127.0.0.1 at a free port."""
    phones_table = PhoneTable(game, **table)
    server = PhoneServer(phones_table, host="127.0.0.1", port=0)
    await server.start()
    try:
        yield server, phones_table
    finally:
        await server.stop()


def ws_url(server: PhoneServer) -> str:
    return f"ws://127.0.0.1:{server.port}/ws"


async def seat_everyone(server: PhoneServer, game: Game) -> list[Phone]:
    """A joined phone for every seat, in seat order."""
    phones = []
    for seat in range(1, game.setup.seats + 1):
        phone = await Phone(ws_url(server), game).open()
        phones.append(await phone.join(seat))
    return phones


async def close_all(phones: list[Phone]) -> None:
    for phone in phones:
        await phone.close()


async def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the table")
        await asyncio.sleep(0.003)


async def until_applied_and_shown(
    game: Game, log_length: int, phones: dict[int, Phone], states: dict[int, int]
) -> None:
    """Wait for the decision after `log_length` and for every phone's next state message."""
    await wait_until(lambda: len(game.log) > log_length)
    await wait_until(lambda: all(p.count("state") > states[s] for s, p in phones.items()))


def parts_of(decision: Decision, game: Game) -> list[tuple[int, dict[str, Any]]]:
    """Each seat's message for `decision`, the decision `game.pending` waits for."""
    pending = game.pending
    assert pending is not None
    step = pending.step

    def act(**fields: Any) -> dict[str, Any]:
        return {"type": "act", "step": step, **fields}

    def seats(*values: int) -> list[int]:
        return [v for v in values if v]

    if isinstance(decision, SelfDestruct):
        return [(decision.seat, {"type": "self_destruct"})]  # the message kept from before day actions
    action = ACTIONS.get(type(decision))
    if action is not None:
        target = getattr(decision, "target", None)
        message = {"type": "day_action", "action": action.name, **({"target": target} if target else {})}
        return [(action.seat(decision), message)]
    if isinstance(decision, WerewolvesChoice | ChurchChoice):
        return [(w, act(targets=seats(decision.victim))) for w in pending.seats]
    if isinstance(decision, Touch):  # one werewolf's yes is enough; a no needs every one
        wolves = pending.seats[:1] if decision.touched else pending.seats
        return [(w, act(yes=decision.touched)) for w in wolves]
    if isinstance(decision, RuleBreakers):  # everyone names them: more than half did
        return [(s, act(targets=list(decision.seats))) for s in pending.seats]
    if isinstance(decision, Witnesses):
        accused = pending.info["accused"]
        return [(s, act(yes=s in decision.seats)) for s in pending.seats if s != accused]
    if isinstance(decision, FriendVotes):
        return [(v, act(targets=list(decision.friends[v]))) for v in pending.seats]
    if isinstance(decision, ExecutionerChoice):
        return [(s, act(targets=seats(decision.seat))) for s in pending.seats]
    if isinstance(decision, SheriffCandidacy):
        return [(s, act(stand=s in decision.candidates)) for s in pending.seats]
    if isinstance(decision, Votes):
        return [(v, act(targets=seats(decision.votes.get(v, 0)))) for v in pending.seats]
    seat = pending.seats[0]
    if game.spec is not None and game.spec.form == Form.NOTICE:  # a shot status seen: a touch
        return [(seat, act())]
    if game.spec is not None and game.spec.form == Form.YES_NO:  # a yes or no (a check's answer seen)
        yes = [v for v in decision.model_dump().values() if isinstance(v, bool)]
        if len(yes) == 1:
            return [(seat, act(yes=yes[0]))]
    naming: dict[type[Decision], str] = {
        AllyChoice: "seat",
        MoonSeerChoice: "target",
        SpecterChoice: "werewolf",
        MediumChoice: "medium",
        Accusation: "target",
        Vouch: "seat",
        FirstVoter: "seat",
    }
    if type(decision) in naming:
        return [(seat, act(targets=seats(getattr(decision, naming[type(decision)]))))]
    if isinstance(decision, GhostQuestion):
        return [(seat, act(ask=decision.ask, targets=list(decision.seats)))]
    if isinstance(decision, GhostAnswer):
        return [(seat, act(yes=decision.yes))]
    if isinstance(decision, PactChoice):
        return [(seat, act(yes=decision.pact))]
    if isinstance(decision, ThiefChoice):
        return [(seat, act(take=decision.take))]
    if isinstance(decision, WitchChoice):
        return [(seat, act(heal=decision.heal, targets=seats(decision.poison)))]
    if isinstance(decision, GuardChoice | SeerChoice | HunterShot):
        return [(seat, act(targets=seats(decision.target)))]
    if isinstance(decision, BadgeHandover):
        return [(seat, act(targets=seats(decision.successor)))]
    if isinstance(decision, CupidChoice):
        return [(seat, act(targets=list(decision.lovers)))]
    if isinstance(decision, PiperChoice):
        return [(seat, act(targets=list(decision.charmed)))]
    assert isinstance(decision, ScapegoatChoice)
    return [(seat, act(targets=list(decision.voters)))]


def same_decision(applied: Decision, intended: Decision) -> bool:
    """Whether the table applied what the bot intended (a candidacy's order aside)."""
    if isinstance(applied, SheriffCandidacy) and isinstance(intended, SheriffCandidacy):
        return sorted(applied.candidates) == sorted(intended.candidates)
    if isinstance(applied, RuleBreakers | Witnesses) and type(applied) is type(intended):
        return sorted(applied.seats) == sorted(intended.seats)
    return applied == intended


def screens(phones: list[Phone]) -> list[dict[str, object]]:
    """The screens the phones last got, their sealed part (what only the actor may see) aside."""
    return [{k: v for k, v in p.last("state")["screen"].items() if k != "sealed"} for p in phones]


def told(message: dict[str, Any]) -> dict[str, Any]:
    """What `message` tells its own seat alone (its sealed part, opened)."""
    return unseal(message["sealed"])


def state_copy(game: Game) -> Any:
    """A deep copy of the whole engine state, to compare before and after a refused message."""
    import copy

    return copy.deepcopy((state_of(game), list(game.log)))


def poll_command(table: PhoneTable) -> str | None:
    """Take the first command word the phones left in the table's inbox ("pass", "pause", …),
    or None: what the moderator would read, for a table played without one."""
    item = table.inbox.take(lambda item: isinstance(item, Command) and item.source in ("speaker", "host"))
    return item.word if isinstance(item, Command) else None


async def screen_pings(ws: ClientConnection) -> None:
    """What the public screen's page does while it is open (`static/screen.js`): a ping every
    SCREEN_PING_S seconds, as the box closes a screen that says nothing for a while."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await asyncio.sleep(SCREEN_PING_S)
            await ws.send(json.dumps({"type": "ping"}))


def asked_alike(living: list[Phone], *holders: int) -> dict[str, Any]:
    """The screen every living phone shows at a secret step (the stuttering judge's request, the
    prince's flip, the servant's swap, the warden's pair), asserted the same on each: only the
    `holders`' sealed parts real, every sealed part and every last message of one size."""
    states = [phone.last("state") for phone in living]
    screens = [{k: v for k, v in state["screen"].items() if k != "sealed"} for state in states]
    assert all(screen == screens[0] for screen in screens)
    assert [told(s["screen"]).get("real", False) for s in states] == [p.seat in holders for p in living]
    assert len({len(state["screen"]["sealed"]) for state in states}) == 1
    assert len({len(phone.raw[-1].encode()) for phone in living}) == 1
    return screens[0]


def wire_until(phone: Phone, since: int, last: Callable[[dict[str, Any]], bool]) -> list[tuple[str, int]]:
    """The type and size of every message `phone` got from its `since`-th to the first `state`
    whose screen is `last`, in order of type and size (each phone pressed at its own moment)."""
    got = []
    for raw in phone.raw[since:]:
        message = json.loads(raw)
        got.append((message["type"], len(raw.encode())))
        if message["type"] == "state" and last(message["screen"]):
            break
    return sorted(got)
