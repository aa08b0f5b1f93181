"""Who may still come in: the token buckets of the rate limits, and the addresses locked out a
while for abuse.

Rule 1: every close for abuse is a strike against its address: a phone cut off for not
        reading what it is sent (its queue past `Limits.pending_chars`), a phone closed for
        sending past its rate, a frame over `Limits.frame_bytes`.
Rule 2: an address is locked out for `penalty_s` once it has `strikes` strikes within
        `penalty_s`. A flood or a frame too big counts them all at once (the page never sends
        either), and so does a connection with no seat cut for not reading (the lobby sends a
        few K characters: only a client asking for welcome after welcome piles up 256 K); a
        seated phone cut for not reading counts one, so a phone whose Wi-Fi stalled is cut and
        comes back to its seat, while a second cut within `penalty_s` locks it out (a phone
        that reads piles up 256 K characters in minutes, not seconds).
Rule 3: a lock-out keeps out new connections of that address only (answered 403 the moment
        they open: `door.py`; a socket opened just before is refused its upgrade): the phones
        already there, and every other address, go on.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

MAX_ADDRESSES = 4096  # addresses counted (claims, strikes) before the count starts afresh


class Abuse(Enum):
    """Why a connection was closed for abuse (Rule 1)."""

    DEAF = "deaf"  # a seated phone did not read what it was sent
    DEAF_SEATLESS = "deaf_seatless"  # a connection with no seat did not read what it was sent
    FLOOD = "flood"  # it sent past its rate
    TOO_BIG = "too_big"  # it sent a frame over the cap


class Bucket:
    """A token bucket: `burst` messages at once, then `rate` a second."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()
        self.refused = 0  # messages refused since the last one taken

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


class Addresses:
    """What each address may still do: a token bucket per address (the host's claims:
    `claim_burst` at once, then `claim_rate` a second) and the strikes and lock-outs of
    Rules 1–3 (`penalty_s` seconds on `clock`)."""

    def __init__(
        self,
        claim_rate: float,
        claim_burst: int,
        penalty_s: float,
        strikes: int,
        clock: Callable[[], float],
    ) -> None:
        self.claim_rate, self.claim_burst = claim_rate, claim_burst
        self.penalty_s, self.strikes, self.clock = penalty_s, strikes, clock
        self._claims: dict[str, Bucket] = {}
        self._struck: dict[str, list[float]] = {}  # address → when its strikes came
        self._locked: dict[str, float] = {}  # address → until when

    def may_claim(self, address: str) -> bool:
        """One more claim from `address`, before the PIN is looked at."""
        if len(self._claims) > MAX_ADDRESSES:
            self._claims.clear()
        bucket = self._claims.setdefault(address, Bucket(self.claim_rate, self.claim_burst, self.clock))
        return bucket.take()

    def strike(self, address: str, abuse: Abuse) -> None:
        """A close for `abuse` from `address` (Rule 1); locks it out at its last strike
        (Rule 2)."""
        now = self.clock()
        since = now - self.penalty_s
        if len(self._struck) > MAX_ADDRESSES:
            self._struck = {a: times for a, times in self._struck.items() if times[-1] > since}
        for old in [a for a, until in self._locked.items() if until <= now]:
            del self._locked[old]
        struck = [at for at in self._struck.get(address, []) if at > since]
        struck += [now] * (1 if abuse is Abuse.DEAF else self.strikes)
        if len(struck) < self.strikes:
            self._struck[address] = struck
            return
        self._struck.pop(address, None)
        for old in [a for a, until in self._locked.items() if until <= now]:
            del self._locked[old]
        self._locked[address] = now + self.penalty_s

    def is_locked_out(self, address: str) -> bool:
        return self._locked.get(address, float("-inf")) > self.clock()
