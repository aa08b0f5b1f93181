"""The warden (典狱长, RULES-CLUB-MORE.md; 孤注一掷): a werewolf who, from night 2, names two players
to trade; the two wake together and each signals trade (交易) or betray (背叛).

Rule 1: he meets and kills with the pack and may self-destruct; the pack may name him.
Rule 2: at 3f, from night 2, he may name two distinct living players, himself allowed, neither
        traded before (each player once a game), or nobody (0).
Rule 3: the two wake together at the next step (`warden_trade`), each told the other's seat
        (not card), and each signals trade or betray; nobody hears the outcome before dawn.
        With nobody named (or the warden dead, absent or void) the step is pretended.
Rule 4: both trade: both survive every night death tonight but `bonded_attack` (a bitten one:
        the witch is told him, a heal on him is spent). Trade and betray: the trader dies at
        dawn (step 4c, cause `trade`): no guard, no antidote, no shot; a dreamwalker survives.
        Both betray: tonight each may aim his own night power only at the other (`night.aimed`,
        asked by the seer, the guard, the dreamcatcher and the witch); the wolf kill is free.
Rule 5: the warden in the pair signals too: the same signals → he dies, different → the other
        dies (cause `trade`).
Rule 6: one seat, one death: `trade` takes the place of a werewolf attack on the same seat, and
        gives way to `check` and `poison`.
"""

from __future__ import annotations

from typing import Any

from engine.codecs import ShapeError
from engine.decisions import Decision
from engine.events import cue, private
from engine.night import WEREWOLF_ATTACKS, NightStep, add_bind, add_dawn, add_night_step, add_spared, spared
from engine.nightstep import living_target, open_step, pending_for, pretend, wake
from engine.roles import Role, declare
from engine.script import StepCues, add_cues
from engine.state import IllegalDecision, Pending, State, Step
from engine.steps import Answer, Codec, Form, Kind, Share, StepSpec, register, single, standing

ROLE = declare(Role.WARDEN, wolf=True, pack=True)

WARDEN = "warden"
"""His step's name and the record key of the whole trade (the pair and the signals)."""
TRADE = "warden_trade"
CUES = StepCues(WARDEN, wake="warden.wake", act="warden.act", sleep="warden.sleep")
TRADE_CUES = StepCues(TRADE, wake="warden_trade.wake", act="warden_trade.act", sleep="warden_trade.sleep")
add_cues(ROLE, {**CUES.keys(), **TRADE_CUES.keys()})

TRADED = "warden.traded"
"""`state.memory`: every seat named in a trade so far (Rule 2: once a game)."""
PAIR = "warden.pair"
"""`state.tonight.marks`: the two seats named tonight."""
SAFE = "warden.safe"
"""`state.tonight.marks`: the both-trade pair, spared tonight (Rule 4)."""
LOSER = "warden.loser"
"""`state.tonight.marks`: the seat that dies of the trade at dawn (Rules 4, 5)."""
BOUND = "warden.bound"
"""`state.tonight.marks`: each both-betray seat → the only seat his power may name (Rule 4)."""
CAUSE = "trade"
OUTRANKED = WEREWOLF_ATTACKS
"""The causes a `trade` death takes the place of (Rule 6)."""
SIGNALS = ("trade", "betray")


class WardenPair(Decision, step=WARDEN):
    """The two seats the warden names tonight; (): nobody."""

    pair: tuple[int, ...] = ()


class WardenTrade(Decision, step=TRADE, key=WARDEN):
    """The seats of the pair that signal trade; the others betray."""

    traders: tuple[int, ...] = ()


def traded(state: State) -> tuple[int, ...]:
    """The seats named in a trade before (Rule 2)."""
    seats: tuple[int, ...] = state.memory.get(TRADED, ())
    return seats


def begin_warden(state: State, step: Step) -> Pending | None:
    seat = wake(state, CUES, Role.WARDEN)
    if not seat:
        return None
    targets = tuple(s for s in state.alive() if s not in traded(state))
    if len(targets) < 2:  # nobody left to trade: asked nothing, on the same clock
        pretend(state, CUES)
        return None
    return pending_for(state, WARDEN, [seat], targets=targets, count=2, allow_none=True, info={"up_to": 2})


def check_warden(state: State, pending: Pending, decision: WardenPair) -> None:
    pair = decision.pair
    if not pair:
        return
    if len(pair) != 2 or pair[0] == pair[1]:
        raise state.refuse("warden_pair", f"the warden names two players or nobody, not {list(pair)}")
    for seat in pair:
        living_target(state, seat)
        if seat in traded(state):
            raise state.refuse("warden_traded", f"seat {seat} has traded before: once a game")


def resolve_warden(state: State, pending: Pending, decision: WardenPair) -> None:
    pair = tuple(sorted(decision.pair))
    if pair:
        state.tonight.marks[PAIR] = pair
        state.memory[TRADED] = tuple(sorted({*traded(state), *pair}))
    named = (
        private("warden.names", pending.seats[0], seats=list(pair))
        if pair
        else private("warden.none", pending.seats[0])
    )
    state.emit(named)
    state.emit(cue(CUES.sleep))


def _answer_warden(pending: Pending, given: Answer) -> WardenPair:
    if len(given.seats) not in (0, 2):
        raise IllegalDecision("wrong_count", "name two seats, or nobody")
    return WardenPair(pair=given.seats)


def begin_trade(state: State, step: Step) -> Pending | None:
    """Rule 3: the pair wake together, each told the other's seat."""
    open_step(state, TRADE_CUES)
    pair: tuple[int, ...] = state.tonight.marks.get(PAIR, ())
    if not pair:
        pretend(state, TRADE_CUES)
        return None
    state.emit(private("warden_trade.pair", frozenset(pair), seats=list(pair)))
    return Pending(state.phase, TRADE, WARDEN, pair, allow_none=True, info={"seats": list(pair)})


def check_trade(state: State, pending: Pending, decision: WardenTrade) -> None:
    if set(decision.traders) - set(pending.seats):
        raise state.refuse("warden_signal", f"only seats {list(pending.seats)} signal tonight")


def resolve_trade(state: State, pending: Pending, decision: WardenTrade) -> None:
    """Rules 4 and 5: what the signals do, kept for dawn; nobody is told."""
    a, b = pending.seats
    warden = state.seat_of(Role.WARDEN)
    same = (a in decision.traders) == (b in decision.traders)
    marks = state.tonight.marks
    if warden in (a, b):
        marks[LOSER] = warden if same else (b if warden == a else a)
    elif same and a in decision.traders:
        marks[SAFE] = (a, b)
    elif same:
        marks[BOUND] = {a: b, b: a}
    else:
        marks[LOSER] = a if a in decision.traders else b
    state.emit(cue(TRADE_CUES.sleep))


def _bound(state: State, chooser: int) -> int:
    """Rule 4: the only seat a both-betray seat's night power may name tonight (0: any)."""
    other: int = state.tonight.marks.get(BOUND, {}).get(chooser, 0)
    return other


def _spared(state: State, seat: int, cause: str) -> bool:
    """Rule 4: the both-trade pair survive every night death but `bonded_attack`."""
    return seat in state.tonight.marks.get(SAFE, ()) and cause != "bonded_attack"


def _trade_death(state: State, deaths: dict[int, str]) -> None:
    """Dawn, step 4c: the trade's loser dies (Rules 4-6)."""
    seat = state.tonight.marks.get(LOSER, 0)
    if seat and deaths.get(seat, "werewolves") in OUTRANKED and not spared(state, seat, CAUSE):
        deaths[seat] = CAUSE


def _codec() -> Codec[Any]:
    """`warden = { pair = [a, b], choices = { a = "trade", b = "betray" } }`, 0: nobody named."""

    def shape(value: object) -> None:
        if value == 0:
            return
        if not isinstance(value, dict) or set(value) - {"pair", "choices"} or "pair" not in value:
            raise ShapeError("must be 0 or a table of pair and choices")
        pair = value["pair"]
        if not isinstance(pair, list) or len(pair) != 2 or not all(type(s) is int for s in pair):
            raise ShapeError("must name two seats", "pair")
        choices = value.get("choices", {})
        if not isinstance(choices, dict) or not all(v in SIGNALS for v in choices.values()):
            raise ShapeError('must be a table of seat = "trade" or "betray"', "choices")

    def read(value: Any, pending: Pending) -> Decision | None:
        if pending.step == WARDEN:
            return WardenPair(pair=tuple(value["pair"]) if value else ())
        choices = value.get("choices") if isinstance(value, dict) else None
        if choices is None:
            return None
        return WardenTrade(traders=tuple(s for s in pending.seats if choices.get(str(s)) == "trade"))

    def write(made: Decision, pending: Pending, old: Any) -> Any:
        if isinstance(made, WardenPair):
            return {"pair": list(made.pair)} if made.pair else 0
        assert isinstance(made, WardenTrade)
        choices = {str(s): "trade" if s in made.traders else "betray" for s in pending.seats}
        return {**(old or {}), "choices": choices}

    return Codec(WARDEN, Kind.NIGHT, read, write, shape)


def _told_warden(state: State, pending: Pending, decision: WardenPair) -> list[tuple[str, dict[str, Any]]]:
    if not decision.pair:
        return [("warden_nobody", {})]
    return [("warden", {"seats": sorted(decision.pair)})]


def _told_trade(state: State, pending: Pending, decision: WardenTrade) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("warden_trades" if seat in decision.traders else "warden_betrays", {"target": seat})
        for seat in pending.seats
    ]


CODEC = _codec()
"""The one record key of both steps (the pair, then the signals)."""
add_bind(ROLE, _bound)
add_spared(ROLE, _spared)
add_dawn(ROLE, 4.7, _trade_death)
add_night_step(ROLE, NightStep(WARDEN, Role.WARDEN, club=3.6, from_night=2))
add_night_step(ROLE, NightStep(TRADE, Role.WARDEN, club=3.61, from_night=2))
register(
    ROLE,
    StepSpec(
        WARDEN,
        begin_warden,
        Kind.NIGHT,
        WardenPair,
        check_warden,
        resolve_warden,
        told=_told_warden,
        form=Form.SEATS,
        names=2,
        fewer=lambda rules: True,
        answer=single(_answer_warden),
        default=lambda state, pending: WardenPair(),
        codecs=(CODEC,),
        reveals=frozenset({"warden.names", "warden.none"}),
        cues=CUES,
    ),
    StepSpec(
        TRADE,
        begin_trade,
        Kind.NIGHT,
        WardenTrade,
        check_trade,
        resolve_trade,
        told=_told_trade,
        form=Form.YES_NO,
        share=Share.STAND,
        answer=standing(WardenTrade, "traders"),
        default=lambda state, pending: WardenTrade(),
        codecs=(CODEC,),
        answers=("warden_trade", "warden_betray"),
        cues=TRADE_CUES,
    ),
)
