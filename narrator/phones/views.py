"""What every phone is shown: each seat's view as last taken, and the `state` message it gets.

Rule 1: every narrated step sends every phone one `state` message of one padded size. Its
        views are fresh when the narration and the engine agree (the narrated step is the
        pending one), or the game is over and the judge says so (`said` Rule 1); at a pretended night
        step of the night the engine is in, only the public part is fresh (the night's
        number, the votes and who is out); otherwise the views are those last shown.
Rule 2: what only one seat may know at a step (that it acts, the witch's victim, the seer's
        answer, the pack's picks) travels sealed in a message every phone gets in the same
        shape; every message is padded (`wire`), so no size follows a role.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Protocol

from engine.game import Game
from engine.views import SeatView, public_view, seat_view
from narrator.phones import outbound as out
from narrator.phones.catalogue import Locale
from narrator.phones.collector import is_pack
from narrator.phones.day import Day
from narrator.phones.feed import Feeds
from narrator.phones.links import Links, Out, OutAll
from narrator.phones.nightgate import Link
from narrator.phones.said import Countdown, Said
from narrator.phones.screens import screen, spec_of, without_early_prompt
from narrator.phones.seats import SeatRegistry
from narrator.phones.wire import Outgoing, padded_alike

Publics = dict[int, dict[str, Any]]
"""Public parts of views dumped for the wire, by the identity of the public view."""


def _dumped(view: SeatView, publics: Publics) -> dict[str, Any]:
    """`view` as the wire carries it (its JSON data), its public part dumped once for every
    seat that shows the same one (`publics`): the same data, without 18 dumps of the game's
    public history."""
    public = publics.get(id(view.public))
    if public is None:
        public = publics[id(view.public)] = view.public.model_dump(mode="json")
    rest = view.model_dump(mode="json", exclude={"public"})
    return {name: public if name == "public" else rest[name] for name in SeatView.model_fields}


class Viewed(Protocol):
    """What the views read of the table: the game, the step narrated, the seats' names,
    whether a moderator narrates, what the judge said."""

    @property
    def game(self) -> Game: ...

    narrating: str | None
    registry: SeatRegistry
    auto_narrate: bool
    judge: Said


class Alike(NamedTuple):
    """A message for each phone, one of two: `told` for `seats`, `rest` for every other."""

    seats: frozenset[int]
    told: Outgoing
    rest: Outgoing


class Views:
    """The views of one table's phones. `out` sends (or holds with a touch at night);
    `answered` tells whether a seat's touch was taken at the step narrated; `review` is the
    game's written review in a language; `send_screens` tells the public screens; `now` is the
    moderator's clock (seconds); `out_all` sends (or holds) several messages at once."""

    def __init__(
        self,
        table: Viewed,
        links: Links,
        day: Day,
        *,
        out: Out,
        out_all: OutAll,
        answered: Callable[[int], bool],
        review: Callable[[Locale], Any],
        send_screens: Callable[[], None],
        now: Callable[[], float],
    ) -> None:
        self._table = table
        self._links = links
        self._day = day
        self._out = out
        self._out_all = out_all
        self._answered = answered
        self._review = review
        self._send_screens = send_screens
        self.shown: dict[int, SeatView] = {}
        self.feeds = Feeds(table.game.setup.seats)
        self.game_number = 1  # which of the table's games the feeds are of (a phone keeps one game's)
        self.step_clock = Countdown(now)

    def new_game(self) -> None:
        """The table plays another game (a board picked, the evening's next game): its feeds
        from its events, its views taken anew."""
        game = self._table.game
        self.feeds = Feeds(game.setup.seats)
        self.game_number += 1
        self.feeds.absorb(game.events)
        self.snapshot()

    def snapshot(self) -> None:
        """Take the views to show now (Rule 1: only when narration and engine agree)."""
        game, narrating = self._table.game, self._table.narrating
        public = self.as_said(public_view(game))  # the same for every seat: computed once
        self.shown = {
            seat: without_early_prompt(self._seen_alive(seat_view(game, seat, public)), narrating)
            for seat in range(1, game.setup.seats + 1)
        }
        self._day.offer()

    def publish(self) -> None:
        """Send every phone its view as the game stands now, and its new feed entries."""
        self.feeds.absorb(self._table.game.events)
        self.snapshot()
        self.send_states(fresh=True)

    @staticmethod
    def _seen_alive(view: SeatView) -> SeatView:
        """`view` alive as the picture shows it (a death not yet said, `said` Rule 4)."""
        alive = view.seat in view.public.alive
        return view if alive == view.alive else view.model_copy(update={"alive": alive})

    def refresh_public(self) -> None:
        """The public part of the views as the game stands (Rule 1: a pretended step of the
        night the engine is in); what each seat was told stays as it was last shown."""
        public = self.as_said(public_view(self._table.game))
        self.shown = {
            seat: view.model_copy(update={"public": public, "alive": seat in public.alive})
            for seat, view in self.shown.items()
        }

    def as_said(self, public: Any) -> Any:
        """The public view with the phase the judge last said and the deaths he has said
        (`said` Rules 1 and 4)."""
        said = self._table.judge
        public = said.picture(public)
        if said.phase is None or public.winner is not None:
            return public
        return public.model_copy(update={"phase": said.phase})

    def shown_public(self) -> Any:
        """The public view every phone shows now (the same in every seat's view, Rule 1)."""
        view = next(iter(self.shown.values()), None)
        return view.public if view is not None else self.as_said(public_view(self._table.game))

    def clock(self) -> dict[str, Any]:
        """The countdowns every phone shows alike (`said` Rule 3)."""
        paused = self._table.judge.paused
        return out.Clock(step=self.step_clock.left(), speech=self._day.speech_left(), paused=paused).wire()

    def _screen(self, seat: int, *, fresh: bool) -> dict[str, Any]:
        view = self.shown[seat]
        if not fresh:
            view = view.model_copy(update={"prompt": None})
        narrating, catalogue = self._table.narrating, self._table.game.catalogue
        return screen(
            catalogue,
            view,
            narrating,
            shown_alive=self.shown[seat].public.alive,
            answered=self._answered(seat) and not is_pack(spec_of(catalogue, narrating)),
            actions=self._day.shown_actions,
            rules=self._table.game.rules,
        )

    def _alike(self) -> dict[str, Any]:
        """The fields of the `state` message every seat gets alike at once (made once for all
        of them: the same objects, encoded once, `wire.padded_alike`)."""
        table, said = self._table, self._table.judge
        return {
            "names": table.registry.names(),
            "game": self.game_number,
            "speaking": self._day.speaker,
            "seconds": self._day.speech_left(),
            "last_words": self._day.last_words,
            "clock": self.clock(),
            "started": said.began or table.auto_narrate or bool(table.game.log),
            "candidates": list(said.candidates),
            "pk": said.pk,
            "votes_from": said.votes_from,
        }

    def _state(
        self, seat: int, feed: list[dict[str, Any]], alike: dict[str, Any], publics: Publics, *, fresh: bool
    ) -> out.State:
        """The `state` message of `seat`: its view (without the prompt: the screen has what
        the phone may show of it), its screen, its feed, the review at the end, and the fields
        every seat gets `alike`. `publics`: the public parts already dumped for the other
        seats (the same for all)."""
        view = self.shown[seat].model_copy(update={"prompt": None})
        return out.State(
            view=_dumped(view, publics),
            screen=self._screen(seat, fresh=fresh),
            feed=feed,
            review=self._review(self._links.seat_locale(seat)) if view.public.winner is not None else None,
            **alike,
        )

    def _states(self, feeds: dict[int, list[dict[str, Any]]], *, fresh: bool) -> dict[int, out.State]:
        """The `state` message of each seat of `feeds` with its feed: the fields alike and the
        public part made once for all of them."""
        alike, publics = self._alike(), Publics()
        return {seat: self._state(seat, feed, alike, publics, fresh=fresh) for seat, feed in feeds.items()}

    def send_states(self, *, fresh: bool) -> None:
        """One `state` message to every phone, padded alike (Rule 1); the public screens'
        picture with it (public Rule 1)."""
        self._send_screens()
        feeds = {seat: self.feeds.undelivered(seat) if fresh else [] for seat in self._links.connected()}
        self.broadcast(self._states(feeds, fresh=fresh))

    def send_state(self, seat: int) -> None:
        """The state of one phone (joining or back) with its whole feed, padded like every
        seat's would be."""
        feed = self.feeds.everything(seat)
        everyone = self._states({s: feed if s == seat else [] for s in self.shown}, fresh=True)
        self._send(seat, padded_alike(everyone)[seat])

    def broadcast(self, messages: Mapping[int, Outgoing]) -> None:
        """A message for each of several seats, sent padded alike (wire Rule 2), in one send."""
        padded = padded_alike(messages)
        links = self._links.links_of(padded)
        self._out_all([(links[seat], message) for seat, message in padded.items() if seat in links])

    def broadcast_each(self, alike: Alike | None, *, first: tuple[Link, Outgoing]) -> None:
        """`first` (a touch's ack to its link), then each connected seat's message of `alike`
        (None: nothing more), padded alike (wire Rule 2), in one send."""
        links = self._links.connected_links() if alike is not None else {}
        messages = {s: alike.told if s in alike.seats else alike.rest for s in links} if alike else {}
        self._out_all([first, *((links[seat], message) for seat, message in padded_alike(messages).items())])

    def _send(self, seat: int, message: Outgoing) -> None:
        link = self._links.link(seat)
        if link is not None:
            self._out(link, message)
