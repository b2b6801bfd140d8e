"""The event store: every table's append-only event log in a SQL database (SQLAlchemy 2).

The log is the source of truth; the in-memory tables are rebuilt from it on start-up. Writes go
through one writer thread that commits everything queued so far in one transaction (group
commit): a burst of actions from many tables costs one commit, and each ``append`` returns only
once its rows are durable.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine

from .safe_log import log_failure

__all__ = [
    "DEFAULT_DB_URL",
    "DatabaseNotWritable",
    "EventRow",
    "EventStore",
    "StoredTable",
    "TableRow",
    "sqlite_path",
]

log = logging.getLogger("paston.server")

DEFAULT_DB_URL = "sqlite:///paston-data/paston.sqlite"

metadata = MetaData()

tables_t = Table(
    "paston_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("public", Boolean, nullable=False),
    Column("settings", Text, nullable=False),
)

#: One row per server start: writing it proves the database takes writes.
meta_t = Table(
    "paston_meta",
    metadata,
    Column("key", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)

events_t = Table(
    "paston_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
    UniqueConstraint("table_id", "seq", name="uq_table_seq"),
)


class DatabaseNotWritable(RuntimeError):
    """The database can be read but not written (a read-only file, folder or account)."""


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    created: float
    public: bool
    settings: dict[str, Any]


@dataclass(frozen=True, slots=True)
class EventRow:
    table_id: str
    seq: int
    kind: str
    data: dict[str, Any]
    at: float = field(default_factory=time.time)


@dataclass(slots=True)
class StoredTable:
    row: TableRow
    events: list[EventRow]


@dataclass(slots=True)
class _Job:
    table: TableRow | None
    events: list[EventRow]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (also ``sqlite:///file:PATH?mode=ro&uri=true``), or None."""
    if not url.startswith("sqlite:///"):
        return None
    path = url[len("sqlite:///") :]
    if path.startswith("file:"):
        path = path[len("file:") :].partition("?")[0]
    return None if path in ("", ":memory:") else Path(path)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files are created (with their folder) and put in WAL mode."""
    path = sqlite_path(url)
    if url.startswith("sqlite"):
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        # hide_parameters: SQL logs and errors must not repeat event rows (they hold the deals).
        engine = create_engine(url, connect_args={"check_same_thread": False}, hide_parameters=True)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            # WAL + synchronous=NORMAL: a committed transaction survives a killed process.
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA busy_timeout=5000")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, hide_parameters=True)


#: Transaction-level advisory lock taken while creating tables in PostgreSQL.
SCHEMA_LOCK_KEY = 0x7061736368  # "pasch"


def create_schema(engine: Engine, schema: MetaData) -> None:
    """Create ``schema``'s missing tables. On PostgreSQL under an advisory lock: processes of a
    cluster starting at once would otherwise race to create the same tables (and one fail)."""
    if engine.dialect.name != "postgresql":
        schema.create_all(engine)
        return
    with engine.begin() as conn:
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": SCHEMA_LOCK_KEY})
        schema.create_all(conn)


class EventStore:
    """Append-only event logs of all tables, with a group-committing writer thread."""

    def __init__(self, url: str = DEFAULT_DB_URL) -> None:
        self.url = url
        self.engine = make_engine(url)
        from .migrations import migrate  # Alembic: imported only by a server that opens a store

        migrate(self.engine)
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.commits = 0
        self.rows_written = 0
        #: Called (in a worker thread) with each game that ends at a table, for the accounts'
        #: ratings and history (:mod:`paston.server.accounts`); None: nobody listens.
        self.on_game_end: Callable[[Any], None] | None = None
        #: Cluster mode: checks, inside each write's transaction, that this process still owns
        #: every table written (raises if not); None when the process owns the database.
        self.fence: Callable[[Connection, set[str]], None] | None = None

    # ----------------------------------------------------------------- reading

    def load(self) -> list[StoredTable]:
        """Every table with its events in order (for the replay at start-up)."""
        out: dict[str, StoredTable] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(select(tables_t).order_by(tables_t.c.created)):
                try:
                    settings = _repair_settings(json.loads(r.settings))
                except ValueError:
                    log.error("table %s: its stored settings are not JSON; skipped", r.id)
                    continue
                row = TableRow(r.id, r.created, bool(r.public), settings)
                out[r.id] = StoredTable(row, [])
            query = select(events_t).order_by(events_t.c.table_id, events_t.c.seq)
            for e in conn.execute(query):
                stored = out.get(e.table_id)
                if stored is not None:
                    try:
                        data = _repair_event(e.kind, json.loads(e.data))
                    except ValueError:
                        # The table's rebuild notices the gap in its sequence numbers.
                        log.error("table %s: event %d is not JSON", e.table_id, e.seq)
                        continue
                    stored.events.append(EventRow(e.table_id, e.seq, e.kind, data, e.at))
        return list(out.values())

    def check_writable(self) -> None:
        """Write and commit one row, or raise :class:`DatabaseNotWritable` saying why.

        A read-only database must be found at start-up, not at the first move of a game."""
        try:
            with self.engine.begin() as conn:
                if self.engine.dialect.name == "postgresql":
                    # Processes of a cluster starting at once replace the same row.
                    conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": SCHEMA_LOCK_KEY})
                conn.execute(delete(meta_t).where(meta_t.c.key == "started"))
                conn.execute(insert(meta_t), [{"key": "started", "value": repr(time.time())}])
        except Exception as exc:
            first = (str(getattr(exc, "orig", None) or exc).strip().splitlines() or ["?"])[0]
            raise DatabaseNotWritable(f"the database cannot be written: {first}") from None

    # ----------------------------------------------------------------- writing

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="paston-db-writer", daemon=True)
            self._thread.start()

    async def append(self, events: list[EventRow], table: TableRow | None = None) -> None:
        """Write ``events`` (and a new table's row); returns once they are committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Job(table, events, loop, future))
        await future

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
            self._thread = None
        self.engine.dispose()

    def _run(self) -> None:
        stop = False
        while not stop:
            job = self._queue.get()
            if job is None:
                break
            jobs = [job]
            # Group commit: take everything that queued up while the last commit ran.
            while len(jobs) < 2000:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.append(more)
            try:
                self._write(jobs)
                results: list[BaseException | None] = [None] * len(jobs)
            except Exception:
                # One bad job must not fail the others of its group: retry them one by one.
                results = []
                for j in jobs:
                    try:
                        self._write([j])
                        results.append(None)
                    except Exception as exc:
                        # The type and place only: the message would repeat the rows, and
                        # rows hold cards (a dealt hand, a discard).
                        log_failure(log, "database write failed (table %s)", exc, _table_of(j))
                        results.append(exc)
            for j, error in zip(jobs, results, strict=True):
                j.loop.call_soon_threadsafe(_settle, j.future, error)

    def _write(self, jobs: list[_Job]) -> None:
        new_tables = [
            {
                "id": j.table.id,
                "created": j.table.created,
                "public": j.table.public,
                "settings": json.dumps(j.table.settings),
            }
            for j in jobs
            if j.table is not None
        ]
        rows = [
            {
                "table_id": e.table_id,
                "seq": e.seq,
                "kind": e.kind,
                "data": json.dumps(e.data, separators=(",", ":")),
                "at": e.at,
            }
            for j in jobs
            for e in j.events
        ]
        with self.engine.begin() as conn:
            if self.fence is not None:
                written = {e.table_id for j in jobs for e in j.events}
                self.fence(conn, written | {j.table.id for j in jobs if j.table is not None})
            if new_tables:
                conn.execute(insert(tables_t), new_tables)
            if rows:
                conn.execute(insert(events_t), rows)
        self.commits += 1
        self.rows_written += len(rows)


def _repair_settings(settings: Any) -> Any:
    """Stored settings made safe to serve: rows written before text was checked at the edge
    may hold lone surrogates or spoofing characters in the table name."""
    from .textcheck import repair_text, scrub_surrogates

    settings = scrub_surrogates(settings)
    if isinstance(settings, dict) and "name" in settings:
        settings["name"] = repair_text(settings["name"], max_len=60, fallback="Table")
    return settings


def _repair_event(kind: str, data: Any) -> Any:
    """A stored event's texts made safe to serve (nicknames, chat lines; see above)."""
    from .textcheck import repair_text, scrub_surrogates

    data = scrub_surrogates(data)
    if isinstance(data, dict):
        if kind == "created" and isinstance(data.get("settings"), dict):
            data["settings"] = _repair_settings(data["settings"])
        elif kind == "joined" and "nickname" in data:
            data["nickname"] = repair_text(data["nickname"], max_len=24, fallback="Player")
        elif kind == "chat":
            if "text" in data:
                data["text"] = repair_text(data["text"], max_len=500, fallback="…")
            if isinstance(data.get("from"), str):
                data["from"] = repair_text(data["from"], max_len=24, fallback="Player")
    return data


def _table_of(job: _Job) -> str:
    if job.table is not None:
        return job.table.id
    return job.events[0].table_id if job.events else "?"


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        # This text may reach a player (a rejected command): the driver's own words only,
        # never the statement or its rows.
        future.set_exception(RuntimeError(f"the database write failed: {_db_reason(error)}"))


def _db_reason(error: BaseException) -> str:
    """A short reason for a database failure without SQL or data: the DBAPI error's first
    line when it is one of the well-known conditions, else the error's type."""
    orig = getattr(error, "orig", None)
    text = str(orig if orig is not None else error).strip().splitlines()
    first = text[0] if text else ""
    for known in (
        "readonly",
        "read-only",
        "disk",
        "locked",
        "permission",
        "no space",
        "connection",
    ):
        if known in first.lower() and "(" not in first and "[" not in first:
            return first[:120]
    return type(orig if orig is not None else error).__name__
