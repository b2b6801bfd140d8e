"""One server process per database: a lock file beside a SQLite file, an advisory lock in
PostgreSQL.

Two processes driving the same tables from one file corrupt each other's play (both append
the same sequence numbers). The owner holds ``flock(LOCK_EX)`` on ``<database>.lock`` for as
long as it runs; a second process fails to take it and refuses to start. The kernel releases
the lock when the owner dies in any way (even ``kill -9``), so a stale lock file never blocks a
restart. The file holds the owner's process id, for the error message only.

On PostgreSQL the owner holds a session-level advisory lock on its own connection; the
server ends the session (and so the lock) when the owner's connection drops, which it does at
once when the process dies.

Cluster mode (``paston serve --cluster``, PostgreSQL only) takes the same advisory lock
*shared*: any number of cluster processes share the database (each table then has one owner,
see :mod:`paston.server.cluster`), while a process in the one-owner mode and cluster processes
exclude each other.

Locks are counted within a process, so the command line and the app it starts may both ask
for the same database.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import Any

__all__ = ["DatabaseInUse", "DatabaseLock", "lock_path_for"]


class DatabaseInUse(RuntimeError):
    """Another live process owns the database."""


def lock_path_for(db_url: str) -> Path | None:
    """The lock file of a SQLite file URL, or None (PostgreSQL, in-memory databases)."""
    from .store import sqlite_path

    path = sqlite_path(db_url)
    if path is None:
        return None
    return path.with_name(path.name + ".lock")


_held: dict[Path, tuple[int, int]] = {}  # resolved lock path -> (fd, holders in this process)


#: The advisory lock key of a paston server in a PostgreSQL database ("paston" in ASCII).
PG_LOCK_KEY = 0x706173746F6E

_pg_held: dict[str, tuple[Any, int]] = {}  # database URL -> (connection, holders)


class DatabaseLock:
    """The ownership of one database by this process (a no-op for in-memory databases)."""

    def __init__(self, db_url: str, *, shared: bool = False) -> None:
        self.shared = shared
        path = lock_path_for(db_url)
        self.path = path.resolve() if path is not None else None
        self.pg_url = db_url if db_url.startswith("postgresql") else None
        self.held = False

    def acquire(self) -> None:
        """Take the lock or raise :class:`DatabaseInUse` naming the owner."""
        if self.held:
            return
        if self.pg_url is not None:
            self._acquire_pg(self.pg_url)
            return
        if self.path is None:
            return
        if self.path in _held:
            fd, count = _held[self.path]
            _held[self.path] = (fd, count + 1)
            self.held = True
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            owner = _read_owner(fd)
            os.close(fd)
            who = f"process {owner}" if owner else "another process"
            raise DatabaseInUse(
                f"the database is in use by {who} (another paston serve?); "
                f"stop it or choose another --db (lock file {self.path})"
            ) from None
        except OSError:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        _held[self.path] = (fd, 1)
        self.held = True

    def _acquire_pg(self, url: str) -> None:
        if url in _pg_held:
            conn, count = _pg_held[url]
            _pg_held[url] = (conn, count + 1)
            self.held = True
            return
        from sqlalchemy import create_engine, text

        engine = create_engine(url, hide_parameters=True, poolclass=_null_pool())
        conn = engine.connect()
        take = "pg_try_advisory_lock_shared" if self.shared else "pg_try_advisory_lock"
        got = conn.execute(text(f"SELECT {take}(:k)"), {"k": PG_LOCK_KEY}).scalar()
        conn.commit()
        if not got:
            conn.close()
            engine.dispose()
            if self.shared:
                raise DatabaseInUse(
                    "the database is in use by a paston serve without --cluster (it holds the "
                    f"advisory lock {PG_LOCK_KEY}); stop it or start every server with --cluster"
                )
            raise DatabaseInUse(
                "the database is in use by another paston serve (it holds the advisory lock "
                f"{PG_LOCK_KEY}); stop it or choose another --db"
            )
        _pg_held[url] = ((engine, conn), 1)
        self.held = True

    def release(self) -> None:
        if not self.held:
            return
        if self.pg_url is not None:
            self.held = False
            (engine, conn), count = _pg_held[self.pg_url]
            if count > 1:
                _pg_held[self.pg_url] = ((engine, conn), count - 1)
                return
            del _pg_held[self.pg_url]
            with contextlib.suppress(Exception):
                conn.close()  # ending the session releases the advisory lock
            engine.dispose()
            return
        if self.path is None:
            return
        self.held = False
        fd, count = _held[self.path]
        if count > 1:
            _held[self.path] = (fd, count - 1)
            return
        del _held[self.path]
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
        os.close(fd)  # closing the descriptor releases the lock


def _null_pool() -> Any:
    from sqlalchemy.pool import NullPool

    return NullPool


def _read_owner(fd: int) -> str:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return text if text.isdigit() else ""
