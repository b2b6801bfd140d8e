"""One WebSocket of a table, read and written: the checks every client message passes.

The socket handler only checks the form of messages (size, rate, JSON, type); the table
checks everything else (docs/server-protocol.md). Used by the app's own sockets and by a
cluster node serving a spectator of a table another process owns (the same checks).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

from fastapi import WebSocket, WebSocketDisconnect

from .clientlimits import ClientLimits
from .connguard import ABORT_KEY
from .edge import EdgeSettings
from .errors import BadRequest
from .form_limits import NICKNAME_MAX
from .limits import TokenBucket
from .safe_log import log_failure
from .safejson import JSONRejected, parse_json
from .table import Conn, Table
from .textcheck import clean_text

__all__ = [
    "CLIENT_TYPES",
    "SocketLimits",
    "read_socket",
    "refuse",
    "reject",
    "spectator_name",
    "write_frames",
]

log = logging.getLogger("paston.server")

#: The message types a client may send.
CLIENT_TYPES = (
    "action",
    "chat",
    "hint",
    "ping",
    "claim",
    "claim_answer",
    "concede",
    "leave",
    "reaction",
)


def spectator_name(ws: WebSocket) -> str | None:
    """A spectator's chat name from the ``nickname`` query parameter (none if unfit)."""
    raw = ws.query_params.get("nickname")
    if not raw:
        return None
    try:
        return clean_text(raw, "nickname", max_len=NICKNAME_MAX)
    except BadRequest:
        return None


async def refuse(ws: WebSocket, code: str, message: str, close_code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "code": code, "message": message}))
        await ws.close(close_code)


async def write_frames(ws: WebSocket, conn: Conn) -> None:
    """Send the connection's queued frames, in order, until told to stop."""
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            await ws.send_text(text)
    except Exception:
        pass  # the socket is gone; the reader notices too
    finally:
        conn.closed = True
        with contextlib.suppress(Exception):
            # 1008: the client did not read its messages and fell too far behind.
            await ws.close(1008 if conn.overflow else 1000)


class SocketLimits:
    """What the read loop of one socket needs to know about its limits."""

    __slots__ = ("edge", "limits", "token", "who")

    def __init__(self, edge: EdgeSettings, limits: ClientLimits, who: str, token: str | None):
        self.edge = edge
        self.limits = limits
        self.who = who
        self.token = token


async def read_socket(ws: WebSocket, table: Table, conn: Conn, reader: SocketLimits) -> None:
    edge = reader.edge
    # This socket's own bucket; the address and the seat token have theirs (ClientLimits).
    bucket = TokenBucket(edge.messages_per_second, edge.messages_burst, time.monotonic())
    flood = 0
    flood_since = 0.0
    pause = 0.0
    while not conn.closed:
        if pause:
            # A flooding socket is not read until its bucket refills: what it sends waits in
            # its own TCP buffers (back-pressure), so it costs the server next to nothing.
            await asyncio.sleep(pause)
            pause = 0.0
        try:
            message = await asyncio.wait_for(ws.receive(), edge.ws_idle_timeout)
        except TimeoutError:
            idle = f"no message for {edge.ws_idle_timeout:g} s; send a ping now and then"
            await refuse(ws, "idle_timeout", idle, 4408)
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        wait = bucket.take(time.monotonic())
        if not wait:
            wait = reader.limits.message(reader.who, reader.token)
        if not wait and flood > edge.messages_burst and bucket.tokens < edge.messages_burst / 2:
            # A socket caught flooding stays refused until it has slowed down (half its burst
            # refilled): a token now and then must not let part of a flood through.
            wait = 1.0 / edge.messages_per_second
        limited = wait > 0
        if limited:
            now = time.monotonic()
            flood += 1
            if flood == 1:
                flood_since = now
            flooding = flood > edge.messages_burst
            if flood >= edge.flood_close or (flooding and now - flood_since > edge.flood_seconds):
                await _drop_flooder(ws)
                return
            pause = min(wait, 1.0) if flooding else 0.0
        elif bucket.tokens >= edge.messages_burst / 2:
            # Only a socket that slowed down long enough to refill half its burst is forgiven:
            # one that sends as fast as it can gets a token now and then, and must not reset
            # its count with it (it would never be closed).
            flood = 0
        text = message.get("text")
        too_large = f"messages over {edge.max_ws_message // 1024} KiB are not read"
        if text is None:
            data = message.get("bytes") or b""
            if len(data) > edge.max_ws_message:
                reject(conn, "too_large", too_large)
            else:
                reject(conn, "bad_message", "binary frames are not accepted; send JSON text")
            continue
        if len(text) > edge.max_ws_message:
            reject(conn, "too_large", too_large)
            continue
        try:
            msg = parse_json(
                text, max_depth=edge.max_json_depth, max_int_digits=edge.max_int_digits
            )
        except JSONRejected as exc:
            reject(conn, "bad_message", f"the message is not acceptable JSON: {exc}")
            continue
        if not isinstance(msg, dict):
            reject(conn, "bad_message", "a message is a JSON object with a 'type'")
            continue
        cid = msg.get("command_id") if isinstance(msg.get("command_id"), str) else None
        if limited:
            # Parsed only to name the command: the client knows which one to send again.
            reject(
                conn,
                "rate_limited",
                f"more than {edge.messages_per_second:g} messages a second (bursts of "
                f"{edge.messages_burst}); slow down and send it again in {wait:.1f} s",
                cid,
            )
            continue
        kind = msg.get("type")
        if kind not in CLIENT_TYPES:
            reject(
                conn,
                "unknown_type",
                f"unknown message type {str(kind)[:40]!r}; one of: {', '.join(CLIENT_TYPES)}",
                cid,
            )
            continue
        over = reader.limits.command(str(kind), reader.who, reader.token)
        if over is not None:
            reject(conn, "rate_limited", f"{over}; send it again later", cid)
            continue
        try:
            await table.handle(conn, msg)
        except Exception as exc:
            # A bug or a strange message must never take the table down. The exception's
            # type only: its text could hold game data.
            log_failure(log, "table %s: error handling a %s message", exc, table.id, kind)
            reject(conn, "server_error", "the server could not handle this message", cid)


async def _drop_flooder(ws: WebSocket) -> None:
    """Tell a flooding socket why, then drop it: aborted where the server allows (its backlog
    is never read), else closed with 1008."""
    flooding = {"type": "error", "code": "rate_limited", "message": "flooding; disconnected"}
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps(flooding))
    abort = ws.scope.get(ABORT_KEY)
    if abort is not None:
        # No closing handshake: it would read the flood's backlog first (measured: each such
        # close stalled the server for tens of milliseconds; benchmarks/server_flood.py).
        await asyncio.sleep(0.05)  # the error frame leaves first
        abort()
        return
    with contextlib.suppress(Exception):
        await ws.close(1008)


def reject(conn: Conn, code: str, message: str, cid: str | None = None) -> None:
    conn.send_json({"type": "reject", "command_id": cid, "code": code, "message": message})
