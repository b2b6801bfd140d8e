"""Connection guard for uvicorn: a header read timeout and a cap on connections per address.

uvicorn times out idle keep-alive connections but not a request that trickles its headers in
one byte at a time, and it lets one address open any number of connections. The protocol
class built here (a subclass of uvicorn's own HTTP protocol) closes a connection that has not
sent a complete request head within ``header_timeout`` seconds, and closes new connections from
an address that already holds ``per_address`` open ones. Trusted proxies are exempt from the
cap (every client behind them shares their address); the app limits those clients by their
forwarded address instead.

Connections are counted by their transports, so one upgraded to a WebSocket (whose protocol
object is then uvicorn's WebSocket one) still counts until its transport closes.
"""

from __future__ import annotations

import asyncio
import ipaddress
from typing import Any

__all__ = ["guarded_http_protocol"]


def _base_protocol() -> type[Any]:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return HttpToolsProtocol
    except ImportError:  # httptools is optional for uvicorn
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol


def guarded_http_protocol(
    *,
    header_timeout: float,
    per_address: int,
    trusted: list[ipaddress.IPv4Network | ipaddress.IPv6Network],
) -> type[Any]:
    """A uvicorn ``http`` protocol class enforcing the timeout and the cap (one per server)."""
    base = _base_protocol()
    open_by_address: dict[str, set[asyncio.BaseTransport]] = {}
    made = [0]

    def prune() -> None:
        # WebSocket connections end in uvicorn's WebSocket protocol, not here: sweep the
        # closed ones now and then so the table stays as small as the open connections.
        for address in list(open_by_address):
            live = {t for t in open_by_address[address] if not t.is_closing()}
            if live:
                open_by_address[address] = live
            else:
                del open_by_address[address]

    def exempt(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in trusted)

    class GuardedProtocol(base):  # type: ignore[misc, valid-type]
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            made[0] += 1
            if made[0] % 1000 == 0:
                prune()
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if peer else ""
            if address and not exempt(address):
                live = {t for t in open_by_address.get(address, ()) if not t.is_closing()}
                if len(live) >= per_address:
                    # Over the cap: close before reading a byte (the client sees a reset).
                    transport.close()
                    return
                live.add(transport)
                open_by_address[address] = live
            self._start_header_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_header_timer()
            peer = self.transport.get_extra_info("peername") if self.transport else None
            if peer:
                held = open_by_address.get(str(peer[0]))
                if held is not None:
                    held.discard(self.transport)
                    if not held:
                        del open_by_address[str(peer[0])]
            super().connection_lost(exc)

        # A new request on a kept-alive connection gets its own deadline for its head.
        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._header_timer is None:
                self._start_header_timer()

        def on_headers_complete(self) -> None:
            self._stop_header_timer()
            super().on_headers_complete()

        def handle_events(self) -> None:  # the h11 variant: stop once a request has started
            super().handle_events()
            if getattr(self, "cycle", None) is not None:
                self._stop_header_timer()

        def _start_header_timer(self) -> None:
            self._stop_header_timer()
            loop = asyncio.get_running_loop()
            self._header_timer = loop.call_later(header_timeout, self._header_timed_out)

        def _stop_header_timer(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _header_timed_out(self) -> None:
            self._header_timer = None
            if self.transport is not None and not self.transport.is_closing():
                self.transport.close()

    GuardedProtocol.__name__ = f"Guarded{base.__name__}"
    return GuardedProtocol


#: The ASGI scope key under which :class:`AbortHook` leaves a function that drops the
#: connection at once (or None when the server does not let us reach its transport).
ABORT_KEY = "paston.abort"


class AbortHook:
    """ASGI middleware: gives WebSocket handlers a way to drop a connection without the
    closing handshake. A graceful close reads everything the client sent before its close
    frame; a client that flooded has megabytes of it waiting, and reading them stalls the
    server for a few hundred milliseconds. Works with uvicorn, whose ``send`` is a method of
    its protocol object (which holds the transport); elsewhere the hook is None."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            transport = getattr(getattr(send, "__self__", None), "transport", None)
            scope[ABORT_KEY] = getattr(transport, "abort", None)
        await self.app(scope, receive, send)
