"""Per-client rate limits and quotas at the server's edge, in bounded memory.

A *client* is an address (an IPv6 address counts by its /64 network: one host usually holds a
whole one) or a seat token. :class:`KeyedBuckets` gives every client a token bucket;
:class:`Holdings` counts what a client holds (open tables it created, seats it took) through a
liveness test, so a table that ends stops counting without any bookkeeping at the table.
Both forget the least recently seen clients beyond ``max_keys``: a forgotten bucket is one that
would have refilled anyway, and a forgotten holding is one with nothing alive left in it.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable

__all__ = ["Holdings", "KeyedBuckets", "TokenBucket", "client_key", "forwarded_client"]


class TokenBucket:
    """``rate`` events a second on average, bursts of up to ``burst``."""

    __slots__ = ("burst", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = now

    def take(self, now: float, cost: float = 1.0) -> float:
        """Take ``cost`` tokens: 0.0 if allowed, else the seconds until it would be."""
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return 0.0
        return (cost - self.tokens) / self.rate if self.rate > 0 else float("inf")


class KeyedBuckets:
    """A token bucket per key, remembering at most ``max_keys`` keys (least recent dropped)."""

    def __init__(
        self,
        rate: float,
        burst: float,
        *,
        max_keys: int = 20_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[Hashable, TokenBucket] = OrderedDict()

    def take(self, key: Hashable, cost: float = 1.0) -> float:
        """0.0 if ``key`` may go on, else the seconds it should wait."""
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take(now, cost)

    def __len__(self) -> int:
        return len(self._buckets)


class Holdings:
    """What each client holds (e.g. the open tables it created), counted while ``alive``."""

    def __init__(self, alive: Callable[[Hashable], bool], *, max_keys: int = 20_000) -> None:
        self.alive = alive
        self.max_keys = max_keys
        self._held: dict[Hashable, list[Hashable]] = {}

    def count(self, key: Hashable) -> int:
        """How many live things ``key`` holds (dead ones are dropped on the way)."""
        items = self._held.get(key)
        if not items:
            return 0
        items[:] = [item for item in items if self.alive(item)]
        if not items:
            del self._held[key]
        return len(items)

    def add(self, key: Hashable, item: Hashable) -> None:
        self._held.setdefault(key, []).append(item)
        if len(self._held) > self.max_keys:
            self.prune()

    def prune(self) -> None:
        """Drop every client that holds nothing alive (amortized: runs when over max_keys)."""
        for key in list(self._held):
            self.count(key)

    def __len__(self) -> int:
        return len(self._held)


def client_key(address: str) -> str:
    """The key a client is limited by: its IPv4 address, or its IPv6 /64 network."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def forwarded_client(
    peer: str | None,
    forwarded_for: str | None,
    trusted: Iterable[ipaddress.IPv4Network | ipaddress.IPv6Network],
) -> str:
    """The client's address: ``peer``, unless ``peer`` is a trusted proxy; then the rightmost
    ``X-Forwarded-For`` entry that is not itself a trusted proxy (entries left of it were
    written by the client and prove nothing)."""
    nets = list(trusted)
    if peer is None:
        return "unknown"
    if not nets or not forwarded_for or not _in(peer, nets):
        return peer
    hops = [h.strip() for h in forwarded_for.split(",") if h.strip()]
    for hop in reversed(hops):
        if not _in(hop, nets):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return peer  # a garbled header: count the proxy itself
    return peer


def _in(address: str, nets: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in nets)
