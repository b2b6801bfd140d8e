"""The bot-CPU budget of each client: how much bot thinking one client may make the server do.

Every bot decision and hint is charged, in CPU seconds measured where the bot ran, to one
client: the one that created the table for its bots, the one sitting at the seat for a
stand-in or a hint (see ``Table.bot_client``). A client's budget is a bucket of ``burst``
CPU seconds refilling at ``per_minute`` a minute. A decision may start while the bucket holds
anything; its cost is taken afterwards, so the bucket may go below zero and must refill past
that debt first. A client whose bucket is empty gets its bots' decisions at the cheap level
(:class:`~paston.server.bots_runner.BotRunner` falls back to the game's ``casual`` level):
its tables play on, at little cost, and nobody else waits for them.

Memory is bounded: at most ``max_clients`` buckets are kept, the least recently charged
dropped first (a dropped bucket is one that would have refilled).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

__all__ = ["CpuBudget"]


class CpuBudget:
    """A bucket of CPU seconds per client (module doc)."""

    def __init__(
        self,
        per_minute: float,
        burst: float,
        *,
        max_clients: int = 20_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if per_minute < 0 or burst <= 0:
            raise ValueError("a bot-CPU budget needs per_minute >= 0 and burst > 0")
        self.rate = per_minute / 60.0
        self.burst = burst
        self.max_clients = max_clients
        self.clock = clock
        #: client -> (seconds left, when last refilled)
        self._left: OrderedDict[str, tuple[float, float]] = OrderedDict()
        #: Decisions made at the cheap level because the client's budget was spent (stats).
        self.fallbacks = 0

    def left(self, client: str) -> float:
        """CPU seconds ``client`` may still use now (negative: a debt to refill first)."""
        now = self.clock()
        entry = self._left.get(client)
        if entry is None:
            return self.burst
        seconds, since = entry
        return min(self.burst, seconds + (now - since) * self.rate)

    def allows(self, client: str) -> bool:
        """Whether ``client``'s next decision may run at the level it asked for."""
        return self.left(client) > 0.0

    def charge(self, client: str, seconds: float) -> None:
        """Take ``seconds`` of CPU from ``client``'s bucket."""
        left = self.left(client) - max(0.0, seconds)
        self._left[client] = (left, self.clock())
        self._left.move_to_end(client)
        while len(self._left) > self.max_clients:
            self._left.popitem(last=False)

    def __len__(self) -> int:
        return len(self._left)
