"""Game records (`../shared/spec/game-record.md`): read one, replay it, write one.

Text in, text out: reading files is the caller's business.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from engine.cards import hooks
from engine.cards.deck import FACTS
from engine.catalog import usual
from engine.codecs import ShapeError
from engine.contents import Catalogue
from engine.decisions import Decision
from engine.game import Game, state_of
from engine.outputs import outputs
from engine.phase import Phase
from engine.rules import RuleError, Rules, card_settings, make_rules
from engine.setup import Setup, SetupError
from engine.state import IllegalDecision, Pending
from engine.steps import Codec, Kind, StepSpec


class RecordError(ValueError):
    """Text that is not a valid game record; the message names the line or key."""


@dataclass(frozen=True)
class Record:
    setup: Setup
    rules: Rules
    nights: list[dict[str, Any]] = field(default_factory=list)
    days: list[dict[str, Any]] = field(default_factory=list)


def parse_record(text: str, catalogue: Catalogue | None = None) -> Record:
    """The record in `text`, checked for shape (not for legality: replay does that), each key
    known to `catalogue` (the usual one unless given)."""
    codecs = (catalogue or usual()).codecs
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
    known = {"seats", "roles", "extra_cards", "actor_cards", "event_seed", "facts", "groups"}
    extra = set(setup_data) - known
    if extra:
        raise RecordError(f"[setup]: unknown key(s) {', '.join(sorted(extra))}")
    if not _is_int(setup_data.get("seats")):
        raise RecordError("[setup]: 'seats' must be a whole number")
    if not _is_int(setup_data.get("event_seed", 0)):
        raise RecordError("[setup]: 'event_seed' must be a whole number")
    _check_facts(setup_data.get("facts", {}))
    for key in ("roles", "extra_cards", "actor_cards"):
        value = setup_data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(r, str) for r in value):
            raise RecordError(f"[setup]: '{key}' must be a list of role names")
    groups = setup_data.get("groups", [])
    if not isinstance(groups, list) or not all(isinstance(g, str) for g in groups):
        raise RecordError('[setup]: \'groups\' must be a list of labels, "a" or "b" for each seat')
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
    nights = _tables(codecs, data, "night")
    days = _tables(codecs, data, "day")
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


def _tables(codecs: dict[str, Codec[Any]], data: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """The `[[night]]` or `[[day]]` tables, each key one of `codecs` and of its shape."""
    tables = data.get(name, [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise RecordError(f"'{name}' must be an array of tables ([[{name}]])")
    keys = [key for key, codec in codecs.items() if codec.kind == name]
    for n, table in enumerate(tables, start=1):
        unknown = set(table) - set(keys)
        if unknown:
            raise RecordError(
                f"{name} {n}: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(keys)})"
            )
        for key, value in table.items():
            try:
                codecs[key].shape(value)
            except ShapeError as error:
                where = f"{key}.{error.part}" if error.part else key
                raise RecordError(f"{name} {n}: '{where}' {error}") from None
    return tables


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Replaying


@dataclass
class Replay:
    """A record played through the engine: the game, and where it stopped."""

    game: Game
    pending: str | None = None
    error: dict[str, str] | None = None


def replay(record: Record, catalogue: Catalogue | None = None) -> Replay:
    """Play every decision of `record` until the game ends, the record runs out, or a
    decision is illegal (a game of `catalogue`, the usual one unless given)."""
    game = Game(record.setup, record.rules, chance="ask", catalogue=catalogue)
    steps, codecs = game.catalogue.steps, game.catalogue.codecs
    used: dict[tuple[str, str], int] = defaultdict(int)
    interrupted: set[tuple[int, str, str]] = set()
    taken: set[tuple[str, str]] = set()  # (phase, key): a key the replay has read a decision of
    while not game.over and game.pending is not None:
        pending = game.pending
        state = state_of(game)
        table = _table(record, pending.phase, state.first_day)
        spec = steps[pending.step]
        decision = _decision(codecs, pending, table, used)
        action = _day_action(game, spec, table, decision, interrupted, taken)
        if action is not None:
            # During the talk: before the vote, and before an election that the day's table
            # does not hold (a self-destruct moved it to the next day).
            key, made = action
            interrupted.add((state.day, key, repr(made)))
            refused = _apply(game, made)
            if refused:
                return Replay(game, error=_error(refused, pending.phase, key))
            continue
        if decision is None and spec.kind == Kind.CHANCE:
            decision = codecs[pending.key].read(pending.info["drawn"], pending)
        if decision is None:
            return Replay(game, pending=f"{pending.phase}: {pending.key}")
        refused = _apply(game, decision)
        if refused:
            return Replay(game, error=_error(refused, pending.phase, pending.key))
        taken.add((pending.phase, pending.key))
    return Replay(game)


def _day_action(
    game: Game,
    spec: StepSpec[Any],
    table: dict[str, Any],
    decision: Decision | None,
    done: set[tuple[int, str, str]],
    taken: set[tuple[str, str]],
) -> tuple[str, Decision] | None:
    """The day action the day's table holds and that comes now, with its key: each decision
    once a day (a key may read as another decision later in the day: a club election's blow,
    then the talk's), in the order of the table's keys (a record is written in the order
    things happened: a duel, then a self-destruct; a self-destruct in the PK after the vote),
    once every other key written before it was read (else the first, refused), while the talk
    goes on and before the verdict; a key's second decision of the day (a list written at the
    first's place: the club election's blow, then the talk's) only after every verdict the
    table holds (a blow ends the talk, so a vote the table holds came before it)."""
    state = state_of(game)
    if not (state.daytime and spec.talk and (decision is None or spec.verdict)):
        return None
    by_key = {action.codec.key: action for action in game.catalogue.actions.values()}
    phase = state.phase
    waiting = []
    for index, key in enumerate(table):
        if key not in by_key:
            continue
        if any(earlier not in by_key and (phase, earlier) not in taken for earlier in list(table)[:index]):
            break  # it came after a decision still to come
        if decision is not None and any(day == state.day and k == key for day, k, _ in done):
            continue  # a key's second decision today ended the talk: after the verdict held here
        made = by_key[key].codec.read(table[key], game.pending)  # type: ignore[arg-type]
        if made is not None and (state.day, key, repr(made)) not in done:
            waiting.append((key, made))
    # The first the rules allow now; else the first, so that its refusal is the replay's error.
    return next(
        ((key, made) for key, made in waiting if game.is_legal(made)), waiting[0] if waiting else None
    )


def _apply(game: Game, decision: Decision) -> IllegalDecision | None:
    try:
        game.apply(decision)
    except IllegalDecision as error:
        return error
    return None


def _error(error: IllegalDecision, phase: str, key: str) -> dict[str, str]:
    return {"phase": phase, "decision": key, "message": f"{error.message} ({error.rule})"}


def _table(record: Record, phase: Phase, first_day: int) -> dict[str, Any]:
    """The record's table of `phase`: the first `[[day]]` is day `first_day` (0: a day 0 held)."""
    tables = record.nights if phase.night else record.days
    index = phase.number - (1 if phase.night else first_day)
    return tables[index] if index < len(tables) else {}


def _decision(
    codecs: dict[str, Codec[Any]], pending: Pending, table: dict[str, Any], used: dict[tuple[str, str], int]
) -> Decision | None:
    """The decision `table` holds for `pending` (None: none); a repeated key's values are used
    in order, one per pending of the phase."""
    codec = codecs.get(pending.key)
    if codec is not None and pending.key not in table and table and codec.absent is not None:
        absent: Decision = codec.absent(pending)  # a key left out of a phase the record holds
        return absent
    if codec is None or pending.key not in table:
        return None
    value = table[pending.key]
    if codec.repeated:
        index = used[(pending.phase, pending.key)]
        if isinstance(value, list):
            if index >= len(value):
                return None
            value = value[index]
        elif index > 0:
            return None
        used[(pending.phase, pending.key)] += 1
    return codec.read(value, pending)


def summary(result: Replay) -> dict[str, Any]:
    """The JSON output of `narrator replay --json` for a replayed record."""
    state = state_of(result.game)
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
    out.update(outputs(state))
    if state.turned:  # RULES-CHARACTERS.md's `converted`
        out["converted"] = [{"seat": s, "phase": str(t.phase), "by": t.by} for s, t in state.turned.items()]
    moon = state.moon
    if moon is not None:
        out["events"] = [{"day": day, "card": card} for day, card in moon.played]
        out["in_play"] = [p.card for p in moon.in_play]
        out.update(hooks.summary(state))
    return out


# Writing


def write_record(game: Game, comment: str = "") -> str:
    """The game record of `game` (TOML text) that replays to the same state."""
    nights: dict[int, dict[str, Any]] = defaultdict(dict)
    days: dict[int, dict[str, Any]] = defaultdict(dict)

    def table_of(phase: Phase) -> dict[str, Any]:
        return (nights if phase.night else days)[phase.number]

    catalogue = game.catalogue
    for pending, decision in game.history:
        if catalogue.steps[pending.step].kind != Kind.CHANCE:
            key = decision.key if type(decision) in catalogue.actions else pending.key
            _write(table_of(pending.phase), catalogue.codecs[key], key, decision, pending)
    moon = state_of(game).moon
    for phase, key, outcome in moon.chance if moon is not None else []:
        table = table_of(phase)
        if catalogue.codecs[key].repeated:
            table.setdefault(key, []).append(outcome)
        else:
            table[key] = outcome
    lines = [f"# {line}" for line in comment.splitlines()]
    setup = game.setup
    lines += ["[setup]", f"seats = {setup.seats}", f"roles = {_toml(list(setup.roles))}"]
    if setup.extra_cards:
        lines.append(f"extra_cards = {_toml(list(setup.extra_cards))}")
    if setup.actor_cards:
        lines.append(f"actor_cards = {_toml(list(setup.actor_cards))}")
    if setup.groups:
        lines.append(f"groups = {_toml(list(setup.groups))}")
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
    if state_of(game).first_day == 0:  # day 0 (the angel's) is the first [[day]]
        lines += ["", "[[day]]"] + [f"{key} = {_toml(value)}" for key, value in days.get(0, {}).items()]
    for n in range(1, last + 1):
        for name, tables in (("night", nights), ("day", days)):
            if n in tables or any(k > n for k in nights) or any(k > n for k in days):
                lines += ["", f"[[{name}]]"]
                lines += [f"{key} = {_toml(value)}" for key, value in tables.get(n, {}).items()]
    return "\n".join(lines) + "\n"


def _write(table: dict[str, Any], codec: Codec[Any], key: str, decision: Decision, pending: Pending) -> None:
    value = codec.write(decision, pending, table.get(key))
    if value is None:
        return  # a decision the table leaves out (`Codec.absent`)
    if codec.repeated:
        table.setdefault(key, []).append(value)
    else:
        table[key] = value


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
