"""The table's seats and the host's claim kept in the store: phones rejoin after a resume."""

from __future__ import annotations

from narrator.phones.catalogue import DEFAULT_LOCALE, Locale
from narrator.phones.seats import SeatHolder, SeatRegistry
from narrator.recorded import WritesAhead
from narrator.store import Store, StoreUnwritable


class StoredSeats(SeatRegistry):
    """Seats and the host's claim whose tokens are kept in the store, so phones (the host's
    too) rejoin after a resume. Once its game is over (`over`) the store keeps that game's
    seats as they were at its end (its scores name them): a leave or a newcomer between two
    games is stored with the next game (`following`). Every change is awaited, written before
    it counts (`take`, `let_go`, `claim`): the registry's unwritten `join`, `free` and
    `claim_host` are refused (`WritesAhead`)."""

    def __init__(self, store: Store, game_id: str, seats: int) -> None:
        super().__init__(seats, store.host_token(game_id))
        self.store, self.game_id = store, game_id
        self.over = False
        for seat, (name, token) in store.seats(game_id).items():
            self._holders[seat] = SeatHolder(seat, name, token)

    @classmethod
    def following(cls, before: SeatRegistry, store: Store, game_id: str, seats: int) -> StoredSeats:
        """The seats of the evening's next game `game_id`: the holders of `before` whose seat
        it has, with their names and tokens, and the same host; stored first."""
        kept = [h for seat, h in sorted(before._holders.items()) if seat <= seats]
        for holder in kept:
            store.bind_seat(game_id, holder.seat, holder.name, holder.token)
        store.bind_host(game_id, before.host_token)
        registry = cls(store, game_id, seats)
        registry._pin, registry._misses = before._pin, dict(before._misses)
        for holder in kept:
            registry._holders[holder.seat].locale = holder.locale
        return registry

    @classmethod
    def resized(cls, before: StoredSeats, seats: int) -> StoredSeats:
        """The same game's seats after the host changed its seat count before the deal (the
        store let the seats beyond `seats` go with the new setup: `Store.replace_setup`):
        the holders it still has, the same host, PIN and misses."""
        registry = cls(before.store, before.game_id, seats)
        registry.host_token, registry._pin = before.host_token, before._pin
        registry._misses = dict(before._misses)
        for seat, holder in registry._holders.items():
            kept = before.holder(seat)
            holder.locale = kept.locale if kept is not None else holder.locale
        return registry

    def join(self, seat: int, name: str, locale: Locale = DEFAULT_LOCALE) -> SeatHolder:
        """Refused (`WritesAhead`): the seat is taken once it is written, through `take`."""
        raise WritesAhead(f"game {self.game_id}'s seats are written first: `await take`, not `join`")

    def free(self, seat: int) -> SeatHolder | None:
        """Refused (`WritesAhead`): a seat is freed once it is written, through `let_go`."""
        raise WritesAhead(f"game {self.game_id}'s seats are written first: `await let_go`, not `free`")

    def claim_host(self, pin: str, address: str = "") -> str:
        """Refused (`WritesAhead`): the host's claim counts once it is written, through `claim`."""
        raise WritesAhead(f"game {self.game_id}'s host is written first: `await claim`, not `claim_host`")

    async def take(self, seat: int, name: str, locale: Locale = DEFAULT_LOCALE) -> SeatHolder:
        """The seat is taken once it is written (write ahead), off the event loop."""
        holder = self.holder_for(seat, name, locale)
        if not self.over:  # a newcomer between two games is stored with the next game
            await self.store.write(self.store.bind_seat, self.game_id, holder.seat, holder.name, holder.token)
        self._holders[seat] = holder
        return holder

    async def let_go(self, seat: int) -> SeatHolder | None:
        if self.holder(seat) is not None and not self.over:
            await self.store.write(self.store.free_seat, self.game_id, seat)  # a refusal frees nothing
        return SeatRegistry.free(self, seat)

    async def claim(self, pin: str, address: str = "") -> str:
        """The host's claim (`SeatRegistry.claim_host`), counted once it is written off the
        event loop; the PIN and the host stay as they were when the store refuses it
        (`StoreUnwritable`)."""
        before = (self.host_token, self._pin, dict(self._misses))
        token = SeatRegistry.claim_host(self, pin, address)
        if self.over:
            return token
        try:
            await self.store.write(self.store.bind_host, self.game_id, token)
        except StoreUnwritable:
            self.host_token, self._pin, self._misses = before
            raise
        return token

    def tokens(self) -> dict[int, str]:
        return {seat: holder.token for seat, holder in self._holders.items()}
