"""The FastAPI app: REST for the lobby, a WebSocket per seat or spectator for play.

Everything about a table goes to its :class:`~paston.server.table.Table` through the app's
:class:`~paston.server.registry.TableRegistry`. The socket handler only checks the form of
messages (size, rate, JSON, type); the table checks everything else. See
docs/server-protocol.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import fields
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from ..bots.registry import bot_names
from ..games.paston.record import replay
from ..games.paston.rules import DEFAULT_RULES, Rules
from .registry import TableRegistry
from .settings import BadRequest
from .store import DEFAULT_DB_URL, EventStore
from .table import Conn, Table

__all__ = ["MAX_MESSAGE", "RATE_LIMIT", "create_app"]

log = logging.getLogger("paston.server")

#: Largest client message the server reads (bytes); bigger ones are rejected ``too_large``.
MAX_MESSAGE = 16 * 1024
#: Messages per second one socket may send on average (and in a burst); more are rejected
#: ``rate_limited``.
RATE_LIMIT = 20
RATE_BURST = 40
#: Rate-limited messages in a row after which the socket is closed (code 1008).
FLOOD_CLOSE = 200
CLIENT_TYPES = ("action", "chat", "hint", "ping")


#: How the lobby names the bots (the label also names a bot's seat) and says what they are.
BOT_LABELS = {
    "random": ("Random", "a baseline that plays any legal card"),
    "heuristic": ("Heuristic", "quick, plays sound Paston"),
    "pimc": ("PIMC", "strong: samples the unseen cards and solves each world"),
    "wpimc": ("Weighted PIMC", "strongest: PIMC that reads the auction"),
}


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _static_dir() -> Path:
    from ..web import static_dir

    return static_dir()


async def _body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > MAX_MESSAGE:
        raise BadRequest("the request body is over 16 KiB", "too_large", 413)
    if not raw.strip():
        return None
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadRequest("the request body is not JSON") from None


async def _gc_maintenance(freeze_every: float = 10.0, unfreeze_every: float = 600.0) -> None:
    """Keep full garbage collections short: long-lived objects (tables, sockets) are moved to
    the permanent generation every ``freeze_every`` seconds, so a full collection scans only
    recent objects (measured: pauses of 0.2-1.3 s with 500 tables became ~0.1 s). Every
    ``unfreeze_every`` seconds everything is unfrozen, so cyclic garbage is still freed."""
    gc.collect()
    gc.freeze()
    last_unfreeze = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if time.monotonic() - last_unfreeze >= unfreeze_every:
            gc.unfreeze()
            last_unfreeze = time.monotonic()
        else:
            gc.freeze()


def create_app(
    db_url: str = DEFAULT_DB_URL, *, default_deal_pause: float = 2.0, gc_tuning: bool = False
) -> FastAPI:
    """The server app with its own registry and event store (``db_url``).

    ``gc_tuning`` freezes long-lived objects out of the garbage collector's way (for a server
    process; it affects the whole process, so in-process test servers leave it off)."""
    holder: dict[str, TableRegistry] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        registry = TableRegistry(EventStore(db_url), default_deal_pause=default_deal_pause)
        await registry.start()
        holder["registry"] = registry
        _app.state.registry = registry
        gc_task = asyncio.create_task(_gc_maintenance()) if gc_tuning else None
        try:
            yield
        finally:
            if gc_task is not None:
                gc_task.cancel()
                gc.unfreeze()
            await registry.stop()

    app = FastAPI(title="Paston", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)

    def registry() -> TableRegistry:
        return holder["registry"]

    def table_or_404(table_id: str) -> Table:
        table = registry().get(table_id)
        if table is None:
            raise BadRequest(f"there is no table {table_id!r}", "no_such_table", 404)
        return table

    @app.exception_handler(BadRequest)
    async def _bad_request(_request: Request, exc: BadRequest) -> JSONResponse:
        return _error(exc.status, exc.code, str(exc))

    # ----------------------------------------------------------------- REST

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "tables": len(registry().tables)}

    @app.get("/api/bots")
    async def bots() -> list[dict[str, str]]:
        return [
            {"name": n, "label": label, "description": about}
            for n in bot_names()
            for label, about in [BOT_LABELS.get(n, (n.capitalize(), ""))]
        ]

    @app.get("/api/rules")
    async def rules() -> list[dict[str, Any]]:
        out = []
        for f in fields(Rules):
            default = getattr(DEFAULT_RULES, f.name)
            choices = Rules.choices(f.name)
            kind = "choice" if choices else ("bool" if isinstance(default, bool) else "int")
            out.append(
                {
                    "name": f.name,
                    "default": default,
                    "kind": kind,
                    "choices": list(choices) if choices else None,
                }
            )
        return out

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        return registry().public_tables()

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        table = await registry().create(await _body(request))
        return {"id": table.id, "link": f"/t/{table.id}"}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        table = table_or_404(table_id)
        out = table.summary()
        out["score_sheet"] = table._score_sheet()
        return out

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        table = table_or_404(table_id)
        body = await _body(request)
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object with a 'nickname'")
        unknown = sorted(set(body) - {"nickname", "seat"})
        if unknown:
            raise BadRequest(f"unknown key {unknown[0]!r} (known keys: nickname, seat)")
        seat, token = await table.join(body.get("nickname"), body.get("seat"))
        return {"seat": seat, "token": token, "link": f"/t/{table.id}"}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        return table_or_404(table_id).record()

    @app.get("/api/tables/{table_id}/replay")
    async def replay_view(table_id: str) -> dict[str, Any]:
        table = table_or_404(table_id)
        rec = table.record()
        return {
            "record": rec,
            "summary": replay(rec),
            "seats": [s.nickname or s.bot for s in table.seats],
        }

    # ----------------------------------------------------------------- pages

    def _page(name: str) -> Response:
        path = _static_dir() / name
        if path.is_file():
            return FileResponse(path, headers={"Cache-Control": "no-cache"})
        return _error(404, "no_page", f"the web client's {name} is not installed")

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def lobby() -> Response:
        return _page("index.html")

    @app.api_route("/t/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return _page("table.html")

    @app.api_route("/t/{table_id}/replay", methods=["GET", "HEAD"], include_in_schema=False)
    async def replay_page(table_id: str) -> Response:
        return _page("replay.html")

    static = _static_dir()
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")

    # ----------------------------------------------------------------- play

    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        table = registry().get(table_id)
        if table is None:
            await _refuse(ws, "no_such_table", f"there is no table {table_id!r}", 4404)
            return
        token = ws.query_params.get("token")
        seat: int | None = None
        if token:
            seat = table.seat_of_token(token)
            if seat is None:
                await _refuse(ws, "bad_token", "this seat token is not valid at this table", 4403)
                return
        conn = Conn(seat, None)
        writer = asyncio.create_task(_write(ws, conn))
        await table.connect(conn)
        try:
            await _read(ws, table, conn, writer)
        finally:
            await table.disconnect(conn)
            conn.closed = True
            conn.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)

    return app


async def _refuse(ws: WebSocket, code: str, message: str, close_code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "code": code, "message": message}))
        await ws.close(close_code)


async def _write(ws: WebSocket, conn: Conn) -> None:
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


async def _read(ws: WebSocket, table: Table, conn: Conn, writer: asyncio.Task[None]) -> None:
    # Token bucket: RATE_LIMIT messages a second on average, bursts up to RATE_BURST.
    tokens = float(RATE_BURST)
    last = time.monotonic()
    flood = 0
    while not conn.closed:
        try:
            message = await ws.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        now = time.monotonic()
        tokens = min(float(RATE_BURST), tokens + (now - last) * RATE_LIMIT)
        last = now
        limited = tokens < 1.0
        if limited:
            flood += 1
            if flood >= FLOOD_CLOSE:
                conn.send_json({"type": "error", "code": "rate_limited", "message": "flooding"})
                with contextlib.suppress(Exception):
                    await ws.close(1008)
                return
        else:
            tokens -= 1.0
            flood = 0
        text = message.get("text")
        if text is None:
            data = message.get("bytes") or b""
            if len(data) > MAX_MESSAGE:
                _reject(conn, "too_large", "messages over 16 KiB are not read")
            else:
                _reject(conn, "bad_message", "binary frames are not accepted; send JSON text")
            continue
        if len(text) > MAX_MESSAGE:
            _reject(conn, "too_large", "messages over 16 KiB are not read")
            continue
        try:
            msg = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            _reject(conn, "bad_message", "the message is not JSON")
            continue
        if not isinstance(msg, dict):
            _reject(conn, "bad_message", "a message is a JSON object with a 'type'")
            continue
        cid = msg.get("command_id") if isinstance(msg.get("command_id"), str) else None
        if limited:
            # Parsed only to name the command: the client knows which one to send again.
            _reject(
                conn,
                "rate_limited",
                f"more than {RATE_LIMIT} messages a second (bursts of {RATE_BURST}); "
                "slow down and send it again",
                cid,
            )
            continue
        kind = msg.get("type")
        if kind not in CLIENT_TYPES:
            _reject(
                conn,
                "unknown_type",
                f"unknown message type {str(kind)[:40]!r}; one of: {', '.join(CLIENT_TYPES)}",
                cid,
            )
            continue
        try:
            await table.handle(conn, msg)
        except Exception:
            # A bug or a strange message must never take the table down.
            log.exception("table %s: error handling a %s message", table.id, kind)
            _reject(conn, "server_error", "the server could not handle this message", cid)


def _reject(conn: Conn, code: str, message: str, cid: str | None = None) -> None:
    conn.send_json({"type": "reject", "command_id": cid, "code": code, "message": message})
