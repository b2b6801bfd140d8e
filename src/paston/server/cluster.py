"""Cluster mode: several ``paston serve --cluster`` processes share one PostgreSQL database, and
each table is owned by exactly one of them.

Ownership of a table is a session-level advisory lock ``(CLUSTER_LOCK_SPACE,
hashtext(table_id))`` held on this process's own connection (its *lock session*). PostgreSQL
ends the session, and so every lock of the process, as soon as the process dies (even
``kill -9``: the kernel closes its socket), so a dead owner's tables are free at once. The
``paston_owners`` row of a table says which process took it last and where that process
listens, so the others know where to send a table's clients (:mod:`paston.server.cluster_proxy`).

A watcher in every process looks, every ``watch_every`` seconds, for tables still being played
whose lock nobody holds and takes them over by replaying their log (through
``TableRegistry.get``, which claims before it loads). Nothing acknowledged is lost: a command
is acknowledged only after its event is committed, and the new owner replays every committed
event. Nothing is written twice: the log's ``(table_id, seq)`` key refuses a second event at
the same place, and every write first checks, in its own transaction, that this process's lock
session still holds each table written and that the table's ``paston_owners`` row still names
this process, locking that row until the write commits (:meth:`ClusterNode.fence`): a process
that lost a table writes nothing more to it even before it notices, and a peer taking a table
over (which updates the row before it loads the log) waits for a write already under way.

A process that stops answering without dying (frozen, swapped out, stopped) keeps its session
and so its locks; so every watcher also writes a heartbeat (``paston_nodes``, PostgreSQL's own
clock), and ends the lock session of any process whose heartbeat is older than ``lease``
seconds (``pg_terminate_backend``): its tables are then free and taken over like a dead
process's, and its writes are refused by the fence.

A process whose lock session fails can no longer prove it owns anything; it exits at once
(its supervisor restarts it) so that it never plays a table another process took over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    inspect,
    text,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from .safe_log import log_failure
from .store import create_schema

if TYPE_CHECKING:
    from .registry import TableRegistry

__all__ = ["CLUSTER_LOCK_SPACE", "ClusterError", "ClusterNode", "ClusterSettings", "watch"]

log = logging.getLogger("paston.server")

#: The first half of every table's advisory lock key ("pa" in ASCII); the second is
#: ``hashtext(table_id)``, computed by PostgreSQL itself so that SQL can find free tables.
CLUSTER_LOCK_SPACE = 0x7061

_metadata = MetaData()

owners_t = Table(
    "paston_owners",
    _metadata,
    Column("table_id", String(32), primary_key=True),
    Column("node", String(64), nullable=False),
    Column("address", String(200), nullable=False),
    #: False once the table is finished or closed: nobody needs to take it over.
    Column("open", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)

nodes_t = Table(
    "paston_nodes",
    _metadata,
    Column("node", String(64), primary_key=True),
    #: The lock session's server process id (what a live peer ends when this one is silent).
    Column("session_pid", Integer, nullable=False),
    Column("beat", Float, nullable=False),
)

_BEAT = text(
    """
    INSERT INTO paston_nodes (node, session_pid, beat)
    VALUES (:node, pg_backend_pid(), extract(epoch FROM clock_timestamp()))
    ON CONFLICT (node) DO UPDATE SET session_pid = excluded.session_pid, beat = excluded.beat
    """
)

#: End the lock sessions of silent processes (still connected, no heartbeat for ``lease`` s).
_END_SILENT = text(
    """
    SELECT n.node, pg_terminate_backend(n.session_pid) FROM paston_nodes n
    JOIN pg_stat_activity a ON a.pid = n.session_pid
    WHERE n.node <> :node AND n.beat < extract(epoch FROM clock_timestamp()) - :lease
    """
)

#: The sessions of silent processes that are in the middle of a write (see ``fence``).
_END_SILENT_WRITERS = text(
    """
    SELECT pg_terminate_backend(a.pid) FROM pg_stat_activity a
    JOIN paston_nodes n ON a.application_name = n.node
    WHERE n.node <> :node AND n.beat < extract(epoch FROM clock_timestamp()) - :lease
    """
)

_NAME_WRITER = text("SELECT set_config('application_name', :node, true)")

#: Open tables whose lock no session holds (their owner died, or they never had one).
_ORPHANS = text(
    """
    SELECT t.id FROM paston_tables t
    LEFT JOIN paston_owners o ON o.table_id = t.id
    WHERE (o.table_id IS NULL OR o.open)
      AND NOT EXISTS (
        SELECT 1 FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.granted
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.classid::bigint = :space
          AND l.objid::bigint = (hashtext(t.id)::bigint & 4294967295)
          AND l.objsubid = 2)
    LIMIT 200
    """
)


#: The owners of the tables ``:ids``, their rows locked until the transaction ends.
_OWNER_ROWS = text(
    "SELECT table_id, node FROM paston_owners "
    "WHERE table_id = ANY(CAST(:ids AS text[])) ORDER BY table_id FOR SHARE"
)

#: How many of the tables ``:ids`` the session ``:pid`` holds.
_HELD = text(
    """
    SELECT count(*) FROM unnest(CAST(:ids AS text[])) AS t(id)
    WHERE EXISTS (
        SELECT 1 FROM pg_locks l
        WHERE l.pid = :pid AND l.locktype = 'advisory' AND l.granted
          AND l.classid::bigint = :space
          AND l.objid::bigint = (hashtext(t.id)::bigint & 4294967295)
          AND l.objsubid = 2)
    """
)


class NotOwner(RuntimeError):
    """A write for a table this process does not own (any more)."""


class ClusterError(RuntimeError):
    """Cluster mode cannot run with these settings (not PostgreSQL, no address)."""


@dataclass(frozen=True, slots=True)
class ClusterSettings:
    """How this process takes part in a cluster."""

    #: Where the other processes reach this one (``http://host:port``, no trailing slash).
    address: str
    #: Seconds between two looks for tables whose owner died.
    watch_every: float = 1.0
    #: Seconds without a heartbeat after which a live process's tables are taken from it.
    lease: float = 5.0
    node: str = field(default_factory=lambda: f"{os.getpid()}-{uuid.uuid4().hex[:12]}")

    def __post_init__(self) -> None:
        if not self.address.startswith(("http://", "https://")):
            raise ClusterError(
                f"the cluster address must be http://host:port (got {self.address!r})"
            )


class ClusterNode:
    """This process's lock session: claims, releases and finds tables in the shared database."""

    def __init__(self, db_url: str, settings: ClusterSettings) -> None:
        if not db_url.startswith("postgresql"):
            raise ClusterError("cluster mode needs a PostgreSQL database (--db postgresql+...)")
        self.settings = settings
        self.address = settings.address.rstrip("/")
        self.node = settings.node
        self.engine = create_engine(db_url, hide_parameters=True, poolclass=NullPool)
        create_schema(self.engine, _metadata)
        self._conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        # One connection, used by the event loop and by the watcher's thread: one at a time.
        self._mutex = threading.Lock()
        self.held: set[str] = set()
        self._peer_key: bytes | None = None
        if inspect(self.engine).has_table("paston_meta"):
            _ = self.peer_key  # read at start-up, not by the first request (a blocking query)
        #: The lock session's server process, named by the write fence.
        self.session_pid = int(self._run(text("SELECT pg_backend_pid()")).scalar())
        # The first heartbeat now: a process frozen before its watcher's first round must be
        # found silent too.
        self._run(_BEAT, {"node": self.node})

    def _run(self, statement: Any, params: dict[str, Any] | None = None) -> Any:
        with self._mutex:
            return self._conn.execute(statement, params or {})

    def claim(self, table_id: str) -> bool:
        """Take ``table_id`` for this process if no live process holds it; True if held."""
        if table_id in self.held:
            return True
        got = self._run(
            text("SELECT pg_try_advisory_lock(:space, hashtext(:id))"),
            {"space": CLUSTER_LOCK_SPACE, "id": table_id},
        ).scalar()
        if not got:
            return False
        self.held.add(table_id)
        row = {
            "table_id": table_id,
            "node": self.node,
            "address": self.address,
            "open": True,
            "at": time.time(),
        }
        upsert = pg_insert(owners_t).values(**row)
        upsert = upsert.on_conflict_do_update(
            index_elements=["table_id"],
            set_={k: upsert.excluded[k] for k in ("node", "address", "open", "at")},
        )
        self._run(upsert)
        return True

    def release(self, table_id: str, still_open: bool) -> None:
        """Let ``table_id`` go (evicted from memory); ``still_open`` lets the watchers take it."""
        if table_id not in self.held:
            return
        self.held.discard(table_id)
        self._run(
            owners_t.update()
            .where(owners_t.c.table_id == table_id, owners_t.c.node == self.node)
            .values(open=still_open, at=time.time())
        )
        self._run(
            text("SELECT pg_advisory_unlock(:space, hashtext(:id))"),
            {"space": CLUSTER_LOCK_SPACE, "id": table_id},
        )

    def fence(self, conn: Connection, table_ids: set[str]) -> None:
        """Inside a write's transaction (on ``conn``, the writer's connection): raise unless
        this process's lock session holds every table of ``table_ids``. A process that lost
        its session (and so its tables) writes nothing more, even before it notices."""
        if not table_ids:
            return
        # Hold each table's ownership row until this write commits: a peer's claim updates
        # that row before it loads the table's log, so it waits for this write and then sees
        # it. Checking the lock alone left a gap between the check and the commit.
        ids = sorted(table_ids)
        # Name this write's session after the process for as long as the transaction holds
        # those rows: a process frozen mid-write is then found by its name and ended with its
        # lock session, so its row locks cannot hold up a takeover for ever.
        conn.execute(_NAME_WRITER, {"node": self.node})
        owners: dict[str, str] = dict(conn.execute(_OWNER_ROWS, {"ids": ids}).all())
        if any(owners.get(t) != self.node for t in ids):
            raise NotOwner("another process has taken a table this process was writing to")
        held = conn.execute(
            _HELD, {"pid": self.session_pid, "space": CLUSTER_LOCK_SPACE, "ids": list(table_ids)}
        ).scalar()
        if held != len(table_ids):
            raise NotOwner("this process no longer owns a table it was writing to")

    @property
    def peer_key(self) -> bytes:
        """The cluster's shared key (:mod:`paston.server.cluster_auth`), read once from the
        database (made there by the first process that needs it)."""
        if self._peer_key is None:
            from .server_keys import server_key

            self._peer_key = server_key(self.engine, "cluster_peer_key")
        return self._peer_key

    def owner_address(self, table_id: str) -> str | None:
        """Where the owner of ``table_id`` listens, as last written (None: no owner yet)."""
        address: str | None = self._run(
            owners_t.select()
            .with_only_columns(owners_t.c.address)
            .where(owners_t.c.table_id == table_id)
        ).scalar()
        return address

    def peer_addresses(self) -> list[str]:
        """Where the other processes owning open tables listen."""
        rows = self._run(
            owners_t.select()
            .with_only_columns(owners_t.c.address)
            .where(owners_t.c.open, owners_t.c.address != self.address)
            .distinct()
        ).all()
        return [r[0] for r in rows]

    def orphans(self) -> list[str]:
        """Open tables that no live process owns."""
        rows = self._run(_ORPHANS, {"space": CLUSTER_LOCK_SPACE}).all()
        return [r[0] for r in rows]

    def beat(self) -> list[str]:
        """Write this process's heartbeat; end the lock sessions of silent processes (their
        node names are returned)."""
        self._run(_BEAT, {"node": self.node})
        self._run(_END_SILENT_WRITERS, {"node": self.node, "lease": self.settings.lease})
        ended = self._run(_END_SILENT, {"node": self.node, "lease": self.settings.lease}).all()
        if ended:
            self._run(nodes_t.delete().where(nodes_t.c.node.in_([r[0] for r in ended])))
        return [r[0] for r in ended]

    def alive(self) -> bool:
        """Whether the lock session still works (and so still holds this process's locks)."""
        try:
            self._run(text("SELECT 1"))
        except Exception:
            return False
        return True

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._run(nodes_t.delete().where(nodes_t.c.node == self.node))
        with contextlib.suppress(Exception):
            self._conn.close()  # ending the session releases every lock at once
        self.engine.dispose()


def _lost_session() -> None:
    """The lock session is gone: other processes may already own our tables. Stop now."""
    log.critical(
        "cluster: the lock session to PostgreSQL is lost; exiting so as never to play "
        "a table another process took over"
    )
    os._exit(70)


async def watch(
    node: ClusterNode,
    registry: TableRegistry,
    on_lost: Callable[[], None] = _lost_session,
) -> None:
    """Forever: take over open tables whose owner died; exit if our own session dies."""
    while True:
        await asyncio.sleep(node.settings.watch_every)
        try:
            for silent in await asyncio.to_thread(node.beat):
                log.warning("cluster: process %s was silent; its tables are taken from it", silent)
            orphans = await asyncio.to_thread(node.orphans)
        except Exception as exc:
            if not await asyncio.to_thread(node.alive):
                on_lost()
                return
            log_failure(log, "cluster: looking for orphaned tables failed", exc)
            continue
        last_beat = time.monotonic()
        for table_id in orphans:
            if time.monotonic() - last_beat > node.settings.lease / 3:
                # Taking over many tables takes a while: keep our own lease alive meanwhile.
                await asyncio.to_thread(node.beat)
                last_beat = time.monotonic()
            await asyncio.sleep(0)  # and let the sockets of the tables already here be served
            try:
                # ``get`` claims the table first; another watcher may win it, then this is None.
                if table_id not in registry.tables and registry.get(table_id) is not None:
                    log.warning("cluster: took over table %s from its log", table_id)
            except Exception as exc:
                log_failure(log, "cluster: taking over table %s failed", exc, table_id)
