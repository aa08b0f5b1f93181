"""The wolf robot of RULES-CLUB.md (机械狼), through game records: what he learns and when, each
copied power, what a check shows of him, the lone kill, and random club games that use every
copied power and replay to the same end."""

from __future__ import annotations

import random
from collections import Counter

from engine import WerewolvesChoice
from engine.bots import random_decision
from engine.catalog import usual
from engine.game import Game, state_of
from engine.record import parse_record, replay, write_record
from engine.roles import Role
from engine.roles.wolf_robot import LEARNED, WolfRobotChoice, WolfRobotShot
from engine.rules import make_rules
from engine.setup import deal
from tests.engine.harness import answers, deaths, game_of, refused, table, told

# 1-3 werewolves, 4 wolf robot, 5 seer, 6 witch, 7 hunter, 8 guard, 9-12 villagers.
ROBOT_12 = (
    '["werewolf", "werewolf", "werewolf", "wolf_robot", "seer", "witch", "hunter", "guard",'
    ' "villager", "villager", "villager", "villager"]'
)
# 1 werewolf, 2 wolf king, 3 werewolf, 4 wolf robot, 5 psychic, 6 witch, 7 hunter, 8 guard,
# 9 gargoyle, 10-12 villagers.
CHECKS_12 = (
    '["werewolf", "wolf_king", "werewolf", "wolf_robot", "psychic", "witch", "hunter", "guard",'
    ' "gargoyle", "villager", "villager", "villager"]'
)
QUIET_DAY = "[[day]]\nvote = {}\n"


def club(roles: str = ROBOT_12, rules: str = "") -> str:
    """The [setup] and [rules] of a club game (night_order club, no sheriff)."""
    return table(roles, rules='night_order = "club"\nsheriff = false\n' + rules)


def night(robot: int | None, wolves: int = 0, guard: int = 12, witch: str = "{}", seer: int = 0) -> str:
    """A night of ROBOT_12 (`robot` None: the record stops at his step)."""
    text = f"[[night]]\nguard = {guard}\nwerewolves = {wolves}\n"
    if robot is None:
        return text
    return text + f"wolf_robot = {robot}\nwitch = {witch}\nseer = {seer}\n"


def checks_night(robot: int, wolves: int = 0, guard: int = 12) -> str:
    """A night of CHECKS_12 where the gargoyle and the psychic check nobody."""
    return (
        f"[[night]]\nguard = {guard}\nwerewolves = {wolves}\ngargoyle = 0\nwolf_robot = {robot}\n"
        "witch = {}\npsychic = 0\n"
    )


def cues(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue" and e.data["key"].startswith("wolf_robot.")]


def learns(seat: int, rules: str = "", roles: str = ROBOT_12) -> str:
    """Night 1 (the guard on 11): he learns `seat`; then a quiet day."""
    return club(roles, rules) + night(seat, guard=11) + QUIET_DAY


# The card


def test_the_wolf_robot_is_a_lone_wolf_who_cannot_self_destruct_and_shows_as_a_wolf() -> None:
    catalogue = usual()
    assert (
        Role.WOLF_ROBOT in catalogue.wolf_team
        and Role.WOLF_ROBOT in catalogue.seen_as_wolf
        and Role.WOLF_ROBOT in catalogue.lone_killers
    )
    assert Role.WOLF_ROBOT not in catalogue.pack and Role.WOLF_ROBOT not in catalogue.self_destructs
    game = game_of(club() + "[[night]]\nguard = 12\n")
    assert game.pending is not None and game.pending.step == "werewolves"
    assert game.pending.seats == (1, 2, 3)


def test_night_1_he_learns_a_card_is_told_it_and_the_narration_says_so() -> None:
    game = game_of(learns(6))
    assert answers(game, 4) == [{"night": 1, "target": 6, "result": "witch"}]
    assert state_of(game).memory[LEARNED] == {"seat": 6, "card": "witch", "night": 1}
    assert told(game, "wolf_robot") == [("wolf_robot_learn", {"target": 6, "role": "witch"})]
    assert cues(game) == ["wolf_robot.wake", "wolf_robot.act", "wolf_robot.learned", "wolf_robot.sleep"]


def test_he_learns_another_living_player_not_himself() -> None:
    game = game_of(club() + night(None))
    pending = game.pending
    assert pending is not None and pending.step == "wolf_robot" and 4 not in pending.targets
    assert pending.info == {"power": "learn", "role": "wolf_robot"}
    assert refused(game, WolfRobotChoice(target=4), by=4) == "wolf_robot_self"
    assert refused(game, WolfRobotChoice(target=13), by=4) == "no_such_seat"


def test_with_night_1_learning_a_robot_who_did_not_learn_has_nothing_later() -> None:
    game = game_of(learns(0) + night(None))
    pending = game.pending
    assert pending is not None and pending.step == "wolf_robot"
    assert pending.targets == () and pending.info["power"] == ""
    assert refused(game, WolfRobotChoice(target=5), by=4) == "wolf_robot_nothing"
    assert cues(game)[-2:] == ["wolf_robot.wake", "wolf_robot.use"]


def test_with_any_night_learning_he_learns_the_first_night_he_chooses_to() -> None:
    rules = 'wolf_robot_learns = "any_night"\n'
    game = game_of(learns(0, rules) + night(5) + QUIET_DAY + night(None, guard=11))
    assert answers(game, 4) == [{"night": 2, "target": 5, "result": "seer"}]
    assert "wolf_robot.learn_or_use" in cues(game)
    pending = game.pending
    assert pending is not None and pending.info == {"power": "seer", "role": "seer", "target": 5}
    # learned once: night 3 checks as the seer, never learns again
    game = game_of(learns(0, rules) + night(5) + QUIET_DAY + night(1, guard=11))
    assert answers(game, 4)[-1] == {"night": 3, "target": 1, "result": "werewolf"}
    assert state_of(game).memory[LEARNED]["card"] == "seer"


# The copied powers, from the next night


def test_a_learned_seer_checks_the_faction_nightly_from_the_next_night() -> None:
    game = game_of(learns(5) + night(1) + QUIET_DAY + night(9, guard=11))
    assert answers(game, 4) == [
        {"night": 1, "target": 5, "result": "seer"},
        {"night": 2, "target": 1, "result": "werewolf"},
        {"night": 3, "target": 9, "result": "not_werewolf"},
    ]
    assert told(game, "wolf_robot")[1:] == [
        ("wolf_robot_werewolf", {"target": 1}),
        ("wolf_robot_good", {"target": 9}),
    ]


def test_a_learned_psychic_checks_the_exact_card() -> None:
    game = game_of(club(CHECKS_12) + checks_night(5, guard=11) + QUIET_DAY + checks_night(2))
    assert answers(game, 4)[-1] == {"night": 2, "target": 2, "result": "wolf_king"}
    assert told(game, "wolf_robot")[-1] == ("wolf_robot_psychic", {"target": 2, "role": "wolf_king"})


def test_a_learned_witch_poisons_once_with_no_antidote() -> None:
    game = game_of(learns(6) + night(9, witch="{ poison = 10 }"))
    assert deaths(game) == [(9, "poison"), (10, "poison")]
    game = game_of(learns(6) + night(9) + QUIET_DAY + night(None, guard=11))
    pending = game.pending
    assert pending is not None and pending.info["power"] == ""
    assert refused(game, WolfRobotChoice(target=10), by=4) == "wolf_robot_nothing"
    # the poison is a poison: the hunter does not shoot; the spirit knight's reflect is not his
    game = game_of(learns(6) + night(7))
    assert deaths(game) == [(7, "poison")]
    assert game.pending is None or game.pending.step != "hunter"
    assert told(game, "wolf_robot")[-1] == ("wolf_robot_poison", {"target": 7})


def test_poisoned_and_bitten_is_one_death_by_poison() -> None:
    game = game_of(learns(6) + night(9, wolves=9, guard=12))
    assert deaths(game) == [(9, "poison")]


def test_a_learned_guard_protects_from_the_knife_by_the_guards_rules() -> None:
    game = game_of(learns(8) + night(9, wolves=9))
    assert deaths(game) == []
    assert told(game, "wolf_robot")[-1] == ("wolf_robot_guard", {"target": 9})
    # never the same player two nights running; himself allowed
    game = game_of(learns(8) + night(9) + QUIET_DAY + night(None, guard=11))
    pending = game.pending
    assert pending is not None and 9 not in pending.targets and 4 in pending.targets
    assert pending.info["last_protected"] == 9
    assert refused(game, WolfRobotChoice(target=9), by=4) == "wolf_robot_guard_repeat"
    game.check(WolfRobotChoice(target=4), by=4)


def test_his_guard_and_the_antidote_on_one_victim_follow_guard_and_heal() -> None:
    record = learns(8, 'guard_and_heal = "dies"\n') + night(9, wolves=9, witch="{ heal = true }")
    assert deaths(game_of(record)) == [(9, "werewolves")]
    record = learns(8) + night(9, wolves=9, witch="{ heal = true }")
    assert deaths(game_of(record)) == []
    # the real guard and his on the same seat are one guard
    record = learns(8, 'guard_and_heal = "dies"\n') + night(9, wolves=9, guard=9)
    assert deaths(game_of(record)) == []


def test_his_guard_does_not_stop_the_poison() -> None:
    game = game_of(learns(8) + night(9, witch="{ poison = 9 }"))
    assert deaths(game) == [(9, "poison")]


def test_a_learned_werewolf_kills_once_more_past_guard_and_antidote_not_told_to_the_witch() -> None:
    record = learns(1) + night(9, wolves=10, guard=9, witch="{ heal = true }")
    game = game_of(record)
    assert deaths(game) == [(9, "werewolves")]
    witch = next(p for p, _ in game.history if p.step == "witch" and p.phase.number == 2)
    assert witch.info["victim"] == 10
    assert told(game, "wolf_robot")[-1] == ("wolf_robot_kill", {"target": 9})
    game = game_of(learns(1) + night(9) + QUIET_DAY + night(None, guard=11))
    pending = game.pending
    assert pending is not None and pending.info["power"] == "" and pending.targets == ()


def test_a_hunter_killed_by_his_extra_kill_shoots() -> None:
    game = game_of(learns(1) + night(7) + "[[day]]\nhunter = 10\n")
    assert deaths(game) == [(7, "werewolves"), (10, "hunter")]


def test_a_learned_hunter_shoots_when_knifed_or_exiled_not_when_poisoned() -> None:
    record = learns(7) + night(0, wolves=4)
    game = game_of(record)
    assert deaths(game) == [(4, "werewolves")]
    assert game.pending is not None and game.pending.step == "wolf_robot_shot"
    game = game_of(record + "[[day]]\nwolf_robot_shot = 9\n")
    assert deaths(game) == [(4, "werewolves"), (9, "hunter")]
    assert "wolf_robot.shot" in cues(game)
    game = game_of(learns(7) + night(0, witch="{ poison = 4 }"))
    assert deaths(game) == [(4, "poison")]
    assert game.pending is None or game.pending.step != "wolf_robot_shot"
    game = game_of(learns(7) + night(0) + "[[day]]\nvote = { 1 = 4, 2 = 4, 3 = 4 }\nwolf_robot_shot = 0\n")
    assert deaths(game)[0] == (4, "vote")
    assert "wolf_robot.declines" in cues(game)


def test_the_copy_is_held_only_from_the_next_night() -> None:
    game = game_of(learns(7)[: -len(QUIET_DAY)] + "[[day]]\nvote = { 1 = 4, 2 = 4, 3 = 4 }\n")
    assert deaths(game)[0] == (4, "vote")
    assert game.pending is None or game.pending.step != "wolf_robot_shot"


def test_a_learned_wolf_king_shoots_by_the_wolf_kings_rules() -> None:
    record = club(CHECKS_12) + checks_night(2, guard=11) + QUIET_DAY
    game = game_of(record + checks_night(0, wolves=4) + "[[day]]\nwolf_robot_shot = 10\n")
    assert deaths(game) == [(4, "werewolves"), (10, "wolf_king")]
    shot = record + checks_night(0, wolves=7) + "[[day]]\nhunter = 4\n"
    game = game_of(shot + "wolf_robot_shot = 10\n")
    assert deaths(game) == [(7, "werewolves"), (4, "hunter"), (10, "wolf_king")]
    game = game_of(shot.replace("sheriff = false", "sheriff = false\nwolf_king_shoots_when_shot = false"))
    assert deaths(game) == [(7, "werewolves"), (4, "hunter")]
    assert game.pending is None or game.pending.step != "wolf_robot_shot"


def test_a_learned_villager_gives_nothing() -> None:
    game = game_of(learns(9) + night(None))
    pending = game.pending
    assert pending is not None and pending.info == {"power": "", "role": "villager", "target": 9}
    game = game_of(learns(9) + night(0, wolves=4))
    assert deaths(game) == [(4, "werewolves")]
    assert game.pending is None or game.pending.step != "wolf_robot_shot"


# What a check shows of him


def test_an_exact_check_shows_wolf_robot_until_he_learns_then_the_learned_card() -> None:
    nights = (
        "[[night]]\nguard = 12\nwerewolves = 0\nwolf_robot = {r}\nwitch = {{}}\ngargoyle = 4\npsychic = 4\n"
    )
    game = game_of(club(CHECKS_12) + nights.format(r=0))
    assert answers(game, 5) == [{"night": 1, "target": 4, "result": "wolf_robot"}]
    assert answers(game, 9) == [{"night": 1, "target": 4, "result": "wolf_robot"}]
    game = game_of(club(CHECKS_12) + nights.format(r=8))
    assert answers(game, 5) == [{"night": 1, "target": 4, "result": "guard"}]
    assert answers(game, 9) == [{"night": 1, "target": 4, "result": "wolf_robot"}]  # step 10, before his
    game = game_of(learns(7) + night(0, seer=4))
    assert answers(game, 5) == [{"night": 2, "target": 4, "result": "werewolf"}]


# Alone


def test_once_every_other_wolf_is_dead_he_chooses_the_kill() -> None:
    wolves_out = "".join(
        night(0, guard=g) + f"[[day]]\nvote = {{ 5 = {w}, 6 = {w}, 7 = {w} }}\n"
        for g, w in ((12, 1), (11, 2), (12, 3))
    )
    game = game_of(learns(9) + wolves_out + "[[night]]\nguard = 11\n")
    pending = game.pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (4,)
    game = game_of(learns(9) + wolves_out + night(0, guard=11, wolves=5))
    assert (5, "werewolves") in deaths(game)


# Random games

DECK = [Role.WEREWOLF] * 3 + [Role.WOLF_ROBOT, Role.SEER, Role.WITCH, Role.HUNTER, Role.GUARD]
DECK += [Role.VILLAGER] * 4


def test_random_club_games_use_every_copied_power_and_replay_to_the_same_end() -> None:
    rng = random.Random(11)
    used: Counter[str] = Counter()
    for number in range(200):
        settings = {
            "wolf_robot_learns": rng.choice(["night_1", "any_night"]),
            "shot_status_signal": rng.random() < 0.5,
            "night_order": "club",
        }
        game = Game(deal(DECK, 12, seed=number), make_rules(settings, preset="chinese-club"))
        state = state_of(game)
        for _ in range(3000):
            if game.over:
                break
            pending = game.pending
            assert pending is not None
            decision = random_decision(game, rng)
            if isinstance(decision, WolfRobotChoice) and decision.target:
                used[pending.info["power"]] += 1
            if isinstance(decision, WolfRobotShot) and decision.target:
                used[f"shot as {state.memory[LEARNED]['card']}"] += 1
            if pending.step == "werewolves" and pending.seats == (state.seat_of(Role.WOLF_ROBOT),):
                if isinstance(decision, WerewolvesChoice) and decision.victim:
                    used["kills alone"] += 1
            game.apply(decision)
        else:
            raise AssertionError("a random club game never ended")
        outcome = game.outcome()
        assert outcome is not None
        again = replay(parse_record(write_record(game)))
        assert again.error is None and state_of(again.game).deaths == state.deaths
        assert again.game.outcome() == outcome
    assert {"learn", "seer", "poison", "guard", "kill", "shot as hunter", "kills alone"} <= set(used), used


# Feared

# 1 nightmare, 2-3 werewolves, 4 wolf robot, 5 seer, 6 witch, 7 hunter, 8 guard, 9-12 villagers.
NIGHTMARE_12 = ROBOT_12.replace('"werewolf"', '"nightmare"', 1)


def feared(fears: int, robot: int | None, guard: int) -> str:
    text = f"[[night]]\nnightmare = {fears}\nguard = {guard}\nwerewolves = 0\n"
    return text + ("" if robot is None else f"wolf_robot = {robot}\n") + "witch = {}\nseer = 0\n" + QUIET_DAY


def test_a_feared_robot_guards_nobody_and_his_void_night_lifts_the_repeat_ban() -> None:
    record = club(NIGHTMARE_12) + feared(0, 8, 11) + feared(0, 9, 12) + feared(4, None, 11)
    game = game_of(record + "[[night]]\nnightmare = 0\nguard = 12\nwerewolves = 0\n")
    blocked = [e for e in game.events if e.kind == "blocked"]
    assert [(e.audience, e.data["step"], e.data["by"]) for e in blocked] == [
        (frozenset({4}), "wolf_robot", "nightmare")
    ]
    pending = game.pending
    assert pending is not None and pending.step == "wolf_robot" and 9 in pending.targets
    game.check(WolfRobotChoice(target=9), by=4)


def test_feared_without_notice_he_sees_his_usual_screen_and_his_guard_does_nothing() -> None:
    rules = 'fear_notice = "silent"\n'
    record = club(NIGHTMARE_12, rules) + feared(0, 8, 11) + feared(0, 9, 12)
    game = game_of(record + "[[night]]\nnightmare = 4\nguard = 11\nwerewolves = 0\n")
    pending = game.pending
    assert pending is not None and pending.step == "wolf_robot" and 9 not in pending.targets
    assert pending.info == {"power": "guard", "role": "guard", "target": 8, "last_protected": 9}
    assert refused(game, WolfRobotChoice(target=9), by=4) == "wolf_robot_guard_repeat"
    game.apply(WolfRobotChoice(target=10), by=4)
    assert "wolf_robot.guard" not in state_of(game).tonight.marks
    game = game_of(record + feared(4, 10, 11) + "[[night]]\nnightmare = 0\nguard = 12\nwerewolves = 0\n")
    pending = game.pending
    assert pending is not None and 9 in pending.targets and 10 in pending.targets


# Swapped by the magician

# 1-3 werewolves, 4 wolf robot, 5 seer, 6 witch, 7 hunter, 8 magician, 9-12 villagers.
MAGIC_12 = ROBOT_12.replace('"guard"', '"magician"')


def magic(swap: str, robot: int) -> str:
    return f"[[night]]\nmagician = {swap}\nwerewolves = 0\nwolf_robot = {robot}\nwitch = {{}}\nseer = 0\n"


def test_the_magicians_swap_redirects_what_he_learns_and_his_copied_poison() -> None:
    game = game_of(club(MAGIC_12) + magic("[5, 9]", 5))
    assert answers(game, 4) == [{"night": 1, "target": 5, "result": "villager"}]
    assert state_of(game).memory[LEARNED]["card"] == "villager"
    game = game_of(club(MAGIC_12) + magic("[]", 6) + QUIET_DAY + magic("[9, 10]", 9))
    assert deaths(game) == [(10, "poison")]


def test_the_hunter_poisoned_by_the_robot_is_shown_a_thumb_down() -> None:
    rules = "shot_status_signal = true\n"
    record = club(rules=rules) + night(6, guard=11) + "hunter_status = true\n" + QUIET_DAY + night(7)
    game = game_of(record)
    pending = game.pending
    assert pending is not None and pending.step == "hunter_status" and pending.info["status"] == "👎"
    spared = game_of(club(rules=rules) + night(6, guard=11) + "hunter_status = true\n" + QUIET_DAY + night(9))
    assert spared.pending is not None and spared.pending.info["status"] == "👍"


def test_a_robot_feared_without_notice_on_night_one_is_said_to_have_learned_as_ever() -> None:
    """The table hears the same lines whether the robot was feared unknowing or not: his void
    decision closes his step with the night-one line ("你学到的身份是……") as a real one does."""
    night = "[[night]]\nnightmare = {}\nguard = 11\nwerewolves = 0\nwolf_robot = 8\nwitch = {{}}\nseer = 0\n"
    heard = []
    for fears in (0, 4):
        game = game_of(club(NIGHTMARE_12, 'fear_notice = "silent"\n') + night.format(fears))
        cues = [e.data["key"] for e in game.events if e.kind == "cue"]
        heard.append(cues[cues.index("wolf_robot.wake") : cues.index("wolf_robot.sleep") + 1])
    assert "wolf_robot.learned" in heard[0]
    assert heard[1] == heard[0]
