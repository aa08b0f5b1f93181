"""Drawing an event card, and what each card does the moment it is played.

Rule 1: a card is drawn on the morning after the night's deaths are announced: every morning
        (`events = "every_morning"`), or after a night in which nobody died
        (`"peaceful_nights"`, seed 003).
Rule 2: the box draws from its pile, shuffled once at the start with the game's seeded
        generator. A card that cannot be played now (a fact a player declined, no werewolf
        victim yet for Spiritualism, …) is passed over and stays in the pile for a later
        morning; the next playable card is drawn. A card played leaves the pile for good, so
        the deck runs out: then no card is drawn any more.
Rule 3: the draw, Heads or Tails' coin and the Harvest witch's potion roll are chance steps: a
        live game makes them itself (`Game(chance="auto")`); a replayed record may name them
        (`Game(chance="ask")`), and a card named that cannot be played is an illegal decision.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards.deck import CARDS, SPIRITUALISM
from engine.cards.moon import (
    InPlay,
    expire_on_draw,
    fact,
    last_dead,
    left_of,
    moon_of,
    new_moon,
    roll,
)
from engine.decisions import CoinToss, Decision, EventDraw, PotionRoll
from engine.events import cue, judge_only, private
from engine.roles import Role
from engine.state import Pending, State, Step
from engine.steps import (
    Codec,
    Kind,
    Share,
    StepSpec,
    field_codec,
    never_refused,
    register,
    shape_name,
    shape_one_of,
)

POTIONS = ("heal", "villager", "werewolf", "poison")


def start_moon(state: State) -> None:
    """Shuffle the event deck; read the dark-moon cards the table put in play."""
    if state.rules.events == "off":
        return
    state.moon = new_moon(state)
    if state.moon.in_play:
        state.emit(cue("event.dark_moon"), *(cue(f"card.{p.card}") for p in state.moon.in_play))


def draw_due(state: State) -> bool:
    """Rule 1: whether a card is drawn this morning."""
    if state.moon is None or state.rules.events == "off":
        return False
    return state.rules.events == "every_morning" or not state.night_victims


# Rule 2: which cards can be played now


def playable(state: State, card: str) -> bool:
    """Whether `card` can be played now (facts known, its subject exists)."""
    for name in CARDS[card].needs:
        if any(fact(state, seat, name) is None for seat in state.alive()):
            return False
    check = PLAYABLE.get(card)
    return check is None or check(state)


def miracle_seat(state: State) -> int:
    """The last werewolf victim, if still dead and not a lover (a lover's partner died of
    grief: the Miracle cannot part them)."""
    for death in reversed(state.deaths):
        if death.cause == "werewolves":
            alive = state.is_alive(death.seat)
            lover = state.lovers is not None and death.seat in state.lovers
            return 0 if alive or lover else death.seat
    return 0


def ghost_seat(state: State) -> int:
    """Spiritualism's ghost: the first werewolf victim who is still dead."""
    for death in state.deaths:
        if death.cause == "werewolves" and not state.is_alive(death.seat):
            return death.seat
    return 0


def _witch_can_gather(state: State) -> bool:
    witch = state.seat_of(Role.WITCH)
    return bool(witch) and state.is_alive(witch) and not state.cursed


PLAYABLE: dict[str, Callable[[State], bool]] = {
    "miracle": lambda s: miracle_seat(s) != 0,
    **{name: (lambda s: ghost_seat(s) != 0 and left_of(s, last_dead(s)) != 0) for name in SPIRITUALISM},
    "punishment": lambda s: last_dead(s) != 0,
    "influences": lambda s: last_dead(s) != 0,
    "saint_philippe": lambda s: (
        s.rules.sheriff and (s.rules.cards.saint_philippe == "always" or s.sheriff != 0)
    ),
    "woodland_gathering": _witch_can_gather,
    "flood": lambda s: len(s.alive()) >= 6,
    "double_agent": lambda s: any(not s.is_werewolf(seat) for seat in s.alive()),
}


def natural_draw(state: State) -> str:
    """Rule 2: the first playable card of the pile ("" when none can be played)."""
    return next((card for card in moon_of(state).pile if playable(state, card)), "")


def begin_event(state: State, step: Step) -> Pending | None:
    card = natural_draw(state)
    if not card:
        expire_on_draw(state)
        state.emit(judge_only("no_event_card"))
        return None
    state.emit(cue("event.draw"))
    return Pending(state.phase, "event", "event", (), info={"drawn": card})


def check_event(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, EventDraw)
    moon, card = moon_of(state), decision.card
    if card not in CARDS:
        raise state.refuse("no_such_card", f"there is no event card {card!r}")
    if card not in moon.pile:
        why = "no longer in the pile" if card in state.rules.cards.event_deck else "not in this game's deck"
        raise state.refuse("card_not_in_deck", f"the event card {card!r} is {why}")
    if not playable(state, card):
        raise state.refuse("card_unplayable", f"the event card {card!r} cannot be played now")


def resolve_event(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, EventDraw)
    moon, card = moon_of(state), decision.card
    moon.pile.remove(card)
    expire_on_draw(state)
    moon.played.append((state.day, card))
    moon.chance.append((state.phase, "event", card))
    moon.in_play.append(InPlay(card, state.day))
    state.emit(cue("card.spiritualism" if card in SPIRITUALISM else f"card.{card}"))
    effect = EFFECTS.get(card)
    if effect is not None:
        effect(state, moon.in_play[-1])


# Chance: the coin of Heads or Tails, the potion of the Harvest Festival


def begin_coin(state: State, step: Step) -> Pending:
    side = roll(moon_of(state)).choice(("heads", "tails"))
    return Pending(state.phase, "coin", "coin", (), info={"drawn": side, "seat": step.args["seat"]})


def resolve_coin(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, CoinToss)
    seat = pending.info["seat"]
    moon_of(state).chance.append((state.phase, "coin", decision.side))
    state.emit(cue(f"coin.{decision.side}", seat=seat))
    if decision.side == "heads":
        # The verdict is void: the steps carrying it out are dropped.
        state.agenda[:] = [
            s for s in state.agenda if not (s.name in ("pact", "hang") and s.args.get("seat") == seat)
        ]


def begin_potion(state: State, step: Step) -> Pending:
    result = roll(moon_of(state)).choice(POTIONS)
    return Pending(state.phase, "potion", "potion", (), info={"drawn": result, **step.args})


def resolve_potion(state: State, pending: Pending, decision: Decision) -> None:
    """The witch's potion, rolled: heal (she saves the victim), heal and turn the drinker into
    a plain villager or a werewolf, or poison (the drinker dies at dawn)."""
    assert isinstance(decision, PotionRoll)
    moon_of(state).chance.append((state.phase, "potion", decision.result))
    target, result = pending.info["target"], decision.result
    state.emit(cue(f"potion.{result}"))
    tonight = state.tonight
    if result == "poison":
        tonight.poisoned = target
        return
    if target == tonight.victim:
        tonight.healed = True
    if result in ("villager", "werewolf"):
        player = state.player(target)
        player.card = Role.VILLAGER if result == "villager" else Role.WEREWOLF
        player.lives = 1
        state.emit(private("card.changed", target, card=player.card.value))


# What each card does when it is played (the rest acts through the hooks of the engine).


def _agenda_replace(state: State, name: str, *steps: Step) -> None:
    """Replace today's first step `name` with `steps` (remove it when none are given)."""
    for i, step in enumerate(state.agenda):
        if step.name == name:
            state.agenda[i : i + 1] = list(steps)
            return


def _agenda_before(state: State, name: str, step: Step) -> None:
    for i, existing in enumerate(state.agenda):
        if existing.name == name:
            state.agenda.insert(i, step)
            return


def _miracle(state: State, played: InPlay) -> None:
    seat = miracle_seat(state)
    player = state.player(seat)
    player.alive, player.card, player.lives, player.revealed_idiot = True, Role.VILLAGER, 1, False
    moon_of(state).revived.append(seat)
    played.seats = (seat,)
    state.emit(cue("miracle.revived", seat=seat))


def _surely_not_him(state: State, played: InPlay) -> None:
    if state.rules.cards.bleak_monday == "surely_not_him":
        state.emit(cue("card.surely_not_him"))
        _agenda_replace(state, "vote", Step("vouch"))


def _report(state: State, played: InPlay) -> None:
    _agenda_before(state, "vote", Step("report"))


def _spiritualism(state: State, played: InPlay) -> None:
    steps = [Step("question")]
    if state.rules.cards.spiritualism == "three_questions":
        steps.insert(0, Step("medium"))
    state.push(*steps)


def _half(state: State, older: bool) -> tuple[int, ...]:
    """The older (or younger) half of the living players by age; ties by seat."""
    alive = state.alive()
    ranked = sorted(alive, key=lambda s: (-_age(state, s) if older else _age(state, s), s))
    return tuple(sorted(ranked[: len(alive) // 2]))


def _age(state: State, seat: int) -> int:
    age = fact(state, seat, "age")
    assert isinstance(age, int)
    return age


def _gender(state: State, gender: str) -> tuple[int, ...]:
    return tuple(s for s in state.alive() if fact(state, s, "gender") == gender)


def _send_away(state: State, played: InPlay, seats: tuple[int, ...], line: str) -> None:
    played.seats = seats
    state.emit(cue(f"away.{line}", seats=list(seats)))


def _luncheon(state: State, played: InPlay) -> None:
    _send_away(state, played, _half(state, older=True), "luncheon")


def _ball(state: State, played: InPlay) -> None:
    _send_away(state, played, _half(state, older=False), "ball")


def _gone_hunting(state: State, played: InPlay) -> None:
    _send_away(state, played, _gender(state, "male"), "hunting")


def _woodland(state: State, played: InPlay) -> None:
    seats = set(_gender(state, "female"))
    witch = state.seat_of(Role.WITCH)
    if state.rules.cards.woodland_witch == "always":
        seats.add(witch)
    _send_away(state, played, tuple(sorted(seats)), "woodland")
    if state.heal_left and state.poison_left:
        return
    if not state.heal_left:
        state.heal_left = True
    else:
        state.poison_left = True
    state.emit(cue("woodland.potion"))
    state.emit(private("witch.potions", witch, heal=state.heal_left, poison=state.poison_left))


def _little_rascal(state: State, played: InPlay) -> None:
    youngest = min(state.alive(), key=lambda s: (_age(state, s), s))
    played.seats = (youngest,)
    state.emit(cue("rascal.away", seat=youngest))


def _punishment(state: State, played: InPlay) -> None:
    state.push(Step("punishment"))


def _great_distrust(state: State, played: InPlay) -> None:
    _agenda_replace(state, "vote", Step("distrust"))


def _nightmare(state: State, played: InPlay) -> None:
    first = left_of(state, last_dead(state)) or state.alive()[0]
    state.emit(cue("nightmare.start", seat=first))
    _agenda_replace(state, "discussion")
    _agenda_replace(state, "vote", Step("vote", {"nightmare": True}))


def _saint_philippe(state: State, played: InPlay) -> None:
    if state.sheriff:
        state.emit(cue("philippe.dismissed", seat=state.sheriff))
        state.sheriff = 0
    state.election_due = True
    state.push(Step("sheriff_candidacy", {"key": "philippe"}))


def _variant(key: str, setting: str, value: str) -> Callable[[State, InPlay], None]:
    def read_variant(state: State, played: InPlay) -> None:
        if getattr(state.rules.cards, setting) == value:
            state.emit(cue(f"card.{key}"))

    return read_variant


def _flood(state: State, played: InPlay) -> None:
    _agenda_replace(state, "vote")


def _executioner(state: State, played: InPlay) -> None:
    state.push(Step("executioner"))


EFFECTS: dict[str, Callable[[State, InPlay], None]] = {
    "miracle": _miracle,
    "bleak_monday": _surely_not_him,
    "not_me_nor_wolf": _report,
    "good_manners": _report,
    "eclipse": _report,
    **dict.fromkeys(SPIRITUALISM, _spiritualism),
    "luncheon_for_seniors": _luncheon,
    "saturday_evening_ball": _ball,
    "gone_hunting": _gone_hunting,
    "woodland_gathering": _woodland,
    "little_rascal": _little_rascal,
    "end_of_the_harvest": _variant("harvest_festival", "end_of_the_harvest", "harvest_festival"),
    "radiant_sunday": _variant("lycanthropic_fascination", "radiant_sunday", "lycanthropic_fascination"),
    "punishment": _punishment,
    "great_distrust": _great_distrust,
    "nightmare": _nightmare,
    "saint_philippe": _saint_philippe,
    "flood": _flood,
    "executioner": _executioner,
}


# The registry (engine.steps): the box's chance steps.

register(
    StepSpec(
        "event",
        begin_event,
        Kind.CHANCE,
        EventDraw,
        check_event,
        resolve_event,
        share=Share.NOBODY,
        codecs=(
            Codec(
                "event",
                Kind.DAY,
                lambda value, pending: EventDraw(card=value),
                lambda made, pending, old: made.card,  # type: ignore[attr-defined]
                shape_name,
            ),
        ),
    ),
    StepSpec(
        "coin",
        begin_coin,
        Kind.CHANCE,
        CoinToss,
        never_refused,
        resolve_coin,
        share=Share.NOBODY,
        codecs=(
            field_codec("coin", Kind.DAY, CoinToss, "side", shape_one_of("heads", "tails"), repeated=True),
        ),
    ),
    StepSpec(
        "potion",
        begin_potion,
        Kind.CHANCE,
        PotionRoll,
        never_refused,
        resolve_potion,
        share=Share.NOBODY,
        codecs=(field_codec("potion", Kind.NIGHT, PotionRoll, "result", shape_one_of(*POTIONS)),),
    ),
)
