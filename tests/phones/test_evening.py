"""The evening at the table on its own (`narrator.phones.evening`): the host's board before the
deal, the next game's board or seat count after a game, a player leaving, the scores. A real
game (the beginner's board, played to its end where the evening needs it), a real SeatRegistry
and real links."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.boards import Board, find_board
from engine.game import Game
from narrator.phones.evening import Evening
from narrator.phones.links import CLOSE_FREED, Links
from narrator.phones.messages import Refusal
from narrator.phones.seats import SeatRegistry
from tests.phones.parts import BEGINNER, Phone, TableFields, beginner_game, finished_game, join


class Desk:
    """The evening with real links, noting what it asked of the table."""

    def __init__(self, table: TableFields) -> None:
        self.table = table
        self.dealt: list[tuple[Board, Game]] = []
        self.restarted: list[tuple[Game, SeatRegistry, Board | None]] = []
        self.states = 0
        self.links = Links(
            table,
            out=lambda link, sent: link.send(sent),
            send_state=lambda seat: None,
            send_screens=lambda: None,
            boards=lambda locale: self.evening.boards(locale),
            counts=lambda locale: self.evening.counts(locale),
            choices=lambda locale: self.evening.table(locale),
            scores=lambda locale: self.evening.scores_message(locale),
        )
        self.evening = Evening(
            table,
            self.links,
            deal=lambda board, game: self.dealt.append((board, game)),
            restart=lambda game, registry, board: self.restarted.append((game, registry, board)),
            send_states=self.sent_states,
            send_screens=lambda: None,
        )

    def sent_states(self) -> None:
        self.states += 1

    async def seat(self, *names: str) -> list[Phone]:
        phones = []
        for seat, name in enumerate(names, start=1):
            phone = Phone()
            self.links.connect(phone)
            await self.links.sit(phone, join(seat, name))
            phones.append(phone)
        return phones


def test_the_host_picks_a_board_before_the_deal_and_every_phone_is_welcomed_again() -> None:
    async def scenario() -> None:
        desk = Desk(TableFields())
        (ann,) = await desk.seat("Ann")
        with pytest.raises(Refusal) as refused:
            desk.evening.pick_board("beginner-9")
        assert refused.value.code == "board_late"  # no dealer: the judge deals
        desk.evening.dealer = lambda board: Game(board.deal(seed=2), board.rules())
        assert ann.last("welcome")["boards"] == []  # the offer was made before the dealer came
        desk.links.welcome_all()
        offered = ann.last("welcome")["boards"]
        assert "beginner-9" in str(offered) and "standard-12" not in str(offered)  # the table's seat count
        for name, code in (("no-such-board", "board_unknown"), ("standard-12", "board_seats")):
            with pytest.raises(Refusal) as refused:
                desk.evening.pick_board(name)
            assert refused.value.code == code
        assert desk.dealt == [] and desk.states == 0
        assert desk.evening.pick_board("beginner-9") is BEGINNER
        ((board, game),) = desk.dealt
        assert board is BEGINNER and not game.log and game.setup.seats == 9
        assert ann.types()[-2:] == ["welcome", "notice"] and ann.last("notice")["key"] == "host_board"
        assert desk.states == 1

    asyncio.run(scenario())


def test_no_board_is_picked_once_the_deal_began() -> None:
    table = TableFields()
    desk = Desk(table)
    desk.evening.dealer = lambda board: beginner_game()
    assert desk.evening.boards_open()
    table.narrating = "guard"
    assert not desk.evening.boards_open() and desk.evening.boards("en") == []
    with pytest.raises(Refusal) as refused:
        desk.evening.pick_board("beginner-9")
    assert refused.value.code == "board_late"


def test_between_two_games_the_host_picks_the_next_board_or_a_seat_count() -> None:
    async def scenario() -> None:
        table = TableFields()
        desk = Desk(table)
        with pytest.raises(Refusal) as refused:
            desk.evening.pick_seats(8)
        assert refused.value.code == "seats_late"  # the game is not over
        table.game = finished_game()
        phones = await desk.seat(*"ABCDEFGHI")
        assert desk.evening.pick_board("standard-12").seats == 12  # any seat count, between games
        assert (desk.evening.next_board, desk.evening.next_seats) == (find_board("standard-12"), None)
        assert phones[0].last("notice")["key"] == "next_board"
        with pytest.raises(Refusal) as refused:
            desk.evening.pick_seats(3)
        assert refused.value.code == "seats_unknown"
        assert desk.evening.pick_seats(8) == 8
        assert (desk.evening.next_board, desk.evening.next_seats) == (None, 8)
        told = phones[0].last("notice")
        assert told["key"] == "next_seats" and "9" in told["text"]  # seat 9 is told it goes
        assert desk.dealt == []  # nothing dealt: the session deals the next game

    asyncio.run(scenario())


def test_the_next_game_lets_go_the_seats_it_no_longer_has() -> None:
    async def scenario() -> None:
        table = TableFields(game=finished_game())
        desk = Desk(table)
        phones = await desk.seat(*"ABCDEFGHI")
        desk.evening.pick_seats(8)
        desk.evening.show_scores({"games": 1})
        assert all(phone.last("scores")["scores"] == {"games": 1} for phone in phones)
        registry = SeatRegistry(8)
        for seat in range(1, 9):
            holder = table.registry.holder(seat)
            assert holder is not None
            await registry.take(seat, holder.name)
        following = Game(find_board("beginner-9").deal(seed=3), find_board("beginner-9").rules())
        assert desk.evening.next_game(following, registry, None) == [9]
        assert phones[8].closed == CLOSE_FREED and phones[8].last("freed")["reason"] == "seat_gone"
        assert desk.restarted == [(following, registry, None)]
        assert (desk.evening.next_seats, desk.evening.scores) == (None, None)

    asyncio.run(scenario())


def test_a_player_leaves_between_games_only() -> None:
    async def scenario() -> None:
        table = TableFields()
        desk = Desk(table)
        ann, bo = await desk.seat("Ann", "Bo")
        left: list[tuple[int, str]] = []
        desk.evening.on_leave = lambda seat, name: left.append((seat, name))
        answered: list[Any] = []
        with pytest.raises(Refusal) as refused:
            await desk.evening.leave(bo, 2, lambda: answered.append(2))
        assert refused.value.code == "leave_late" and answered == [] and desk.links.connected() == [1, 2]
        table.game = finished_game()
        await desk.evening.leave(bo, 2, lambda: answered.append(2))
        assert answered == [2] and desk.links.connected() == [1] and left == [(2, "Bo")]
        notice = ann.last("notice")
        assert notice["key"] == "player_left" and "Bo" in notice["text"]

    asyncio.run(scenario())
