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
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from .accounts import AccountLimits, Accounts
from .accounts.routes import router as accounts_router
from .analysis_api import router as analysis_router
from .bodylimit import BodyLimitMiddleware
from .bot_specs import bot_entries
from .bots_runner import BotRunner
from .clientlimits import ClientLimits, RateLimited, RequestRateMiddleware
from .cluster import ClusterNode, ClusterSettings, watch
from .connguard import AbortHook
from .csrf import CsrfMiddleware
from .edge import EdgeSettings
from .errors import BadRequest
from .form_limits import NICKNAME_MAX as FORM_NICKNAME_MAX
from .form_limits import TABLE_NAME_MAX as FORM_TABLE_NAME_MAX
from .form_limits import form_limits
from .game_assets import router as game_assets_router
from .games_api import describe_games
from .ownership import DatabaseLock
from .registry import Creator, TableRegistry
from .replay_api import replay_answer
from .safe_log import log_failure
from .safejson import JSONRejected, parse_json
from .settings import requested_game
from .sockets import SocketLimits, read_socket, refuse, spectator_name, write_frames
from .store import DEFAULT_DB_URL, EventStore
from .table import Conn, Table
from .textcheck import clean_text

__all__ = ["MAX_MESSAGE", "RATE_LIMIT", "create_app"]

log = logging.getLogger("paston.server")

#: Largest client message the server reads (bytes); bigger ones are rejected ``too_large``.
#: (The defaults of :class:`EdgeSettings`; these names stay for older importers.)
MAX_MESSAGE = EdgeSettings().max_body
#: Messages per second one socket may send on average (and in a burst); more are rejected
#: ``rate_limited``.
RATE_LIMIT = EdgeSettings().messages_per_second
RATE_BURST = EdgeSettings().messages_burst
#: Seconds a refused WebSocket connection or rate-limited request is held before its refusal.
REFUSAL_DELAY = 1.0
#: Longest nickname and table name (code points, after NFC): see ``form_limits``.
NICKNAME_MAX = FORM_NICKNAME_MAX
TABLE_NAME_MAX = FORM_TABLE_NAME_MAX


def _creator(raw: Any, session: Any) -> Creator:
    """The ``join`` part of a create-table body: who sits down at once (``session``: the
    logged-in player's, whose account name is the nickname)."""
    if not isinstance(raw, dict) or set(raw) - {"nickname", "seat"} or "nickname" not in raw:
        raise BadRequest("'join' must be a JSON object with a 'nickname' (and a 'seat')")
    if session is not None:
        return Creator(session.name, raw.get("seat"), session.account_id)
    nickname = clean_text(raw["nickname"], "join.nickname", max_len=NICKNAME_MAX)
    return Creator(nickname, raw.get("seat"))


def _error(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": message}}, status_code=status, headers=headers
    )


def _static_dir() -> Path:
    from ..web import static_dir

    return static_dir()


async def _body(request: Request, edge: EdgeSettings) -> Any:
    # The size and the time were bounded while reading (BodyLimitMiddleware).
    raw = await request.body()
    if not raw.strip():
        return None
    try:
        return parse_json(raw, max_depth=edge.max_json_depth, max_int_digits=edge.max_int_digits)
    except JSONRejected as exc:
        raise BadRequest(f"the request body is not acceptable JSON: {exc}") from None


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
    db_url: str = DEFAULT_DB_URL,
    *,
    default_deal_pause: float = 2.0,
    gc_tuning: bool = False,
    edge: EdgeSettings | None = None,
    cluster: ClusterSettings | None = None,
    test_pace: bool = False,
) -> FastAPI:
    """The server app with its own registry and event store (``db_url``).

    ``gc_tuning`` freezes long-lived objects out of the garbage collector's way (for a server
    process; it affects the whole process, so in-process test servers leave it off).
    ``edge`` sets the limits at the edge; without it every limit has its default except the
    per-client ones, which are off (an embedded app, a test): ``paston serve`` always passes
    settings, with per-client limits on unless told otherwise.

    ``cluster`` (PostgreSQL only) makes this process one of several sharing the database, each
    table owned by one of them (see :mod:`paston.server.cluster`).

    ``test_pace`` (tests only) lets tables play at the ``instant`` pace, and makes it the
    default (:mod:`paston.server.pace`)."""
    # An embedded app or a test server: bots in threads (a test's own bots are found there).
    edge = edge or EdgeSettings(client_limits=False, bot_processes=False)
    holder: dict[str, TableRegistry] = {}
    nodes: dict[str, ClusterNode] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # One process per database file (paston serve takes the lock before this too).
        lock = DatabaseLock(db_url, shared=cluster is not None)
        lock.acquire()
        try:
            store = EventStore(db_url)
            store.check_writable()
            accounts = _app.state.accounts = Accounts(store.engine, AccountLimits.of_edge(edge))
            store.on_game_end = accounts.game_ended
            registry = TableRegistry(
                store,
                default_deal_pause=default_deal_pause,
                test_pace=test_pace,
                runner=BotRunner.of_edge(edge),
            )
            registry.idle_timeout = edge.table_idle_timeout  # tables nobody is at end soon
            if cluster is not None:
                nodes["node"] = registry.claims = ClusterNode(db_url, cluster)
                store.fence = nodes["node"].fence
            await registry.start()
            # Games that ended just before a crash, before their results were stored.
            await accounts.record_missed(list(registry.tables.values()))
        except BaseException:
            if "node" in nodes:
                nodes.pop("node").close()
            lock.release()
            raise
        watcher = asyncio.create_task(watch(nodes["node"], registry)) if nodes else None
        fanout = None
        if nodes:
            from .cluster_pubsub import Fanout  # spectators of remote tables (NOTIFY/LISTEN)

            fanout = _app.state.fanout = Fanout(db_url, nodes["node"])
            fanout.start()
            from .cluster_quota import ClusterClientLimits, QuotaBook, share_account_limits

            # Quotas counted in the shared database: a client gets one, not one per process.
            book = QuotaBook(store.engine)
            if isinstance(limits, ClusterClientLimits):
                limits.book = book
            share_account_limits(accounts, book)
        holder["registry"] = registry
        _app.state.registry = registry
        gc_task = asyncio.create_task(_gc_maintenance()) if gc_tuning else None
        try:
            yield
        finally:
            if gc_task is not None:
                gc_task.cancel()
                gc.unfreeze()
            if watcher is not None:
                watcher.cancel()
            await registry.stop()
            if fanout is not None:
                await fanout.stop()
            if "node" in nodes:
                nodes.pop("node").close()
            lock.release()

    app = FastAPI(title="Paston", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.edge = edge

    def registry() -> TableRegistry:
        return holder["registry"]

    def is_open_table(table_id: str) -> bool:
        # In memory only: ``registry.get`` would load an evicted table from its log; closed
        # and finished tables are the ones that leave memory, and they no longer count.
        table = holder["registry"].tables.get(table_id) if "registry" in holder else None
        return table is not None and table.status in ("waiting", "playing")

    limits = ClientLimits(edge, is_open_table)
    if cluster is not None:
        from .cluster_quota import ClusterClientLimits

        limits = ClusterClientLimits(
            edge, is_open_table, lambda t: "registry" in holder and t in holder["registry"].tables
        )
    app.state.limits = limits

    def table_or_404(table_id: str) -> Table:
        table = registry().get(table_id)
        if table is None:
            raise BadRequest(f"there is no table {table_id!r}", "no_such_table", 404)
        return table

    @app.exception_handler(BadRequest)
    async def _bad_request(_request: Request, exc: BadRequest) -> JSONResponse:
        headers: dict[str, str] = {}
        if exc.status in (408, 413):
            headers["Connection"] = "close"  # the rest of the body is never read
        if isinstance(exc, RateLimited):
            # Held a moment, like every refusal of a limit: a retry loop slows itself down.
            await asyncio.sleep(min(exc.retry_after or 1.0, REFUSAL_DELAY))
            if exc.retry_after is not None:
                headers["Retry-After"] = str(max(1, int(exc.retry_after + 0.999)))
        return _error(exc.status, exc.code, str(exc), headers or None)

    @app.exception_handler(Exception)
    async def _server_error(_request: Request, exc: Exception) -> JSONResponse:
        # A bug must still answer in the protocol's form (the type only: no data in the log).
        log_failure(log, "error handling a request", exc)
        return _error(500, "server_error", "the server could not handle this request")

    # ----------------------------------------------------------------- REST

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "tables": len(registry().tables)}

    @app.get("/api/bots")
    async def bots(game: str | None = None) -> list[dict[str, str]]:
        """The bots a table of ``game`` may seat, the strength levels first: ``[{"name",
        "label", "description"}, …]``. ``?game=NAME`` names one of the available games
        (``GET /api/games``); without it, the flagship's (what older clients ask for)."""
        return bot_entries(requested_game(game, "game"))

    @app.get("/api/rules")
    async def rules(game: str | None = None) -> list[dict[str, Any]]:
        """The variant flags of ``game`` (``?game=NAME``; without it, the flagship's):
        ``[{"name", "default", "kind", "choices"}, …]`` (``GET /api/games`` has more)."""
        info = requested_game(game, "game")
        return [
            {
                "name": flag.name,
                "default": flag.default,
                "kind": flag.kind,
                "choices": list(flag.choices) if flag.choices else None,
            }
            for flag in info.flags
        ]

    @app.get("/api/limits")
    async def limits_of_forms() -> dict[str, Any]:
        return form_limits(test_pace)

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return describe_games()

    @app.get("/api/tables")
    async def list_tables() -> Response:
        # Each summary is encoded on its own: one table that cannot be (a bad stored row the
        # load did not repair) is left out instead of failing the whole lobby.
        parts = []
        for summary in registry().public_tables():
            try:
                parts.append(json.dumps(summary, ensure_ascii=False).encode("utf-8"))
            except (TypeError, ValueError):
                log.error("table %s: its summary cannot be encoded; not listed", summary.get("id"))
        return Response(b"[" + b",".join(parts) + b"]", media_type="application/json")

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        who = limits.client_of(request.scope)
        body = await _body(request, edge)
        creator = None
        if isinstance(body, dict) and "join" in body:
            # The creator sits down in the same write as the table is created (a logged-in
            # player as their account, like a join).
            session = await request.app.state.accounts.session(request.cookies)
            creator = _creator(body.pop("join"), session)
        if isinstance(body, dict) and "name" in body:
            body["name"] = clean_text(body["name"], "name", max_len=TABLE_NAME_MAX)
        limits.check_create(who)
        if creator is not None:
            limits.check_join(who)
        table = await registry().create(body, creator)
        limits.note_created(who, table.id)
        table.note_client(who)  # its bots think on this client's bot-CPU budget
        out: dict[str, Any] = {"id": table.id, "link": f"/t/{table.id}"}
        if creator is not None:
            limits.note_joined(who, table.id, creator.seat_taken)
            table.note_client(who, creator.seat_taken)
            out.update(seat=creator.seat_taken, token=creator.token)
        return out

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        who = limits.client_of(request.scope)
        limits.check_create(who)
        table = table_or_404(table_id)
        body = await _body(request, edge)
        if not isinstance(body, dict) or set(body) - {"token"}:
            raise BadRequest("the body must be a JSON object with your seat 'token'")
        fresh = await registry().rematch(table, body.get("token"))
        fresh.note_client(who)
        return {"id": fresh.id, "link": f"/t/{fresh.id}"}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        table = table_or_404(table_id)
        out = table.summary()
        out["score_sheet"] = table._score_sheet()
        return out

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        who = limits.client_of(request.scope)
        table = table_or_404(table_id)
        body = await _body(request, edge)
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object with a 'nickname'")
        unknown = sorted(set(body) - {"nickname", "seat", "take_over"})
        if unknown:
            raise BadRequest(f"unknown key {unknown[0]!r} (known keys: nickname, seat, take_over)")
        take_over = body.get("take_over", False)
        if not isinstance(take_over, bool):
            raise BadRequest("'take_over' must be true or false")
        # A logged-in player sits as their account (a typed nickname is not used).
        session = await request.app.state.accounts.session(request.cookies)
        if session is not None:
            nickname = session.name
        else:
            nickname = clean_text(body.get("nickname"), "nickname", max_len=NICKNAME_MAX)
        seat = body.get("seat")
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(table.seats)):
            seats = ", ".join(str(i) for i in range(len(table.seats)))
            raise BadRequest(f"'seat' must be one of {seats} (a whole number) or absent")
        limits.check_join(who)
        account = session.account_id if session is not None else None
        seat, token = await table.join(nickname, seat, take_over, account=account)
        limits.note_joined(who, table.id, seat)
        table.note_client(who, seat)  # its stand-in and hints think on this client's budget
        return {"seat": seat, "token": token, "link": f"/t/{table.id}"}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        return table_or_404(table_id).record()

    @app.get("/api/tables/{table_id}/replay")
    async def replay_view(table_id: str) -> dict[str, Any]:
        # Paris sessions included; 409 while no hand has finished (replay_api.py).
        return await replay_answer(table_or_404(table_id))

    app.include_router(accounts_router)
    app.include_router(analysis_router)
    app.include_router(game_assets_router)  # before /static: each game's own files
    if cluster is not None:
        from .cluster_pubsub import router as fanout_router

        app.include_router(fanout_router)

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

    @app.get("/i18n/{code}.json", include_in_schema=False)
    async def i18n_catalogue(code: str) -> Response:
        # The same catalogue files serve the terminal (paston.i18n) and the browser (i18n.js).
        from ..i18n import LANGUAGES, catalogue_path

        if code not in LANGUAGES:
            return _error(
                404, "no_language", f"no catalogue for {code!r}; known: {list(LANGUAGES)}"
            )
        return FileResponse(catalogue_path(code), headers={"Cache-Control": "no-cache"})

    @app.api_route("/rules/{game}", methods=["GET", "HEAD"], include_in_schema=False)
    async def rules_page(game: str) -> Response:
        return _page("rules.html")

    @app.api_route("/manifest.webmanifest", methods=["GET", "HEAD"], include_in_schema=False)
    async def web_manifest() -> Response:
        # At the site's root, so that the installed app's scope is the whole site (a manifest
        # under /static/ would scope it to /static/), and with the manifest's own media type.
        path = _static_dir() / "manifest.webmanifest"
        if not path.is_file():
            return _error(404, "no_page", "the web client's manifest.webmanifest is not installed")
        return FileResponse(
            path, media_type="application/manifest+json", headers={"Cache-Control": "no-cache"}
        )

    static = _static_dir()
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")

    # ----------------------------------------------------------------- play

    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        who = limits.client_of(ws.scope)
        await ws.accept()
        table = registry().get(table_id)
        if table is None:
            await refuse(ws, "no_such_table", f"there is no table {table_id!r}", 4404)
            return
        token = ws.query_params.get("token")
        seat: int | None = None
        if token:
            seat = table.seat_of_token(token)
            if seat is None:
                await refuse(ws, "bad_token", "this seat token is not valid at this table", 4403)
                return
        refusal = limits.open_socket(who, token)
        if refusal is not None:
            # Held a moment before the refusal (costs a sleeping task, not CPU), so a client
            # reconnecting in a loop is slowed down by its own refusals.
            await asyncio.sleep(min(refusal.retry_after or 1.0, REFUSAL_DELAY))
            await refuse(ws, refusal.code, str(refusal), 4429)
            return
        try:
            conn = Conn(seat, spectator_name(ws) if seat is None else None)
            writer = asyncio.create_task(write_frames(ws, conn))
            await table.connect(conn)
            try:
                await read_socket(ws, table, conn, SocketLimits(edge, limits, who, token))
            finally:
                await table.disconnect(conn)
                conn.closed = True
                conn.outbox.put_nowait(None)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 5)
        finally:
            limits.close_socket(who, token)

    if cluster is not None:
        from .cluster_proxy import ClusterRouter

        # Innermost: the edge's limits apply first; then a remote table's requests go on.
        app.add_middleware(ClusterRouter, node=lambda: nodes["node"], registry=registry)
    # Changes from other sites' pages are refused before any route (or a relay) sees them.
    app.add_middleware(CsrfMiddleware, allowed_origins=edge.allowed_origins)
    # Sizes and times of bodies are bounded before any route reads a byte.
    app.add_middleware(BodyLimitMiddleware, max_body=edge.max_body, body_timeout=edge.body_timeout)
    # Added last, so it runs first: a flood of requests is refused before bodies are read.
    app.add_middleware(RequestRateMiddleware, limits=limits)
    app.add_middleware(AbortHook)  # outermost: it must see the server's own send
    return app
