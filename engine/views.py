"""What each seat may know, and what everyone knows: the one place secrets are filtered.

A phone, a log line or a spoken line shows a seat's view or the public view, never the
state. Rule 1: a seat sees its own card, and what its role was told (fellow werewolves after
they met, the lover after the lovers met, the charmed after they met, the seer's results,
the witch's potions and tonight's victim while she decides). Rule 2: everyone sees the
announced deaths (the cause only for deaths by day, which the table watched; `waiting` on
the dead whose cards a pause holds back, the devoted servant's), the cards shown, the
sheriff, revealed idiots and the votes. Rule 3: when the game is over every card
and every night action is public (the post-game review). Rule 4: with the New Moon event
cards, everyone sees the cards drawn and in play, who is away or lost the vote, whom the
Miracle revived, who made a pact, and the sleepwalking seer's results (never the target);
Burial hides a werewolf victim's card, and the Executioner a voted-out player's card, from
everyone but the executioner until the game is over; the double agent sees the werewolves.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.cards import hooks
from engine.cards.moon import away, hides_card
from engine.cards.spirits import team
from engine.deaths import withheld_cards
from engine.game import Game, state_of
from engine.outcome import WINNING_SIDE
from engine.phase import Phase
from engine.seatviews import face_up, seat_parts, told_card
from engine.state import State


class Prompt(BaseModel):
    """The decision a seat owes now: what to name and what it is told for it."""

    model_config = ConfigDict(frozen=True)
    step: str
    targets: list[int]
    allow_none: bool
    count: int
    info: dict[str, Any] = {}


class PublicView(BaseModel):
    model_config = ConfigDict(frozen=True)
    phase: str
    seats: int
    alive: list[int]
    deaths: list[dict[str, Any]]
    sheriff: int | None
    revealed_idiots: list[int]
    votes: list[dict[str, Any]]
    winner: str | None
    cards: dict[int, str] | None = None
    lovers: list[int] | None = None
    """The lovers, once the game is over (None before)."""
    sides: dict[int, str] | None = None
    """Once the game is over, the side each seat played for at the end (None before):
    "village", "werewolves" (their secret ally too), "lovers" (a mixed pair and Cupid) or
    "piper"."""
    won: list[int] | None = None
    """Once the game is over, the seats of the winner's side, dead or alive (None before;
    empty when nobody won)."""
    review: list[dict[str, Any]] | None = None
    moon: dict[str, Any] | None = None
    """The New Moon event cards (None when they are off)."""
    open_cards: dict[int, str] | None = None
    """The cards everyone was shown before the game started, by seat (None: none)."""
    groups: dict[int, str] | None = None
    """The prejudiced manipulator's two public groups, each seat's label "a" or "b" (None: no
    groups in this game)."""
    face_up: list[str] | None = None
    """The cards lying face up on the table, by role id (the actor's cards left; None: none)."""


class SeatView(BaseModel):
    model_config = ConfigDict(frozen=True)
    seat: int
    alive: bool
    card: str
    dealt_card: str
    fellow_werewolves: list[int] = []
    lover: dict[str, Any] | None = None
    lovers: list[int] = []
    charmed: list[int] = []
    seer_results: list[dict[str, Any]] = []
    potions: dict[str, bool] | None = None
    last_protected: int | None = None
    seer_label: int | None = None
    """A seer card's label (1, 2) when a mirror seer is dealt: 预言家一 or 预言家二."""
    prompt: Prompt | None = None
    public: PublicView
    moon: dict[str, Any] | None = None
    """What an event card told this seat alone (None when nothing)."""


def public_view(game: Game) -> PublicView:
    state = state_of(game)
    outcome = state.outcome
    deaths = []
    waiting = withheld_cards(state)
    for death in state.deaths:
        entry: dict[str, Any] = {"seat": death.seat, "phase": death.phase}
        if not death.phase.night or outcome:
            entry["cause"] = death.cause
        hidden = hides_card(state, death.seat) or death.seat in waiting
        if (state.rules.reveal_on_death and not hidden) or outcome:
            entry["card"] = state.player(death.seat).card.value
        if death.seat in waiting:
            entry["waiting"] = True  # the moment's dead whose cards a pause holds (the servant's)
        deaths.append(entry)
    votes = [dict(e.data) for e in state.events if e.kind in ("votes", "sheriff.votes")]
    sides = {p.seat: team(state, p.seat) for p in state.players} if outcome else None
    return PublicView(
        phase=state.phase if not outcome else "over",
        seats=state.setup.seats,
        alive=state.alive(),
        deaths=deaths,
        sheriff=state.sheriff or None,
        revealed_idiots=[p.seat for p in state.players if p.revealed_idiot],
        votes=votes,
        winner=outcome.winner.value if outcome else None,
        cards={p.seat: p.card.value for p in state.players} if outcome else None,
        lovers=list(state.lovers or []) if outcome else None,
        sides=sides,
        won=[seat for seat, side in sides.items() if side == WINNING_SIDE.get(outcome.winner)]
        if outcome and sides is not None
        else None,
        review=night_by_night(game) if outcome else None,
        moon=_public_moon(state),
        open_cards=state.open_cards() or None,
        groups=dict(enumerate(state.setup.groups, start=1)) or None,
        face_up=face_up(state) or None,
    )


def _public_moon(state: State) -> dict[str, Any] | None:
    moon = state.moon
    if moon is None:
        return None
    return {
        "played": [{"day": day, "card": card} for day, card in moon.played],
        "in_play": [p.card for p in moon.in_play],
        "away": sorted(away(state)),
        **hooks.public_view(state),
    }


def _seat_moon(state: State, seat: int) -> dict[str, Any] | None:
    if state.moon is None:
        return None
    return hooks.seat_view(state, seat) or None


def _dealt_told(state: State, seat: int) -> str:
    dealt = state.setup.roles[seat - 1]
    return told_card(state, seat) if dealt == state.player(seat).card else dealt.value


def _met_pack(state: State, seat: int) -> bool:
    """Whether `seat` has met the pack: a player turned to it (the wild child, the infected)
    learns his fellows at the pack's step, not at the nightfall before it."""
    return seat not in state.turned or any(
        e.kind == "werewolves.pack" and e.audience is not None and seat in e.audience for e in state.events
    )


def seat_view(game: Game, seat: int, public: PublicView | None = None) -> SeatView:
    """Everything the player at `seat` may know now, and the decision it owes, if any."""
    state = state_of(game)
    player = state.player(seat)
    view: dict[str, Any] = {
        "seat": seat,
        "alive": player.alive,
        "card": told_card(state, seat),  # his own, unless his card's module says (the mirror seer)
        "dealt_card": _dealt_told(state, seat),
        "public": public if public is not None else public_view(game),
    }
    if state.wakes_with_pack(seat) and state.wolves_met and _met_pack(state, seat):
        view["fellow_werewolves"] = [s for s in state.living_werewolves() if s != seat]
    view["seer_results"] = [  # the answers this seat was given, whatever its card is now
        {k: e.data[k] for k in ("night", "target", "result")}
        for e in state.events
        if e.kind == "seer.result" and e.audience is not None and seat in e.audience
    ]
    view.update(seat_parts(state, seat))
    view["moon"] = _seat_moon(state, seat)
    pending = state.pending
    if pending is not None and seat in game.owed():
        view["prompt"] = Prompt(
            step=pending.step,
            targets=list(pending.targets),
            allow_none=pending.allow_none,
            count=pending.count,
            info=dict(pending.info),
        )
    return SeatView(**view)


def night_by_night(game: Game) -> list[dict[str, Any]]:
    """Every phase with every decision taken in it and its deaths: the post-game review.

    Secret while the game goes on; `public_view` holds it only once the game is over.
    """
    state = state_of(game)
    phases: dict[str, dict[str, Any]] = {}

    def phase(name: str) -> dict[str, Any]:
        return phases.setdefault(name, {"phase": name, "actions": [], "deaths": []})

    for pending, decision, told in game.told():
        action: dict[str, Any] = {
            "step": decision.step,
            "by": list(pending.seats),
            **decision.model_dump(mode="json"),
            "told": [[line, params] for line, params in told],
        }
        phase(pending.phase)["actions"].append(action)
    for death in state.deaths:
        phase(death.phase)["deaths"].append({"seat": death.seat, "cause": death.cause})
    return sorted(phases.values(), key=_in_order)


def _in_order(entry: dict[str, Any]) -> tuple[int, int]:
    phase = Phase.parse(entry["phase"])
    return phase.number, 0 if phase.night else 1
