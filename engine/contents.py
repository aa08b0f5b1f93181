"""What one module adds to the engine — its steps, day actions, cues, night steps, hooks, an
event card's rules — held as a value the module names (`ROLE = declare(...)` for a role,
`CARD = Contents("flood")` for an event card, `CORE = Contents("day")` for the core's own
modules), and the `Catalogue` those values are installed into, module by module in the
catalogue's order (`engine.catalog.build`). Importing a module adds nothing anywhere.

The owner of what a module adds is the `Contents` it is added to: a role's hooks are asked only
in games whose deck holds that role; an owner of None (the core, an event card) is asked in
every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.role import Role

if TYPE_CHECKING:
    from engine.cards.nightsteps import CardNightStep
    from engine.cards.registry import CardRules, Lasting
    from engine.decisions import Decision
    from engine.night import NightStep
    from engine.state import CardsAsked, Step
    from engine.steps import Codec, DayAction, StepSpec


@dataclass(eq=False)
class Contents:
    """What the module `name` adds, in the order it says it; `owner`: the role it belongs to."""

    name: str
    owner: Role | None = None
    adds: list[Callable[[Catalogue], None]] = field(default_factory=list, repr=False)

    def add(self, install: Callable[[Catalogue], None]) -> None:
        """`install(catalogue)` puts one thing of the module in `catalogue`, when it is built."""
        self.adds.append(install)

    def install(self, catalogue: Catalogue) -> None:
        for install in self.adds:
            install(catalogue)


Hook = tuple[float, Role | None, Any]
"""A role hook as the catalogue keeps it: (rank, owning role or None, the hook)."""


@dataclass(eq=False)
class Catalogue:
    """The engine's catalogue as a value: what every module of `contents` added, in order.

    Made empty and filled once by `engine.catalog.build`, which installs each module's
    `Contents` into it; read only after that. A `Game` holds one (`Game.catalogue`, its state's
    `catalogue`): every table below is looked up through it, so two catalogues never share
    anything. `build` starts the script from the core's lines (`engine.script.SCRIPT`); every
    other table starts empty.
    """

    contents: tuple[Contents, ...]
    steps: dict[str, StepSpec[Any]] = field(default_factory=dict)
    codecs: dict[str, Codec[Any]] = field(default_factory=dict)
    """Every record key (`engine.steps`)."""
    actions: dict[type[Decision], DayAction[Any]] = field(default_factory=dict)
    """The day actions, by their decision type, in the order registered."""
    cues: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Every line of the script, with its placeholders: the core's, and each module's."""
    night_order: list[NightStep] = field(default_factory=list)
    """Every night step (`engine.night.add_night_step`)."""
    card_night_steps: list[CardNightStep] = field(default_factory=list)
    card_rules: dict[str, CardRules] = field(default_factory=dict)
    late_steps: set[str] = field(default_factory=set)
    lasting: list[Lasting] = field(default_factory=list)
    cards_asked: CardsAsked | None = None
    """How the event cards answer the state's questions (None: no module said)."""
    shown: list[Callable[[Any, int], str | None]] = field(default_factory=list)
    """What an exact-card check shows of a seat when not its card (`engine.roles.psychic`)."""
    hooks: dict[str, list[Hook]] = field(default_factory=dict)
    """Each kind of role hook's entries, by rank, then in the catalogue's order."""
    wolf_team: set[Role] = field(default_factory=set)
    """Every card of the werewolves' team (they win together; the village wins when all are dead)."""
    pack: set[Role] = field(default_factory=set)
    """The cards that wake with the werewolves and choose the kill together."""
    seen_as_wolf: set[Role] = field(default_factory=set)
    """The cards a seer's (or a gravekeeper's) check shows as a werewolf."""
    self_destructs: set[Role] = field(default_factory=set)
    """The cards that may self-destruct by day."""
    gods: set[Role] = field(default_factory=set)
    """The special village roles (神) that `win = "side"` counts as one group."""
    plain: set[Role] = field(default_factory=set)
    """The cards `win = "side"` counts as plain villagers (said by each card's module)."""
    lives: dict[Role, int] = field(default_factory=dict)
    """The lives a card is dealt with, when more than one (the elder's two)."""
    open_cards: set[Role] = field(default_factory=set)
    """The cards shown to everyone before the game starts (the villager-villager)."""
    power_left: dict[Role, Callable[[Any], bool]] = field(default_factory=dict)
    """Whether a card's power is not used up (the witch's potions), said by the card's module."""
    lone_killers: list[Role] = field(default_factory=list)
    """Wolf-team cards that do not meet the pack but choose the kill once no pack card lives,
    in the catalogue's order (the gargoyle, the hidden wolf, the wolf robot)."""
    placeholders: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    """Each cue's placeholders (`cues`), worked out once the catalogue is built."""
    night_steps: dict[str, Step] = field(default_factory=dict, repr=False)
    """Each night step's agenda entry, by name (`night_order`)."""
    by_deck: dict[frozenset[Role], dict[str, tuple[Any, ...]]] = field(default_factory=dict, repr=False)
    """What the catalogue works out once per deck: its hooks (`engine.rolehooks.install`)."""
    orders: dict[tuple[str, tuple[Role, ...], int, bool], tuple[NightStep, ...]] = field(
        default_factory=dict, repr=False
    )
    """Each night order worked out, by the rule, the deck and the night (`engine.night`)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalogue:
        """The catalogue itself: read only once built, it is shared by every copy of a state."""
        return self
