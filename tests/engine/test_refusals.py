"""Every rule the engine can refuse a decision with leaves the game exactly as it was.

The rule ids are read from the engine's own source (every `refuse("…")` and
`IllegalDecision("…")`, and the `dead_…` ids of the living-seat checks, `living(…, "dead_…", …)`),
each written whole, so a new rule is covered as soon as it is written; the test fails naming any
rule no random game exercised, and any refusal whose id is built from pieces.
"""

from __future__ import annotations

import ast
import copy
import itertools
import random
import typing
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.boards import BOARDS
from engine.bots import random_answer, random_decision
from engine.cards.deck import CARDS, QUESTIONS
from engine.catalog import usual
from engine.decisions import Decision, SelfDestruct
from engine.game import Game, state_of
from engine.roles import Role
from engine.rules import Rules, make_rules
from engine.setup import Setup, deal
from engine.state import IllegalDecision
from engine.steps import Answer, Form, decision_types
from tests.engine.randomgames import (
    _choices,
    random_event_rules,
    random_event_setup,
    random_rules,
    random_setup,
)
from tests.support.usual import ACTIONS

CLUB_SETTINGS = (
    "witch_sees_victim badge_swallow simultaneous_win revote_voters sheriff_runoff_voters sheriff_speech_from"
    " self_destruct_last_words idiot_votable_after_reveal shot_status_signal win_check wolf_king_shoots_when_shot"
    " white_wolf_king_victim_shoots wolf_beauty_charm spirit_knight_reflect spirit_knight_shot fear_notice"
    " duel_triggers_skills wolf_robot_learns magician_swaps"
).split()
RAVEN_SETTINGS = "raven_votes raven_self raven_repeat raven_in_revote".split()
OWN_SETTINGS = {
    Role.RAVEN: RAVEN_SETTINGS,
    Role.WILD_CHILD: "wild_child_trigger wild_child_announced".split(),
    Role.SLACKER: ["slacker_blocks_wolves"],
    Role.CURSED_FOX: ["cursed_fox_poison"],
    Role.DANCER: ["dance_repeat"],
}
"""The settings of a card, drawn only for a deck that holds it."""


def club_settings(rng: random.Random, cards: Iterable[Role] = ()) -> dict[str, Any]:
    """RULES-CLUB.md's settings, each drawn; a card's own (`OWN_SETTINGS`) too for a deck of
    `cards` that holds it (drawn last, so the games of other decks draw as they did before it)."""
    deck = set(cards)
    names = CLUB_SETTINGS + [name for card, own in OWN_SETTINGS.items() if card in deck for name in own]
    return {name: rng.choice(_choices(Rules.model_fields[name].annotation)) for name in names}


ENGINE = Path(__file__).resolve().parents[2] / "engine"


REFUSERS = {"refuse": 0, "IllegalDecision": 0, "living": 2}
"""The calls that refuse, and which of their arguments is the rule id."""
PASSING_ON = {("state.py", "refuse", "rule"), ("state.py", "living", "dead")}
"""The two functions that pass on a rule id their caller wrote whole (the parameter's name)."""


def refusals() -> list[tuple[str, str, ast.expr]]:
    """Each refusal in the engine's source: (file, enclosing function, its rule id argument)."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for call in ast.walk(function):
                if not isinstance(call, ast.Call):
                    continue
                name = getattr(call.func, "attr", getattr(call.func, "id", ""))
                if name in REFUSERS and len(call.args) > REFUSERS[name]:
                    found.append((path.name, function.name, call.args[REFUSERS[name]]))
    return found


def rule_ids() -> set[str]:
    """Every rule id the engine's source can refuse with."""
    ids = {
        rule.value
        for _, _, rule in refusals()
        if isinstance(rule, ast.Constant) and isinstance(rule.value, str)
    }
    ids.discard("wrong_count")  # the shape of a phone's answer (`Game.answer`), tested below
    return ids - set(OWN_TESTS)


def test_every_refusal_id_is_written_whole_where_it_is_refused() -> None:
    pieces = [
        f"{file}:{rule.lineno} in {function}: {ast.unparse(rule)}"
        for file, function, rule in refusals()
        if not (isinstance(rule, ast.Constant) and isinstance(rule.value, str))
        and not (isinstance(rule, ast.Name) and (file, function, rule.id) in PASSING_ON)
    ]
    assert not pieces, "refusal ids built from pieces (a search for the id finds nothing): " + "; ".join(
        pieces
    )
    assert {"dead_voter", "dead_vote_target", "wolf_beauty_knife"} <= rule_ids()


OWN_TESTS = {
    "duel_used": "tests/engine/test_club_roles.py::test_the_knight_duels_once_and_only_in_the_discussion",
    "idiot_badge": "tests/engine/test_club_day.py::test_a_revealed_idiot_may_or_may_not_take_the_badge",
    "wild_child_self": "tests/engine/test_wild_child.py::test_he_must_name_another_living_player_on_night_1_only",
    "slacker_self": "tests/engine/test_slacker.py::test_he_must_name_another_player_on_night_1_before_the_wolves",
    "wolf_hound_drawn": (
        "tests/engine/test_wolf_hound.py::"
        "test_with_wolf_hound_random_the_side_is_drawn_from_the_deal_and_the_record_holds_it"
    ),
    "big_bad_wolf_pack_victim": (
        "tests/engine/test_big_bad_wolf.py::test_he_names_neither_himself_nor_the_pack_s_victim_nor_nobody"
    ),
    "big_bad_wolf_self": (
        "tests/engine/test_big_bad_wolf.py::test_he_names_neither_himself_nor_the_pack_s_victim_nor_nobody"
    ),
    "wolf_robot_guard_repeat": (
        "tests/engine/test_club_robot.py::test_a_learned_guard_protects_from_the_knife_by_the_guards_rules"
    ),
    "bound_target": "tests/engine/test_warden.py::test_both_betray_each_aims_his_power_only_at_the_other",
    "poisoner_first_night": (
        "tests/engine/test_poisoner.py::test_the_wolves_kill_nobody_on_night_1_while_a_poisoner_is_dealt"
    ),
}
"""Rules that random games reach too rarely to wait for (a knight alive after a duel won, at the
next day's discussion; a dying sheriff naming a revealed idiot under the club rule; a wolf robot
that learned the guard, naming last night's seat; the wild child or the slacker naming himself, whose
seat random bad answers rarely try; the wolf-hound's other side under `wolf_hound_random`, a
setting of no board; the big bad wolf naming himself or the pack's victim, a card of no board
yet, whose games the sweep seldom deals; a both-betray pair of the warden holding the seer, the
guard, the witch or the dreamcatcher, naming another; the pack naming a victim on night 1 with
a poisoner, a card of no board yet), each refused in a test of its own."""


def _values(annotation: object, game: Game, rng: random.Random) -> list[Any]:
    """Values worth trying for a decision field of type `annotation`: seats living and dead,
    nobody, and seats that do not exist."""
    alive = game.alive()
    dead = [s for s in range(1, game.setup.seats + 1) if s not in alive]
    told = [v for v in game.pending.info.values() if isinstance(v, int)] if game.pending else []
    seats = [-1, 0, 99, *rng.sample(alive, min(3, len(alive))), *rng.sample(dead, min(2, len(dead))), *told]
    if annotation is bool:
        return [True, False]
    if annotation is int:
        return seats
    if annotation is str:
        asked = list(game.pending.info.get("questions", [])) if game.pending else []
        return ["bogus", *asked, *rng.sample(sorted(QUESTIONS), 4), *rng.sample(sorted(CARDS), 6)]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return list(typing.get_args(annotation))
    if origin is tuple:
        return [(), (seats[3 % len(seats)],), (1, 1), *itertools.combinations(seats, 2), tuple(alive[:3])]
    if origin is dict:
        _, value = typing.get_args(annotation)
        voters = [99, *rng.sample(alive, min(3, len(alive)))]
        if value is int:
            return [{v: t} for v, t in itertools.product(voters, seats)]
        pairs = list(itertools.combinations(seats[1:], 2))
        return [{v: f} for v in voters for f in [(v, 2), (3, 3), *pairs]]
    return seats


def bad_decisions(game: Game, rng: random.Random) -> list[tuple[Decision, int | None]]:
    """A sample of decisions of every type, most of them illegal, each with the seat it comes
    from: random fields, and the owing seats' answers made as a phone makes them."""
    pending, spec = game.pending, game.spec
    out: list[tuple[Decision, int | None]] = []
    types = rng.sample(sorted(decision_types(usual()), key=lambda kind: kind.__name__), 3)  # not import order
    if spec is not None and spec.decision is not None:
        types.append(spec.decision)
    for kind in types:
        fields = typing.get_type_hints(kind)
        options = {name: _values(fields[name], game, rng) for name in kind.model_fields}
        for _ in range(40 if spec is not None and kind is spec.decision else 6):
            try:
                decision = kind(**{name: rng.choice(values) for name, values in options.items()})
            except ValueError:
                continue
            out.append((decision, None))
    if pending is not None and spec is not None and spec.answer is not None:
        for seat in game.owed()[:3]:
            for _ in range(3):
                try:
                    out.append((game.answer({seat: random_answer(spec, pending, rng)}), seat))
                except IllegalDecision:
                    continue
    seats = range(1, game.setup.seats + 1)
    for action in ACTIONS.values():  # each day action by every living seat, naming any seat (itself too)
        for seat in game.alive():
            out.append((action.make(seat, Answer(seats=(rng.choice([seat, *seats]),))), seat))
    for seat in rng.sample(seats, 2):
        out.append((SelfDestruct(seat=seat), seat))
        if pending is not None and pending.seats:
            out.append((random_decision(game, rng, self_destruct=0), seat))
    return out


def random_board(rng: random.Random, seed: int) -> tuple[Setup, Any]:
    """A board of RULES-CLUB.md the engine plays, dealt, with RULES-CLUB.md's settings drawn;
    every other time a 12-seat deck of any cards the engine knows (a board may wait for a role)."""
    board = rng.choice([b for b in BOARDS if b.playable])
    if seed % 2:
        return board.deal(seed), board.rules(club_settings(rng, board.roles()))
    wolves = [Role.WEREWOLF] * 3 + [rng.choice(sorted(usual().wolf_team - {Role.WEREWOLF}))]
    gods = rng.sample(sorted(usual().gods - {Role.ELDER, Role.LITTLE_GIRL, Role.SCAPEGOAT}), 4)
    deck = [*wolves, *gods, *[Role.VILLAGER] * 4]
    return deal(deck, 12, seed=seed), board.rules(club_settings(rng, deck))


def test_every_refusal_leaves_the_game_as_it_was_and_every_rule_is_exercised() -> None:
    wanted = rule_ids()
    seen: Counter[str] = Counter()
    rng = random.Random(2026)
    games = 0
    while games < 1200 and not wanted <= set(seen):
        games += 1
        cards = games % 2 == 0
        setup = random_event_setup(rng) if cards else random_setup(rng)
        rules = random_event_rules(rng) if cards else random_rules(rng)
        if games % 6 == 0:
            # the Harvest Festival's limits need its card drawn, and a hunter or a witch around
            harvest = {"event_deck": ["end_of_the_harvest"], "end_of_the_harvest": "harvest_festival"}
            rules = make_rules({**rules.model_dump(exclude={"cards"}), "events": "every_morning", **harvest})
            deck = [
                Role.WEREWOLF,
                Role.WEREWOLF,
                Role.HUNTER,
                Role.WITCH,
                Role.SEER,
                Role.GUARD,
                *[Role.VILLAGER] * 3,
            ]
            setup = deal(deck, len(deck), seed=games)
        if games % 6 == 4:
            # the Flood's church is rare in a full deck: some games draw only it
            rules = make_rules(
                {
                    **rules.model_dump(exclude={"cards"}),
                    "events": "every_morning",
                    "event_deck": ["flood", "april_fools"],
                }
            )
        club = games % 5 == 1
        if club:  # the day actions (a duel, a blow) are tried more often there
            setup, rules = random_board(rng, games)
        game = Game(setup, rules, chance="ask" if games % 4 == 0 else "auto")
        while True:
            before = copy.deepcopy(state_of(game))
            for decision, by in bad_decisions(game, rng):
                try:
                    game.check(decision, by=by)
                except IllegalDecision as error:
                    assert error.rule in wanted | set(OWN_TESTS), (
                        f"rule {error.rule!r} is not read from the source"
                    )
                    seen[error.rule] += 1
                    try:
                        game.apply(decision, by=by)
                    except IllegalDecision as again:
                        assert again.rule == error.rule
                    else:
                        raise AssertionError(f"check refused {decision!r} ({error.rule}); apply took it")
            assert state_of(game) == before
            if game.over:
                break
            game.apply(random_decision(game, rng, self_destruct=0.15 if club else 0.03))
    missing = sorted(wanted - set(seen))
    assert not missing, f"rules never refused in {games} games: {missing}"
    print(f"every rule refused within {games} games; refused in their own tests: {sorted(OWN_TESTS)}")


def test_an_answer_of_the_wrong_shape_is_refused_as_such() -> None:
    roles = ["cupid", "werewolf", "seer", "villager", "villager", "werewolf", "witch", "hunter"]
    game = Game(Setup(seats=8, roles=roles))
    assert game.pending is not None and game.spec is not None and game.spec.form == Form.SEATS
    for seats in [(2,), (2, 3, 4)]:
        try:
            game.answer({1: Answer(seats=seats)})
        except IllegalDecision as error:
            assert error.rule == "wrong_count"
        else:
            raise AssertionError(f"Cupid naming {seats} was taken")
    before = copy.deepcopy(state_of(game))
    assert game.is_legal(game.answer({1: Answer(seats=(2, 3))}), by=1)
    assert state_of(game) == before
