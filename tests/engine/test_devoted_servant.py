"""The devoted servant (忠仆, RULES-CHARACTERS.md) through game records: once per game, when deaths
are announced and before their cards are shown or anything they trigger, she may take one dead
player's card; she holds it fresh (potions, lives, the guard's ban, the judge's request), a
werewolf card makes her werewolf-side; the dead is shown as the devoted servant and his card's
death effects do not happen; her seat is announced, the card only when public; a sheriff servant
hands the badge on; `servant_swaps` both ways; a dead, cursed or lover servant's step pretended;
the record key `servant = seat` and the output `swaps`."""

from __future__ import annotations

from engine.game import Game, state_of
from engine.record import parse_record, replay, summary, write_record
from engine.roles.devoted_servant import ServantSwap
from engine.views import public_view, seat_view
from tests.engine.harness import deaths, game_of, play, refused, table, told

# 1 villager, 2 werewolf, 3 devoted servant, 4 villager, 5 werewolf, 6 seer, 7 witch, 8 hunter,
# 9 villager, 10 guard, 11 elder, 12 stuttering judge.
SERVANT_12 = (
    '["villager", "werewolf", "devoted_servant", "villager", "werewolf", "seer", "witch", "hunter",'
    ' "villager", "guard", "elder", "stuttering_judge"]'
)
NO_SHERIFF = "sheriff = false\n"


def night(victim: int, witch: str = "{}", guard: int = 0, seer: int = 2) -> str:
    return f"[[night]]\nguard = {guard}\nseer = {seer}\nwerewolves = {victim}\nwitch = {witch}\n"


def served(record: str, rules: str = NO_SHERIFF, roles: str = SERVANT_12) -> Game:
    return game_of(table(roles, rules=rules) + record)


def said(game: Game) -> list[str]:
    return [e.data["key"] for e in game.events if e.kind == "cue"]


def cues(game: Game, key: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in game.events if e.kind == "cue" and e.data["key"] == key]


def card(game: Game, seat: int) -> str:
    return state_of(game).player(seat).card.value


def test_she_takes_a_night_victims_card_before_it_is_shown_and_the_village_sees_the_servant() -> None:
    game = served(night(9) + "[[day]]\nservant = 9\n")
    lines = said(game)
    assert lines.index("deaths.announce") < lines.index("devoted_servant.ask") < lines.index("death.card")
    assert cues(game, "devoted_servant.swapped") == [{"key": "devoted_servant.swapped", "seat": 3}]
    assert cues(game, "death.card") == [{"key": "death.card", "seat": 9, "role": "devoted_servant"}]
    assert card(game, 3) == "villager" and card(game, 9) == "devoted_servant"


def test_the_vote_pauses_for_her_too_before_the_exiles_card() -> None:
    game = served(night(0) + "[[day]]\nvote = { 3 = 8 }\nservant = 8\n")
    lines = said(game)
    assert lines.index("vote.out") < lines.index("devoted_servant.ask") < lines.index("death.card")
    assert card(game, 3) == "hunter"


def test_a_hunter_whose_card_she_took_does_not_shoot_and_she_holds_his_shot() -> None:
    shot = served(night(8) + "[[day]]\nvote = {}\n")
    assert shot.pending is not None and shot.pending.step == "hunter"  # without her: he shoots
    game = served(night(8) + "[[day]]\nservant = 8\n")
    assert "hunter" not in [p.step for p, _ in game.history]
    assert game.pending is not None and game.pending.step != "hunter"
    later = served(night(8) + "[[day]]\nservant = 8\nvote = { 1 = 3 }\nhunter = 2\n")
    assert deaths(later) == [(8, "werewolves"), (3, "vote"), (2, "hunter")]


def test_with_several_dead_she_names_one_and_the_others_effects_go_on() -> None:
    game = served(night(8, witch="{ poison = 1 }") + "[[day]]\nservant = 1\nhunter = 2\n")
    assert deaths(game) == [(1, "poison"), (8, "werewolves"), (2, "hunter")]
    assert card(game, 1) == "devoted_servant" and card(game, 3) == "villager"


def test_she_holds_the_witch_fresh_with_both_potions_back() -> None:
    record = night(9, witch="{ heal = true }") + "[[day]]\nvote = { 1 = 7 }\nservant = 7\n"
    game = served(record)
    assert card(game, 3) == "witch"
    assert seat_view(game, 3).potions == {"heal": True, "poison": True}


def test_she_holds_the_guard_without_his_repeat_ban() -> None:
    record = night(1, guard=1) + "[[day]]\nvote = { 1 = 10 }\nservant = 10\n" + night(1, guard=1)
    game = served(record)
    assert card(game, 3) == "guard" and deaths(game) == [(10, "vote")]
    assert state_of(game).is_alive(1)  # guarded twice in a row: the ban was his, not hers


def test_she_holds_the_elder_with_his_two_lives() -> None:
    record = night(11) + "[[day]]\nvote = {}\n" + night(11) + "[[day]]\nservant = 11\nvote = {}\n" + night(3)
    game = served(record + "[[day]]\nvote = {}\n")
    assert card(game, 3) == "elder" and state_of(game).is_alive(3)
    assert deaths(game) == [(11, "werewolves")]


def test_she_holds_the_judges_request_anew() -> None:
    day = "[[day]]\nvote = { 1 = 12 }\nservant = 12\njudge = true\njudge_vote = {}\n"
    game = served(night(0) + "[[day]]\nvote = {}\njudge = true\njudge_vote = {}\n" + night(0) + day)
    assert said(game).count("stuttering_judge.second_vote") == 2
    assert card(game, 3) == "stuttering_judge"


def test_a_werewolf_card_makes_her_werewolf_side_and_she_wakes_with_the_pack() -> None:
    record = table(SERVANT_12, rules=NO_SHERIFF) + night(9) + "[[day]]\nvote = { 1 = 2 }\nservant = 2\n"
    played = replay(parse_record(record))
    state = state_of(played.game)
    assert card(played.game, 3) == "werewolf" and state.is_werewolf(3) and state.wakes_with_pack(3)
    assert summary(played)["converted"] == [{"seat": 3, "phase": "day 1", "by": "servant"}]


def test_taking_the_last_werewolfs_card_keeps_the_game_going() -> None:
    roles = '["villager", "werewolf", "devoted_servant", "villager", "seer", "witch", "villager"]'
    record = "[[night]]\nseer = 1\nwerewolves = 7\nwitch = {}\n[[day]]\nvote = { 1 = 2 }\nservant = 2\n"
    out = play(table(roles, rules=NO_SHERIFF) + record)
    assert out["winner"] is None and 3 in out["alive"]
    without = play(table(roles, rules=NO_SHERIFF) + record.replace("servant = 2\n", ""))
    assert without["winner"] == "villagers"


def test_the_dead_is_shown_village_side_and_her_card_taken_is_not_announced() -> None:
    game = served(night(9) + "[[day]]\nvote = { 1 = 2 }\nservant = 2\n")
    assert cues(game, "death.card")[-1] == {"key": "death.card", "seat": 2, "role": "devoted_servant"}
    assert not state_of(game).is_werewolf(2)
    assert "devoted_servant.swapped_shown" not in said(game)


def test_a_public_card_is_announced_with_her_seat() -> None:
    roles = SERVANT_12.replace('"villager", "guard"', '"villager_villager", "guard"')  # 9
    game = served(night(9) + "[[day]]\nservant = 9\n", roles=roles)
    assert cues(game, "devoted_servant.swapped_shown") == [
        {"key": "devoted_servant.swapped_shown", "seat": 3, "role": "villager_villager"}
    ]


def test_once_per_game() -> None:
    game = served(night(9) + "[[day]]\nservant = 9\nvote = { 1 = 8 }\n")
    assert said(game).count("devoted_servant.ask") == 1


def test_a_pass_keeps_her_swap_for_a_later_death() -> None:
    game = served(night(9) + "[[day]]\nvote = { 1 = 8 }\nservant = 8\n")
    assert said(game).count("devoted_servant.ask") == 2
    assert card(game, 3) == "hunter" and card(game, 9) == "villager"


def test_only_the_vote_with_servant_swaps_vote() -> None:
    rules = NO_SHERIFF + 'servant_swaps = "vote"\n'
    game = served(night(9) + "[[day]]\nvote = { 1 = 8 }\nservant = 8\n", rules=rules)
    lines = said(game)
    assert lines.count("devoted_servant.ask") == 1 and lines.index("vote.out") < lines.index(
        "devoted_servant.ask"
    )
    assert card(game, 3) == "hunter"
    night_card = served(night(9) + "[[day]]\nservant = 9\n", rules=rules)
    assert card(night_card, 3) == "devoted_servant"


def test_a_lover_servant_is_not_asked_and_her_step_is_pretended() -> None:
    roles = SERVANT_12.replace('"villager", "guard"', '"cupid", "guard"')  # 9 is Cupid
    record = (
        "[[night]]\ncupid = [3, 4]\nguard = 0\nseer = 2\nwerewolves = 1\nwitch = {}\n[[day]]\nservant = 1\n"
    )
    game = served(record, roles=roles)
    assert "devoted_servant.ask" in said(game)
    assert [e for e in game.events if e.kind == "pretend" and e.data.get("step") == "servant"]
    assert card(game, 3) == "devoted_servant"


def test_a_dead_servants_step_is_still_said_and_pretended() -> None:
    game = served(night(3) + "[[day]]\nvote = { 1 = 8 }\n")
    assert said(game).count("devoted_servant.ask") == 2
    assert "servant" not in [p.step for p, _ in game.history]


def test_the_elders_curse_takes_her_power() -> None:
    game = served(night(0) + "[[day]]\nvote = { 1 = 11 }\n" + night(9) + "[[day]]\nservant = 9\n")
    assert card(game, 3) == "devoted_servant"
    # asked as the elder died (his curse waits for her: she passed), never after it fell
    assert [d for p, d in game.history if p.step == "servant"] == [ServantSwap(target=0)]


def test_a_seat_not_among_the_dead_just_announced_is_refused() -> None:
    game = served(night(9) + "[[day]]\n")
    assert game.pending is not None and game.pending.step == "servant"
    assert refused(game, ServantSwap(target=4)) == "servant_target"
    assert refused(game, ServantSwap(target=3)) == "servant_target"


def test_a_sheriff_servant_hands_the_badge_on_unless_she_took_the_idiot() -> None:
    election = "sheriff = { candidates = [3] }\n"
    game = served(night(9) + f"[[day]]\n{election}servant = 9\nbadge = 4\n", rules="")
    assert state_of(game).sheriff == 4
    roles = SERVANT_12.replace('"villager", "guard"', '"idiot", "guard"')  # 9 is the idiot
    kept = served(night(9) + f"[[day]]\n{election}servant = 9\nvote = {{}}\n", rules="", roles=roles)
    assert card(kept, 3) == "idiot" and state_of(kept).sheriff == 3
    assert "badge" not in [p.step for p, _ in kept.history]


def test_the_written_record_replays_to_the_same_game_and_output() -> None:
    game = served(night(9) + "[[day]]\nvote = { 1 = 8 }\nservant = 8\n")
    written = write_record(game)
    assert "servant = 8" in written
    again = replay(parse_record(written))
    assert again.game.history == game.history
    assert summary(again)["swaps"] == [{"phase": "day 1", "servant": 3, "dead": 8, "card": "hunter"}]
    assert told(game, "servant") == [("devoted_servant", {"target": 8})]


def test_a_rusty_sword_knight_whose_card_she_took_rusts_nobody() -> None:
    roles = SERVANT_12.replace('"villager", "guard"', '"rusty_sword_knight", "guard"')  # 9
    rusted = served(night(9) + "[[day]]\nvote = {}\n", roles=roles)
    assert (2, "rusty_sword") in deaths(rusted)  # the first werewolf upward of 9, wrapping
    game = served(night(9) + "[[day]]\nservant = 9\nvote = {}\n", roles=roles)
    assert deaths(game) == [(9, "werewolves")] and card(game, 3) == "rusty_sword_knight"


def test_the_angels_card_taken_on_day_0_wins_for_her_on_night_1() -> None:
    roles = SERVANT_12.replace('"villager", "guard"', '"angel", "guard"')  # 9 is the angel
    day_0 = "[[day]]\nvote = { 1 = 9, 4 = 9 }\nservant = 9\n"
    assert play(table(roles, rules=NO_SHERIFF) + day_0.replace("servant = 9\n", ""))["winner"] == "angel"
    out = play(table(roles, rules=NO_SHERIFF) + day_0 + night(3))
    assert out["winner"] == "angel" and out["ended"] == "night 1"
    assert play(table(roles, rules=NO_SHERIFF) + day_0 + night(4) + "[[day]]\n")["winner"] is None


def test_the_dead_werewolf_shown_as_the_servant_takes_no_power_from_the_big_bad_wolf() -> None:
    roles = SERVANT_12.replace('"werewolf", "seer"', '"big_bad_wolf", "seer"')  # 5
    night_1 = "[[night]]\nguard = 0\nseer = 2\nwerewolves = 0\nbig_bad_wolf = 1\nwitch = {}\n"
    night_2 = (
        night_1.replace("werewolves = 0", "werewolves = 9")
        .replace("wolf = 1", "wolf = 10")
        .replace("seer = 2", "seer = 4")
    )
    day_1 = "[[day]]\nvote = { 4 = 2 }\nservant = 2\n"
    game = served(night_1 + day_1 + night_2 + "[[day]]\n", roles=roles)
    assert (10, "big_bad_wolf") in deaths(game)
    lost = served(night_1 + day_1.replace("servant = 2\n", "") + night_2 + "[[day]]\n", roles=roles)
    assert (10, "big_bad_wolf") not in deaths(lost)


def test_the_public_view_keeps_the_dead_card_back_until_her_step_is_over() -> None:
    game = served(night(8) + "[[day]]\n")
    assert game.pending is not None and game.pending.step == "servant"
    assert public_view(game).deaths == [{"seat": 8, "phase": "night 1", "waiting": True}]  # its card held
    game.apply(ServantSwap(target=8))
    assert public_view(game).deaths == [{"seat": 8, "phase": "night 1", "card": "devoted_servant"}]


def test_she_holds_the_big_bad_wolf_with_his_second_kill_back() -> None:
    roles = SERVANT_12.replace('"werewolf", "seer"', '"big_bad_wolf", "seer"')  # 5
    night_1 = "[[night]]\nguard = 0\nseer = 4\nwerewolves = 0\nbig_bad_wolf = 1\nwitch = {}\n"
    day_1 = "[[day]]\nvote = { 4 = 2 }\n"  # a werewolf dies: from night 2 the big bad wolf kills no more
    night_2 = "[[night]]\nguard = 0\nseer = 4\nwerewolves = 9\nwitch = {}\n"
    day_2 = "[[day]]\nvote = { 4 = 5 }\nservant = 5\n"
    night_3 = "[[night]]\nguard = 0\nseer = 4\nwerewolves = 10\nbig_bad_wolf = 12\nwitch = {}\n"
    game = served(night_1 + day_1 + night_2 + day_2 + night_3 + "[[day]]\n", roles=roles)
    assert card(game, 3) == "big_bad_wolf" and (12, "big_bad_wolf") in deaths(game)


def test_taking_the_voted_out_elders_card_stops_his_curse() -> None:
    roles = SERVANT_12.replace('"villager", "guard"', '"idiot", "guard"')  # 9 is the idiot
    revealed = night(0) + "[[day]]\nvote = { 1 = 9 }\n"  # the idiot voted out: revealed, he stays
    cursed = served(revealed + night(0) + "[[day]]\nvote = { 1 = 11 }\n", roles=roles)
    assert state_of(cursed).cursed and (9, "elder_curse") in deaths(cursed)  # she passed: it falls
    lines = said(cursed)
    assert lines.index("devoted_servant.ask") < lines.index("death.card")
    game = served(revealed + night(0) + "[[day]]\nvote = { 1 = 11 }\nservant = 11\n", roles=roles)
    assert card(game, 3) == "elder" and card(game, 11) == "devoted_servant"
    assert not state_of(game).cursed  # the curse is the elder card's: it went with her
    assert state_of(game).is_alive(9) and (9, "elder_curse") not in deaths(game)


def test_a_wolf_hound_she_takes_names_its_side_the_next_night() -> None:
    roles = (
        '["villager", "werewolf", "devoted_servant", "wolf_hound", "werewolf", "seer", "witch",'
        ' "villager", "villager"]'
    )
    first = '[[night]]\nwolf_hound = "villagers"\nseer = 2\nwerewolves = 4\nwitch = {}\n'
    second = '[[night]]\nwolf_hound = "werewolves"\nseer = 1\nwerewolves = 0\nwitch = {}\n'
    game = served(first + "[[day]]\nservant = 4\nvote = {}\n" + second + "[[day]]\nvote = {}\n", roles=roles)
    assert card(game, 3) == "wolf_hound" and state_of(game).is_werewolf(3)
    assert [p.step for p, _ in game.history].count("wolf_hound") == 2


def test_she_takes_a_dead_thiefs_card_and_his_untaken_cards_the_next_night() -> None:
    roles = (
        '["villager", "werewolf", "devoted_servant", "thief", "werewolf", "seer", "witch", "villager", "villager"]'
    )
    first = "[[night]]\nthief = 0\nseer = 2\nwerewolves = 4\nwitch = {}\n"  # he kept his card
    second = "[[night]]\nthief = 1\nseer = 1\nwerewolves = 0\nwitch = {}\n"
    record = table(roles, rules=NO_SHERIFF, extra='["hunter", "villager"]') + first
    game = game_of(record + "[[day]]\nservant = 4\nvote = {}\n" + second + "[[day]]\nvote = {}\n")
    assert card(game, 3) == "hunter" and card(game, 4) == "devoted_servant"
    assert state_of(game).extra_cards[0].value == "thief"
    assert [p.seats for p, _ in game.history if p.step == "thief"] == [(4,), (3,)]
    kept = game_of(record + "[[day]]\nvote = {}\n" + second.replace("thief = 1\n", ""))
    assert [p.seats for p, _ in kept.history if p.step == "thief"] == [(4,)]  # no servant's take: no step
