"""Game records (`../shared/spec/game-record.md`): read one, replay it, write one.

Text in, text out: reading files is the caller's business.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from engine.cards.deck import FACTS
from engine.cards.draw import CHANCE_STEPS, POTIONS, chance_decision
from engine.day import SELF_DESTRUCT_STEPS
from engine.decisions import (
    Accusation,
    AllyChoice,
    BadgeHandover,
    ChurchChoice,
    CoinToss,
    CupidChoice,
    DayVote,
    Decision,
    EventDraw,
    ExecutionerChoice,
    FirstVoter,
    FriendVotes,
    GhostAnswer,
    GhostQuestion,
    GuardChoice,
    HunterShot,
    MediumChoice,
    MoonSeerChoice,
    PactChoice,
    PiperChoice,
    PotionRoll,
    Revote,
    RuleBreakers,
    ScapegoatChoice,
    SeerChoice,
    SelfDestruct,
    SheriffCandidacy,
    SheriffVote,
    SpecterChoice,
    ThiefChoice,
    Touch,
    Vouch,
    WerewolvesChoice,
    WitchChoice,
    Witnesses,
)
from engine.game import Game
from engine.rules import RuleError, Rules, card_settings, make_rules
from engine.setup import Setup, SetupError
from engine.state import IllegalDecision, Pending

NIGHT_KEYS = ("thief", "cupid", "guard", "seer", "werewolves", "witch", "piper")
DAY_KEYS = ("sheriff", "vote", "revote", "hunter", "badge", "scapegoat", "self_destruct")
# The New Moon event cards' keys (`docs/events.md`), each read only when its step happens.
CARD_NIGHT_KEYS = ("double_agent", "moon_seers", "church", "touched", "specter", "potion")
CARD_DAY_KEYS = (
    "event",
    "reported",
    "medium",
    "question",
    "ghost",
    "punishment",
    "witnesses",
    "friends",
    "vouch",
    "first_voter",
    "coin",
    "pact",
    "second_vote",
    "second_revote",
    "scapegoat_vote",
    "philippe",
    "executioner",
)
# Keys a phase may need more than once: a list, used in order (one value: used once).
REPEATED = frozenset({"hunter", "badge", "coin", "pact", "executioner", "moon_seers"})


class RecordError(ValueError):
    """Text that is not a valid game record; the message names the line or key."""


@dataclass(frozen=True)
class Record:
    setup: Setup
    rules: Rules
    nights: list[dict[str, Any]] = field(default_factory=list)
    days: list[dict[str, Any]] = field(default_factory=list)


def parse_record(text: str) -> Record:
    """The record in `text`, checked for shape (not for legality: replay does that)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RecordError(f"not a TOML file: {error}") from None
    unknown = set(data) - {"setup", "rules", "night", "day"}
    if unknown:
        raise RecordError(f"unknown table(s): {', '.join(sorted(unknown))}")
    if not isinstance(data.get("setup"), dict):
        raise RecordError("missing [setup] table")
    setup_data = data["setup"]
    extra = set(setup_data) - {"seats", "roles", "extra_cards", "event_seed", "facts"}
    if extra:
        raise RecordError(f"[setup]: unknown key(s) {', '.join(sorted(extra))}")
    if not _is_int(setup_data.get("seats")):
        raise RecordError("[setup]: 'seats' must be a whole number")
    if not _is_int(setup_data.get("event_seed", 0)):
        raise RecordError("[setup]: 'event_seed' must be a whole number")
    _check_facts(setup_data.get("facts", {}))
    for key in ("roles", "extra_cards"):
        value = setup_data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(r, str) for r in value):
            raise RecordError(f"[setup]: '{key}' must be a list of role names")
    try:
        setup = Setup.model_validate(setup_data)
    except (ValidationError, SetupError) as error:
        raise RecordError(f"[setup]: {_first_message(error)}") from None
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, dict):
        raise RecordError("[rules] must be a table")
    try:
        rules = make_rules(rules_data)
    except RuleError as error:
        raise RecordError(f"[rules]: {error}") from None
    nights = _tables(data, "night", NIGHT_KEYS + CARD_NIGHT_KEYS)
    days = _tables(data, "day", DAY_KEYS + CARD_DAY_KEYS)
    for n, table in enumerate(nights, start=1):
        _check_night(table, f"night {n}")
    for n, table in enumerate(days, start=1):
        _check_day(table, f"day {n}")
    return Record(setup, rules, nights, days)


def _check_facts(facts: object) -> None:
    if not isinstance(facts, dict):
        raise RecordError("[setup.facts] must be a table of seat = { fact = value }")
    for seat, told in facts.items():
        if not seat.isdigit() or not isinstance(told, dict):
            raise RecordError(f"[setup.facts]: '{seat}' is not seat = {{ fact = value }}")
        unknown = set(told) - set(FACTS)
        if unknown:
            raise RecordError(
                f"[setup.facts] seat {seat}: unknown fact(s) {', '.join(sorted(unknown))} "
                f"(known: {', '.join(FACTS)})"
            )


def _first_message(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return "; ".join(str(e["msg"]).removeprefix("Value error, ") for e in error.errors())
    return str(error)


def _tables(data: dict[str, Any], name: str, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    tables = data.get(name, [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise RecordError(f"'{name}' must be an array of tables ([[{name}]])")
    for n, table in enumerate(tables, start=1):
        unknown = set(table) - set(keys)
        if unknown:
            raise RecordError(
                f"{name} {n}: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(keys)})"
            )
    return tables


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_list(value: object, where: str, length: int | None = None) -> None:
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise RecordError(f"{where} must be a list of seats")
    if length is not None and len(value) != length:
        raise RecordError(f"{where} must name {length} seats")


def _seat(value: object, where: str) -> None:
    if not _is_int(value):
        raise RecordError(f"{where} must be a seat number")


def _votes(value: object, where: str) -> None:
    if not isinstance(value, dict):
        raise RecordError(f"{where} must be a table of voter = target")
    for voter, target in value.items():
        if not voter.isdigit() or not _is_int(target):
            raise RecordError(f"{where}: '{voter} = {target!r}' is not voter seat = target seat")


def _seat_or_list(value: object, where: str) -> None:
    if isinstance(value, list):
        _seat_list(value, where)
    else:
        _seat(value, where)


def _one_or_list(value: object, where: str, ok: type, what: str) -> None:
    values = value if isinstance(value, list) else [value]
    if not all(isinstance(v, ok) and (ok is bool or not isinstance(v, bool)) for v in values):
        raise RecordError(f"{where} must be {what} (or a list of them, used in order)")


def _check_cards_night(table: dict[str, Any], where: str) -> None:
    for key in ("double_agent", "specter", "church"):
        if key in table:
            _seat(table[key], f"{where}: '{key}'")
    if "moon_seers" in table:
        _seat_or_list(table["moon_seers"], f"{where}: 'moon_seers'")
    if "touched" in table and not isinstance(table["touched"], bool):
        raise RecordError(f"{where}: 'touched' must be true or false")
    if "potion" in table and table["potion"] not in POTIONS:
        raise RecordError(f"{where}: 'potion' must be one of {', '.join(POTIONS)}")


def _check_cards_day(table: dict[str, Any], where: str) -> None:
    if "event" in table and not isinstance(table["event"], str):
        raise RecordError(f"{where}: 'event' must be the name of an event card")
    if "coin" in table:
        coins = table["coin"] if isinstance(table["coin"], list) else [table["coin"]]
        if not all(c in ("heads", "tails") for c in coins):
            raise RecordError(f'{where}: \'coin\' must be "heads" or "tails" (or a list)')
    for key in ("ghost", "pact"):
        if key in table:
            _one_or_list(table[key], f"{where}: '{key}'", bool, "true or false")
    for key in ("medium", "punishment", "first_voter"):
        if key in table:
            _seat(table[key], f"{where}: '{key}'")
    if "executioner" in table:
        _seat_or_list(table["executioner"], f"{where}: 'executioner'")
    for key in ("reported", "witnesses", "vouch"):
        if key in table:
            _seat_list(table[key], f"{where}: '{key}'")
    for key in ("second_vote", "second_revote", "scapegoat_vote"):
        if key in table:
            _votes(table[key], f"{where}: '{key}'")
    if "philippe" in table:
        _check_day({"sheriff": table["philippe"]}, f"{where} (philippe)")
    if "question" in table:
        question = table["question"]
        if isinstance(question, dict):
            if set(question) - {"ask", "seats"} or not isinstance(question.get("ask"), str):
                raise RecordError(f"{where}: 'question' must be a name or {{ ask, seats }}")
            _seat_list(question.get("seats", []), f"{where}: 'question.seats'")
        elif not isinstance(question, str):
            raise RecordError(f"{where}: 'question' must be a name or {{ ask, seats }}")
    if "friends" in table:
        friends = table["friends"]
        if not isinstance(friends, dict) or not all(
            k.isdigit() and isinstance(v, list) and all(_is_int(s) for s in v) for k, v in friends.items()
        ):
            raise RecordError(f"{where}: 'friends' must be a table of voter = [friend, friend]")


def _check_night(table: dict[str, Any], where: str) -> None:
    _check_cards_night(table, where)
    for key in ("thief", "guard", "seer", "werewolves"):
        if key in table:
            _seat(table[key], f"{where}: '{key}'")
    if "cupid" in table:
        _seat_list(table["cupid"], f"{where}: 'cupid'", 2)
    if "piper" in table:
        _seat_list(table["piper"], f"{where}: 'piper'")
    if "witch" in table:
        witch = table["witch"]
        if not isinstance(witch, dict) or set(witch) - {"heal", "poison"}:
            raise RecordError(f"{where}: 'witch' must be a table of heal and poison")
        if not isinstance(witch.get("heal", False), bool):
            raise RecordError(f"{where}: 'witch.heal' must be true or false")
        _seat(witch.get("poison", 0), f"{where}: 'witch.poison'")


def _check_day(table: dict[str, Any], where: str) -> None:
    _check_cards_day(table, where)
    if "sheriff" in table:
        sheriff = table["sheriff"]
        if isinstance(sheriff, dict):
            if set(sheriff) - {"candidates", "votes", "revotes"}:
                raise RecordError(f"{where}: 'sheriff' takes candidates, votes and revotes")
            _seat_list(sheriff.get("candidates", []), f"{where}: 'sheriff.candidates'")
            for key in ("votes", "revotes"):
                if key in sheriff:
                    _votes(sheriff[key], f"{where}: 'sheriff.{key}'")
        else:
            _seat(sheriff, f"{where}: 'sheriff'")
    for key in ("vote", "revote"):
        if key in table:
            _votes(table[key], f"{where}: '{key}'")
    for key in ("hunter", "badge"):
        if key in table:
            _seat_or_list(table[key], f"{where}: '{key}'")
    if "scapegoat" in table:
        _seat_list(table["scapegoat"], f"{where}: 'scapegoat'")
    if "self_destruct" in table:
        _seat(table["self_destruct"], f"{where}: 'self_destruct'")


# Replaying


@dataclass
class Replay:
    """A record played through the engine: the game, and where it stopped."""

    game: Game
    pending: str | None = None
    error: dict[str, str] | None = None


def replay(record: Record) -> Replay:
    """Play every decision of `record` until the game ends, the record runs out, or a
    decision is illegal."""
    game = Game(record.setup, record.rules, chance="ask")
    used: dict[tuple[str, str], int] = defaultdict(int)
    destructed: set[int] = set()
    while not game.over and game.pending is not None:
        pending = game.pending
        table = _table(record, pending.phase)
        state = game.state
        decision = _decision(pending, table, used)
        if (
            state.daytime
            and state.announced
            and pending.step in SELF_DESTRUCT_STEPS
            and "self_destruct" in table
            and state.day not in destructed
            and (decision is None or pending.step in ("vote", "revote"))
        ):
            # During the discussion: before the vote, and before an election that the
            # day's table does not hold (the self-destruct moved it to the next day).
            destructed.add(state.day)
            refused = _apply(game, SelfDestruct(seat=table["self_destruct"]))
            if refused:
                return Replay(game, error=_error(refused, pending.phase, "self_destruct"))
            continue
        if decision is None and pending.step in CHANCE_STEPS:
            decision = chance_decision(pending)
        if decision is None:
            return Replay(game, pending=f"{pending.phase}: {pending.key}")
        refused = _apply(game, decision)
        if refused:
            return Replay(game, error=_error(refused, pending.phase, pending.key))
    return Replay(game)


def _apply(game: Game, decision: Decision) -> IllegalDecision | None:
    try:
        game.apply(decision)
    except IllegalDecision as error:
        return error
    return None


def _error(error: IllegalDecision, phase: str, key: str) -> dict[str, str]:
    return {"phase": phase, "decision": key, "message": f"{error.message} ({error.rule})"}


def _table(record: Record, phase: str) -> dict[str, Any]:
    kind, number = phase.split()
    tables = record.nights if kind == "night" else record.days
    n = int(number)
    return tables[n - 1] if n <= len(tables) else {}


def _decision(pending: Pending, table: dict[str, Any], used: dict[tuple[str, str], int]) -> Decision | None:
    key, step = pending.key, pending.step
    if key not in table:
        return None
    value = table[key]
    if key in REPEATED:
        index = used[(pending.phase, key)]
        if isinstance(value, list):
            if index >= len(value):
                return None
            value = value[index]
        elif index > 0:
            return None
        used[(pending.phase, key)] += 1
    elif step == "vouch":
        index = used[(pending.phase, key)]
        if index >= len(value):
            return None
        used[(pending.phase, key)] += 1
        return Vouch(seat=value[index])
    card = _card_decision(step, value)
    if card is not None:
        return card
    if step == "thief":
        return ThiefChoice(take=value)
    if step == "cupid":
        return CupidChoice(lovers=(value[0], value[1]))
    if step == "guard":
        return GuardChoice(target=value)
    if step == "seer":
        return SeerChoice(target=value)
    if step == "werewolves":
        return WerewolvesChoice(victim=value)
    if step == "witch":
        return WitchChoice(heal=value.get("heal", False), poison=value.get("poison", 0))
    if step == "piper":
        return PiperChoice(charmed=tuple(value))
    if step == "sheriff_candidacy":
        if isinstance(value, int):
            return SheriffCandidacy(candidates=(value,) if value else ())
        return SheriffCandidacy(candidates=tuple(value.get("candidates", [])))
    if step == "sheriff_vote":
        round_key = "votes" if pending.info["round"] == 1 else "revotes"
        if not isinstance(value, dict) or round_key not in value:
            return None
        return SheriffVote(votes=value[round_key])
    if step == "vote":
        return DayVote(votes=value)
    if step == "revote":
        return Revote(votes=value)
    if step == "scapegoat":
        return ScapegoatChoice(voters=tuple(value))
    if step in ("hunter", "badge"):
        return HunterShot(target=value) if step == "hunter" else BadgeHandover(successor=value)
    raise AssertionError(f"no record key for step {step}")


def _card_decision(step: str, value: Any) -> Decision | None:
    """The decision of an event card's step from its record value (None: not a card step)."""
    if step == "event":
        return EventDraw(card=value)
    if step == "coin":
        return CoinToss(side=value)
    if step == "potion":
        return PotionRoll(result=value)
    if step == "report":
        return RuleBreakers(seats=tuple(value))
    if step == "medium":
        return MediumChoice(medium=value)
    if step == "question":
        if isinstance(value, str):
            return GhostQuestion(ask=value)
        return GhostQuestion(ask=value["ask"], seats=tuple(value.get("seats", [])))
    if step == "ghost":
        return GhostAnswer(yes=value)
    if step == "pact":
        return PactChoice(pact=value)
    if step == "punishment":
        return Accusation(target=value)
    if step == "witnesses":
        return Witnesses(seats=tuple(value))
    if step == "distrust":
        return FriendVotes(friends=value)
    if step == "influences":
        return FirstVoter(seat=value)
    if step == "executioner":
        return ExecutionerChoice(seat=value)
    if step == "touch":
        return Touch(touched=value)
    if step == "specter":
        return SpecterChoice(werewolf=value)
    if step == "double_agent":
        return AllyChoice(seat=value)
    if step == "moon_seer":
        return MoonSeerChoice(target=value)
    if step == "church":
        return ChurchChoice(victim=value)
    return None


def summary(result: Replay) -> dict[str, Any]:
    """The JSON output of `narrator replay --json` for a replayed record."""
    state = result.game.state
    outcome = state.outcome
    out: dict[str, Any] = {
        "winner": outcome.winner.value if outcome else None,
        "ended": outcome.phase if outcome else None,
    }
    if result.pending is not None:
        out["pending"] = result.pending
    out.update(
        alive=state.alive(),
        deaths=[{"seat": d.seat, "phase": d.phase, "cause": d.cause} for d in state.deaths],
        sheriff=state.sheriff or None,
        lovers=list(state.lovers or []),
        charmed=sorted(p.seat for p in state.players if p.charmed),
        seer=[{"night": n, "target": t, "result": r} for n, t, r in state.seer_results],
        error=result.error,
    )
    moon = state.moon
    if moon is not None:
        out["events"] = [{"day": day, "card": card} for day, card in moon.played]
        out["in_play"] = [p.card for p in moon.in_play]
        out["revived"] = list(moon.revived)
        out["pacts"] = list(moon.pacts)
        out["ally"] = moon.ally or None
        out["infected"] = sorted(moon.infected)
    return out


# Writing


def write_record(game: Game, comment: str = "") -> str:
    """The game record of `game` (TOML text) that replays to the same state."""
    nights: dict[int, dict[str, Any]] = defaultdict(dict)
    days: dict[int, dict[str, Any]] = defaultdict(dict)

    def table_of(phase: str) -> dict[str, Any]:
        kind, number = phase.split()
        return (nights if kind == "night" else days)[int(number)]

    for pending, decision in game.history:
        if pending.step not in CHANCE_STEPS:
            _record_decision(table_of(pending.phase), pending, decision)
    moon = game.state.moon
    for phase, key, outcome in moon.chance if moon is not None else []:
        table = table_of(phase)
        if key in REPEATED:
            table.setdefault(key, []).append(outcome)
        else:
            table[key] = outcome
    lines = [f"# {line}" for line in comment.splitlines()]
    setup = game.setup
    lines += ["[setup]", f"seats = {setup.seats}", f"roles = {_toml(list(setup.roles))}"]
    if setup.extra_cards:
        lines.append(f"extra_cards = {_toml(list(setup.extra_cards))}")
    if moon is not None:
        lines.append(f"event_seed = {setup.event_seed}")
    if setup.facts:
        lines += ["", "[setup.facts]"]
        for seat, told in sorted(setup.facts.items()):
            given = {k: v for k, v in told.model_dump().items() if v is not None}
            lines.append(f"{seat} = {_toml(given)}")
    defaults = Rules().model_dump()
    changed = {
        name: value
        for name, value in game.rules.model_dump().items()
        if name != "cards" and value != defaults[name]
    }
    changed.update(card_settings(game.rules))
    lines += ["", "[rules]"] + [f"{name} = {_toml(value)}" for name, value in changed.items()]
    last = max([*nights, *days], default=0)
    for n in range(1, last + 1):
        for name, tables in (("night", nights), ("day", days)):
            if n in tables or any(k > n for k in nights) or any(k > n for k in days):
                lines += ["", f"[[{name}]]"]
                lines += [f"{key} = {_toml(value)}" for key, value in tables.get(n, {}).items()]
    return "\n".join(lines) + "\n"


def _record_decision(table: dict[str, Any], pending: Pending, decision: Decision) -> None:
    if isinstance(decision, SelfDestruct):
        table["self_destruct"] = decision.seat
    elif isinstance(decision, ThiefChoice):
        table["thief"] = decision.take
    elif isinstance(decision, CupidChoice):
        table["cupid"] = list(decision.lovers)
    elif isinstance(decision, (GuardChoice, SeerChoice)):
        table[decision.key] = decision.target
    elif isinstance(decision, WerewolvesChoice):
        table["werewolves"] = decision.victim
    elif isinstance(decision, WitchChoice):
        table["witch"] = {"heal": decision.heal, "poison": decision.poison}
    elif isinstance(decision, PiperChoice):
        table["piper"] = list(decision.charmed)
    elif isinstance(decision, SheriffCandidacy):
        table[pending.key] = {"candidates": list(decision.candidates)}
    elif isinstance(decision, SheriffVote):
        round_key = "votes" if pending.info["round"] == 1 else "revotes"
        table[pending.key][round_key] = dict(decision.votes)
    elif isinstance(decision, (DayVote, Revote)):
        table[pending.key] = dict(decision.votes)
    elif isinstance(decision, (HunterShot, BadgeHandover)):
        value = decision.target if isinstance(decision, HunterShot) else decision.successor
        table.setdefault(decision.key, []).append(value)
    elif isinstance(decision, ScapegoatChoice):
        table["scapegoat"] = list(decision.voters)
    else:
        _record_card_decision(table, decision)


def _record_card_decision(table: dict[str, Any], decision: Decision) -> None:
    key = decision.key
    if isinstance(decision, (RuleBreakers, Witnesses)):
        table[key] = list(decision.seats)
    elif isinstance(decision, MediumChoice):
        table[key] = decision.medium
    elif isinstance(decision, GhostQuestion):
        table[key] = {"ask": decision.ask, "seats": list(decision.seats)}
    elif isinstance(decision, GhostAnswer):
        table[key] = decision.yes
    elif isinstance(decision, Accusation):
        table[key] = decision.target
    elif isinstance(decision, FriendVotes):
        table[key] = {voter: list(friends) for voter, friends in decision.friends.items()}
    elif isinstance(decision, Vouch):
        table.setdefault(key, []).append(decision.seat)
    elif isinstance(decision, FirstVoter):
        table[key] = decision.seat
    elif isinstance(decision, Touch):
        table[key] = decision.touched
    elif isinstance(decision, SpecterChoice):
        table[key] = decision.werewolf
    elif isinstance(decision, AllyChoice):
        table[key] = decision.seat
    elif isinstance(decision, ChurchChoice):
        table[key] = decision.victim
    elif isinstance(decision, PactChoice):
        table.setdefault(key, []).append(decision.pact)
    elif isinstance(decision, ExecutionerChoice):
        table.setdefault(key, []).append(decision.seat)
    elif isinstance(decision, MoonSeerChoice):
        table.setdefault(key, []).append(decision.target)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} in a record")
