"""Cluster mode's per-client quotas, shared by every process through PostgreSQL.

A single process keeps its limits in memory (:mod:`paston.server.clientlimits`,
:mod:`paston.server.accounts.throttle`). Behind a load balancer a client reaches every
process, so in-memory limits would let it take the quota once per process. In cluster mode
the limits that guard shared things are counted in ``paston_quota`` (one row per event, with
the database's own clock, so the processes' clocks do not matter):

* the tables a client created and the seats it holds at unfinished tables (rows naming the
  table; a table counts while it is open: in memory here, its own status; elsewhere, its
  ``paston_owners`` row);
* how fast it creates tables and takes seats: at most ``burst`` in any ``burst / rate``
  window (a sliding window with the token bucket's burst and long-run rate);
* failed log-ins per address prefix, per name and per known browser (their back-off),
  registrations per address.

Each rate's "count, then add" runs in one transaction under an advisory lock on the (kind,
client) pair, so two processes cannot both let the last one through. The holdings are checked
before a table is created or a seat taken and written once it is, so requests running at the
same moment may pass the check together (at most the rate's burst of them: the rate is
atomic). Rows older than a day (longer than any window) are pruned now and then. Socket and
message rates stay per process: they guard the process's own event loop.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from .clientlimits import ClientLimits, RateLimited
from .edge import EdgeSettings

__all__ = [
    "ClusterBackoffLimiter",
    "ClusterClientLimits",
    "ClusterFailureLimiter",
    "QuotaBook",
    "share_account_limits",
]

#: The first half of the advisory lock keys of quota counts ("pq").
QUOTA_LOCK_SPACE = 0x7071
#: Rows are kept this long (seconds): longer than every window and every holding's check.
KEEP = 86_400.0
#: Seconds between two prunings.
PRUNE_EVERY = 300.0

_NOW = "extract(epoch FROM clock_timestamp())"


class QuotaBook:
    """The shared counts (``paston_quota``) on the cluster's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._pruned = 0.0

    def _lock(self, conn: Connection, kind: str, client: str) -> float:
        conn.execute(
            text("SELECT pg_advisory_xact_lock(:space, hashtext(:key))"),
            {"space": QUOTA_LOCK_SPACE, "key": f"{kind}\n{client}"},
        )
        return float(conn.execute(text(f"SELECT {_NOW}")).scalar_one())

    def take(self, kind: str, client: str, limit: int, window: float) -> float:
        """Count one ``kind`` event of ``client`` if it had fewer than ``limit`` in the last
        ``window`` seconds: 0.0; else the seconds until the oldest leaves (nothing counted)."""
        self._maybe_prune()
        with self.engine.begin() as conn:
            now = self._lock(conn, kind, client)
            times = conn.execute(
                text(
                    "SELECT at FROM paston_quota WHERE kind = :kind AND client = :client "
                    "AND at > :since ORDER BY at DESC LIMIT :limit"
                ),
                {"kind": kind, "client": client, "since": now - window, "limit": limit},
            ).all()
            if len(times) >= limit:
                return max(0.001, float(times[-1][0]) + window - now)
            self._insert(conn, kind, client, "")
        return 0.0

    def recent(self, kind: str, client: str, window: float) -> list[float]:
        """When ``client``'s ``kind`` events of the last ``window`` seconds happened, oldest
        first, as seconds before now."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    f"SELECT {_NOW} - at FROM paston_quota WHERE kind = :kind "
                    f"AND client = :client AND at > {_NOW} - :window ORDER BY at"
                ),
                {"kind": kind, "client": client, "window": window},
            ).all()
        return [float(r[0]) for r in rows]

    def add(self, kind: str, client: str, item: str = "") -> None:
        with self.engine.begin() as conn:
            self._insert(conn, kind, client, item)

    def clear(self, kind: str, client: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                text("DELETE FROM paston_quota WHERE kind = :kind AND client = :client"),
                {"kind": kind, "client": client},
            )

    def held(self, kind: str, client: str, local_open: Callable[[str], bool | None]) -> int:
        """How many open tables' worth of ``kind`` ``client`` holds (items ``table`` or
        ``table/seat``). ``local_open`` answers for tables in this process's memory (None:
        not here); the others count while their ``paston_owners`` row says open."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT q.item, coalesce(o.open, true) FROM paston_quota q "
                    "LEFT JOIN paston_owners o ON o.table_id = split_part(q.item, '/', 1) "
                    "WHERE q.kind = :kind AND q.client = :client"
                ),
                {"kind": kind, "client": client},
            ).all()
        count = 0
        for item, shared_open in rows:
            here = local_open(str(item).split("/", 1)[0])
            count += bool(shared_open) if here is None else here
        return count

    def _insert(self, conn: Connection, kind: str, client: str, item: str) -> None:
        conn.execute(
            text(
                "INSERT INTO paston_quota (kind, client, item, at) "
                f"VALUES (:kind, :client, :item, {_NOW})"
            ),
            {"kind": kind, "client": client[:200], "item": item[:64]},
        )

    def _maybe_prune(self) -> None:
        if time.monotonic() - self._pruned < PRUNE_EVERY:
            return
        self._pruned = time.monotonic()
        with self.engine.begin() as conn:
            conn.execute(
                text(f"DELETE FROM paston_quota WHERE at < {_NOW} - :keep"), {"keep": KEEP}
            )


class ClusterClientLimits(ClientLimits):
    """:class:`ClientLimits` whose table and seat quotas (and their rates) are the cluster's:
    the local ones still apply first (they are never looser), then the shared ones."""

    def __init__(
        self,
        edge: EdgeSettings,
        is_open_table: Callable[[str], bool],
        in_memory: Callable[[str], bool],
    ) -> None:
        super().__init__(edge, is_open_table)
        self._is_open = is_open_table
        self._in_memory = in_memory
        #: Set once the database is open (the app's start-up); until then only local limits.
        self.book: QuotaBook | None = None

    def _local_open(self, table_id: str) -> bool | None:
        return self._is_open(table_id) if self._in_memory(table_id) else None

    def check_create(self, who: str) -> None:
        super().check_create(who)
        if not self.enabled or self.book is None:
            return
        held = self.book.held("table", who, self._local_open)
        if held >= self.edge.open_tables_per_client:
            raise RateLimited(
                f"you have {held} unfinished tables (at most "
                f"{self.edge.open_tables_per_client}, on every server); finish or leave one first",
                "quota_exceeded",
            )
        burst, rate = self.edge.tables_burst, self.edge.tables_per_minute
        wait = self.book.take("create", who, burst, 60.0 * burst / rate)
        if wait:
            raise RateLimited(
                f"at most {burst} new tables at once and {rate:g} a minute (on every server); "
                f"try again in {max(1, int(wait + 0.999))} s",
                retry_after=wait,
            )

    def note_created(self, who: str, table_id: str) -> None:
        super().note_created(who, table_id)
        if self.enabled and self.book is not None:
            self.book.add("table", who, table_id)

    def check_join(self, who: str) -> None:
        super().check_join(who)
        if not self.enabled or self.book is None:
            return
        held = self.book.held("seat", who, self._local_open)
        if held >= self.edge.seats_per_client:
            raise RateLimited(
                f"you hold {held} seats at unfinished tables (at most "
                f"{self.edge.seats_per_client}, on every server)",
                "quota_exceeded",
            )
        burst, rate = self.edge.joins_burst, self.edge.joins_per_minute
        wait = self.book.take("join", who, burst, 60.0 * burst / rate)
        if wait:
            raise RateLimited(
                f"at most {burst} joins at once and {rate:g} a minute (on every server); "
                f"try again in {max(1, int(wait + 0.999))} s",
                retry_after=wait,
            )

    def note_joined(self, who: str, table_id: str, seat: int) -> None:
        super().note_joined(who, table_id, seat)
        if self.enabled and self.book is not None:
            self.book.add("seat", who, f"{table_id}/{seat}")


class ClusterFailureLimiter:
    """:class:`~paston.server.accounts.throttle.FailureLimiter`'s interface on the shared
    counts: ``limit`` failures of a key within ``window`` seconds, across every process."""

    def __init__(self, book: QuotaBook, kind: str, limit: int, window: float) -> None:
        self.book = book
        self.kind = kind
        self.limit = limit
        self.window = window

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may try again (0: it may now)."""
        ages = self.book.recent(self.kind, key, self.window)
        if len(ages) < self.limit:
            return 0.0
        # The limit-th newest failure must leave the window first.
        return max(0.0, self.window - ages[-self.limit])

    def fail(self, key: str) -> None:
        self.book.add(self.kind, key)

    def clear(self, key: str) -> None:
        self.book.clear(self.kind, key)


class ClusterBackoffLimiter:
    """:class:`~paston.server.accounts.throttle.BackoffLimiter`'s interface on the shared
    counts: the same exponential back-off, from the failures every process wrote."""

    def __init__(
        self, book: QuotaBook, kind: str, free: int, first: float, most: float, window: float
    ) -> None:
        from .accounts.throttle import backoff_depth

        self.book = book
        self.kind = kind
        self.free = free
        self.first = first
        self.most = most
        self.window = window
        self.depth = backoff_depth(free, first, most)

    def retry_after(self, key: str) -> float:
        from .accounts.throttle import backoff_wait

        ages = self.book.recent(self.kind, _short(key), self.window)[-self.depth :]
        return backoff_wait(ages, self.free, self.first, self.most)

    def fail(self, key: str) -> None:
        self.book.add(self.kind, _short(key))

    def clear(self, key: str) -> None:
        self.book.clear(self.kind, _short(key))


def _short(key: str) -> str:
    """A key that fits ``paston_quota.client`` (a long one by its hash, not cut short)."""
    if len(key) <= 200:
        return key
    return "sha256:" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def share_account_limits(accounts: object, book: QuotaBook) -> None:
    """Make the accounts' log-in and registration limits the cluster's (same numbers)."""
    limits = accounts.limits  # type: ignore[attr-defined]
    for attr, kind, free in (
        ("login_by_name", "login_name", limits.login_failures),
        ("login_by_prefix", "login_prefix", limits.prefix_failures),
        ("login_by_device", "login_device", limits.login_failures),
    ):
        limiter = ClusterBackoffLimiter(
            book, kind, free, limits.login_backoff, limits.login_backoff_max, limits.login_window
        )
        setattr(accounts, attr, limiter)
    accounts.register_by_address = ClusterFailureLimiter(  # type: ignore[attr-defined]
        book, "register_address", limits.registrations, limits.register_window
    )
