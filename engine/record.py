"""Game records (`../shared/spec/game-record.md`): read one, replay it, write one.

Text in, text out: reading files is the caller's business.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from engine.day import SELF_DESTRUCT_STEPS
from engine.decisions import (
    BadgeHandover,
    CupidChoice,
    DayVote,
    Decision,
    GuardChoice,
    HunterShot,
    PiperChoice,
    Revote,
    ScapegoatChoice,
    SeerChoice,
    SelfDestruct,
    SheriffCandidacy,
    SheriffVote,
    ThiefChoice,
    WerewolvesChoice,
    WitchChoice,
)
from engine.game import Game
from engine.rules import RuleError, Rules, make_rules
from engine.setup import Setup, SetupError
from engine.state import IllegalDecision, Pending

NIGHT_KEYS = ("thief", "cupid", "guard", "seer", "werewolves", "witch", "piper")
DAY_KEYS = ("sheriff", "vote", "revote", "hunter", "badge", "scapegoat", "self_destruct")


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
    extra = set(setup_data) - {"seats", "roles", "extra_cards"}
    if extra:
        raise RecordError(f"[setup]: unknown key(s) {', '.join(sorted(extra))}")
    if not _is_int(setup_data.get("seats")):
        raise RecordError("[setup]: 'seats' must be a whole number")
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
    nights = _tables(data, "night", NIGHT_KEYS)
    days = _tables(data, "day", DAY_KEYS)
    for n, table in enumerate(nights, start=1):
        _check_night(table, f"night {n}")
    for n, table in enumerate(days, start=1):
        _check_day(table, f"day {n}")
    return Record(setup, rules, nights, days)


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


def _check_night(table: dict[str, Any], where: str) -> None:
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
    game = Game(record.setup, record.rules)
    used: dict[tuple[str, str], int] = defaultdict(int)
    destructed: set[int] = set()
    while not game.over and game.pending is not None:
        pending = game.pending
        table = _table(record, pending.phase)
        state = game.state
        decision = _decision(pending, table, used)
        if (
            state.daytime and state.announced and pending.step in SELF_DESTRUCT_STEPS
            and "self_destruct" in table and state.day not in destructed
            and (decision is None or pending.step in ("vote", "revote"))
        ):
            # During the discussion: before the vote, and before an election that the
            # day's table does not hold (the self-destruct moved it to the next day).
            destructed.add(state.day)
            refused = _apply(game, SelfDestruct(seat=table["self_destruct"]))
            if refused:
                return Replay(game, error=_error(refused, pending.phase, "self_destruct"))
            continue
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


def _decision(
    pending: Pending, table: dict[str, Any], used: dict[tuple[str, str], int]
) -> Decision | None:
    key, step = pending.key, pending.step
    if key not in table:
        return None
    value = table[key]
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
    if step in ("hunter", "badge", "scapegoat"):
        if step == "scapegoat":
            return ScapegoatChoice(voters=tuple(value))
        index = used[(pending.phase, key)]
        if isinstance(value, list):
            if index >= len(value):
                return None
            value = value[index]
        elif index > 0:
            return None
        used[(pending.phase, key)] += 1
        return HunterShot(target=value) if step == "hunter" else BadgeHandover(successor=value)
    raise AssertionError(f"no record key for step {step}")


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
    return out


# Writing


def write_record(game: Game, comment: str = "") -> str:
    """The game record of `game` (TOML text) that replays to the same state."""
    nights: dict[int, dict[str, Any]] = defaultdict(dict)
    days: dict[int, dict[str, Any]] = defaultdict(dict)
    for pending, decision in game.history:
        kind, number = pending.phase.split()
        table = (nights if kind == "night" else days)[int(number)]
        _record_decision(table, pending, decision)
    lines = [f"# {line}" for line in comment.splitlines()]
    setup = game.setup
    lines += ["[setup]", f"seats = {setup.seats}", f"roles = {_toml(list(setup.roles))}"]
    if setup.extra_cards:
        lines.append(f"extra_cards = {_toml(list(setup.extra_cards))}")
    defaults = Rules().model_dump()
    changed = {
        name: value for name, value in game.rules.model_dump().items() if value != defaults[name]
    }
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
        table["sheriff"] = {"candidates": list(decision.candidates)}
    elif isinstance(decision, SheriffVote):
        round_key = "votes" if pending.info["round"] == 1 else "revotes"
        table["sheriff"][round_key] = dict(decision.votes)
    elif isinstance(decision, (DayVote, Revote)):
        table[decision.key] = dict(decision.votes)
    elif isinstance(decision, (HunterShot, BadgeHandover)):
        value = decision.target if isinstance(decision, HunterShot) else decision.successor
        table.setdefault(decision.key, []).append(value)
    elif isinstance(decision, ScapegoatChoice):
        table["scapegoat"] = list(decision.voters)


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
