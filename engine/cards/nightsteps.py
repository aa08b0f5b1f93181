"""The night steps the event cards add, and who wakes for the werewolves under them.

Rule 1: the Double Agent: on the first night after someone died, the first dead names a living
        non-werewolf, who is shown the werewolves and plays on their side from then on.
Rule 2: Full Moon Rising, on night D+1: each living werewolf checks one player as a seer; the
        living hunter, witch and seer wake as the werewolves and agree on a victim; the seer's
        and witch's own steps are pretended.
Rule 3: Touch of Death: after the werewolves chose, they say whether one of them touched the
        victim; if not, there is no victim.
Rule 4: the Specter: the next victim who is not a werewolf becomes a werewolf instead of dying,
        and names an old werewolf, who dies at dawn (cause `specter`) holding the victim's card.
Rule 5: Backfire: on the next night with a victim, a plain villager victim becomes a werewolf
        instead of dying and the first werewolf on his left dies at dawn (cause `backfire`);
        another victim dies as usual (`convert_or_wolf_dies`: survives, and that wolf dies).
Rule 6: Flood, on night D+1: the werewolves sheltering at the inn (the men) eat a man, those in
        the church (the women) a woman; the witch is told, and may heal, the inn's victim only.
Rule 7: a card step while its card waits is narrated every night, acted or pretended, so the
        table cannot hear whether it triggered.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.cards.moon import (
    MoonState,
    away,
    fact,
    in_play,
    left_of,
    neighbours,
    spend,
    tonight_after,
)
from engine.decisions import AllyChoice, ChurchChoice, Decision, MoonSeerChoice, SpecterChoice, Touch
from engine.events import cue, judge_only, private
from engine.roles import Role
from engine.state import Pending, State, Step
from engine.steps import (
    Answer,
    Form,
    Kind,
    Share,
    StepSpec,
    agreed,
    field_codec,
    never_refused,
    nobody,
    register,
    seat_answer,
    shape_bool,
    shape_seat,
)

MOON_WEREWOLVES = (Role.HUNTER, Role.WITCH, Role.SEER)


def _moon(state: State) -> MoonState:
    assert state.moon is not None
    return state.moon


def pack(state: State) -> list[int]:
    """The seats that wake as the werewolves tonight, and may eat."""
    if state.moon is None:
        return state.living_werewolves()
    if tonight_after(state, "full_moon_rising"):
        return [p.seat for p in state.players if p.alive and p.card in MOON_WEREWOLVES]
    gone = away(state)
    wolves = [w for w in state.living_werewolves() if w not in gone]
    if tonight_after(state, "gone_hunting") and state.rules.cards.gone_hunting == "no_kill":
        if len(wolves) < len(state.living_werewolves()):
            return []
    if tonight_after(state, "flood"):
        return [w for w in wolves if fact(state, w, "gender") == "male"]
    return wolves


def prey(state: State, wolves: list[int]) -> tuple[int, ...]:
    """Who the werewolves `wolves` may eat tonight."""
    alive = state.alive()
    if state.moon is None:
        return tuple(alive)
    gone = away(state)
    targets = [s for s in alive if s not in gone]
    if tonight_after(state, "flood"):
        targets = [s for s in targets if fact(state, s, "gender") == "male"]
    if tonight_after(state, "end_of_the_harvest") and harvest_festival(state):
        near = {n for w in wolves for n in neighbours(state, w)}
        targets = [s for s in targets if s in near]
    return tuple(targets)


def harvest_festival(state: State) -> bool:
    return in_play(state, "end_of_the_harvest") and (
        state.rules.cards.end_of_the_harvest == "harvest_festival"
    )


def night_card_steps(state: State, steps: list[Step]) -> list[Step]:
    """Tonight's agenda with the steps of the cards in play put in their places."""
    if state.moon is None:
        return steps
    first: list[Step] = []
    if in_play(state, "double_agent") and not _moon(state).ally and state.deaths:
        first.append(Step("double_agent"))
    after_wolves: list[Step] = []
    if tonight_after(state, "flood"):
        after_wolves.append(Step("church"))
    if in_play(state, "touch_of_death"):
        after_wolves.append(Step("touch"))
    if in_play(state, "specter"):
        after_wolves.append(Step("specter"))
    if in_play(state, "backfire"):
        after_wolves.append(Step("backfire"))
    out = first
    for step in steps:
        if step.name == "werewolves" and tonight_after(state, "full_moon_rising"):
            out.append(Step("moon_seers"))
        out.append(step)
        if step.name == "werewolves":
            out.extend(after_wolves)
    return out


# Rule 1: the Double Agent


def begin_double_agent(state: State, step: Step) -> Pending | None:
    first = state.deaths[0].seat
    state.emit(cue("double_agent.wake", seat=first))
    targets = tuple(s for s in state.alive() if not state.is_werewolf(s))
    return Pending(state.phase, "double_agent", "double_agent", (first,), targets)


def check_double_agent(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, AllyChoice)
    if decision.seat not in pending.targets:
        raise state.refuse("ally_not_werewolf", f"seat {decision.seat} is not a living non-werewolf")


def resolve_double_agent(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, AllyChoice)
    _moon(state).ally = decision.seat
    state.emit(private("double_agent", decision.seat, werewolves=state.living_werewolves()))
    state.emit(cue("double_agent.sleep"))


# Rule 2: Full Moon Rising


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


def check_moon_seer(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, MoonSeerChoice)
    if decision.target and decision.target not in pending.targets:
        raise state.refuse("moon_seer_target", f"seat {decision.target} is not another living player")


def resolve_moon_seer(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, MoonSeerChoice)
    wolf, target = pending.seats[0], decision.target
    if not target:
        return
    card = state.player(target).card
    if state.rules.seer_sees == "role":
        result = card.value
    else:
        result = "werewolf" if card == Role.WEREWOLF else "not_werewolf"
    _moon(state).moon_seen.append((state.night, wolf, target, result))
    state.emit(private("seer.result", wolf, night=state.night, target=target, result=result))


# Rule 3: Touch of Death


def begin_touch(state: State, step: Step) -> Pending | None:
    state.emit(cue("touch.act"))
    wolves = pack(state)
    if not state.tonight.victim or not wolves:
        state.emit(judge_only("pretend", step="touch"))
        return None
    return Pending(state.phase, "touch", "touched", tuple(wolves), info={"victim": state.tonight.victim})


def resolve_touch(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, Touch)
    if not decision.touched:
        state.tonight.victim = 0
    state.emit(private("touch", frozenset(pending.seats), touched=decision.touched))


# Rule 4: the Specter


def begin_specter(state: State, step: Step) -> Pending | None:
    state.emit(cue("specter.wake"))
    victim = state.tonight.victim
    old = [w for w in state.living_werewolves() if w != victim]
    if not victim or state.is_werewolf(victim) or not old:
        state.emit(judge_only("pretend", step="specter"), cue("specter.sleep"))
        return None
    state.emit(private("specter", victim, werewolves=old))
    return Pending(state.phase, "specter", "specter", (victim,), tuple(old))


def check_specter(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, SpecterChoice)
    if decision.werewolf not in pending.targets:
        raise state.refuse("specter_names_a_werewolf", f"seat {decision.werewolf} is not an old werewolf")


def resolve_specter(state: State, pending: Pending, decision: Decision) -> None:
    """The old werewolf dies at once (seeds 000, 001): the card he is given acts for nobody
    tonight; his death is told at dawn with the night's."""
    assert isinstance(decision, SpecterChoice)
    new, old = pending.seats[0], decision.werewolf
    newcomer, former = state.player(new), state.player(old)
    newcomer.card, former.card = former.card, newcomer.card
    newcomer.lives = former.lives = 1
    state.tonight.victim = 0
    state.tonight.moon_deaths.append((old, "specter"))
    state.tonight.fallen.add(old)
    spend(state, "specter")
    state.emit(private("card.changed", new, card=Role.WEREWOLF.value))
    state.emit(cue("specter.sleep"))


# Rule 5: Backfire


def begin_backfire(state: State, step: Step) -> None:
    victim = state.tonight.victim
    if not victim:
        return
    spend(state, "backfire")
    turns = state.player(victim).card == Role.VILLAGER
    if not turns and state.rules.cards.backfire == "convert":
        return
    if turns:
        state.player(victim).card = Role.WEREWOLF
        state.emit(private("card.changed", victim, card=Role.WEREWOLF.value))
    state.tonight.victim = 0
    wolf = victim
    while True:
        wolf = left_of(state, wolf)
        if wolf in (0, victim) or (state.is_werewolf(wolf) and wolf != victim):
            break
    if wolf and wolf != victim:
        state.tonight.moon_deaths.append((wolf, "backfire"))


# Rule 6: the Flood's church


def begin_church(state: State, step: Step) -> Pending | None:
    state.emit(cue("flood.church"))
    wolves = [w for w in state.living_werewolves() if fact(state, w, "gender") == "female"]
    women = tuple(s for s in state.alive() if fact(state, s, "gender") == "female")
    if not wolves or not women:
        state.emit(judge_only("pretend", step="church"))
        return None
    return Pending(state.phase, "church", "church", tuple(wolves), women, allow_none=True)


def check_church(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, ChurchChoice)
    if decision.victim and decision.victim not in pending.targets:
        raise state.refuse("church_victim", f"seat {decision.victim} is not a woman in the church")


def resolve_church(state: State, pending: Pending, decision: Decision) -> None:
    assert isinstance(decision, ChurchChoice)
    if decision.victim:
        state.tonight.moon_deaths.append((decision.victim, "werewolves"))
    state.emit(private("werewolves.victim", frozenset(pending.seats), target=decision.victim))


# The registry (engine.steps): what each of these steps means outside the engine.


def _any_touch(pending: Pending, parts: Mapping[int, Answer]) -> Decision:
    return Touch(touched=any(part.yes for part in parts.values()))


def _touch_unanswered(state: State, pending: Pending, parts: Mapping[int, Answer]) -> dict[int, Answer]:
    """No werewolf answered: the victim was touched."""
    return dict(parts) if parts else {pending.seats[0]: Answer(yes=True)}


register(
    StepSpec(
        "double_agent",
        begin_double_agent,
        Kind.NIGHT,
        AllyChoice,
        check_double_agent,
        resolve_double_agent,
        form=Form.SEATS,
        answer=seat_answer(AllyChoice, "seat"),
        default=lambda state, pending: AllyChoice(seat=pending.targets[0]),
        codecs=(field_codec("double_agent", Kind.NIGHT, AllyChoice, "seat", shape_seat),),
    ),
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
    StepSpec(
        "touch",
        begin_touch,
        Kind.NIGHT,
        Touch,
        never_refused,
        resolve_touch,
        form=Form.YES_NO,
        share=Share.ANY,
        answer=_any_touch,
        fill=_touch_unanswered,
        default=nobody(Touch, "touched", True),
        codecs=(field_codec("touched", Kind.NIGHT, Touch, "touched", shape_bool),),
        reveals=frozenset({"touch"}),
    ),
    StepSpec(
        "specter",
        begin_specter,
        Kind.NIGHT,
        SpecterChoice,
        check_specter,
        resolve_specter,
        form=Form.SEATS,
        answer=seat_answer(SpecterChoice, "werewolf"),
        default=lambda state, pending: SpecterChoice(werewolf=pending.targets[0]),
        codecs=(field_codec("specter", Kind.NIGHT, SpecterChoice, "werewolf", shape_seat),),
        reveals=frozenset({"card.changed"}),
    ),
    StepSpec("backfire", begin_backfire),
    StepSpec(
        "church",
        begin_church,
        Kind.NIGHT,
        ChurchChoice,
        check_church,
        resolve_church,
        form=Form.SEATS,
        share=Share.AGREE,
        answer=agreed(ChurchChoice, "victim"),
        default=nobody(ChurchChoice, "victim"),
        codecs=(field_codec("church", Kind.NIGHT, ChurchChoice, "victim", shape_seat),),
        reveals=frozenset({"werewolves.victim"}),
    ),
)
