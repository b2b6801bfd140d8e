"""Failure counting for log-in and registration: a few tries per window per key.

A key (a client address, or an account name) that failed ``limit`` times within ``window``
seconds is refused until the oldest of those failures leaves the window. Only keys seen
recently are kept, and at most ``max_keys`` of them (the least recent are forgotten first),
so a flood of made-up names cannot grow the memory without bound.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable

__all__ = ["FailureLimiter"]


class FailureLimiter:
    """Counts failures per key in a sliding window."""

    def __init__(
        self,
        limit: int,
        window: float,
        *,
        max_keys: int = 20_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self.max_keys = max_keys
        self.clock = clock
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, key: str, now: float) -> deque[float] | None:
        times = self._seen.get(key)
        if times is None:
            return None
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._seen[key]
            return None
        return times

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may try again (0: it may now)."""
        now = self.clock()
        times = self._recent(key, now)
        if times is None or len(times) < self.limit:
            return 0.0
        return times[-self.limit] + self.window - now

    def fail(self, key: str) -> None:
        now = self.clock()
        times = self._recent(key, now)
        if times is None:
            times = self._seen[key] = deque(maxlen=self.limit)
        times.append(now)
        self._seen.move_to_end(key)
        while len(self._seen) > self.max_keys:
            self._seen.popitem(last=False)

    def clear(self, key: str) -> None:
        self._seen.pop(key, None)
