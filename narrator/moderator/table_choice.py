"""The table as the host's phone sets it before the deal: the box's settings with the host's
choices on top (the seat count, a board or custom cards, the rules a table argues about, the timers), each
dealt and written before it counts (a resume plays it), and kept by the box as its default
for the next start (`remembered`). Between two games the same choices are the next game's: kept
(on disk first) until it is dealt (`between`)."""

from __future__ import annotations

from typing import Any

from engine.boards import Board
from engine.role import Role
from narrator.moderator.config import PlayConfig
from narrator.moderator.stored_seats import StoredSeats
from narrator.phones.seats import SeatRegistry
from narrator.recorded import RecordedGame
from narrator.store import Store
from narrator.timing import Timers

CHOSEN = ("seats", "board", "setup", "extra_cards", "preset", "rules", "timers", "locale", "voice")
"""The settings the host's choices make (the box keeps them for its next start)."""


def remembered(config: PlayConfig) -> dict[str, Any]:
    """The settings of `config` the host chose, as the box keeps them for its next start."""
    settings = config.model_dump(mode="json", include=set(CHOSEN), exclude_unset=True)
    settings["seats"] = config.seats
    if config.timers.model_fields_set:
        settings["timers"] = config.timers.model_dump(mode="json", exclude_unset=True)
    return settings


class TableChoice:
    """The settings of the table's first game as the host changes them before the deal
    (`config`), each change dealt into the game `game_id` and written with the box's
    remembered setup in one transaction before it counts."""

    def __init__(self, store: Store, game_id: str, config: PlayConfig) -> None:
        self.store, self.game_id, self.config = store, game_id, config
        self.between = False
        """Between two games: a change is kept for the next game (and the box's next start), its
        game only made to be read, never dealt into the game played."""

    def board(self, board: Board) -> RecordedGame:
        """The board the host picked (its cards and rules, the table's rules on top)."""
        settings = self.config.model_dump(exclude_unset=True)
        settings.pop("preset", None)  # a board plays its own preset
        update = {"board": board.id, "seats": board.seats, "setup": "auto", "extra_cards": []}
        print(f"board / 板子: {board.id} ({board.name}), picked by the host / 主持人选择", flush=True)
        return self._deal(PlayConfig.model_validate({**settings, **update}))

    def seats(self, seats: int, registry: SeatRegistry) -> tuple[RecordedGame, StoredSeats]:
        """The bare seat count the host picked (the judge's default cards for it), and the
        seats: the store lets the seats beyond go with the new setup."""
        assert isinstance(registry, StoredSeats)
        print(f"seats / 人数: {seats}, picked by the host / 主持人选择", flush=True)
        return self._deal(self.config.with_seats(seats)), StoredSeats.resized(registry, seats)

    def cards(self, deck: list[Role], preset: str | None) -> RecordedGame:
        """The host's custom cards (every card, the face-down ones too), playing `preset`
        (None: the table's), no board: the table's rules on top."""
        settings = self.config.model_dump(exclude_unset=True)
        settings.pop("board", None)
        update: dict[str, Any] = {"setup": [card.value for card in deck], "extra_cards": []}
        if preset is not None:
            update["preset"] = preset
        print(f"cards / 牌: {[card.value for card in deck]}, set by the host / 主持人设定", flush=True)
        return self._deal(PlayConfig.model_validate({**settings, **update}))

    def language(self, locale: str, voice: str) -> RecordedGame:
        """The judge's language and voice the host picked (what he says, the public screen),
        kept with the table's setup."""
        print(f"language / 语言: {locale}, voice / 声音: {voice}, picked by the host / 主持人选", flush=True)
        settings = self.config.model_dump(exclude_unset=True)
        return self._deal(PlayConfig.model_validate({**settings, "locale": locale, "voice": voice}))

    def rules(self, rules: dict[str, bool | str], timers: dict[str, float]) -> RecordedGame:
        """The rules and timers the host set, on top of the table's."""
        settings = self.config.model_dump(exclude_unset=True)
        settings["rules"] = {**self.config.rules, **rules}
        settings["timers"] = Timers.model_validate(
            {**self.config.timers.model_dump(exclude_unset=True), **timers}
        )
        print(f"rules / 规则: {rules}, timers / 时间: {timers}, set by the host / 主持人设定", flush=True)
        return self._deal(PlayConfig.model_validate(settings))

    def _deal(self, config: PlayConfig) -> RecordedGame:
        setup, rules = config.table()
        if self.between:
            self.store.remember(remembered(config))
            self.config = config
            return RecordedGame(setup, rules)
        settings = config.model_dump(mode="json")
        self.store.replace_setup(self.game_id, setup, rules, remembered=remembered(config), config=settings)
        self.config = config
        return RecordedGame(setup, rules).record_to(self.store, self.game_id)

    def next_game(self, game_id: str, config: PlayConfig) -> None:
        """The evening's next game is `game_id`, dealt from `config` (the choices kept between
        the games in it)."""
        self.game_id, self.config, self.between = game_id, config, False
