"""The box keeps the table the host's phone last set as its default for the next start (on
disk with the setup it dealt); the settings file and `narrator play`'s options still win."""

from __future__ import annotations

from pathlib import Path

from engine.boards import find_board
from narrator.moderator.config import PlayConfig, load_config
from narrator.moderator.table_choice import TableChoice
from narrator.store import Store

KEPT = {"seats": 12, "rules": {"witch_self_heal": False}, "timers": {"speech": 30.0, "decision": 15.0}}


def test_the_kept_setup_is_the_default_of_the_next_start() -> None:
    config = load_config(None, kept=KEPT)
    assert config.seats == 12 and config.table()[0].seats == 12
    assert config.rules == {"witch_self_heal": False} and config.table()[1].witch_self_heal is False
    assert (config.timers.speech, config.timers.decision, config.timers.vote) == (30.0, 15.0, 40.0)


def test_the_settings_file_and_the_options_win_over_the_kept_setup(tmp_path: Path) -> None:
    settings = tmp_path / "werewolf-judge.toml"
    settings.write_text('seats = 10\n[rules]\nwitch_self_heal = "first_night"\n', encoding="utf-8")
    config = load_config(settings, kept={**KEPT, "rules": {"witch_self_heal": False, "win": "side"}})
    assert config.seats == 10  # the file names the cards: the kept seat count is not used
    assert config.rules == {"witch_self_heal": "first_night", "win": "side"}
    assert config.timers.speech == 30.0
    kept_board = {"seats": 12, "board": "standard-12"}
    assert load_config(None, kept=kept_board, seats=9).seats == 9  # `--seats 9` wins over a kept board
    assert load_config(None, kept=kept_board).board == "standard-12"


def test_every_choice_the_host_makes_is_kept_on_disk_with_its_deal(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    config = PlayConfig(seed=2)
    setup, rules = config.table()
    game_id = store.create(setup, rules, config.model_dump(mode="json"))
    choice = TableChoice(store, game_id, config)
    assert store.remembered() == {}
    choice.board(find_board("standard-12"))
    choice.rules({"witch_self_heal": False}, {"speech": 30.0})
    store.close()
    kept = Store(path).remembered()  # a new start of the box reads it back
    assert kept == {
        "seats": 12,
        "board": "standard-12",
        "setup": "auto",
        "extra_cards": [],
        "rules": {"witch_self_heal": False},
        "timers": {"speech": 30.0},
    }
    started = load_config(None, kept=kept)
    assert started.board == "standard-12" and started.table()[1].witch_self_heal is False
    assert started.timers.speech == 30.0


def test_a_lobby_restarted_after_a_crash_offers_the_setup_again_as_the_host_left_it(tmp_path: Path) -> None:
    """kill -9 in an undealt lobby, then a restart (`narrator play`, or `narrator resume`): the
    lobby comes back with the host's cards, rules and timers, and the host's phone is offered
    the setup again."""
    import argparse
    import asyncio

    from engine.role import Role
    from narrator.cli.stored import deal_again, settings_of
    from narrator.moderator.options import Options
    from narrator.moderator.wiring import open_table
    from narrator.recorded import RecordedGame

    path = tmp_path / "games.sqlite3"
    store = Store(path)
    config = PlayConfig(store=tmp_path)  # a box's settings: no seed
    setup, rules = config.table()
    game_id = store.create(setup, rules, config.model_dump(mode="json"))
    choice = TableChoice(store, game_id, config)
    deck = [Role.WEREWOLF, Role.WEREWOLF, Role.WOLF_KING, Role.SEER, Role.WITCH, Role.IDIOT] + [
        Role.VILLAGER
    ] * 3
    choice.cards(deck, "chinese-club")
    choice.rules({"witch_self_heal": False}, {"speech": 30.0, "decision": 15.0})
    del store  # the box killed: nothing more is written

    store = Store(path)
    args = argparse.Namespace(store=tmp_path, port=None, no_listen=False, satellite=None)
    stored = store.load(game_id)
    now = load_config(None, kept=store.remembered(), store=tmp_path)
    assert not deal_again(store, stored, now, args)  # the same table: the lobby is resumed as it was
    setup, rules = now.table()  # and were it dealt again, it would be from the same setup
    assert sorted(setup.deck) == sorted(deck) and rules.witch_self_heal is False and now.timers.speech == 30.0
    resumed = PlayConfig.model_validate(settings_of(stored.config, args))  # `narrator resume`'s settings
    assert (resumed.timers.speech, resumed.timers.decision) == (30.0, 15.0)
    assert sorted(stored.setup.deck) == sorted(deck) and stored.rules.witch_self_heal is False

    async def reopened() -> tuple[object, dict[str, float]]:
        game = RecordedGame(stored.setup, stored.rules)
        table, server, _ = await open_table(game, resumed, store, Options(bots=True))
        try:
            return table.evening.table("zh-CN"), dict(table.evening.timers)
        finally:
            await server.stop()

    offered, timers = asyncio.run(reopened())
    assert isinstance(offered, dict) and offered["custom"] is not None  # the setup screen again
    witch = next(rule for rule in offered["rules"] if rule["name"] == "witch_self_heal")
    assert witch["value"] == "false"
    held = {card["role"]: card["count"] for card in offered["custom"]["cards"] if card["count"]}
    assert held == {"werewolf": 2, "wolf_king": 1, "seer": 1, "witch": 1, "idiot": 1, "villager": 3}
    assert offered["custom"]["preset"] == "chinese-club"
    assert (timers["speech"], timers["decision"]) == (30.0, 15.0)
