"""The secrecy audit: whole games through the real server, one phone per seat and a public
screen (公屏, /screen/ws), every byte kept: no seat receives another seat's secrets, and the
screen nothing beyond the public view the phones show (tests/phones/audit.py, Rules 1-4, 9)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from websockets.asyncio.client import connect

from engine.boards import find_board
from engine.bots import random_decision
from engine.game import Game, state_of
from engine.roles import Role
from engine.rules import make_rules
from engine.setup import deal
from narrator.phones.wire import seal
from tests.evening.screen_feed import feed_problems, screened_game
from tests.phones.audit import audit_screen, audit_seat
from tests.phones.harness import (
    Phone,
    close_all,
    event_game,
    parts_of,
    same_decision,
    screen_pings,
    seat_everyone,
    served,
    until_applied_and_shown,
    ws_url,
)

DECKS: dict[str, tuple[list[str], dict[str, Any]]] = {
    "classic-12": (
        ["werewolf"] * 4
        + ["seer", "witch", "hunter", "guard", "villager", "villager", "villager", "villager"],
        {},
    ),
    "new-moon-10": (
        [
            "werewolf",
            "werewolf",
            "werewolf",
            "seer",
            "witch",
            "cupid",
            "thief",
            "piper",
            "elder",
            "scapegoat",
            "idiot",
            "villager",
        ],
        {"seer_sees": "role", "lovers_see": "role", "vote_tie": "revote"},
    ),
    "club-9": (
        ["werewolf", "werewolf", "werewolf", "seer", "witch", "guard", "hunter", "little_girl", "villager"],
        {"guard_and_heal": "hidden", "sheriff_election": "after_discussion"},
    ),
}


class Screen(Phone):
    """A public screen (公屏): it holds no seat, sends only its pings, and keeps every message
    it got."""

    async def open(self) -> Screen:
        self.ws = await connect(self.url, max_size=2**22)
        self._reader = asyncio.create_task(self._read())
        self._pings = asyncio.create_task(screen_pings(self.ws))
        await self.expect("table")
        return self

    async def close(self) -> None:
        self._pings.cancel()
        await super().close()


async def play_through(game: Game, seed: int, screen: Screen | None = None) -> dict[int, Phone]:
    """Play `game` to its end from phones; decoys touched by everyone else at night; `screen`
    watches the table from before the first phone joins to the end."""
    rng = random.Random(seed)
    async with served(game) as (server, _table):
        if screen is not None:
            screen.url = f"ws://127.0.0.1:{server.port}/screen/ws"
            await screen.open()
        phones = {p.seat: p for p in await seat_everyone(server, game)}
        decisions = 0
        while not game.over:
            decisions += 1
            assert decisions < 400, "the game did not end"
            pending = game.pending
            assert pending is not None
            intended = random_decision(game, rng)
            parts = parts_of(intended, game)
            owing = {seat for seat, _ in parts}
            if pending.phase.startswith("night"):
                for seat in state_of(game).alive():
                    if seat not in owing:
                        touch = {
                            "type": "act",
                            "step": pending.step,
                            "targets": [rng.choice(state_of(game).alive())],
                        }
                        assert (await phones[seat].answer(touch))["type"] == "ack"
            if rng.random() < 0.1:
                seat = rng.choice(sorted(phones))
                phones[seat] = await _reconnect(phones[seat], ws_url(server), game)
            before = len(game.log)
            states = {s: p.count("state") for s, p in phones.items()}
            for seat, message in parts:
                answer = await phones[seat].answer(message)
                assert answer["type"] == "ack", (pending.step, seat, message, answer)
            await until_applied_and_shown(game, before, phones, states)
            assert same_decision(game.log[before], intended), (game.log[before], intended)
        await close_all(list(phones.values()))
        if screen is not None:
            await asyncio.sleep(0.1)  # the end's last picture reaches the screen
            await screen.close()
    return phones


def audited(game: Game, seed: int) -> list[str]:
    """Every breach of the secrecy audit in a whole game played from phones, a public screen
    watching: each seat's, and the screen's (Rule 9), which must have seen the end."""
    screen = Screen("", game)
    phones = asyncio.run(play_through(game, seed, screen))
    assert game.over
    assert all(phone.inbox for phone in phones.values())
    assert screen.inbox[-1]["public"]["winner"] is not None, "the screen did not see the end"
    tokens = {seat: phone.token for seat, phone in phones.items()}
    problems = []
    for seat, phone in phones.items():
        problems += audit_seat(game, seat, phone.inbox, phone.stamps, phone.raw, tokens)
    inboxes = [phone.inbox for phone in phones.values()]
    return problems + audit_screen(game, screen.inbox, screen.stamps, screen.raw, tokens, inboxes)


async def _reconnect(phone: Phone, url: str, game: Game) -> Phone:
    """The same seat on a new connection (a reload): the old phone's bytes are kept."""
    await phone.close()
    fresh = await Phone(url, game).open()
    answer = await fresh.answer({"type": "rejoin", "token": phone.token})
    assert answer["type"] == "joined" and answer["seat"] == phone.seat
    await fresh.expect("state")
    fresh.seat, fresh.token = phone.seat, phone.token
    fresh.raw = phone.raw + fresh.raw
    fresh.inbox = phone.inbox + fresh.inbox
    fresh.stamps = phone.stamps + fresh.stamps
    fresh.cursor = len(fresh.inbox)
    return fresh


@pytest.mark.parametrize(
    ("deck", "seed"),
    [
        ("classic-12", 1),
        ("classic-12", 2),
        ("new-moon-10", 3),
        ("new-moon-10", 4),
        ("club-9", 5),
        ("club-9", 6),
    ],
)
def test_no_seat_ever_receives_another_seats_secrets(deck: str, seed: int) -> None:
    cards, rules = DECKS[deck]
    seats = len(cards) - (2 if "thief" in cards else 0)
    game = Game(deal(cards, seats, seed=seed), make_rules(rules))
    assert audited(game, seed) == []


@pytest.mark.parametrize(
    ("board", "seed"),
    [
        ("wolf-king-guard-12", 1),
        ("gargoyle-gravekeeper-12", 2),
        ("nightmare-guard-12", 3),
        ("wolf-beauty-guard-12", 4),
        ("white-wolf-king-knight-12", 5),
        ("piper-12", 6),
        ("thief-cupid-12", 7),
        ("hidden-wolf-raven-12", 8),
        ("bear-hidden-wolf-12", 9),
        ("pure-white-wolf-witch-12", 9),
        ("mirror-seer-12", 10),
        ("wild-child-12", 9),
        ("slacker-12", 10),
        ("cursed-fox-raven-12", 11),
        ("awakened-gargoyle-12", 12),
        ("eternal-order-12", 13),
        ("masquerade-12", 14),
        ("warden-12", 14),
    ],
)
def test_no_seat_and_no_screen_learns_a_secret_in_narrated_club_games(
    board: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A club board's whole game narrated by the moderator at a table of bot phones (their
    shots, checks and day actions as the page offers them), a public screen watching: the
    audit over every seat's messages and the screen's, the judge's lines on it included."""
    played = find_board(board)
    game = Game(played.deal(seed), played.rules({}))
    recorder = asyncio.run(screened_game(game, seed, monkeypatch))
    assert recorder.shown and all(recorder.phones.get(seat) for seat in range(1, 13))
    assert any(shown.message["line"] for shown in recorder.shown), "the screen heard no line"
    assert recorder.shown[-1].message["public"]["winner"] is not None, "the screen did not see the end"
    assert feed_problems(recorder) == []


def test_the_screen_audit_catches_the_engines_view_and_a_planted_card() -> None:
    """The screen's audit (Rule 9) finds a public view no phone was shown (the night's death
    before the day's line), a key of its own that is not the screen's, and a card."""
    game = Game(deal(DECKS["classic-12"][0], 12, seed=1), make_rules())
    wolf = state_of(game).living_werewolves()[0]
    shown = {"phase": "night 1", "alive": list(range(1, 13))}
    ahead = {**shown, "alive": list(range(2, 13))}
    phone = [{"type": "state", "view": {"seat": 1, "public": shown}, "names": {}, "review": None}]
    table = {"type": "table", "public": shown, "names": {}, "review": None}
    planted: list[dict[str, Any]] = [
        {**table, "public": ahead},
        {**table, "acting": "seer"},
        {**table, "line": {str(wolf): "werewolf"}},
    ]
    problems = audit_screen(game, planted, [len(game.events)] * 3, [], {}, [phone])
    assert any("no phone was shown" in p for p in problems)
    assert any("beyond its own: ['acting']" in p for p in problems)
    assert any(f"learnt seat {wolf} is werewolf" in p for p in problems)


def test_the_audit_catches_a_planted_leak() -> None:
    game = Game(deal(DECKS["classic-12"][0], 12, seed=1), make_rules())
    wolf = state_of(game).living_werewolves()[0]
    seer = state_of(game).seat_of(state_of(game).player(1).card.__class__("seer"))
    villager = next(s for s in state_of(game).alive() if state_of(game).player(s).card.value == "villager")
    stamp = len(game.events)
    planted = [
        {"type": "state", "view": {"seat": villager}, "feed": [], "x": {"seat": wolf, "card": "werewolf"}},
        {"type": "picks", "picks": {str(wolf): 3}},
        {
            "type": "result",
            "feed": [
                {"i": 0, "kind": "seer.result", "data": {"night": 1, "target": wolf, "result": "werewolf"}}
            ],
        },
        {"type": "state", "view": {"seat": seer}, "feed": []},
    ]
    problems = audit_seat(
        game,
        villager,
        planted,
        [stamp] * len(planted),
        ["secret-token-of-the-seer"],
        {seer: "secret-token-of-the-seer"},
    )
    assert any("learnt seat" in p for p in problems)
    assert any("'picks'" in p for p in problems)
    assert any("not visible" in p for p in problems)
    assert any("view of seat" in p for p in problems)
    assert any("token of seat" in p for p in problems)


@pytest.mark.parametrize("seed", [8, 10, 17])
def test_no_seat_receives_another_seats_secrets_with_the_event_cards(seed: int) -> None:
    game = event_game(seed, dark_moon=["touch_of_death", "double_agent", "somnambulism", "burial"])
    problems = audited(game, seed)
    played = [card for _, card in state_of(game).moon.played] if state_of(game).moon else []
    print(f"seed {seed}: cards played {played}")
    assert played
    assert problems == []


def test_the_audit_opens_what_travels_sealed() -> None:
    game = Game(deal(DECKS["classic-12"][0], 12, seed=1), make_rules())
    wolf = state_of(game).living_werewolves()[0]
    villager = next(s for s in state_of(game).alive() if state_of(game).player(s).card.value == "villager")
    planted = [{"type": "progress", "step": "werewolves", "sealed": seal({"picks": {str(wolf): 3}})}]
    problems = audit_seat(game, villager, planted, [len(game.events)], [], {})
    assert any("'picks'" in p for p in problems)


def test_the_wild_childs_model_and_turn_reach_his_phone_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """预女猎白野 with `wild_child_trigger = "any_death"`, narrated by the moderator at a table of
    bot phones: a game in which the wild child turns (his model and his turn are told to his
    phone only, in messages padded like every other)."""
    board = find_board("wild-child-12")
    game = Game(board.deal(9), board.rules({"wild_child_trigger": "any_death"}))
    recorder = asyncio.run(screened_game(game, 9, monkeypatch))
    assert state_of(game).turned, "the wild child did not turn in this game: pick another seed"
    assert feed_problems(recorder) == []


def test_the_wolf_hounds_side_and_the_infection_reach_their_phones_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wolf-hound and the accursed wolf-father (RULES-CHARACTERS.md) in a club-order game
    narrated by the moderator at a table of bot phones: the hound picks the werewolves and the
    wolf-father infects, each told to his own phone only; the infected learns his fellows at
    the pack's step, not at the nightfall before it."""
    cards = ["accursed_wolf_father", "werewolf", "wolf_hound", "seer", "witch", "guard"] + ["villager"] * 3
    game = Game(deal(cards, 9, seed=2), make_rules({"night_order": "club"}))
    recorder = asyncio.run(screened_game(game, 2, monkeypatch))
    assert {turn.by for turn in state_of(game).turned.values()} == {"wolf_hound", "infect"}, (
        "pick another seed"
    )
    assert feed_problems(recorder) == []


def test_the_judges_request_is_offered_by_the_moderator_and_tells_no_phone_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stuttering judge (RULES-CHARACTERS.md) in a game narrated by the moderator at a table
    of bot phones: after each day's vote every living phone is asked his request, the judge's
    answer applied and every other press a decoy; the audit finds no secret on any phone or the
    screen, and the request is asked of the judge alone."""
    cards = ["werewolf", "werewolf", "stuttering_judge", "seer", "witch", "hunter"] + ["villager"] * 3
    game = Game(deal(cards, 9, seed=3), make_rules({"judge_second_votes": 5}))
    recorder = asyncio.run(screened_game(game, 3, monkeypatch))
    asked = [pending for pending, _ in game.history if pending.key == "judge"]
    assert asked, "the judge was never asked in this game: pick another seed"
    assert {pending.seats for pending in asked} == {(state_of(game).seat_of(Role.STUTTERING_JUDGE),)}
    assert feed_problems(recorder) == []


def test_the_servants_swap_is_offered_by_the_moderator_and_tells_no_phone_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The devoted servant (RULES-CHARACTERS.md) in a game narrated by the moderator at a table of
    bot phones: whenever deaths are said every living phone is asked her swap, her answer applied
    and every other press a decoy; the audit finds no secret on any phone or the screen, and the
    swap is asked of her alone."""
    cards = ["werewolf", "werewolf", "devoted_servant", "seer", "witch", "hunter"] + ["villager"] * 3
    game = Game(deal(cards, 9, seed=3), make_rules({}))
    servant = state_of(game).seat_of(Role.DEVOTED_SERVANT)
    recorder = asyncio.run(screened_game(game, 3, monkeypatch))
    asked = [pending for pending, _ in game.history if pending.key == "servant"]
    assert asked, "the servant was never asked in this game: pick another seed"
    assert {pending.seats for pending in asked} == {(servant,)}
    assert feed_problems(recorder) == []


def test_the_actors_card_is_offered_by_the_moderator_and_tells_no_phone_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The actor (RULES-CHARACTERS.md) on `actor-10`, narrated by the moderator at a table of bot
    phones: each night every living phone shows his step alike, his card offered only in his
    sealed box, every other press a decoy; the audit finds no secret on any phone or the screen,
    and the step is asked of him alone (pretended once he is dead or out of cards)."""
    board = find_board("actor-10")
    game = Game(board.deal(4), board.rules({}))
    actor = state_of(game).seat_of(Role.ACTOR)
    recorder = asyncio.run(screened_game(game, 4, monkeypatch))
    asked = [pending for pending, _ in game.history if pending.key == "actor"]
    assert asked, "the actor was never asked in this game: pick another seed"
    assert {pending.seats for pending in asked} == {(actor,)}
    assert feed_problems(recorder) == []
