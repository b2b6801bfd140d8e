"""The database's schema history (Alembic), applied by the server at start-up.

:func:`migrate` brings any database to the newest revision in place:

* a fresh database is upgraded from nothing to the head revision;
* a database written before migrations existed (the event tables, no ``alembic_version``) is
  stamped at the baseline revision, which is exactly that old schema, then upgraded;
* a database that is already at the head is left as it is (starting twice changes nothing).

On PostgreSQL the whole step runs in one transaction under the same advisory lock the event
store uses, so the processes of a cluster starting at once do not race to migrate.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

__all__ = ["BASELINE", "head_revision", "migrate", "revision_of"]

#: The revision equal to the schema the server created before it used migrations.
BASELINE = "0001_baseline"
#: Tables of that schema: a database holding them but no ``alembic_version`` is at BASELINE.
LEGACY_TABLES = ("paston_tables", "paston_events", "paston_meta")
#: Transaction-level advisory lock key (the event store's ``SCHEMA_LOCK_KEY``).
_LOCK_KEY = 0x7061736368


def _config(conn: Connection) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent))
    # env.py runs the migrations on this connection (inside its transaction).
    cfg.attributes["connection"] = conn
    return cfg


def head_revision() -> str:
    """The newest revision of the schema."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


def revision_of(conn: Connection) -> str | None:
    """The revision a database is at (None: never migrated)."""
    return MigrationContext.configure(conn).get_current_revision()


def migrate(engine: Engine) -> None:
    """Bring the database of ``engine`` to the head revision (see the module's docstring)."""
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _LOCK_KEY})
        cfg = _config(conn)
        if revision_of(conn) is None:
            existing = set(inspect(conn).get_table_names())
            if "paston_events" in existing:
                # Written by the server before migrations: its schema is the baseline (the
                # baseline creates what a partial old database might miss, then is stamped).
                command.upgrade(cfg, BASELINE)
        if revision_of(conn) != head_revision():
            command.upgrade(cfg, "head")
