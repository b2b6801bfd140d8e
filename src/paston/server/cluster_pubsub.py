"""Cluster mode's spectator fan-out: one PostgreSQL ``NOTIFY`` per public change of a table,
delivered by every process to the spectator sockets it holds for tables other processes own.

Every spectator of a table receives the same messages (the public view, presence events,
chat lines, hint counts), so a process holding spectators of a remote table does not relay each
socket to the owner (that costs the owner one socket and one encoded frame per spectator):

* **Owner** (:class:`Publisher`): once any process asked for a table's spectator snapshot, the
  table's ``on_public`` hook numbers each spectator message (``seq`` 1, 2, … per *epoch*: this
  process's node name and which time it started publishing that table) and one task sends it
  with ``pg_notify`` on :data:`CHANNEL`, in order, over one connection. A message too big for a
  notification (:data:`NOTIFY_LIMIT`) goes into ``paston_fanout`` and the notification carries
  the row's id; rows older than :data:`FANOUT_KEEP` seconds are pruned.
* **Every process** (:class:`Fanout`): one ``LISTEN`` connection. A spectator socket for a table
  owned elsewhere is served here: it first gets a snapshot from the owner (one forwarded
  ``GET …/spectator-snapshot``: the public state and the chat, with the ``seq`` it is at), then
  the stream from ``seq + 1`` on. Notifications that arrive while the snapshot is on its way
  are held and replayed after it, those at or below its ``seq`` dropped, so no message is lost
  or sent twice; a gap in the numbers (a lost notification, a reconnected ``LISTEN``) or
  another epoch makes the socket take a fresh snapshot.
* **Failover**: every second the process compares the owner of each watched table
  (``paston_owners``) with the epoch its sockets follow; when another process took the table
  over, they take a fresh snapshot from it (which starts its publications). A table stopped at
  its owner (evicted, shut down) closes its remote spectators with 1012: they reconnect, and a
  live process serves the table.

Seated players stay relayed (:mod:`paston.server.cluster_proxy`): each seat's view is private
(its hand, its legal actions, its hints), so there is nothing to share between two sockets.
A remote spectator's chat line is sent to the owner (``POST …/spectator-chat``); the line itself
comes back to everybody through the stream. Both internal routes answer only requests signed
by a process of the cluster (:mod:`paston.server.cluster_auth`), and the owner checks a
forwarded line as every chat line: the nickname and the text (:mod:`paston.server.textcheck`),
the client's message and chat rates (its address, as the forwarding process saw it). Only what
the table sends to its own spectators is ever published, so no hidden card reaches the
channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import logging
import os
import time
from typing import TYPE_CHECKING, Any, cast

import httpx
import psycopg
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy.engine import make_url
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from .cluster_auth import PEER_KEY, sign
from .errors import BadRequest
from .form_limits import NICKNAME_MAX
from .sockets import SocketLimits, read_socket, spectator_name
from .table import Conn, Table, _dumps
from .textcheck import clean_text

if TYPE_CHECKING:
    from .cluster import ClusterNode

__all__ = [
    "CHANNEL",
    "FANOUT_KEEP",
    "NOTIFY_LIMIT",
    "Fanout",
    "Publisher",
    "fanout_enabled",
    "router",
]

log = logging.getLogger("paston.server")

CHANNEL = "paston_fanout"
#: Largest notification payload sent as is (bytes; PostgreSQL refuses 8,000 and more).
NOTIFY_LIMIT = 7900
#: Seconds a big message stays in ``paston_fanout`` (a subscriber fetches it at once).
FANOUT_KEEP = 60.0
#: Messages waiting to be published at most; beyond, they are dropped (subscribers see the gap
#: and take a fresh snapshot).
QUEUE_MAX = 20_000
#: Seconds between two looks at the owners of the watched tables.
OWNER_CHECK_EVERY = 1.0
#: Seconds between two position marks of the watched tables (a lost last message is noticed).
MARK_EVERY = 5.0
#: Seconds a remote spectator waits for a snapshot before its socket is closed (1012).
SNAPSHOT_PATIENCE = 15.0
#: The "you" of a published state message: the socket's own nickname replaces it.
_ANONYMOUS_YOU = '"you":{"seat":null,"nickname":null}'
FORWARDED = "X-Paston-Forwarded"


def fanout_enabled() -> bool:
    """Whether remote spectators are served from the publications (the default) or relayed
    like players (``PASTON_CLUSTER_SPECTATORS=relay``, for comparison: the benchmark)."""
    return os.environ.get("PASTON_CLUSTER_SPECTATORS", "fanout") != "relay"


def libpq_url(db_url: str) -> str:
    """The SQLAlchemy URL of the database as psycopg's connection string."""
    return make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)


def _header(table_id: str, epoch: str, seq: int, kind: str) -> str:
    return json.dumps([table_id, epoch, seq, kind], separators=(",", ":"))


# --------------------------------------------------------------------- the owner


class Publisher:
    """The owner's side: numbers and sends the spectator messages of its watched tables."""

    def __init__(self, dsn: str, node: str) -> None:
        self.dsn = dsn
        self.node = node
        self.queue: asyncio.Queue[tuple[str, str, int, str | None]] = asyncio.Queue()
        #: Per watched table: its epoch and the last number given.
        self.positions: dict[str, tuple[str, int]] = {}
        self._epochs = itertools.count(1)
        #: What was published (notifications, rows in ``paston_fanout``), for the benchmark.
        self.sent = 0
        self.stored = 0

    def watch(self, table: Table) -> tuple[str, int]:
        """Publish ``table``'s spectator messages from now on; its epoch and last number."""
        position = self.positions.get(table.id)
        if table.on_public is None or position is None:
            position = (f"{self.node}:{next(self._epochs)}", 0)
            self.positions[table.id] = position
            table.on_public = functools.partial(self._publish, table.id)
        return position

    def _publish(self, table_id: str, text: str | None) -> None:
        position = self.positions.get(table_id)
        if position is None:
            return  # a stopped table's last words (its next load starts a new epoch)
        epoch, seq = position
        seq += 1
        if text is None:  # the table stopped here: the next watch starts a new epoch
            del self.positions[table_id]
        else:
            self.positions[table_id] = (epoch, seq)
        if self.queue.qsize() < QUEUE_MAX:
            self.queue.put_nowait((table_id, epoch, seq, text))

    async def mark_positions(self) -> None:
        """Forever: now and then, each watched table's last number (kind ``h``), in order with
        its messages: a subscriber behind it lost the last ones and takes a fresh snapshot
        (without it, a lost message would be noticed only at the next one)."""
        while True:
            await asyncio.sleep(MARK_EVERY)
            for table_id, (epoch, seq) in list(self.positions.items()):
                if self.queue.qsize() < QUEUE_MAX:
                    self.queue.put_nowait((table_id, epoch, seq, ""))

    async def run(self) -> None:
        """Forever: send the queued messages in order (reconnecting after a failure)."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.dsn, autocommit=True) as conn:
                    await self._send_all(conn)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                # What was being sent is lost; subscribers see the gap and re-snapshot.
                log.warning("cluster fan-out: publishing failed (%s); reconnecting", type(exc))
                await asyncio.sleep(1.0)

    async def _send_all(self, conn: psycopg.AsyncConnection[Any]) -> None:
        pruned = time.monotonic()
        while True:
            batch = [await self.queue.get()]
            while not self.queue.empty() and len(batch) < 500:
                batch.append(self.queue.get_nowait())
            small: list[tuple[str, str]] = []
            async with conn.cursor() as cur:
                for table_id, epoch, seq, text in batch:
                    kind = "e" if text is None else "m" if text else "h"
                    payload = _header(table_id, epoch, seq, kind) + "\n" + (text or "")
                    if len(payload.encode()) < NOTIFY_LIMIT:
                        small.append((CHANNEL, payload))
                        continue
                    if small:  # keep the order: what came before goes first
                        await cur.executemany("SELECT pg_notify(%s, %s)", small)
                        small = []
                    await cur.execute(
                        "WITH r AS (INSERT INTO paston_fanout (table_id, at, body) VALUES "
                        "(%s, extract(epoch FROM clock_timestamp()), %s) RETURNING id) "
                        "SELECT pg_notify(%s, %s || r.id) FROM r",
                        (table_id, text, CHANNEL, _header(table_id, epoch, seq, "f") + "\n"),
                    )
                    self.stored += 1
                if small:
                    await cur.executemany("SELECT pg_notify(%s, %s)", small)
                self.sent += len(batch)
                if time.monotonic() - pruned > 10:
                    pruned = time.monotonic()
                    await cur.execute(
                        "DELETE FROM paston_fanout "
                        "WHERE at < extract(epoch FROM clock_timestamp()) - %s",
                        (FANOUT_KEEP,),
                    )


router = APIRouter()


def _internal(request: Request) -> None:
    # Asked by the cluster's processes only (a client never needs these two routes): the
    # router marked the request once its signature checked out (cluster_proxy.ClusterRouter).
    if request.scope.get(PEER_KEY) is not True:
        raise BadRequest("no such route", "not_found", 404)


@router.get("/api/tables/{table_id}/spectator-snapshot", include_in_schema=False)
async def spectator_snapshot(table_id: str, request: Request) -> dict[str, Any]:
    """What a spectator gets on connecting (the public state, the chat) and the publication
    number it reflects; from now on the table's spectator messages are published."""
    _internal(request)
    table = request.app.state.registry.get(table_id)
    if table is None:
        raise BadRequest(f"there is no table {table_id!r} here", "no_such_table", 404)
    publisher: Publisher = request.app.state.fanout.publisher
    async with table.lock:  # as a local spectator's connect: between two changes
        epoch, seq = publisher.watch(table)
        frames = [table.state_builder()(None, None)]
        lines = sorted([*table.chat, *table.spectator_chat], key=lambda x: int(x["seq"]))
        frames += [_dumps({**line, "replay": True}) for line in lines]
    return {"epoch": epoch, "seq": seq, "frames": frames}


@router.post("/api/tables/{table_id}/spectator-chat", include_in_schema=False)
async def spectator_chat(table_id: str, request: Request) -> JSONResponse:
    """A remote spectator's chat command, handled as from a spectator socket of this table;
    the answers for that socket alone (ack, reject) are returned."""
    _internal(request)
    table = request.app.state.registry.get(table_id)
    if table is None:
        raise BadRequest(f"there is no table {table_id!r} here", "no_such_table", 404)
    try:
        body = json.loads(await request.body())
    except ValueError:
        body = None
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object with 'text' (and 'nickname')")
    # Checked again here, as for a local spectator: the owner trusts no other process's checks.
    nickname = body.get("nickname")
    if nickname is not None:
        nickname = clean_text(nickname, "nickname", max_len=NICKNAME_MAX)
    conn = Conn(None, nickname)
    limits = request.app.state.limits
    client = body.get("client")
    who = client[:100] if isinstance(client, str) and client else limits.client_of(request.scope)
    cid = body.get("command_id") if isinstance(body.get("command_id"), str) else None
    over = None
    if limits.message(who, None):
        over = (
            f"more than {limits.edge.address_messages_per_second:g} messages a second from "
            "your address"
        )
    else:
        over = limits.command("chat", who, None)
    if over is not None:
        reject = {"type": "reject", "command_id": cid, "code": "rate_limited"}
        return JSONResponse(
            {"frames": [_dumps({**reject, "message": f"{over}; send it again later"})]}
        )
    await table.handle(conn, {"type": "chat", "text": body.get("text"), **_cid(body)})
    frames = []
    while not conn.outbox.empty():
        frame = conn.outbox.get_nowait()
        if frame is not None:
            frames.append(frame)
    return JSONResponse({"frames": frames})


def _cid(msg: dict[str, Any]) -> dict[str, Any]:
    return {"command_id": msg["command_id"]} if "command_id" in msg else {}


# --------------------------------------------------------------------- every process


class _Watcher:
    """One local spectator socket of a remote table and where its stream is."""

    __slots__ = ("close_code", "conn", "epoch", "last", "pending", "syncing", "you")

    def __init__(self, conn: Conn) -> None:
        self.conn = conn
        self.epoch = ""
        self.last = 0
        #: Messages that came while a snapshot was on its way (None: not syncing).
        self.pending: list[tuple[str, int, str | None]] | None = []
        self.syncing: asyncio.Task[None] | None = None
        self.close_code = 1000
        self.you = '"you":' + _dumps({"seat": None, "nickname": conn.nickname})

    def send(self, text: str) -> None:
        if self.conn.nickname is not None and text.startswith('{"type":"state"'):
            text = text.replace(_ANONYMOUS_YOU, self.you, 1)
        self.conn.send(text)

    def end(self, code: int) -> None:
        self.close_code = code
        self.conn.closed = True
        self.conn.outbox.put_nowait(None)


class Fanout:
    """This process's publisher and its subscriptions (one ``LISTEN`` connection)."""

    def __init__(self, db_url: str, node: ClusterNode) -> None:
        self.dsn = libpq_url(db_url)
        self.node = node
        self.publisher = Publisher(self.dsn, node.node)
        self.tables: dict[str, set[_Watcher]] = {}
        self.delivered = 0
        self._http: httpx.AsyncClient | None = None
        self._query: psycopg.AsyncConnection[Any] | None = None
        self._query_lock = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self.publisher.run(), name="fanout-publish"),
            asyncio.create_task(self.publisher.mark_positions(), name="fanout-marks"),
            asyncio.create_task(self._listen(), name="fanout-listen"),
            asyncio.create_task(self._follow_owners(), name="fanout-owners"),
        ]

    async def stop(self) -> None:
        # The stopped tables' last words ("reconnect") leave before the publisher goes.
        for _ in range(20):
            if self.publisher.queue.empty():
                break
            await asyncio.sleep(0.05)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        for watchers in list(self.tables.values()):
            for w in list(watchers):
                w.end(1012)
        if self._http is not None:
            await self._http.aclose()
        if self._query is not None:
            with contextlib.suppress(Exception):
                await self._query.close()

    # ------------------------------------------------------------- the stream

    async def _listen(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.dsn, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    # Anything may have been missed before this LISTEN: start again from
                    # fresh snapshots.
                    for table_id in list(self.tables):
                        self._resync_table(table_id)
                    async for note in conn.notifies():
                        await self._received(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("cluster fan-out: LISTEN failed (%s); reconnecting", type(exc))
                await asyncio.sleep(1.0)

    async def _received(self, payload: str) -> None:
        head, _, body = payload.partition("\n")
        try:
            table_id, epoch, seq, kind = json.loads(head)
        except (ValueError, TypeError):
            return
        watchers = self.tables.get(table_id)
        if not watchers:
            return  # nobody here watches that table: it costs a header's parse
        text: str | None = body
        if kind == "f":
            text = await self._fetch_body(int(body))
            if text is None:
                return  # pruned or lost: the gap makes the watchers re-snapshot
        elif kind == "e":
            text = None
        elif kind == "h":
            for w in list(watchers):
                if w.pending is None and (epoch != w.epoch or seq > w.last):
                    self._resync(table_id, w)  # it lost what came before this mark
            return
        for w in list(watchers):
            self._deliver(table_id, w, epoch, seq, text)

    def _deliver(self, table_id: str, w: _Watcher, epoch: str, seq: int, text: str | None) -> None:
        if w.pending is not None:
            w.pending.append((epoch, seq, text))
            return
        if epoch == w.epoch and seq <= w.last:
            return  # already in the snapshot, or already sent
        if epoch != w.epoch or seq != w.last + 1:
            self._resync(table_id, w)
            return
        w.last = seq
        if text is None:
            w.end(1012)  # stopped at its owner: reconnect, and a live process serves it
            return
        w.send(text)
        self.delivered += 1

    async def _fetch_body(self, row_id: int) -> str | None:
        try:
            async with self._query_lock:
                if self._query is None or self._query.closed:
                    self._query = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
                cur = await self._query.execute(
                    "SELECT body FROM paston_fanout WHERE id = %s", (row_id,)
                )
                row = await cur.fetchone()
        except psycopg.Error:
            return None
        return None if row is None else str(row[0])

    # ------------------------------------------------------------- snapshots

    def _resync_table(self, table_id: str) -> None:
        for w in list(self.tables.get(table_id, ())):
            self._resync(table_id, w)

    def _resync(self, table_id: str, w: _Watcher) -> None:
        if w.syncing is not None and not w.syncing.done():
            return
        w.pending = []
        w.syncing = asyncio.create_task(self._snapshot(table_id, w))

    async def _snapshot(self, table_id: str, w: _Watcher) -> None:
        deadline = time.monotonic() + SNAPSHOT_PATIENCE
        while not w.conn.closed:
            got = await self._ask_snapshot(table_id)
            if got == "missing":
                w.conn.send_json(
                    {"type": "error", "code": "no_such_table", "message": _no_table(table_id)}
                )
                w.end(4404)
                return
            if isinstance(got, dict):
                break
            if time.monotonic() > deadline:
                w.end(1012)  # the owner is gone and nobody took the table yet: reconnect
                return
            await asyncio.sleep(0.3)
        else:
            return
        w.epoch, w.last = str(got["epoch"]), int(got["seq"])
        for frame in got["frames"]:
            w.send(str(frame))
        pending, w.pending = w.pending or [], None
        for epoch, seq, text in pending:
            self._deliver(table_id, w, epoch, seq, text)

    async def _ask_snapshot(self, table_id: str) -> dict[str, Any] | str | None:
        """The owner's snapshot; "missing" if no such table exists; None to try again."""
        address = await self._owner_address(table_id)
        if address is None:
            return "missing"
        try:
            path = f"/api/tables/{table_id}/spectator-snapshot"
            r = await self._client().get(
                address + path, headers={FORWARDED: sign(self.node.peer_key, "GET", path)}
            )
        except httpx.HTTPError:
            return None
        if r.status_code == 200:
            return cast(dict[str, Any], r.json())
        return None  # not there (any more): the owner changes; ask again

    async def _owner_address(self, table_id: str) -> str | None:
        return await asyncio.to_thread(self.node.owner_address, table_id)

    def _client(self) -> httpx.AsyncClient:
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=10.0)
        return self._http

    async def _follow_owners(self) -> None:
        """Every second: sockets following a table whose owner changed re-snapshot."""
        while True:
            await asyncio.sleep(OWNER_CHECK_EVERY)
            if not self.tables:
                continue
            try:
                owners = await asyncio.to_thread(self._owners, list(self.tables))
            except Exception as exc:
                log.warning("cluster fan-out: reading the owners failed (%s)", type(exc))
                continue
            for table_id, watchers in list(self.tables.items()):
                node = owners.get(table_id)
                for w in list(watchers):
                    if w.pending is None and node is not None and w.epoch.split(":")[0] != node:
                        self._resync(table_id, w)

    def _owners(self, table_ids: list[str]) -> dict[str, str]:
        from sqlalchemy import text

        rows = self.node._run(
            text("SELECT table_id, node FROM paston_owners WHERE table_id = ANY(:ids)"),
            {"ids": table_ids},
        ).all()
        return {r[0]: r[1] for r in rows}

    # ------------------------------------------------------------- sockets

    async def serve_spectator(
        self, table_id: str, scope: Scope, receive: Receive, send: Send
    ) -> None:
        """A spectator socket of a table another process owns: snapshot, then the stream
        (its messages pass the same checks as a local socket's)."""

        ws = WebSocket(scope, receive, send)
        state = scope["app"].state
        limits, edge = state.limits, state.edge
        who = limits.client_of(scope)
        await ws.accept()
        refusal = limits.open_socket(who, None)
        if refusal is not None:
            await asyncio.sleep(min(refusal.retry_after or 1.0, 1.0))
            await _close(ws, refusal.code, str(refusal), 4429)
            return
        try:
            w = _Watcher(Conn(None, spectator_name(ws)))
            writer = asyncio.create_task(_write(ws, w))
            self.tables.setdefault(table_id, set()).add(w)
            self._resync(table_id, w)
            try:
                remote = _RemoteTable(self, table_id, who)
                await read_socket(
                    ws, cast(Table, remote), w.conn, SocketLimits(edge, limits, who, None)
                )
            finally:
                watchers = self.tables.get(table_id)
                if watchers is not None:
                    watchers.discard(w)
                    if not watchers:
                        del self.tables[table_id]
                if w.syncing is not None:
                    w.syncing.cancel()
                if not w.conn.closed:
                    w.end(1000)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 5)
        finally:
            limits.close_socket(who, None)

    async def chat(
        self, table_id: str, conn: Conn, msg: dict[str, Any], client: str | None = None
    ) -> None:
        """A remote spectator's chat: the owner handles it; its answers go to ``conn``
        (``client``: the spectator's limiting key, as this process saw it)."""
        cid = msg.get("command_id") if isinstance(msg.get("command_id"), str) else None
        address = await self._owner_address(table_id)
        body = {"nickname": conn.nickname, "text": msg.get("text"), **_cid(msg)}
        if client is not None:
            body["client"] = client  # the owner limits the line by the client's own rates
        raw = json.dumps(body).encode("utf-8", "surrogatepass")
        path = f"/api/tables/{table_id}/spectator-chat"
        try:
            if address is None:
                raise httpx.HTTPError("no owner")
            r = await self._client().post(
                address + path,
                content=raw,
                headers={
                    FORWARDED: sign(self.node.peer_key, "POST", path, "", raw),
                    "Content-Type": "application/json",
                },
            )
            frames = r.json()["frames"] if r.status_code == 200 else None
        except (httpx.HTTPError, ValueError, KeyError):
            frames = None
        if frames is None:
            conn.send_json(
                {
                    "type": "reject",
                    "command_id": cid,
                    "code": "owner_unreachable",
                    "message": "the table's server did not take the line; send it again",
                }
            )
            return
        for frame in frames:
            conn.send(str(frame))


class _RemoteTable:
    """What the socket read loop calls for a remote spectator (in place of the table)."""

    def __init__(self, fanout: Fanout, table_id: str, client: str | None = None) -> None:
        self.fanout = fanout
        self.id = table_id
        self.client = client

    async def handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        cid = msg.get("command_id") if isinstance(msg.get("command_id"), str) else None
        if kind == "ping":
            conn.send_json({"type": "pong", "at": time.time()})
        elif kind == "chat":
            await self.fanout.chat(self.id, conn, msg, self.client)
        else:  # action, hint: the table's own answers to a spectator
            message = (
                "spectators get no hints"
                if kind == "hint"
                else "spectators cannot act; join a seat to play"
            )
            conn.send_json(
                {"type": "reject", "command_id": cid, "code": "not_seated", "message": message}
            )


def _no_table(table_id: str) -> str:
    return f"there is no table {table_id!r}"


async def _write(ws: WebSocket, w: _Watcher) -> None:
    """Send the socket's queued frames in order; close it with the watcher's code."""
    try:
        while True:
            text = await w.conn.outbox.get()
            if text is None:
                break
            await ws.send_text(text)
    except Exception:
        pass
    finally:
        w.conn.closed = True
        with contextlib.suppress(Exception):
            await ws.close(1008 if w.conn.overflow else w.close_code)


async def _close(ws: WebSocket, code: str, message: str, close_code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "code": code, "message": message}))
        await ws.close(close_code)
