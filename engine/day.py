"""The day: dawn, the night's deaths, the day's steps in their order, and dusk.

Rule 1: a day is, in order: (day 1, `before_deaths`) the sheriff election; the night's
        deaths; last words; the discussion; (`after_discussion`) the election; the vote; dusk.
Rule 2: at dusk (`parity`) the werewolves win when they are as many as the others.
Rule 3: with the New Moon event cards, a card is drawn once the night's deaths are announced.
Rule 4: right after the night's deaths are announced (or the peaceful night), each card's
        morning line is said to the whole table (the bear tamer's growl, `add_morning`).
Rule 5: at dusk, after the day's votes, the deaths a card brings then (the rusty sword's, with
        `add_dusk`) are announced, then the win is checked, then night falls.
Rule 6: a card may hold a day 0 before night 1 (the angel's, `add_day_zero`): the sheriff
        election where the rules hold one (moved from day 1), the discussion, the vote and dusk;
        no deaths to announce, so no morning line, no last words of the night, no event card.
        Before it (or before night 1), each card's opening lines (`add_opening`: the prejudiced
        manipulator's groups).
Rule 7: once the day's vote is fully resolved (its revote, its deaths and what they trigger)
        and before dusk, a card may add steps (the stuttering judge's request, `add_after_vote`).

The day's other parts have their own modules: the vote (`engine.vote`), a werewolf's
self-destruct, which ends the day's talk (`engine.self_destruct`), the sheriff election
(`engine.roles.sheriff`, and the club's `engine.election`), who speaks when
(`engine.speaking`). This module registers the day's steps and the self-destruct, in order.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards.draw import draw_due
from engine.cards.moon import expire_at_dawn
from engine.contents import Contents
from engine.deaths import begin_death_effects, check, death_events, kill
from engine.election import club_day
from engine.events import cue
from engine.night import resolve_night
from engine.phase import Phase
from engine.rolehooks import RoleHooks
from engine.self_destruct import SELF_DESTRUCT
from engine.state import State, Step
from engine.steps import StepSpec, register, register_action
from engine.vote import REVOTE, VOTE

CORE = Contents("day")

Morning = Callable[[State], None]
MORNINGS: RoleHooks[Morning] = RoleHooks("mornings")
"""What a card tells the whole table each morning once the night's deaths are announced (Rule
4): `morning(state)` emits its public line; each role's module adds its own."""


def add_morning(to: Contents, morning: Morning) -> None:
    MORNINGS.add(to, morning)


Dusk = Callable[[State], list[tuple[int, str]]]
DUSKS: RoleHooks[Dusk] = RoleHooks("dusks")
"""The deaths a card brings at dusk (Rule 5): `dusk(state)` gives (seat, cause) of living seats
and says its own line; asked once a day."""


def add_dusk(to: Contents, dusk: Dusk) -> None:
    DUSKS.add(to, dusk)


DayZero = Callable[[State], bool]
DAY_ZERO: RoleHooks[DayZero] = RoleHooks("day_zero")
"""Whether a card holds a day 0 before night 1 (Rule 6): `held(state)`, asked once as the game
opens (the angel dealt to a seat)."""


def add_day_zero(to: Contents, held: DayZero) -> None:
    DAY_ZERO.add(to, held)


Opening = Callable[[State], None]
OPENINGS: RoleHooks[Opening] = RoleHooks("openings")
"""What a card has the judge tell the whole table as the game opens, before day 0 or night 1
(the prejudiced manipulator's groups): `opening(state)` emits its public lines."""


def add_opening(to: Contents, opening: Opening) -> None:
    OPENINGS.add(to, opening)


def open_game(state: State) -> Step:
    """Each card's opening lines said; the game's first step: day 0 when a card holds one (Rule
    6), else the first nightfall."""
    for opening in OPENINGS.of(state):
        opening(state)
    return _DAY_ZERO if any(held(state) for held in DAY_ZERO.of(state)) else Step("nightfall")


AfterVote = Callable[[State], list[Step]]
AFTER_VOTE: RoleHooks[AfterVote] = RoleHooks("after_vote")
"""The steps a card adds once the day's vote is fully resolved, before dusk (Rule 7):
`after_vote(state)` gives them (none: nothing); asked once a day as dusk begins, also on a day
whose vote never came (a self-destruct ended the talk): the card reads the day's decisions."""


def add_after_vote(to: Contents, after_vote: AfterVote) -> None:
    AFTER_VOTE.add(to, after_vote)


_ELECTION, _ANNOUNCE, _EVENT = Step("sheriff_candidacy"), Step("announce"), Step("event")
_RESUMED = Step("sheriff_withdraw", {"resumed": True})
_LAST_WORDS, _DISCUSSION, _SPEECH_ORDER = Step("last_words"), Step("discussion"), Step("speech_order")
_VOTE_AND_DUSK = (Step("vote"), Step("dusk"))
_DAY_ZERO = Step("day_zero")


def begin_day_zero(state: State, step: Step) -> None:
    """Rule 6: day 0, before the first night (the sheriff election where due, moved here)."""
    state.daytime, state.day, state.first_day = True, 0, 0
    state.emit(cue("day.zero"))
    steps = []
    if state.election_due and state.rules.sheriff_election == "before_deaths":
        steps.append(_ELECTION)
    steps.append(_SPEECH_ORDER if club_day(state.rules) else _DISCUSSION)
    if state.rules.sheriff and state.rules.sheriff_election == "after_discussion":
        steps.append(_ELECTION)
    state.push(*steps, *_VOTE_AND_DUSK)


def begin_dawn(state: State, step: Step) -> None:
    state.night_victims = resolve_night(state)
    state.daytime, state.day, state.announced = True, state.night, False
    state.voters_allowed, state.next_voters_allowed = state.next_voters_allowed, None
    expire_at_dawn(state)
    state.emit(cue("day.breaks", day=state.day))
    club = club_day(state.rules)
    steps = []
    if state.election_due and state.rules.sheriff_election == "before_deaths":
        steps.append(_RESUMED if club and state.election.resumed else _ELECTION)
    steps.append(_ANNOUNCE)
    if draw_due(state):
        steps.append(_EVENT)
    steps += (_LAST_WORDS, _SPEECH_ORDER if club else _DISCUSSION)
    if state.rules.sheriff and state.rules.sheriff_election == "after_discussion":
        steps.append(_ELECTION)
    steps += _VOTE_AND_DUSK
    state.push(*steps)


def begin_announce(state: State, step: Step) -> None:
    state.announced = True
    phase = Phase("night", state.night)
    # a victim who self-destructed before the deaths (吞毒) is not announced again
    victims = [(seat, cause) for seat, cause in state.night_victims if state.is_alive(seat)]
    if not victims:
        state.emit(cue("deaths.peaceful"))
        _mornings(state)
        state.push(Step("check", {"phase": phase, "deaths_before": len(state.deaths)}))
        return
    before = len(state.deaths)
    cursed = state.cursed
    kill(state, victims, phase, triggered=False)
    dead = sorted([d.seat for d in state.deaths[before:]])
    state.emit(cue("deaths.announce", seats=dead), *death_events(state, dead))
    if state.cursed and not cursed:
        state.emit(cue("elder.curse"))
    _mornings(state)


def _mornings(state: State) -> None:
    for morning in MORNINGS.of(state):
        morning(state)


def begin_check(state: State, step: Step) -> None:
    check(state, step.args["phase"], step.args["deaths_before"])


def begin_dusk(state: State, step: Step) -> None:
    if not step.args.get("after_vote"):
        added = [made for after_vote in AFTER_VOTE.of(state) for made in after_vote(state)]
        if added:  # Rule 7: they come first, then dusk again
            state.push(*added, Step("dusk", {"after_vote": True}))
            return
    if not step.args.get("deaths_done"):
        dying = [death for dusk in DUSKS.of(state) for death in dusk(state)]
        if dying:  # Rule 5: they die first (their moment checked), then dusk again
            state.push(Step("dusk", {"after_vote": True, "deaths_done": True}))
            dead = sorted(seat for seat, _ in dying)
            kill(state, dying, state.phase, triggered=False)
            state.emit(*death_events(state, dead))
            return
    check(state, state.phase, len(state.deaths), end_of_day=True)
    if state.outcome is None:
        state.push(Step("nightfall"))


register(
    CORE,
    StepSpec("day_zero", begin_day_zero),
    StepSpec("dawn", begin_dawn),
    StepSpec("announce", begin_announce),
    VOTE,
    REVOTE,
    StepSpec("check", begin_check),
    StepSpec("death_effects", begin_death_effects),
    StepSpec("dusk", begin_dusk),
)
register_action(CORE, SELF_DESTRUCT)
