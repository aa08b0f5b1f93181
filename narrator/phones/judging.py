"""The judge's side of the table: what the moderator asks of it (the keypad's decision, a
deadline's close, the host's undo, a shared decision settled once the store writes again, the
narration's next step), each given as one of the table's orders and awaited (table Rule 1:
the orders' one task carries it out, in its turn, after every touch that came before)."""

from __future__ import annotations

from engine.decisions import Decision
from engine.state import Pending
from narrator.inbox import Applied
from narrator.phones.orders import Close, Decide, NextStep, Orders, Settle, Undo


class Judging:
    """The moderator's asks, as orders of `orders`."""

    def __init__(self, orders: Orders) -> None:
        self._orders = orders

    async def narrate_next(
        self, step: str | None, *, final: bool = False, seconds: float | None = None
    ) -> None:
        """`narrate` as an order (table Rule 1): the touches that came before are answered first."""
        await self._orders.give(NextStep(step, final, seconds))

    async def apply(
        self, decision: Decision, by: int | None = None, *, pending: Pending | None = None
    ) -> Applied:
        """Apply a decision made elsewhere (the keypad, the moderator) as an order (table Rule 1);
        IllegalDecision as the engine raises it, StoreUnwritable (nothing taken), Stale when
        `pending` (the step it was made for) was decided while the order waited."""
        applied: Applied = await self._orders.give(Decide(decision, by, pending))
        return applied

    async def close_step(self, pending: Pending | None = None) -> Applied | None:
        """Apply what the phones gave for the pending collective decision (a deadline passed),
        as an order; None when it is not a collective one or (`pending` given) no longer
        the game's pending one."""
        closed: Applied | None = await self._orders.give(Close(pending))
        return closed

    async def undo(self, decided: int) -> Decision:
        """Take the game's last decision back as an order (table Rule 1), from the store first; Stale
        when the game no longer has `decided` decisions (one came while it waited)."""
        taken: Decision = await self._orders.give(Undo(decided))
        return taken

    async def settle(self) -> Applied | None:
        """Apply the pending collective decision if every part of it is in, as an order (after
        the store refused it: the moderator calls this once the store writes again)."""
        settled: Applied | None = await self._orders.give(Settle())
        return settled
