"""Deaths and what they trigger, and the win check.

Rule 1: deaths of one moment are recorded in seat order, with the deaths a death brings in
        that same moment (the wolf beauty's charm).
Rule 2: a lover's partner dies of grief, and a revealed idiot dies with an elder killed by
        poison, hunter or vote (whose death also curses every village power): both are one
        later moment, in the same phase, resolved before anything else.
Rule 3: then, over the whole chain in the order of death: each hunter killed by the
        werewolves or the vote (with his power) shoots; then a dead sheriff hands the badge.
Rule 4: a win is checked once a moment and everything it triggers is resolved; deaths
        caused by a trigger (the hunter's shot) are part of the moment that triggered it.
Rule 5: event cards: on April Fools' round a lover's death causes no grief and parts the
        lovers for good; the little girl shoots instead of the hunter; Burial hides the card
        of every werewolf victim; a dying executioner names a successor; the double agent
        wins with the werewolves; the werewolves win once at most one other player is left
        uninfected by Lycanthropic Fascination.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import hooks
from engine.cards.moon import hides_card, on_werewolf_side, sides_with_werewolves
from engine.contents import Contents
from engine.events import Event, cue
from engine.outcome import Outcome, Winner, WinReason
from engine.phase import Phase
from engine.role import Role
from engine.rolehooks import RoleHooks
from engine.state import Death, State, Step

Trigger = Callable[[State, int, str], "Step | None"]
TRIGGERS: RoleHooks[Trigger] = RoleHooks("triggers")
"""What a death triggers (the hunter's shot, the wolf king's): each role's module adds its own;
they run over the whole chain in the order of death (Rule 3)."""


def add_trigger(to: Contents, trigger: Trigger) -> None:
    TRIGGERS.add(to, trigger)


Consequence = Callable[[State, int, str], list[tuple[int, str]]]
CONSEQUENCES: RoleHooks[Consequence] = RoleHooks("consequences")
"""Deaths a death brings in the same moment, before anything is triggered or the win checked
(a lover's grief, the elder's curse, the wolf beauty's charm): each role's module adds its own."""
ALONGSIDE: RoleHooks[Consequence] = RoleHooks("alongside")
"""Deaths a death brings in the very same moment, listed with it in seat order (the wolf
beauty's charm, RULES-CLUB.md): each role's module adds its own."""
Survives = Callable[[State, int, str], bool]
SURVIVES: RoleHooks[Survives] = RoleHooks("survives")
"""Who does not die of a death by day (the spirit knight shot after a night death, with
`spirit_knight_shot = "immune"`): each module adds its own."""


CARD_CONSEQUENCES: RoleHooks[Consequence] = RoleHooks("card_consequences")
"""Deaths a dead player's card brings (the elder's curse): as `CONSEQUENCES`, but when a pause
comes (`PAUSES`) they wait for it and are asked of the card the dead holds by then (the devoted
servant may have taken it: then they do not happen)."""


def add_consequence(
    to: Contents, consequence: Consequence, rank: float = 0.0, *, of_card: bool = False
) -> None:
    """`rank` orders the consequences of one death (a lover's grief before the elder's curse);
    `of_card`: the dead card's own effect, which waits for a pause (`CARD_CONSEQUENCES`)."""
    (CARD_CONSEQUENCES if of_card else CONSEQUENCES).add(to, consequence, rank)


Win = Callable[[State, list[int]], "tuple[Winner, WinReason] | None"]
WINS: RoleHooks[Win] = RoleHooks("wins")
"""A side's own win, asked before the werewolves' and the village's, by rank (the lovers', the
pied piper's): `win(state, alive)`; each role's module adds its own."""


Block = Callable[[State], bool]
BLOCKS: RoleHooks[Block] = RoleHooks("blocks")
"""Whether a living third party keeps both sides from winning now (the mixed lovers at a club
table, RULES-CLUB-MORE.md): asked after the own wins, before the sides'."""


def add_block(to: Contents, block: Block) -> None:
    BLOCKS.add(to, block)


WOLF_BLOCKS: RoleHooks[Block] = RoleHooks("wolf_blocks")
"""Whether a living player keeps the werewolves alone from winning now (the 混血儿 with
`slacker_blocks_wolves`, RULES-CLUB-MORE.md's Who wins 4): the village may still win."""


def add_wolf_block(to: Contents, block: Block) -> None:
    WOLF_BLOCKS.add(to, block)


Side = Callable[[State, int], "str | None"]
SIDES: RoleHooks[Side] = RoleHooks("sides")
"""The side a seat plays for when its role says so rather than its card's team (the 混血儿
follows his idol): a side of `engine.outcome.WINNING_SIDE`, or None."""


def add_side(to: Contents, side: Side) -> None:
    SIDES.add(to, side)


def lone_winners_side(card: Role, winner: Winner, side: str) -> Side:
    """The `add_side` hook of a card that wins alone (the angel, the prejudiced manipulator):
    `side` for the seat holding `card` once `winner` won; else None (his card's team decides)."""

    def hook(state: State, seat: int) -> str | None:
        won = state.outcome is not None and state.outcome.winner == winner
        return side if won and state.player(seat).card == card else None

    return hook


def own_side(state: State, seat: int) -> str | None:
    """The side a role's hook gives `seat` (`SIDES`); None: its card's team decides."""
    return next((side for hook in SIDES.of(state) if (side := hook(state, seat)) is not None), None)


def add_alongside(to: Contents, alongside: Consequence) -> None:
    ALONGSIDE.add(to, alongside)


def add_win(to: Contents, rank: float, win: Win) -> None:
    WINS.add(to, win, rank)


def add_survives(to: Contents, survives: Survives) -> None:
    SURVIVES.add(to, survives)


Pause = Callable[[State, list[tuple[int, str]]], "Step | None"]
PAUSES: RoleHooks[Pause] = RoleHooks("pauses")
"""A step between a moment's deaths being announced and their cards shown and triggers asked
(the devoted servant's swap): `pause(state, deaths)` of the moment's (seat, cause) as given,
from public facts only; None: none. `withheld` must say the same before the deaths."""
Withheld = Callable[[State, str], bool]
WITHHELD: RoleHooks[Withheld] = RoleHooks("withheld")
"""Whether the cards of a death of `cause` announced now wait for a pause (`PAUSES`)."""


def add_pause(to: Contents, pause: Pause, withheld: Withheld) -> None:
    PAUSES.add(to, pause)
    WITHHELD.add(to, withheld)


def kill(state: State, deaths: list[tuple[int, str]], phase: Phase, *, triggered: bool) -> bool:
    """Kill a moment's `deaths` (seat, cause) and schedule what they trigger; True when a pause
    comes first (`PAUSES`): then the cards are shown by the `death_effects` step after it.

    A moment that is itself triggered (a hunter's shot) leaves the win check to the moment
    that triggered it.
    """
    pausing = any(withheld(state, cause) for withheld in WITHHELD.of(state) for _, cause in deaths)
    waiting: list[tuple[int, str]] = []  # deaths whose card's consequences wait for the pause
    chain = _record(state, deaths, phase, waiting if pausing else None)
    pause = next((step for hook in PAUSES.of(state) if (step := hook(state, deaths)) is not None), None)
    if pause is None:
        chain += _record(state, _of_cards(state, waiting), phase)
        effects(state, chain, phase, triggered=triggered)
        return False
    seats = tuple(seat for seat, _ in chain)
    args = {"chain": tuple(chain), "phase": phase, "triggered": triggered, "seats": seats}
    args["waiting"] = tuple(waiting)
    state.push(pause, Step("death_effects", args))
    return True


def begin_death_effects(state: State, step: Step) -> None:
    """After a pause: the moment's cards shown (as they are now), the consequences of the cards
    the dead hold now (`CARD_CONSEQUENCES`: not of a card the pause took away), then what the
    deaths trigger."""
    state.emit(*_cards(state, list(step.args["seats"])))
    phase = step.args["phase"]
    chain = [*step.args["chain"], *_record(state, _of_cards(state, list(step.args["waiting"])), phase)]
    effects(state, chain, phase, triggered=step.args["triggered"])


def _of_cards(state: State, deaths: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The deaths the cards of `deaths` bring now (`CARD_CONSEQUENCES`)."""
    hooks = CARD_CONSEQUENCES.of(state)
    return [death for seat, cause in deaths for hook in hooks for death in hook(state, seat, cause)]


def _record(
    state: State, deaths: list[tuple[int, str]], phase: Phase, waiting: list[tuple[int, str]] | None = None
) -> list[tuple[int, str]]:
    """Rules 1-2: the moment's deaths recorded, with those they bring; the chain in death order.
    `waiting`: where the deaths whose card's consequences wait for a pause are put (None: none
    waits, they are asked with the others)."""
    chain: list[tuple[int, str]] = []
    survivors = SURVIVES.of(state)
    alongside = ALONGSIDE.of(state)
    moment = sorted(deaths)
    while moment:
        later: list[tuple[int, str]] = []
        recorded, chained, brought = len(state.deaths), len(chain), False
        for seat, cause in moment:  # grows with the deaths a death brings alongside
            player = state.player(seat)
            if not player.alive or (
                survivors and any(survives(state, seat, cause) for survives in survivors)
            ):
                continue
            player.alive = False
            state.deaths.append(Death(seat, phase, cause))
            chain.append((seat, cause))
            if alongside:
                along = [death for hook in alongside for death in hook(state, seat, cause)]
                if along:
                    moment.extend(along)
                    brought = True
            later.extend(_consequences(state, seat, cause))
            if waiting is None:
                later.extend(_of_cards(state, [(seat, cause)]))
            else:
                waiting.append((seat, cause))
            if state.moon is not None:
                hooks.on_death(state, seat, cause)
        if brought:  # Rule 1: the moment's deaths in seat order, those brought alongside too
            state.deaths[recorded:] = sorted(state.deaths[recorded:], key=lambda death: death.seat)
            chain[chained:] = sorted(chain[chained:], key=lambda death: death[0])
        moment = sorted({seat: cause for seat, cause in later if state.is_alive(seat)}.items())
    return chain


def effects(state: State, chain: list[tuple[int, str]], phase: Phase, *, triggered: bool) -> None:
    """Rules 3-4: what the moment's deaths trigger, over the chain, then its win check."""
    triggers = TRIGGERS.of(state)
    steps = [step for seat, cause in chain for trigger in triggers if (step := trigger(state, seat, cause))]
    if state.sheriff and state.sheriff in [seat for seat, _ in chain]:
        steps.append(Step("badge", {"seat": state.sheriff}))
    if state.moon is not None:
        steps.extend(hooks.death_steps(state, [seat for seat, _ in chain]))
    if not triggered:
        check = Step("check", {"phase": phase, "deaths_before": _before(state, chain)})
        if steps and state.rules.win_check == "before_triggers":
            steps.insert(0, check)  # a won game asks no shot and no badge
        steps.append(check)
    state.push(*steps)


def _before(state: State, chain: list[tuple[int, str]]) -> int:
    """How many deaths were recorded before the moment's `chain` (the last ones recorded)."""
    return len(state.deaths) - len(chain)


def _consequences(state: State, seat: int, cause: str) -> list[tuple[int, str]]:
    return [death for consequence in CONSEQUENCES.of(state) for death in consequence(state, seat, cause)]


def withheld_cards(state: State) -> set[int]:
    """The dead whose cards wait for a pause (`PAUSES`): shown by the `death_effects` step to come."""
    return {seat for step in state.agenda if step.name == "death_effects" for seat in step.args["seats"]}


def death_events(state: State, seats: list[int], *, cause: str = "") -> list[Event]:
    """What the table is told of the deaths at `seats` (of `cause` when it is one a pause asks
    about: `"vote"`): the card, when cards are shown and no pause comes first (`WITHHELD`)."""
    if any(withheld(state, cause) for withheld in WITHHELD.of(state)):
        return []
    return _cards(state, seats)


def _cards(state: State, seats: list[int]) -> list[Event]:
    if not state.rules.reveal_on_death:
        return []
    shown = seats if state.moon is None else [s for s in seats if not hides_card(state, s)]
    return [cue("death.card", seat=s, role=state.player(s).card.value) for s in shown]


def winner(state: State, *, end_of_day: bool = False) -> tuple[Winner, WinReason] | None:
    """The winner by RULES.md's conditions, in order (a third party's block before the sides'),
    and why; None while the game goes on."""
    alive = state.alive()
    if not alive:
        return Winner.NONE, WinReason.NOBODY_ALIVE
    for win in WINS.of(state):
        won = win(state, alive)
        if won is not None:
            return won
    if any(block(state) for block in BLOCKS.of(state)):
        return None
    wolves = state.living_wolf_team()
    held = any(block(state) for block in WOLF_BLOCKS.of(state))
    if not wolves:
        if state.rules.simultaneous_win == "werewolves" and state.rules.win == "side" and not held:
            lost = _side_lost(state)
            if lost is not None:
                return Winner.WEREWOLVES, lost
        return Winner.VILLAGERS, WinReason.NO_WEREWOLF
    if held:
        return None
    if len(wolves) == len(alive):
        return Winner.WEREWOLVES, WinReason.ONLY_WEREWOLVES
    if state.moon is not None:
        side = [s for s in alive if on_werewolf_side(state, s)]
        reason = hooks.card_wins(state, alive, side)
        if reason is not None:
            return Winner.WEREWOLVES, reason
        wolves = side
    if state.rules.win == "side":
        lost = _side_lost(state)
        if lost is not None:
            return Winner.WEREWOLVES, lost
    if end_of_day and state.rules.parity and len(wolves) >= len(alive) - len(wolves):
        return Winner.WEREWOLVES, WinReason.PARITY
    return None


def _side_lost(state: State) -> WinReason | None:
    """`win = "side"`: the village group that is all dead (the plain villagers, or the 神)."""
    plain, special = village_groups(state)
    for group, reason in (
        (plain, WinReason.PLAIN_VILLAGERS_DEAD),
        (special, WinReason.SPECIAL_ROLES_DEAD),
    ):
        if group and not any(state.is_alive(s) for s in group):
            return reason
    return None


def village_groups(state: State) -> tuple[list[int], list[int]]:
    """The plain villagers and the special village roles, for `win = "side"`."""
    plain, special = [], []
    for p in state.players:
        if state.moon is not None and sides_with_werewolves(state, p.seat):
            continue
        if p.card in state.catalogue.plain:
            plain.append(p.seat)
        elif p.card in state.catalogue.gods:
            special.append(p.seat)
    return plain, special


Instead = Callable[[State, "tuple[Winner, WinReason]", list[Death]], "tuple[Winner, WinReason] | None"]
INSTEAD: RoleHooks[Instead] = RoleHooks("instead")
"""Who wins instead of the winner found, given the moment's deaths (the 咒狐 alive at the
moment's start wins instead of a side, RULES-CLUB-MORE.md's Who wins 5): None keeps it."""


def add_instead(to: Contents, instead: Instead) -> None:
    INSTEAD.add(to, instead)


def check(state: State, phase: Phase, deaths_before: int, *, end_of_day: bool = False) -> None:
    """Check for a win; the game is decided in the phase of the last death of the moment."""
    found = winner(state, end_of_day=end_of_day)
    if found is None:
        return
    for instead in INSTEAD.of(state):
        found = instead(state, found, state.deaths[deaths_before:]) or found
    if len(state.deaths) > deaths_before:
        phase = state.deaths[-1].phase
    state.outcome = Outcome(found[0], phase, found[1])
    state.agenda.clear()
    state.emit(cue("game.over", winner=found[0].value))


def kill_by_day(state: State, deaths: list[tuple[int, str]], *, triggered: bool) -> None:
    """`deaths` by day, now (a vote, a shot, a blow): each further death they bring is announced
    as it comes, and the elder's curse when it falls."""
    before, cursed = len(state.deaths), state.cursed
    first = {seat for seat, _ in deaths}
    paused = kill(state, deaths, state.phase, triggered=triggered)
    for death in state.deaths[before:]:
        if death.seat not in first:
            shown = [] if paused else death_events(state, [death.seat])
            state.emit(cue("death.out", seat=death.seat), *shown)
    if state.cursed and not cursed:
        state.emit(cue("elder.curse"))
