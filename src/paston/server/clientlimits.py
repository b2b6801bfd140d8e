"""What one client may do: the per-address and per-token limits of :class:`EdgeSettings`.

The app asks before it acts (``check_*``) and tells after it succeeds (``note_*``); every
refusal is a :class:`RateLimited` (HTTP 429, code ``rate_limited`` or ``quota_exceeded``) with a
sentence saying what the limit is and when to try again. With ``client_limits`` off, only the
per-socket message rate applies.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Mapping
from typing import Any

from .edge import EdgeSettings
from .errors import BadRequest
from .limits import Holdings, KeyedBuckets, TokenBucket, client_key, forwarded_client

__all__ = ["ClientLimits", "RateLimited", "RequestRateMiddleware"]


class RateLimited(BadRequest):
    """A client went over a limit; ``retry_after`` is in seconds (None: when it holds less)."""

    def __init__(self, message: str, code: str = "rate_limited", retry_after: float | None = None):
        super().__init__(message, code, 429)
        self.retry_after = retry_after


def _wait(seconds: float) -> str:
    return f"try again in {max(1, math.ceil(seconds))} s"


class ClientLimits:
    """The limiters of one server process (memory bounded by ``max_clients_tracked``)."""

    def __init__(self, edge: EdgeSettings, is_open_table: Callable[[str], bool]) -> None:
        self.edge = edge
        self.enabled = edge.client_limits
        self.trusted = edge.trusted_networks()
        n = edge.max_clients_tracked
        self.requests = KeyedBuckets(edge.requests_per_second, edge.requests_burst, max_keys=n)
        self.creates = KeyedBuckets(edge.tables_per_minute / 60, edge.tables_burst, max_keys=n)
        self.joins = KeyedBuckets(edge.joins_per_minute / 60, edge.joins_burst, max_keys=n)
        self.connects = KeyedBuckets(
            edge.ws_connects_per_minute / 60, edge.ws_connects_burst, max_keys=n
        )
        self.address_messages = KeyedBuckets(
            edge.address_messages_per_second, edge.address_messages_burst, max_keys=n
        )
        self.token_messages = KeyedBuckets(
            edge.messages_per_second, edge.messages_burst, max_keys=n
        )
        self.chats = KeyedBuckets(edge.chats_per_minute / 60, edge.chats_burst, max_keys=n)
        self.hints = KeyedBuckets(edge.hints_per_minute / 60, edge.hints_burst, max_keys=n)
        self.owned = Holdings(lambda item: is_open_table(str(item)), max_keys=n)
        self.seats = Holdings(
            lambda item: is_open_table(str(item[0])),  # type: ignore[index]
            max_keys=n,
        )
        # Open sockets: entries exist only while a socket is open, so they are bounded by it.
        self.sockets_by_address: dict[str, int] = {}
        self.sockets_by_token: dict[str, int] = {}

    # ----------------------------------------------------------------- who

    def client_of(self, scope: Mapping[str, Any]) -> str:
        """The limiting key of the client behind an ASGI connection scope."""
        peer = scope.get("client")
        address = str(peer[0]) if peer else None
        forwarded = None
        if self.trusted:
            for name, value in scope.get("headers", ()):
                if name == b"x-forwarded-for":
                    forwarded = value.decode("latin-1")
        return client_key(forwarded_client(address, forwarded, self.trusted))

    # ----------------------------------------------------------------- REST

    def check_request(self, who: str) -> RateLimited | None:
        """Any REST request: the address's overall request rate."""
        if not self.enabled:
            return None
        wait = self.requests.take(who)
        if wait:
            return RateLimited(
                f"at most {self.edge.requests_per_second:g} requests a second (bursts of "
                f"{self.edge.requests_burst}); {_wait(wait)}",
                retry_after=wait,
            )
        return None

    def check_create(self, who: str) -> None:
        if not self.enabled:
            return
        held = self.owned.count(who)
        if held >= self.edge.open_tables_per_client:
            raise RateLimited(
                f"you have {held} unfinished tables (at most "
                f"{self.edge.open_tables_per_client}); finish or leave one first",
                "quota_exceeded",
            )
        wait = self.creates.take(who)
        if wait:
            raise RateLimited(
                f"at most {self.edge.tables_burst} new tables at once and "
                f"{self.edge.tables_per_minute:g} a minute; {_wait(wait)}",
                retry_after=wait,
            )

    def note_created(self, who: str, table_id: str) -> None:
        if self.enabled:
            self.owned.add(who, table_id)

    def check_join(self, who: str) -> None:
        if not self.enabled:
            return
        held = self.seats.count(who)
        if held >= self.edge.seats_per_client:
            raise RateLimited(
                f"you hold {held} seats at unfinished tables (at most "
                f"{self.edge.seats_per_client})",
                "quota_exceeded",
            )
        wait = self.joins.take(who)
        if wait:
            raise RateLimited(
                f"at most {self.edge.joins_burst} joins at once and "
                f"{self.edge.joins_per_minute:g} a minute; {_wait(wait)}",
                retry_after=wait,
            )

    def note_joined(self, who: str, table_id: str, seat: int) -> None:
        if self.enabled:
            self.seats.add(who, (table_id, seat))

    # ----------------------------------------------------------------- sockets

    def open_socket(self, who: str, token: str | None) -> RateLimited | None:
        """Count a new socket, or say why it may not open (then nothing is counted)."""
        if not self.enabled:
            return None
        wait = self.connects.take(who)
        if wait:
            return RateLimited(
                f"at most {self.edge.ws_connects_burst} connections at once and "
                f"{self.edge.ws_connects_per_minute:g} a minute; {_wait(wait)}",
                retry_after=wait,
            )
        if self.sockets_by_address.get(who, 0) >= self.edge.ws_per_address:
            return RateLimited(
                f"at most {self.edge.ws_per_address} open connections from one address",
                "quota_exceeded",
            )
        if token and self.sockets_by_token.get(token, 0) >= self.edge.ws_per_token:
            return RateLimited(
                f"at most {self.edge.ws_per_token} open connections with one seat token",
                "quota_exceeded",
            )
        self.sockets_by_address[who] = self.sockets_by_address.get(who, 0) + 1
        if token:
            self.sockets_by_token[token] = self.sockets_by_token.get(token, 0) + 1
        return None

    def close_socket(self, who: str, token: str | None) -> None:
        if not self.enabled:
            return
        _decrement(self.sockets_by_address, who)
        if token:
            _decrement(self.sockets_by_token, token)

    def socket_bucket(self, now: float) -> TokenBucket:
        return TokenBucket(self.edge.messages_per_second, self.edge.messages_burst, now)

    def message(self, who: str, token: str | None) -> float:
        """Count one message of a socket beyond its own bucket: 0.0 or seconds to wait."""
        if not self.enabled:
            return 0.0
        wait = self.address_messages.take(who)
        if not wait and token:
            wait = self.token_messages.take(token)
        return wait

    def command(self, kind: str, who: str, token: str | None) -> str | None:
        """Why a chat line or hint request is over its own rate, or None."""
        if not self.enabled:
            return None
        key = token or who
        if kind == "chat" and self.chats.take(key):
            return (
                f"at most {self.edge.chats_burst} chat lines at once and "
                f"{self.edge.chats_per_minute:g} a minute"
            )
        if kind == "hint" and self.hints.take(key):
            return (
                f"at most {self.edge.hints_burst} hints at once and "
                f"{self.edge.hints_per_minute:g} a minute"
            )
        return None


def _decrement(counts: dict[str, int], key: str) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


class RequestRateMiddleware:
    """ASGI middleware: every ``/api/`` request counts against its address's request rate
    (a flood of cheap requests, such as lobby listings, costs the server too)."""

    def __init__(self, app: Any, *, limits: ClientLimits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            refusal = self.limits.check_request(self.limits.client_of(scope))
            if refusal is not None:
                from .bodylimit import send_error

                # Held a moment (a sleeping task, no CPU): a client retrying in a loop on its
                # connections gets at most one refusal a second on each.
                await asyncio.sleep(min(refusal.retry_after or 1.0, 1.0))
                await send_error(
                    send, refusal, {"retry-after": str(math.ceil(refusal.retry_after or 1))}
                )
                return
        await self.app(scope, receive, send)
