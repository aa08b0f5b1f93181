"""The secrecy audit: what each seat received, checked against what the rules let it know.

Rule 1: a seat may be told another seat's card only once the table saw it (a card shown on
        death, a self-destruct, a revealed idiot, the scapegoat, a hunter's shot, the end of
        the game) or when the engine told that seat itself (fellow werewolves, a lover's
        card, the seer's answer).
Rule 2: the keys that carry a role's secrets (the pack's picks, tonight's victim, the
        potions, the seer's results, the lovers, the guard's last choice, the thief's cards)
        are non-empty only on the phones of the seats the engine addressed them to.
Rule 3: every event a phone got is one the engine made visible to that seat, with the same
        data; every view a phone got is its own; no phone ever got another seat's token.
Rule 4: once the game is over every card and every night action is public (the review).
Rule 5: with the New Moon cards, a seer's result without its target is public (Somnambulism);
        the executioner may know the cards of those voted out; a player whose card became a
        werewolf's (the Specter, Backfire, the Harvest potion) joins the pack, and the pack
        knows him; the Specter's newcomer and the double agent are told the werewolves.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards.executioner import executed
from engine.events import Event
from engine.game import Game, state_of
from engine.roles import ROLE_NAMES

NOT_SEATS = frozenset({"n", "i", "count", "night", "day", "answered", "owed", "take", "seats"})
NOT_ROLES = frozenset({"step", "kind", "type", "code", "form"})
# A table's reveals: the cue that shows a seat's card, and the card it shows (None: its own).
REVEALING_CUES: dict[str, str | None] = {
    "death.card": None,
    "self_destruct": "werewolf",
    "idiot.revealed": "idiot",
    "scapegoat.out": "scapegoat",
    "hunter.shoot": "hunter",
}
# Secret keys and the engine events whose audience may see them.
SECRET_KEYS: dict[str, tuple[str, ...]] = {
    "fellow_werewolves": ("werewolves.pack", "card.changed"),
    "werewolves": ("double_agent", "specter"),
    "picks": ("werewolves.pack",),
    "lover": ("lover",),
    "lovers": ("cupid.lovers",),
    "seer_results": ("seer.result",),
    "result": ("seer.result",),
    "victim": ("witch.told", "werewolves.pack"),
    "potions": ("witch.told",),
    "last_protected": ("guard.protects",),
    "cards": ("thief.cards",),
}
PIPER_AND_WITCH_KEYS = {"charmed": "piper", "potions": "witch", "last_protected": "guard"}


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in `value`, the sealed ones opened (what the phone itself can read)."""
    if isinstance(value, dict):
        yield value
        for key, inner in value.items():
            if key == "sealed" and isinstance(inner, str):
                yield from _dicts(json.loads(inner))
            elif key != "strings":
                yield from _dicts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _dicts(inner)


def _ties(d: dict[str, Any]) -> Iterator[tuple[int, str]]:
    """The (seat, role name) pairs one JSON object puts side by side."""
    seats: set[int] = set()
    roles: set[str] = set()
    for key, value in d.items():
        if key.isdigit() and isinstance(value, str) and value in ROLE_NAMES:
            yield int(key), value
        values = value if isinstance(value, list) else [value]
        for v in values:
            if isinstance(v, int) and not isinstance(v, bool) and key not in NOT_SEATS:
                seats.add(v)
            elif isinstance(v, str) and v in ROLE_NAMES and key not in NOT_ROLES:
                roles.add(v)
    for seat in seats:
        for role in roles:
            yield seat, role


def _seen_by(events: Sequence[Event], seat: int) -> list[Event]:
    return [e for e in events if e.visible_to(seat)]


def _known(game: Game, seat: int, other: int, role: str, events: Sequence[Event]) -> bool:
    """Whether at the moment `events` were made `seat` may know that `other` holds `role`."""
    seen = executed(state_of(game))
    for event in events:
        data = event.data
        if (
            event.kind == "card.changed"
            and role == data["card"] == "werewolf"
            and other in (event.audience or ())
            and _is_true(game, seat, "werewolf")
        ):
            return True
        if event.kind == "cue":
            key = data.get("key")
            if key == "game.over":
                return True
            if key == "executioner.chosen" and data["seat"] == seat and other in seen:
                return True
            if key in REVEALING_CUES and data.get("seat") == other:
                shown = REVEALING_CUES[key] or data.get("role")
                if shown == role:
                    return True
        elif event.visible_to(seat) and event.audience:
            if event.kind == "werewolves.pack" and role == "werewolf" and other in data["seats"]:
                return True
            if (
                event.kind in ("specter", "double_agent")
                and role == "werewolf"
                and other in data["werewolves"]
            ):
                return True
            values = list(data.values())
            if other in values and role in values:
                return True
    return False


def _asked(game: Game, seat: int, told: dict[str, Any]) -> bool:
    """Whether `told` is what the engine tells `seat` with a decision it owes, before its touch
    (the gravekeeper's answer is in his step's own information, its event at his touch)."""
    owed = [p for p, _ in game.history] + ([game.pending] if game.pending is not None else [])
    return any(seat in p.seats and told and all(p.info.get(k) == v for k, v in told.items()) for p in owed)


def _is_true(game: Game, seat: int, role: str) -> bool:
    return role in (game.setup.roles[seat - 1].value, state_of(game).player(seat).card.value)


def audit_seat(
    game: Game,
    seat: int,
    inbox: Sequence[dict[str, Any]],
    stamps: Sequence[int],
    raw: Sequence[str],
    tokens: dict[int, str],
) -> list[str]:
    """Every breach of the rules above in what `seat` received (empty: none)."""
    problems = []
    everything = "".join(raw)
    for other, token in tokens.items():
        if other != seat and token and token in everything:
            problems.append(f"seat {seat} received the token of seat {other}")
    for message, stamp in zip(inbox, stamps, strict=True):
        events = game.events[:stamp]
        seen = _seen_by(events, seat)
        over = any(e.kind == "cue" and e.data.get("key") == "game.over" for e in events)
        if "view" in message and message["view"]["seat"] != seat:
            problems.append(f"seat {seat} got the view of seat {message['view']['seat']}")
        for entry in message.get("feed", []):
            if not any(e.kind == entry["kind"] and dict(e.data) == entry["data"] for e in seen):
                problems.append(f"seat {seat} got an event not visible to it: {entry}")
        for d in _dicts(message):
            for other, role in _ties(d):
                if (
                    other != seat
                    and 1 <= other <= game.setup.seats
                    and _is_true(game, other, role)
                    and not _known(game, seat, other, role, events)
                ):
                    problems.append(f"seat {seat} learnt seat {other} is {role}: {d}")
            for key, kinds in SECRET_KEYS.items():
                value = d.get(key)
                if over or not value or (key == "cards" and isinstance(value, dict)):
                    continue
                if key == "result" and "target" not in d:
                    continue
                owner = PIPER_AND_WITCH_KEYS.get(key)
                if owner and _is_true(game, seat, owner):
                    continue
                if not any(
                    e.kind in kinds and e.audience and seat in e.audience for e in seen
                ) and not _asked(game, seat, d):
                    problems.append(f"seat {seat} got the secret {key!r}: {d}")
            charmed = d.get("charmed")
            if (
                charmed
                and isinstance(charmed, list)
                and not over
                and not _is_true(game, seat, "piper")
                and not any(e.kind == "charmed" and e.visible_to(seat) for e in seen)
            ):
                problems.append(f"seat {seat} got the charmed seats: {d}")
    return problems


# The public screen's audit (公屏, `PublicScreen.message`): it holds no seat.
#
# Rule 9: what the screen got is what a seat that is nobody's may know (Rules 1-4 for seat 0:
#         no card, night action or token it could not know), in the screen's own keys only;
#         its public view is always one the phones were shown (never the engine's own, which
#         runs ahead of the judge), its names those the phones were told, its review one a
#         phone got at the end.

SCREEN_KEYS = frozenset(
    {
        "type", "locale", "strings", "public", "seats", "lobby", "names", "board", "board_cards",
        "line", "join", "speaking", "clock", "started", "candidates", "votes_from", "stage", "review",
        "scores", "pad",
    }
)  # fmt: skip


def audit_screen(
    game: Game,
    screen: Sequence[dict[str, Any]],
    stamps: Sequence[int],
    raw: Sequence[str],
    tokens: dict[int, str],
    phones: Sequence[Sequence[dict[str, Any]]],
) -> list[str]:
    """Every breach of Rule 9 in what a public screen received (`screen`, with the engine's
    event count when each came and the raw texts), given what the seated phones received
    (`phones`: each phone's messages); empty: none."""
    problems = audit_seat(game, 0, screen, stamps, raw, tokens)
    states = [m for inbox in phones for m in inbox if m.get("type") == "state"]
    publics = {_canonical(m["view"]["public"]) for m in states}
    names = {_canonical(m["names"]) for m in states} | {_canonical({})}
    reviews = {_canonical(m["review"]) for m in states}
    for message in screen:
        if message.get("type") != "table":
            problems.append(f"the screen got a {message.get('type')!r} message")
            continue
        beyond = sorted(set(message) - SCREEN_KEYS)
        if beyond:
            problems.append(f"the screen got keys beyond its own: {beyond}")
        if _canonical(message["public"]) not in publics:
            problems.append(f"the screen showed a public view no phone was shown: {message['public']}")
        if _canonical(message["names"]) not in names:
            problems.append(f"the screen showed names no phone was told: {message['names']}")
        if message["review"] is not None and _canonical(message["review"]) not in reviews:
            problems.append(f"the screen showed a review no phone got: {message['review']}")
    return problems


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


# The shape audit: what every phone can measure of its own traffic.
#
# Rule 6: at every narrated step (from one `narrate` to the next), every seated phone gets the
#         same messages, of the same types and padded sizes, in the same order; answers to a
#         phone's own messages (ack, error, pong, joined, welcome) are left out of this.
# Rule 7: every answer of a type has one size, the whole game long, on every phone; an ack
#         and an error (a touch taken or refused) have the same size.
# Rule 8: every night step opens with a message of the same type, whether it is real or
#         pretended.

ANSWERS = frozenset({"ack", "error", "pong", "joined", "welcome"})


@dataclass(frozen=True, slots=True)
class Sent:
    """One message sent to a seated phone: during the `segment`-th narration, of `step`."""

    segment: int
    step: str | None
    night: bool
    seat: int
    kind: str
    size: int


def shape_problems(sent: Sequence[Sent], seats: Sequence[int]) -> list[str]:
    """Every breach of Rules 6–8 in `sent` (empty: none); `seats` are the seated phones."""
    problems: list[str] = []
    by_segment: dict[int, dict[int, list[tuple[str, int]]]] = {}
    steps: dict[int, tuple[str | None, bool]] = {}
    answer_sizes: dict[str, set[int]] = {}
    for message in sent:
        steps[message.segment] = (message.step, message.night)
        if message.kind in ANSWERS:
            kind = "ack or error" if message.kind in ("ack", "error") else message.kind
            answer_sizes.setdefault(kind, set()).add(message.size)
            continue
        seat_lists = by_segment.setdefault(message.segment, {seat: [] for seat in seats})
        seat_lists.setdefault(message.seat, []).append((message.kind, message.size))
    openings: dict[str, set[str]] = {}
    for segment, seat_lists in sorted(by_segment.items()):
        step, night = steps[segment]
        shapes = {tuple(shape) for shape in seat_lists.values()}
        if len(shapes) > 1:
            detail = {seat: shape for seat, shape in sorted(seat_lists.items())}
            problems.append(f"step {step} (#{segment}): the phones got different messages: {detail}")
        if night and step is not None:
            for shape in seat_lists.values():
                if shape:
                    openings.setdefault(shape[0][0], set()).add(step)
    if len(openings) > 1:
        problems.append(f"night steps open with different messages: {openings}")
    for kind, sizes in answer_sizes.items():
        if len(sizes) > 1:
            problems.append(f"the {kind!r} answers have {len(sizes)} sizes: {sorted(sizes)}")
    return problems
