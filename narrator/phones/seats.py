"""Who sits where: each taken seat is bound to a name and a secret token held by one phone.

Rule 1: a free seat goes to the first phone that asks for it; the answer holds the token.
Rule 2: the token is the only key back to the seat (and to its secrets); a taken seat is
        refused to anyone without it.
Rule 3: the host (whose token is printed on the box) may free a seat; its old token is
        then worthless.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass

from narrator.phones.catalogue import DEFAULT_LOCALE, Locale
from narrator.phones.messages import Refusal


@dataclass(slots=True)
class SeatHolder:
    seat: int
    name: str
    token: str
    locale: Locale = DEFAULT_LOCALE


def new_token() -> str:
    return secrets.token_urlsafe(24)


class SeatRegistry:
    """The seats 1..`seats` of one table and who holds them."""

    def __init__(self, seats: int, host_token: str | None = None) -> None:
        self.seats = seats
        self.host_token = host_token or new_token()
        self._holders: dict[int, SeatHolder] = {}

    def join(self, seat: int, name: str, locale: Locale = DEFAULT_LOCALE) -> SeatHolder:
        """Bind the free `seat` to `name` and a new token."""
        if not 1 <= seat <= self.seats:
            raise Refusal("no_such_seat")
        if seat in self._holders:
            raise Refusal("seat_taken")
        holder = SeatHolder(seat, name, new_token(), locale)
        self._holders[seat] = holder
        return holder

    def rejoin(self, token: str) -> SeatHolder:
        """The holder whose token is `token` (compared in constant time)."""
        for holder in self._holders.values():
            if hmac.compare_digest(holder.token.encode(), token.encode()):
                return holder
        raise Refusal("bad_token")

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host_token.encode(), token.encode())

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
