"""The magician and the blood moon (RULES-CLUB.md), through game records: the swap and where every
later night choice lands, the fine points read as named, both sides of `magician_swaps`; the
blood moon's seal, his self-destruct as last wolf and his exile as last wolf; and random club games
with both cards that reach every power and death cause of theirs and replay."""

from __future__ import annotations

import random
from collections import Counter

from engine.bots import play_random_game
from engine.catalog import usual
from engine.game import Game, state_of
from engine.record import parse_record, replay, write_record
from engine.roles import Role
from engine.roles.guard import last_protected
from engine.roles.magician import MagicianSwap
from engine.roles.witch import potions
from engine.rules import make_rules
from engine.setup import deal
from tests.engine.harness import deaths, game_of, refused, steps, table

NO_SHERIFF = "sheriff = false\nwitch_self_heal = false\n"
QUIET_DAY = "[[day]]\nvote = {}\n"


def club(roles: str, rules: str = "") -> str:
    """The [setup] and [rules] of a club game (night_order club, no sheriff)."""
    return table(roles, rules='night_order = "club"\n' + NO_SHERIFF + rules)


# 狼王魔术师: 1 wolf king, 2-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 magician, 9-12 villagers.
MAGIC_12 = (
    '["wolf_king", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "magician",'
    ' "villager", "villager", "villager", "villager"]'
)


def night(swap: str, wolves: int, witch: str = "{}", seer: int = 12, extra: str = "") -> str:
    return f"[[night]]\nmagician = {swap}\n{extra}werewolves = {wolves}\nwitch = {witch}\nseer = {seer}\n"


def test_the_knife_lands_on_the_other_seat() -> None:
    game = game_of(club(MAGIC_12) + night("[9, 10]", 9) + QUIET_DAY)
    assert deaths(game) == [(10, "werewolves")]
    game = game_of(club(MAGIC_12) + night("[]", 9) + QUIET_DAY)
    assert deaths(game) == [(9, "werewolves")]


def test_the_witch_is_told_the_seat_the_wolves_named_and_her_heal_follows_the_knife() -> None:
    game = game_of(club(MAGIC_12) + night("[9, 10]", 9))
    assert [e.data["victim"] for e in game.events if e.kind == "witch.told"] == [9]
    healed = game_of(club(MAGIC_12) + night("[9, 10]", 9, "{ heal = true }") + QUIET_DAY)
    assert deaths(healed) == [] and not potions(state_of(healed))[0]


def test_a_swapped_poison_kills_the_other_seat_and_a_poisoned_hunter_does_not_shoot() -> None:
    game = game_of(club(MAGIC_12) + night("[7, 9]", 0, "{ poison = 9 }") + QUIET_DAY)
    assert deaths(game) == [(7, "poison")] and "hunter" not in steps(game)
    assert game.pending is None or game.pending.step != "hunter"


def test_the_hunter_sees_the_swapped_poison_in_his_shot_status() -> None:
    rules = "shot_status_signal = true\n"
    game = game_of(club(MAGIC_12, rules) + night("[7, 9]", 0, "{ poison = 9 }"))
    assert game.pending is not None and game.pending.step == "hunter_status"
    assert game.pending.info["status"] == "👎"
    plain = game_of(club(MAGIC_12, rules) + night("[]", 0, "{ poison = 9 }"))
    assert plain.pending is not None and plain.pending.info["status"] == "👍"


def test_the_self_heal_ban_reads_the_seat_as_named() -> None:
    # The wolves name 9, which lands on the witch: she is told 9 and may heal; she lives.
    game = game_of(club(MAGIC_12) + night("[6, 9]", 9, "{ heal = true }") + QUIET_DAY)
    assert deaths(game) == []
    # The wolves name the witch, which lands on 9: she is told herself and may not heal.
    named = game_of(club(MAGIC_12) + "[[night]]\nmagician = [6, 9]\nwerewolves = 6\n")
    assert named.pending is not None and named.pending.step == "witch"
    assert named.pending.info["victim"] == 6 and not named.pending.info["can_heal"]
    dies = game_of(club(MAGIC_12) + night("[6, 9]", 6) + QUIET_DAY)
    assert deaths(dies) == [(9, "werewolves")]


def test_the_seer_sees_the_other_seat_but_is_told_the_seat_she_named() -> None:
    game = game_of(club(MAGIC_12) + night("[2, 9]", 0, seer=9))
    told = [e.data for e in game.events if e.kind == "seer.result"]
    assert [(d["target"], d["result"]) for d in told] == [(9, "werewolf")]
    assert state_of(game).seer_results == [(1, 9, "werewolf")]


def test_each_seat_is_swapped_once_a_game() -> None:
    first = club(MAGIC_12) + night("[9, 10]", 0) + QUIET_DAY
    game = game_of(first)
    assert game.pending is not None and game.pending.step == "magician"
    assert 9 not in game.pending.targets and 10 not in game.pending.targets
    assert refused(game, MagicianSwap(seats=(9, 11))) == "magician_repeat"
    assert game.is_legal(MagicianSwap(seats=(11, 12)))
    once = game_of(club(MAGIC_12, 'magician_swaps = "once_per_game"\n') + night("[9, 10]", 0) + QUIET_DAY)
    assert once.pending is not None and once.pending.targets == ()
    assert refused(once, MagicianSwap(seats=(11, 12))) == "magician_once"
    assert once.is_legal(MagicianSwap(seats=()))


def test_the_magician_may_swap_himself_but_not_one_seat_nor_a_dead_one() -> None:
    game = game_of(club(MAGIC_12))
    assert game.pending is not None and game.pending.step == "magician"
    assert game.pending.count == 2 and game.pending.allow_none and 8 in game.pending.targets
    assert refused(game, MagicianSwap(seats=(9, 9))) == "magician_two_seats"
    assert refused(game, MagicianSwap(seats=(9,))) == "magician_two_seats"
    swapped = game_of(club(MAGIC_12) + night("[8, 9]", 8) + QUIET_DAY)
    assert deaths(swapped) == [(9, "werewolves")]
    dead = game_of(club(MAGIC_12) + night("[]", 9) + QUIET_DAY)
    assert refused(dead, MagicianSwap(seats=(9, 10))) == "dead_target"
    assert Role.MAGICIAN in usual().gods


def test_the_magician_is_told_his_swap_and_nobody_else_is() -> None:
    game = game_of(club(MAGIC_12) + night("[9, 10]", 0))
    told = [e for e in game.events if e.kind == "magician.swaps"]
    assert [(e.audience, e.data["seats"]) for e in told] == [(frozenset({8}), [9, 10])]
    order = [e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].endswith(".wake")]
    assert order[:2] == ["magician.wake", "werewolves.wake"]


def test_a_swap_does_not_follow_into_the_day() -> None:
    votes = "{ 1 = 9, 2 = 9, 3 = 9, 4 = 9, 5 = 9 }"
    game = game_of(club(MAGIC_12) + night("[9, 10]", 0) + f"[[day]]\nvote = {votes}\n")
    assert deaths(game) == [(9, "vote")]
    shot = game_of(club(MAGIC_12) + night("[7, 10]", 10) + "[[day]]\nhunter = 9\n")
    assert deaths(shot) == [(7, "werewolves"), (9, "hunter")]


# With a guard in the hunter's place: 7 guard.
MAGIC_GUARD_12 = MAGIC_12.replace('"hunter"', '"guard"')


def test_the_guard_lands_on_the_other_seat_and_his_repeat_ban_reads_the_seat_as_named() -> None:
    both = game_of(club(MAGIC_GUARD_12) + night("[9, 10]", 9, extra="guard = 9\n") + QUIET_DAY)
    assert deaths(both) == []  # the knife and the guard both land on 10
    apart = game_of(club(MAGIC_GUARD_12) + night("[9, 10]", 10, extra="guard = 9\n") + QUIET_DAY)
    assert deaths(apart) == [(9, "werewolves")]  # the guard on 10, the knife on 9
    assert last_protected(state_of(apart)) == 9
    game = game_of(
        club(MAGIC_GUARD_12) + night("[9, 10]", 0, extra="guard = 9\n") + QUIET_DAY + night("[]", 0)
    )
    assert game.pending is not None and game.pending.step == "guard"
    assert 9 not in game.pending.targets and 10 in game.pending.targets


# With a dreamcatcher in the hunter's place: 7 dreamcatcher.
MAGIC_DREAM_12 = MAGIC_12.replace('"hunter"', '"dreamcatcher"')


def test_the_dream_lands_on_the_other_seat_and_a_consecutive_dream_reads_the_seat_as_named() -> None:
    game = game_of(club(MAGIC_DREAM_12) + night("[9, 10]", 9, extra="dreamcatcher = 9\n") + QUIET_DAY)
    assert deaths(game) == []  # the knife lands on 10, the dreamwalker
    # Named 9 on night 1 (landing on 10) and again on night 2: 9 dies of the dream.
    record = club(MAGIC_DREAM_12) + night("[9, 10]", 0, extra="dreamcatcher = 9\n") + QUIET_DAY
    again = game_of(record + night("[]", 0, extra="dreamcatcher = 9\n") + QUIET_DAY)
    assert deaths(again) == [(9, "dream")]


# 狼美人, 猎魔人, 通灵师: 1 wolf beauty, 2-4 werewolves, 5 psychic, 6 witch, 7 demon hunter, 8 magician.
MAGIC_MIX_12 = (
    MAGIC_12.replace('"wolf_king"', '"wolf_beauty"')
    .replace('"seer"', '"psychic"')
    .replace('"hunter"', '"demon_hunter"')
)


def mixed(
    swap: str, charms: int = 0, wolves: int = 0, witch: str = "{}", psychic: int = 0, hunt: str = ""
) -> str:
    return (
        f"[[night]]\nmagician = {swap}\nwerewolves = {wolves}\nwolf_beauty = {charms}\nwitch = {witch}\n"
        f"psychic = {psychic}\n{hunt}"
    )


def test_the_charm_the_check_and_the_hunt_land_on_the_other_seat() -> None:
    exile_1 = "[[day]]\nvote = { 2 = 1, 3 = 1, 5 = 1, 6 = 1, 7 = 1, 9 = 1 }\n"
    charm = game_of(club(MAGIC_MIX_12) + mixed("[9, 10]", charms=9) + exile_1)
    assert deaths(charm) == [(1, "vote"), (10, "charm")]
    checked = game_of(club(MAGIC_MIX_12) + mixed("[3, 9]", psychic=9))
    told = [e.data for e in checked.events if e.kind == "seer.result"]
    assert [(d["target"], d["result"]) for d in told] == [(9, "werewolf")]
    night2 = mixed("[2, 9]", hunt="demon_hunter = 9\n")
    hunted = game_of(club(MAGIC_MIX_12) + mixed("[]") + QUIET_DAY + night2 + QUIET_DAY)
    assert deaths(hunted) == [(2, "hunt")]
    plain = game_of(club(MAGIC_MIX_12) + mixed("[]") + QUIET_DAY + mixed("[]", hunt="demon_hunter = 9\n"))
    assert state_of(plain).day == 2 and deaths(plain) == [(7, "hunt")]


# 恶灵骑士 in the wolf king's place: 1 spirit knight.
MAGIC_KNIGHT_12 = MAGIC_12.replace('"wolf_king"', '"spirit_knight"')


def test_a_check_or_a_poison_swapped_onto_the_spirit_knight_is_reflected() -> None:
    checked = game_of(club(MAGIC_KNIGHT_12) + night("[1, 9]", 0, seer=9) + QUIET_DAY)
    assert deaths(checked) == [(5, "reflect")]
    poisoned = game_of(club(MAGIC_KNIGHT_12) + night("[1, 9]", 0, "{ poison = 9 }") + QUIET_DAY)
    assert deaths(poisoned) == [(6, "reflect")]  # the knight lives, the witch is reflected
    knifed = game_of(club(MAGIC_KNIGHT_12) + night("[1, 9]", 9) + QUIET_DAY)
    assert deaths(knifed) == []  # the knife lands on him: he never dies at night


# Random games: the wolf-king-magician-12 board with a guard and a dreamcatcher added in two
# villagers' places, both settings of magician_swaps.
MAGIC_CARDS = (
    Role.WOLF_KING,
    Role.WEREWOLF,
    Role.WEREWOLF,
    Role.WEREWOLF,
    Role.SEER,
    Role.WITCH,
    Role.HUNTER,
    Role.MAGICIAN,
    Role.GUARD,
    Role.DREAMCATCHER,
    Role.VILLAGER,
    Role.VILLAGER,
)


def test_random_magician_games_swap_and_land_and_replay() -> None:
    rng = random.Random(5)
    causes: Counter[str] = Counter()
    powers: Counter[str] = Counter()
    for number in range(200):
        swaps = rng.choice(("every_night", "once_per_game"))
        rules = make_rules(
            {
                "night_order": "club",
                "witch_self_heal": False,
                "magician_swaps": swaps,
                "sheriff": rng.random() < 0.5,
            },
            preset="chinese-club",
        )
        game = play_random_game(Game(deal(list(MAGIC_CARDS), 12, seed=number), rules), rng)
        outcome = game.outcome()
        assert outcome is not None and game.over
        causes.update(d.cause for d in state_of(game).deaths)
        swapped: list[int] = []
        for pending, decision in game.history:
            if pending.step == "magician" and isinstance(decision, MagicianSwap) and decision.seats:
                powers["swap"] += 1
                swapped += decision.seats
                if swaps == "once_per_game":
                    powers["once"] += 1
        assert len(swapped) == len(set(swapped))  # each seat once a game
        if swaps == "once_per_game":
            assert len(swapped) <= 2
        landed = [e for e in game.events if e.kind == "magician.swaps" and e.data["seats"]]
        named = {e.data["target"] for e in game.events if e.kind == "werewolves.victim"}
        if landed and any(seat in e.data["seats"] for e in landed for seat in named):
            powers["knife_swapped"] += 1
        if number % 20 == 0:  # the record replays to the same game
            again = replay(parse_record(write_record(game)))
            assert again.error is None and state_of(again.game).deaths == state_of(game).deaths
            assert again.game.outcome() == outcome
    assert {"werewolves", "poison", "vote", "hunter", "wolf_king", "dream"} <= set(causes), causes
    assert {"swap", "once", "knife_swapped"} <= set(powers), powers


# 血月使者: 1 blood moon, 2-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 guard, 9-12 villagers.
BLOOD_12 = (
    '["blood_moon", "werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "guard",'
    ' "villager", "villager", "villager", "villager"]'
)
BLOOD_RULES = "self_destruct = true\n"


def blood(wolves: int, witch: str = "{}", seer: int = 12, guard: int = 0) -> str:
    return f"[[night]]\nguard = {guard}\nwerewolves = {wolves}\nwitch = {witch}\nseer = {seer}\n"


def exile(seat: int) -> str:
    voters = [s for s in (5, 6, 7, 8, 10, 11, 12) if s != seat][:6]
    return "[[day]]\nvote = { " + ", ".join(f"{v} = {seat}" for v in voters) + " }\n"


def test_after_his_self_destruct_every_good_power_is_sealed_that_night() -> None:
    day = "[[day]]\nself_destruct = 1\n"
    game = game_of(club(BLOOD_12, BLOOD_RULES) + blood(0) + day + "[[night]]\nwerewolves = 7\n" + QUIET_DAY)
    assert deaths(game) == [(1, "self_destruct"), (7, "werewolves")]
    assert "hunter" not in steps(game)  # a hunter killed that night cannot shoot
    night_2 = [p.step for p, _ in game.history if p.phase.kind == "night" and p.phase.number == 2]
    assert night_2 == ["werewolves"]  # the guard, the witch and the seer decide nothing
    blocked = [(e.data["step"], e.data["by"]) for e in game.events if e.kind == "blocked"]
    assert sorted(blocked) == [("guard", "blood_moon"), ("seer", "blood_moon"), ("witch", "blood_moon")]
    told = [e.data["victim"] for e in game.events if e.kind == "witch.told"]
    assert told == [0]  # night 1 only: on the sealed night the witch is told nobody
    assert potions(state_of(game))[0] and potions(state_of(game))[1] and last_protected(state_of(game)) == 0
    # The night after, the powers are back.
    after = game_of(club(BLOOD_12, BLOOD_RULES) + blood(0) + day + "[[night]]\nwerewolves = 9\n" + QUIET_DAY)
    assert after.pending is not None and after.pending.step == "guard"


def test_a_plain_werewolf_self_destruct_seals_nothing() -> None:
    day = "[[day]]\nself_destruct = 2\n"
    game = game_of(club(BLOOD_12, BLOOD_RULES) + blood(0) + day)
    assert game.pending is not None and game.pending.step == "guard"


def test_the_last_wolf_self_destructing_loses_and_seals_nothing() -> None:
    record = club(BLOOD_12, BLOOD_RULES) + blood(0, "{ poison = 2 }") + exile(3) + blood(0) + exile(4)
    game = game_of(record + blood(0) + "[[day]]\nself_destruct = 1\n")
    outcome = game.outcome()
    assert outcome is not None and outcome.winner.value == "villagers"


def test_exiled_as_last_wolf_he_stays_until_dawn_makes_the_kill_alone_and_dies_of_the_vote() -> None:
    record = club(BLOOD_12, BLOOD_RULES) + blood(0, "{ poison = 2 }") + exile(3) + blood(0) + exile(4)
    record += blood(0) + exile(1)
    game = game_of(record)
    assert state_of(game).is_alive(1) and game.outcome() is None  # he still counts
    assert [e.data["seat"] for e in game.events if e.kind == "blood_moon.stays"] == [1]
    assert game.pending is not None and game.pending.step == "guard"
    game = game_of(record + "[[night]]\nguard = 0\n")
    assert game.pending is not None and game.pending.step == "werewolves" and game.pending.seats == (1,)
    done = game_of(record + blood(9))
    assert deaths(done)[-2:] == [(1, "vote"), (9, "werewolves")]
    outcome = done.outcome()
    assert outcome is not None and outcome.winner.value == "villagers"
    # A plain werewolf exiled as the last wolf dies at once.
    plain = game_of(
        club(BLOOD_12, BLOOD_RULES)
        + blood(0, "{ poison = 1 }")
        + exile(3)
        + blood(0)
        + exile(4)
        + blood(0)
        + exile(2)
    )
    assert plain.outcome() is not None and not state_of(plain).is_alive(2)


def test_not_the_last_wolf_he_dies_of_the_vote_at_once() -> None:
    game = game_of(club(BLOOD_12, BLOOD_RULES) + blood(0) + exile(1))
    assert deaths(game) == [(1, "vote")]


# With a gravekeeper in the guard's place: 8 gravekeeper.
BLOOD_GRAVE_12 = BLOOD_12.replace('"guard"', '"gravekeeper"')


def grave(wolves: int, witch: str = "{}") -> str:
    return f"[[night]]\nwerewolves = {wolves}\nwitch = {witch}\nseer = 12\ngravekeeper = true\n"


def test_the_gravekeeper_sees_the_kept_blood_moon_as_a_wolf() -> None:
    first = grave(0, "{ poison = 2 }")
    record = club(BLOOD_GRAVE_12, BLOOD_RULES) + first + exile(3) + grave(0) + exile(4) + grave(0) + exile(1)
    game = game_of(record + "[[night]]\nwerewolves = 9\nwitch = {}\nseer = 12\n")
    assert game.pending is not None and game.pending.step == "gravekeeper"
    assert game.pending.info == {"target": 1, "result": "werewolf"}


# Random games: the blood moon and the magician at one 12-seat club table.
BOTH_CARDS = (
    Role.BLOOD_MOON,
    Role.WOLF_KING,
    Role.WEREWOLF,
    Role.WEREWOLF,
    Role.SEER,
    Role.WITCH,
    Role.HUNTER,
    Role.MAGICIAN,
    Role.GUARD,
    Role.GRAVEKEEPER,
    Role.VILLAGER,
    Role.VILLAGER,
)


def test_random_blood_moon_games_seal_keep_and_replay() -> None:
    rng = random.Random(7)
    powers: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    for number in range(200):
        settings = {
            "night_order": "club",
            "witch_self_heal": False,
            "magician_swaps": rng.choice(("every_night", "once_per_game")),
            "sheriff": rng.random() < 0.5,
        }
        game = Game(deal(list(BOTH_CARDS), 12, seed=number), make_rules(settings, preset="chinese-club"))
        game = play_random_game(game, rng)
        outcome = game.outcome()
        assert outcome is not None and game.over
        winners[outcome.winner.value] += 1
        state = state_of(game)
        causes.update(d.cause for d in state.deaths)
        seals = [e for e in game.events if e.kind == "blood_moon.seal"]
        powers["seal"] += len(seals)
        powers["swap"] += sum(e.kind == "magician.swaps" and bool(e.data["seats"]) for e in game.events)
        for seal in seals:  # every living good seat was void that night
            assert seal.data["seats"] and not any(state.is_werewolf(s) for s in seal.data["seats"])
        kept = state.memory.get("blood_moon.kept")
        if kept:
            powers["kept"] += 1
            death = next(d for d in state.deaths if d.seat == kept[0])
            assert death.cause == "vote" and death.phase.kind == "night"
        if number % 20 == 0:  # the record replays to the same game
            again = replay(parse_record(write_record(game)))
            assert again.error is None and state_of(again.game).deaths == state.deaths
            assert again.game.outcome() == outcome
    assert {"seal", "swap", "kept"} <= set(powers), powers
    assert {"self_destruct", "werewolves", "poison", "vote", "hunter", "wolf_king"} <= set(causes), causes
    assert {"villagers", "werewolves"} <= set(winners), winners
