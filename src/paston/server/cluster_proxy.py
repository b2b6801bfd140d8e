"""Cluster mode's router: any process accepts any client; what concerns a table another process
owns is passed to that owner.

An ASGI middleware in front of the app's routes. For ``/api/tables/{id}…`` and
``/ws/tables/{id}`` it asks where the table lives: here (it is in memory, or this process can
claim it now and load it from its log: that is also how a dead owner's table is taken over on
demand) or at another process's address (from ``paston_owners``). A request for a remote table
is sent on over HTTP; a socket is relayed over an internal WebSocket to the owner, frame by
frame in both directions. The owner builds every message for that socket's own seat (or as a
spectator), exactly as for its own sockets, so the relay never sees more than its client may.

Relayed requests carry ``X-Paston-Forwarded``, signed with the cluster's key
(:mod:`paston.server.cluster_auth`), so a request is relayed at most once (the owner serves it
or refuses it), and ``X-Forwarded-For`` with the peer's address added (believed by the owner
when the cluster's addresses are among its ``--trusted-proxy`` networks). A client that sends
``X-Paston-Forwarded`` itself cannot sign it: its request is refused (403 ``forged_forward``)
before any route sees it. The client's ``Origin`` and ``Sec-Fetch-*`` headers were checked
here (:mod:`paston.server.csrf`) and are not relayed: the owner's own address is not the
client's page's.

The lobby (``GET /api/tables``) lists the public tables of every process: this one's and
those the others list (asked over HTTP, each at most every :data:`LOBBY_CACHE` seconds).

When the owner dies, its relayed sockets are closed with 1012 ("service restart"); the client
connects again, and by then (or after a second) a live process owns the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Callable
from typing import Any

import httpx
import websockets
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from .cluster import ClusterNode
from .cluster_auth import PEER_KEY, sign, verify
from .registry import TableRegistry

__all__ = ["FORWARDED_HEADER", "ClusterRouter"]

log = logging.getLogger("paston.server")

FORWARDED_HEADER = b"x-paston-forwarded"
_TABLE_PATH = re.compile(r"^/(?:api|ws)/tables/([^/]{1,32})(?:/.*)?$")
#: Headers that describe one hop only (never copied onto the next one).
_HOP_HEADERS = {
    b"host",
    b"connection",
    b"keep-alive",
    b"transfer-encoding",
    b"content-length",
    b"upgrade",
    b"x-forwarded-for",
    FORWARDED_HEADER,
    # Checked at the edge (csrf.py); the owner sees the relay, not the client's page.
    b"origin",
    b"sec-fetch-site",
    b"sec-fetch-mode",
    b"sec-fetch-dest",
    b"sec-fetch-user",
}
#: Seconds a relayed HTTP request may take at the owner.
FORWARD_TIMEOUT = 15.0
#: Seconds the other processes' lobby lists are reused; seconds one may take to answer.
LOBBY_CACHE = 1.0
LOBBY_TIMEOUT = 2.0
LOBBY_LIMIT = 200


class ClusterRouter:
    """Serve a table here if this process owns it (or can take it), else relay to its owner."""

    def __init__(
        self,
        app: ASGIApp,
        node: Callable[[], ClusterNode],
        registry: Callable[[], TableRegistry],
    ) -> None:
        self.app = app
        self.node = node
        self.registry = registry
        self._http: httpx.AsyncClient | None = None
        self._peer_lobby: tuple[float, list[dict[str, Any]]] = (-1e9, [])

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        match = _TABLE_PATH.match(scope["path"])
        signature = next((v for k, v in scope.get("headers", ()) if k == FORWARDED_HEADER), None)
        forwarded = signature is not None
        if signature is not None:
            checked = await self._check_peer(signature, scope, receive, send)
            if checked is None:
                return
            receive = checked
        if scope["path"] == "/api/tables" and scope.get("method") == "GET" and not forwarded:
            await self._lobby(send)
            return
        address = None if match is None or forwarded else self.owner_elsewhere(match.group(1))
        if address is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await self._relay_http(address, scope, receive, send)
        elif match is not None and (fanout := _spectator_fanout(scope)) is not None:
            # A spectator of a remote table: served from the owner's publications.
            await fanout.serve_spectator(match.group(1), scope, receive, send)
        else:
            await _relay_socket(address, self.node().peer_key, scope, receive, send)

    async def _check_peer(
        self, signature: bytes, scope: Scope, receive: Receive, send: Send
    ) -> Receive | None:
        """Verify a peer's signature: the ``receive`` to go on with (the body read for the
        check is handed to the app again), or None once a forged request was refused."""
        body = b""
        if scope["type"] == "http":
            while True:  # bounded in size and time by the outer middleware
                message = await receive()
                body += message.get("body", b"")
                if not message.get("more_body"):
                    break
        method = scope.get("method", "GET") if scope["type"] == "http" else "WS"
        why = verify(
            self.node().peer_key,
            signature.decode("latin-1"),
            method,
            scope["path"],
            scope.get("query_string", b""),
            body,
        )
        if why is not None:
            message_text = (
                f"X-Paston-Forwarded is for the processes of this cluster only, and this "
                f"request's is not valid: {why}"
            )
            log.warning("cluster: refused a request with a forged X-Paston-Forwarded (%s)", why)
            if scope["type"] == "http":
                await _send_json(send, 403, "forged_forward", message_text)
            else:
                ws = WebSocket(scope, receive, send)
                await ws.accept()
                with contextlib.suppress(Exception):
                    error = {"type": "error", "code": "forged_forward", "message": message_text}
                    await ws.send_text(json.dumps(error))
                    await ws.close(4403)
            return None
        scope[PEER_KEY] = True
        if scope["type"] != "http":
            return receive
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return replay

    def owner_elsewhere(self, table_id: str) -> str | None:
        """The address of the live process that owns ``table_id``, or None to serve it here
        (it is here, it was just taken, or it does not exist: the app answers 404)."""
        registry = self.registry()
        if table_id in registry.tables or registry.get(table_id) is not None:
            return None
        node = self.node()
        address = node.owner_address(table_id)
        return None if address is None or address == node.address else address

    async def _lobby(self, send: Send) -> None:
        """The public tables of every process of the cluster, newest first."""
        tables = [*self.registry().public_tables(LOBBY_LIMIT), *await self._peer_tables()]
        tables.sort(key=lambda t: t.get("created") or 0, reverse=True)
        parts = []
        for summary in tables[:LOBBY_LIMIT]:
            with contextlib.suppress(TypeError, ValueError):
                parts.append(json.dumps(summary, ensure_ascii=False).encode("utf-8"))
        body = b"[" + b",".join(parts) + b"]"
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _peer_tables(self) -> list[dict[str, Any]]:
        at, cached = self._peer_lobby
        now = time.monotonic()
        if now - at < LOBBY_CACHE:
            return cached
        addresses = await asyncio.to_thread(self.node().peer_addresses)
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=FORWARD_TIMEOUT)
        http = self._http
        key = self.node().peer_key

        async def ask(address: str) -> list[dict[str, Any]]:
            try:
                r = await http.get(
                    address + "/api/tables",
                    headers={FORWARDED_HEADER.decode(): sign(key, "GET", "/api/tables")},
                    timeout=LOBBY_TIMEOUT,
                )
                listed = r.json() if r.status_code == 200 else []
            except (httpx.HTTPError, ValueError):
                return []  # a dead process: its tables reappear once taken over
            return [t for t in listed if isinstance(t, dict)] if isinstance(listed, list) else []

        found = [t for part in await asyncio.gather(*map(ask, addresses)) for t in part]
        self._peer_lobby = (now, found)
        return found

    async def _relay_http(self, address: str, scope: Scope, receive: Receive, send: Send) -> None:
        body = b""
        while True:  # the body's size and time were bounded by the outer middleware
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = [(k, v) for k, v in scope["headers"] if k.lower() not in _HOP_HEADERS]
        query = scope.get("query_string", b"")
        signature = sign(self.node().peer_key, scope["method"], scope["path"], query, body)
        headers += [
            (FORWARDED_HEADER, signature.encode("latin-1")),
            (b"x-forwarded-for", _forwarded_for(scope).encode("latin-1")),
        ]
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=FORWARD_TIMEOUT)
        url = address + scope["path"]
        if scope.get("query_string"):
            url += "?" + scope["query_string"].decode("latin-1")
        try:
            r = await self._http.request(scope["method"], url, headers=headers, content=body)
        except httpx.HTTPError:
            await _send_json(
                send,
                503,
                "owner_unreachable",
                "the table's server is not answering; another takes it over within seconds: "
                "try again",
            )
            return
        out = [
            (k.encode("latin-1"), v.encode("latin-1"))
            for k, v in r.headers.items()
            if k.lower().encode() not in _HOP_HEADERS and k.lower() != "content-encoding"
        ]
        out.append((b"content-length", str(len(r.content)).encode()))
        await send({"type": "http.response.start", "status": r.status_code, "headers": out})
        await send({"type": "http.response.body", "body": r.content})

    async def aclose(self) -> None:
        if self._http is not None:
            await self._http.aclose()


def _spectator_fanout(scope: Scope) -> Any:
    """The process's fan-out if this socket is a spectator's (no seat token) and spectators
    are fanned out (:mod:`paston.server.cluster_pubsub`); None: relay it."""
    from .cluster_pubsub import fanout_enabled

    if b"token=" in scope.get("query_string", b"") or not fanout_enabled():
        return None
    app = scope.get("app")
    return getattr(app.state, "fanout", None) if app is not None else None


def _forwarded_for(scope: Scope) -> str:
    """The ``X-Forwarded-For`` of the relayed request: what came in, then the peer. The owner
    takes the rightmost address that is not a trusted proxy, as it would have here."""
    client = scope.get("client")
    peer = str(client[0]) if client else "unknown"
    came = [v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"x-forwarded-for"]
    return ", ".join([*came, peer])


async def _send_json(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _relay_socket(
    address: str, key: bytes, scope: Scope, receive: Receive, send: Send
) -> None:
    """Relay one client socket to the owner's socket for the same table, both ways."""
    ws = WebSocket(scope, receive, send)
    url = "ws" + address.removeprefix("http") + scope["path"]
    query = scope.get("query_string", b"")
    if query:
        url += "?" + query.decode("latin-1")
    signature = sign(key, "WS", scope["path"], query)
    headers = [("X-Paston-Forwarded", signature), ("X-Forwarded-For", _forwarded_for(scope))]
    await ws.accept()
    try:
        upstream = await websockets.connect(
            url, additional_headers=headers, max_size=None, open_timeout=5, ping_interval=None
        )
    except Exception:
        await _close(ws, "owner_unreachable", "the table's server is not answering; reconnect")
        return
    owner_gone = False

    async def down() -> None:
        nonlocal owner_gone
        try:
            async for frame in upstream:
                if isinstance(frame, str):
                    await ws.send_text(frame)
                else:
                    await ws.send_bytes(frame)
        except websockets.ConnectionClosed:
            pass
        code = upstream.close_code
        owner_gone = code is None or code in (1006, 1011, 1012)
        with contextlib.suppress(Exception):
            # The owner's own close code (1000, 1008, 44xx) reaches the client; a dead owner's
            # socket becomes 1012: "connect again", and a live process will have the table.
            await ws.close(1012 if owner_gone else (code or 1000))

    async def up() -> None:
        try:
            while True:
                message: Message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if message.get("text") is not None:
                    await upstream.send(message["text"])
                elif message.get("bytes") is not None:
                    await upstream.send(message["bytes"])
        except (WebSocketDisconnect, RuntimeError, websockets.ConnectionClosed):
            return

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await upstream.close()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
    if owner_gone:
        log.info("cluster: the owner at %s dropped a relayed socket", address)


async def _close(ws: WebSocket, code: str, message: str) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "code": code, "message": message}))
        await ws.close(1013)
