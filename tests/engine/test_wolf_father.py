"""The accursed wolf-father (种狼, RULES-CHARACTERS.md's Accursed wolf-father) through game records:
once per game he may infect the pack's victim instead of its dying (pass allowed, no other
target); the infected lives, is werewolf-side at once, keeps his card, wakes with the pack from
the next night and is read so by checks from the next night on, told alone; the witch is told
nobody; an elder loses a life instead; `infect_guarded` (both sides); the record's `converted`."""

from __future__ import annotations

from engine.game import state_of
from engine.roles.accursed_wolf_father import Infection
from engine.views import seat_view
from tests.engine.harness import club, deaths, game_of, play, refused, steps, table, told

# 1 wolf-father, 2 werewolf, 3 seer, 4 witch, 5 guard, 6 elder, 7-9 villagers.
FATHER_9 = '["accursed_wolf_father", "werewolf", "seer", "witch", "guard", "elder", "villager", "villager", "villager"]'


def night(
    wolves: int = 0, infect: int | None = None, seer: int = 0, guard: int = 0, witch: str = "{}"
) -> str:
    father = f"infect = {infect}\n" if infect is not None else ""
    return f"[[night]]\nguard = {guard}\nseer = {seer}\nwerewolves = {wolves}\n{father}witch = {witch}\n"


def exile(seat: int) -> str:
    return f"[[day]]\nvote = {{ 3 = {seat} }}\n"


def test_he_wakes_with_the_pack_and_his_step_follows_it_in_both_orders() -> None:
    game = game_of(club(FATHER_9) + night(7, infect=0))
    assert steps(game)[:4] == ["guard", "werewolves", "infect", "witch"]
    pack = [e for e in game.events if e.kind == "werewolves.pack"]
    assert pack[0].data["seats"] == [1, 2]
    seeds = game_of(table(FATHER_9, rules="sheriff = false\n") + night(7, infect=0))
    order = steps(seeds)
    assert order.index("infect") == order.index("werewolves") + 1


def test_he_may_pass_and_the_victim_dies() -> None:
    assert deaths(game_of(club(FATHER_9) + night(7, infect=0))) == [(7, "werewolves")]


def test_he_infects_only_tonights_victim_of_the_pack() -> None:
    game = game_of(club(FATHER_9) + "[[night]]\nguard = 0\nwerewolves = 7\n")
    assert state_of(game).pending is not None and state_of(game).pending.targets == (7,)
    assert refused(game, Infection(target=8)) == "infect_victim"
    assert game.is_legal(Infection(target=7)) and game.is_legal(Infection(target=0))


def test_the_infected_lives_turns_at_once_and_alone_is_told() -> None:
    game = game_of(club(FATHER_9) + night(7, infect=7))
    state = state_of(game)
    assert state.is_alive(7) and deaths(game) == [] and state.turned[7].by == "infect"
    assert state.player(7).card.value == "villager" and state.living_wolf_team() == [1, 2, 7]
    infected = [e for e in game.events if e.kind == "accursed_wolf_father.infected"]
    assert [e.audience for e in infected] == [frozenset({7})]
    infects = [e for e in game.events if e.kind == "accursed_wolf_father.infects"]
    assert [e.audience for e in infects] == [frozenset({1})]
    assert told(game, "infect") == [("infect", {"target": 7})]


def test_the_witch_is_told_nobody_for_the_infected() -> None:
    game = game_of(club(FATHER_9) + night(7, infect=7))
    told_witch = [e for e in game.events if e.kind == "witch.told"]
    assert told_witch[0].data["victim"] == 0


def test_checks_read_the_infected_as_a_werewolf_from_the_next_night_on_in_the_club_order() -> None:
    out = play(club(FATHER_9) + night(7, infect=7, seer=7) + exile(9) + night(seer=7))
    assert out["seer"] == [
        {"night": 1, "target": 7, "result": "not_werewolf"},
        {"night": 2, "target": 7, "result": "werewolf"},
    ]
    assert out["converted"] == [{"seat": 7, "phase": "night 1", "by": "infect"}]


def test_the_infected_wakes_with_the_pack_from_the_next_night() -> None:
    game = game_of(club(FATHER_9) + night(7, infect=7) + exile(9) + "[[night]]\nguard = 0\n")
    pending = state_of(game).pending
    assert pending is not None and pending.step == "werewolves" and pending.seats == (1, 2, 7)


def test_once_per_game_the_next_nights_step_is_pretended() -> None:
    game = game_of(club(FATHER_9) + night(7, infect=7) + exile(9) + night(8))
    assert steps(game).count("infect") == 1 and deaths(game)[-1] == (8, "werewolves")
    pretended = [e for e in game.events if e.kind == "pretend" and e.data["step"] == "infect"]
    assert len(pretended) == 1


def test_an_elder_with_a_life_to_spare_loses_it_and_is_not_infected() -> None:
    game = game_of(club(FATHER_9) + night(6, infect=6))
    state = state_of(game)
    assert state.is_alive(6) and state.player(6).lives == 1 and 6 not in state.turned
    assert steps(game_of(club(FATHER_9) + night(6, infect=6) + exile(9) + night(7))).count("infect") == 1


def test_the_guard_never_stops_an_infection_by_default() -> None:
    game = game_of(club(FATHER_9) + night(7, infect=7, guard=7))
    assert 7 in state_of(game).turned and state_of(game).is_alive(7)


def test_with_infect_guarded_fails_a_guarded_victim_neither_dies_nor_turns_and_the_power_is_spent() -> None:
    record = club(FATHER_9, 'infect_guarded = "fails"\n') + night(7, infect=7, guard=7)
    game = game_of(record)
    assert 7 not in state_of(game).turned and state_of(game).is_alive(7)
    later = game_of(record + exile(9) + night(8))
    assert steps(later).count("infect") == 1


def test_a_poisoned_victim_dies_and_is_not_infected() -> None:
    game = game_of(club(FATHER_9) + night(7, infect=7, witch="{ poison = 7 }"))
    assert deaths(game) == [(7, "poison")] and not state_of(game).turned


PIPER_8 = (
    '["accursed_wolf_father", "werewolf", "piper", "seer", "villager", "villager", "villager", "villager"]'
)


def piper_night(wolves: int = 0, infect: int | None = None, piper: str = "[]") -> str:
    father = f"infect = {infect}\n" if infect is not None else ""
    return f"[[night]]\nseer = 0\nwerewolves = {wolves}\n{father}piper = {piper}\n"


def test_an_infected_piper_charms_no_more_by_default() -> None:
    first = piper_night(3, infect=3, piper="[5, 6]") + exile(8) + "[[night]]\nseer = 0\nwerewolves = 0\n"
    powerless = game_of(club(PIPER_8) + first)
    pending = state_of(powerless).pending
    assert 3 in state_of(powerless).turned and (pending is None or pending.step != "piper")
    kept = state_of(game_of(club(PIPER_8, "wolf_side_piper_powerless = false\n") + first)).pending
    assert kept is not None and kept.step == "piper"


def test_the_infected_learns_his_fellows_at_the_packs_step_not_at_nightfall() -> None:
    record = club(FATHER_9) + night(7, infect=7) + exile(9)
    assert seat_view(game_of(record), 7).fellow_werewolves == []
    assert seat_view(game_of(record + "[[night]]\nguard = 0\n"), 7).fellow_werewolves == [1, 2]
