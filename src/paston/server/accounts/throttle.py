"""Failure counting for log-in and registration, in bounded memory.

:class:`FailureLimiter` (registrations): a key that failed ``limit`` times within ``window``
seconds is refused until the oldest of those failures leaves the window.

:class:`BackoffLimiter` (log-ins): exponential back-off instead of a lock. A key (an account
name, an address prefix, a known browser) may fail ``free`` times; after that each try waits
``first`` seconds after the last failure, twice as long after each further failure, never
more than ``most``; failures older than ``window`` are forgotten. A name being guessed is
slowed down to a few tries an hour, yet it is never locked: the wait after the last failure
is at most ``most`` seconds (and a browser that logged in before is not slowed by others'
failures at all: :mod:`.devices`).

Only keys seen recently are kept, and at most ``max_keys`` of them (the least recent are
forgotten first), so a flood of made-up names cannot grow the memory without bound.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence

__all__ = ["BackoffLimiter", "FailureLimiter", "backoff_depth", "backoff_wait", "prefix_key"]


def prefix_key(client: str) -> str:
    """The address prefix a client's log-in failures count under: its IPv4 /24 or its IPv6
    /64 (one household, office or host holds a whole one; an attacker rarely holds many)."""
    try:
        net = ipaddress.ip_network(client, strict=False)
    except ValueError:
        return client  # not an address ("unknown"): counted as it is
    if isinstance(net, ipaddress.IPv6Network):
        mapped = net.network_address.ipv4_mapped
        if mapped is None:
            return str(net.supernet(new_prefix=64) if net.prefixlen > 64 else net)
        net = ipaddress.ip_network(f"{mapped}/32")
    return str(net.supernet(new_prefix=24) if net.prefixlen > 24 else net)


def backoff_wait(ages: Sequence[float], free: int, first: float, most: float) -> float:
    """Seconds a key must still wait, given how long ago each of its remembered failures was
    (0.0: it may try now). ``free`` failures cost nothing; the next try waits ``first`` s after
    the last failure, doubling with each failure beyond, at most ``most`` s."""
    over = len(ages) - free
    if over < 0:
        return 0.0
    delay = min(most, first * 2.0 ** min(over, 60))
    return max(0.0, delay - min(ages))


def backoff_depth(free: int, first: float, most: float) -> int:
    """Failures worth remembering per key: beyond this many the wait is ``most`` anyway."""
    steps = 0 if most <= first else math.ceil(math.log2(most / first))
    return free + steps + 1


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


class BackoffLimiter:
    """Exponential back-off per key (see the module's docstring)."""

    def __init__(
        self,
        free: int,
        first: float,
        most: float,
        window: float,
        *,
        max_keys: int = 20_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.free = free
        self.first = first
        self.most = most
        self.window = window
        self.max_keys = max_keys
        self.clock = clock
        self._depth = backoff_depth(free, first, most)
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
        if times is None:
            return 0.0
        return backoff_wait([now - t for t in times], self.free, self.first, self.most)

    def fail(self, key: str) -> None:
        now = self.clock()
        times = self._recent(key, now)
        if times is None:
            times = self._seen[key] = deque(maxlen=self._depth)
        times.append(now)
        self._seen.move_to_end(key)
        while len(self._seen) > self.max_keys:
            self._seen.popitem(last=False)

    def clear(self, key: str) -> None:
        self._seen.pop(key, None)
