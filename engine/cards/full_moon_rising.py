"""Full Moon Rising (满月升起): on night D+1 each living werewolf checks one player as a seer (one
step per werewolf card, the dead ones pretended); the living hunter, witch and seer wake as the
werewolves (its `pack`, which replaces any other) and the seer's and witch's own steps are pretended."""

from __future__ import annotations

from engine.cards.moon import InPlay, night_after, notes, tonight_after
from engine.cards.nightsteps import add_night_step
from engine.cards.registry import CardRules, Lasting, add_card, add_lasting
from engine.codecs import field_codec, shape_seat
from engine.contents import Contents
from engine.decisions import Decision
from engine.events import cue, judge_only, private
from engine.roles import Role
from engine.state import Pending, State, Step
from engine.steps import Form, Kind, StepSpec, nobody, register, seat_answer

CARD = Contents("full_moon_rising")


class MoonSeerChoice(Decision, step="moon_seer", key="moon_seers"):
    """Full Moon Rising: the player a werewolf checks, as a seer, tonight (0: nobody)."""

    target: int


MOON_WEREWOLVES = (Role.HUNTER, Role.WITCH, Role.SEER)
SEEN = "full_moon_rising.seen"
"""`MoonState.notes`: (night, werewolf, target, result) of each werewolf's check."""


def seen(state: State) -> list[tuple[int, int, int, str]]:
    """Each check a werewolf made as a seer: (night, werewolf, target, result)."""
    found: list[tuple[int, int, int, str]] = notes(state).get(SEEN, [])
    return found


def begin_moon_seers(state: State, step: Step) -> None:
    if step.args.get("done"):
        state.emit(cue("moon_seers.sleep"))
        return
    state.emit(cue("moon_seers.wake"))
    wolves = state.living_werewolves()
    if not wolves:
        state.emit(judge_only("pretend", step="moon_seers"))
    # One step per werewolf card in the deck, the dead ones' pretended: the number of steps
    # (each read and timed like a real one) never tells how many werewolves are alive.
    slots = max(len(wolves), sum(1 for card in state.setup.deck if card == Role.WEREWOLF))
    seats = wolves + [0] * (slots - len(wolves))
    state.push(*(Step("moon_seer", {"wolf": w}) for w in seats), Step("moon_seers", {"done": True}))


def begin_moon_seer(state: State, step: Step) -> Pending | None:
    wolf = step.args["wolf"]
    if not wolf:
        state.emit(judge_only("pretend", step="moon_seer"))
        return None
    targets = tuple(s for s in state.alive() if s != wolf)
    return Pending(state.phase, "moon_seer", "moon_seers", (wolf,), targets, allow_none=True)


def check_moon_seer(state: State, pending: Pending, decision: MoonSeerChoice) -> None:
    if decision.target and decision.target not in pending.targets:
        raise state.refuse("moon_seer_target", f"seat {decision.target} is not another living player")


def resolve_moon_seer(state: State, pending: Pending, decision: MoonSeerChoice) -> None:
    wolf, target = pending.seats[0], decision.target
    if not target:
        return
    card = state.player(target).card
    if state.rules.seer_sees == "role":
        result = card.value
    else:
        result = "werewolf" if card == Role.WEREWOLF else "not_werewolf"
    notes(state).setdefault(SEEN, []).append((state.night, wolf, target, result))
    state.emit(private("seer.result", wolf, night=state.night, target=target, result=result))


register(
    CARD,
    StepSpec("moon_seers", begin_moon_seers, Kind.NIGHT),
    StepSpec(
        "moon_seer",
        begin_moon_seer,
        Kind.NIGHT,
        MoonSeerChoice,
        check_moon_seer,
        resolve_moon_seer,
        form=Form.SEATS,
        answer=seat_answer(MoonSeerChoice, "target"),
        default=nobody(MoonSeerChoice, "target"),
        codecs=(field_codec("moon_seers", Kind.NIGHT, MoonSeerChoice, "target", shape_seat, repeated=True),),
        reveals=frozenset({"seer.result"}),
    ),
)
add_night_step(CARD, "moon_seers", "before_wolves", 1, lambda state: tonight_after(state, "full_moon_rising"))


def acting_for(state: State, played: InPlay, role: Role) -> int | None:
    """On night D+1 nobody acts for the seer and the witch (they wake with the pack)."""
    tonight = not state.daytime and state.night == played.day + 1
    return 0 if tonight and role in (Role.SEER, Role.WITCH) else None


def moon_pack(state: State, played: InPlay, wolves: list[int]) -> list[int]:
    """On night D+1 the living hunter, witch and seer wake as the werewolves."""
    if not night_after(state, played):
        return wolves
    return [p.seat for p in state.players if p.alive and p.card in MOON_WEREWOLVES]


def _seat_view(state: State, seat: int) -> dict[str, object]:
    checks = [{"night": n, "target": t, "result": r} for n, w, t, r in seen(state) if w == seat]
    return {"moon_seer_results": checks} if checks else {}


# It acts on night D+1 and ends at dawn of day D+1, spent or not; its pack replaces any other.
add_card(
    CARD,
    CardRules(
        "full_moon_rising",
        ends=lambda state, played: state.day > played.day,
        acting_for=acting_for,
        rank=3,
        pack=moon_pack,
    ),
)
add_lasting(CARD, Lasting("full_moon_rising", seat_view=_seat_view))
