"""Who sits where: each taken seat is bound to a name and a secret token held by one phone.

Rule 1: a free seat goes to the first phone that asks for it; the answer holds the token.
Rule 2: the token is the only key back to the seat (and to its secrets); a taken seat is
        refused to anyone without it.
Rule 3: a name is shown to every phone, so it is cleaned first, and read as the table reads
        it (`narrator.phones.names`): nothing visible left, a seat number in any script, the
        judge's title or another seat's name (after folding case, width, spaces, fillers and
        look-alike letters) is refused.
Rule 4: the host is whoever last traded the host's PIN for the host token. The PIN is shown
        on the box only when asked for and serves once; each claim makes a new host token, so
        the one before is worthless. Nothing on the box's screen or voice gives the token
        itself. Wrong tries are counted per address: after `PIN_TRIES` of them that address
        may not claim until the PIN changes (a claim, or a new PIN the box's owner asks for:
        `new_pin`), so a stranger can neither guess the PIN nor take it from the real host.
Rule 5: the host may free a seat; its old token is then worthless.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass

from narrator.phones.catalogue import DEFAULT_LOCALE, Locale
from narrator.phones.messages import Refusal
from narrator.phones.names import check

PIN_DIGITS = 6
PIN_TRIES = 5  # wrong PINs from one address before it may not claim (5 guesses in a million)


@dataclass(slots=True)
class SeatHolder:
    seat: int
    name: str
    token: str
    locale: Locale = DEFAULT_LOCALE


def new_token() -> str:
    return secrets.token_urlsafe(24)


class SeatRegistry:
    """The seats 1..`seats` of one table, who holds them, and the host's key."""

    def __init__(self, seats: int, host_token: str | None = None) -> None:
        self.seats = seats
        self.host_token = host_token or new_token()
        self._holders: dict[int, SeatHolder] = {}
        self._pin: str | None = None
        self._misses: dict[str, int] = {}  # address → wrong PINs given for the current PIN

    def join(self, seat: int, name: str, locale: Locale = DEFAULT_LOCALE) -> SeatHolder:
        """Bind the free `seat` to the cleaned `name` (Rule 3) and a new token."""
        holder = self.holder_for(seat, name, locale)
        self._holders[seat] = holder
        return holder

    def holder_for(self, seat: int, name: str, locale: Locale = DEFAULT_LOCALE) -> SeatHolder:
        """The holder `join` would bind (its token new); Refusal as `join`; changes nothing."""
        if not 1 <= seat <= self.seats:
            raise Refusal("no_such_seat")
        if seat in self._holders:
            raise Refusal("seat_taken")
        others = (holder.name for other, holder in self._holders.items() if other != seat)
        return SeatHolder(seat, check(name, others), new_token(), locale)

    async def take(self, seat: int, name: str, locale: Locale = DEFAULT_LOCALE) -> SeatHolder:
        """`join`, awaiting what must be written first (a store's registry writes it off the
        event loop; this one writes nothing)."""
        return self.join(seat, name, locale)

    async def let_go(self, seat: int) -> SeatHolder | None:
        """`free`, awaiting what must be written first."""
        return self.free(seat)

    async def claim(self, pin: str, address: str = "") -> str:
        """`claim_host`, awaiting what must be written first."""
        return self.claim_host(pin, address)

    def rejoin(self, token: str) -> SeatHolder:
        """The holder whose token is `token` (compared in constant time)."""
        for holder in self._holders.values():
            if hmac.compare_digest(holder.token.encode(), token.encode()):
                return holder
        raise Refusal("bad_token")

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host_token.encode(), token.encode())

    def host_pin(self) -> str:
        """The PIN a phone may trade for the host token (Rule 4): the same one until it is
        used or dropped, then a new one. For the box's owner only: show it on request."""
        if self._pin is None:
            self._pin = f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"
            self._misses = {}
        return self._pin

    def new_pin(self) -> str:
        """A new PIN (the box's owner asked for one): the old one is worthless, and every
        address may try again."""
        self._pin = None
        return self.host_pin()

    def barred(self) -> bool:
        """Whether some address gave PIN_TRIES wrong PINs for the current PIN."""
        return any(misses >= PIN_TRIES for misses in self._misses.values())

    def claim_host(self, pin: str, address: str = "") -> str:
        """A new host token for the phone that gives the current PIN; the PIN and the host
        token before are worthless from now on. Refusal "bad_pin" for any other PIN (or when
        no PIN was asked for), "host_barred" once `address` gave PIN_TRIES of them (Rule 4)."""
        if self._misses.get(address, 0) >= PIN_TRIES:
            raise Refusal("host_barred")
        if self._pin is None or not hmac.compare_digest(self._pin.encode(), pin.encode()):
            if self._pin is not None:
                self._misses[address] = self._misses.get(address, 0) + 1
            raise Refusal("bad_pin")
        self._pin = None
        self._misses = {}
        self.host_token = new_token()
        return self.host_token

    def free(self, seat: int) -> SeatHolder | None:
        """Free `seat`; the holder it had, or None when it was free."""
        return self._holders.pop(seat, None)

    def holder(self, seat: int) -> SeatHolder | None:
        return self._holders.get(seat)

    def lobby(self) -> list[dict[str, object]]:
        """Every seat with its name when taken: what any phone may see before it sits."""
        return [
            {"seat": seat, "name": self._holders[seat].name if seat in self._holders else None}
            for seat in range(1, self.seats + 1)
        ]

    def names(self) -> dict[int, str]:
        return {seat: holder.name for seat, holder in sorted(self._holders.items())}
