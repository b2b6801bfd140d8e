"""Migrations: the baseline is the old schema, a database from before accounts upgrades in
place (SQLite and PostgreSQL), a fresh one reaches the head, and starting twice changes nothing.

The SQLite fixture tests/server/data/pre_accounts.sqlite was written by the server code of
commit aa475ce (before migrations): a finished Paston table ("Old table": one player who sat
down and left, so the stand-in played; target 1) and a waiting table.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from accounts_helpers import Site, register
from sqlalchemy import create_engine, insert, inspect, select
from sqlalchemy.engine import Engine
from test_server_postgres import postgres_url

from paston.server.accounts import FinishedGame, SeatResult, identity
from paston.server.accounts import schema as account_schema
from paston.server.accounts.history import game_rows, ratings_of, record_game
from paston.server.migrations import BASELINE, head_revision, migrate, revision_of
from paston.server.store import EventStore, events_t, meta_t, tables_t
from paston.server.store import metadata as old_metadata

__all__ = ["postgres_url"]

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "pre_accounts.sqlite"
OLD_TABLE = "GpsSkMsv"
WAITING_TABLE = "OMAiJYWV"


def _schema(engine: Engine) -> dict[str, Any]:
    """Tables, columns (name, type, nullable), indexes and unique constraints: comparable."""
    insp = inspect(engine)
    out: dict[str, Any] = {}
    for name in sorted(insp.get_table_names()):
        out[name] = {
            "columns": [
                (c["name"], str(c["type"]).split("(")[0], c["nullable"])
                for c in insp.get_columns(name)
            ],
            "indexes": sorted(
                (i["name"], tuple(i["column_names"])) for i in insp.get_indexes(name)
            ),
            "unique": sorted(tuple(u["column_names"]) for u in insp.get_unique_constraints(name)),
        }
    return out


def _rows(engine: Engine) -> tuple[list[Any], list[Any]]:
    with engine.connect() as conn:
        tables = [tuple(r) for r in conn.execute(select(tables_t).order_by(tables_t.c.id))]
        events = [tuple(r) for r in conn.execute(select(events_t).order_by(events_t.c.id))]
    return tables, events


def test_the_baseline_is_the_old_schema(tmp_path: Path) -> None:
    old = create_engine(f"sqlite:///{tmp_path / 'old.sqlite'}")
    old_metadata.create_all(old)  # what the server did before migrations
    new = create_engine(f"sqlite:///{tmp_path / 'new.sqlite'}")
    migrate(new)
    old_tables = _schema(old)
    assert {k: v for k, v in _schema(new).items() if k in old_tables} == old_tables
    with new.connect() as conn:
        assert revision_of(conn) == head_revision() != BASELINE


def test_the_account_tables_match_their_query_objects(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'x.sqlite'}")
    migrate(engine)
    insp = inspect(engine)
    for table in account_schema.metadata.sorted_tables:
        live = {c["name"] for c in insp.get_columns(table.name)}
        assert live == {c.name for c in table.columns}, table.name


def test_a_fresh_database_and_a_second_start_change_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.sqlite'}"
    EventStore(url).close()
    engine = create_engine(url)
    first = _schema(engine)
    assert "alembic_version" in first and "paston_accounts" in first
    EventStore(url).close()
    assert _schema(engine) == first
    with engine.connect() as conn:
        assert revision_of(conn) == head_revision()


def test_the_pre_accounts_sqlite_database_upgrades_in_place(tmp_path: Path) -> None:
    db = tmp_path / "paston.sqlite"
    shutil.copy(FIXTURE, db)
    con = sqlite3.connect(db)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    con.close()
    assert names == {"paston_tables", "paston_events", "paston_meta"}  # no alembic_version
    engine = create_engine(f"sqlite:///{db}")
    tables_before, events_before = _rows(engine)
    assert {t[0] for t in tables_before} == {OLD_TABLE, WAITING_TABLE}

    site = Site(db)
    try:
        c = site.browser()
        old = c.get(f"/api/tables/{OLD_TABLE}").json()
        assert old["status"] == "over" and old["seats"][0]["nickname"] == "Old Ani"
        # Logged before accounts: never rated, so it reads as unrated (not the new default).
        assert old["rated"] is False and old["seats"][0]["registered"] is False
        record = c.get(f"/api/tables/{OLD_TABLE}/record").json()
        assert record["meta"]["players"][0] == "Old Ani"
        waiting = c.get(f"/api/tables/{WAITING_TABLE}").json()
        assert waiting["status"] == "waiting"
        # The upgraded database takes accounts, and a registered player joins the old table.
        register(c, "New Ani")
        assert c.get("/api/account/me").json()["name"] == "New Ani"
        assert c.post(f"/api/tables/{WAITING_TABLE}/join", json={}).status_code == 200
    finally:
        site.close()

    tables_after, events_after = _rows(engine)
    assert tables_after == tables_before
    assert events_after[: len(events_before)] == events_before  # kept, the join appended
    with engine.connect() as conn:
        assert revision_of(conn) == head_revision()
    schema = _schema(engine)
    EventStore(f"sqlite:///{db}").close()  # a second start: nothing changes
    assert _schema(engine) == schema


def _copy_fixture_to(engine: Engine) -> None:
    """The fixture's rows in an old-schema database on ``engine`` (made as the old code did)."""
    old_metadata.create_all(engine)
    src = create_engine(f"sqlite:///file:{FIXTURE}?mode=ro&uri=true")
    with src.connect() as s, engine.begin() as d:
        for table in (tables_t, events_t, meta_t):
            rows = [dict(r._mapping) for r in s.execute(select(table))]
            if rows:
                d.execute(insert(table), rows)
    src.dispose()


@pytest.mark.timeout(180)
def test_the_same_upgrade_on_postgresql(postgres_url: str) -> None:
    engine = create_engine(postgres_url)
    _copy_fixture_to(engine)
    assert "alembic_version" not in inspect(engine).get_table_names()
    tables_before, events_before = _rows(engine)
    site = Site(postgres_url)
    try:
        c = site.browser()
        assert c.get(f"/api/tables/{OLD_TABLE}").json()["status"] == "over"
        register(c, "Pg Ani")
        r = c.post("/api/account/login", json={"name": "pg ani", "password": "correct horse"})
        assert r.status_code == 200
    finally:
        site.close()
    assert _rows(engine) == (tables_before, events_before)
    with engine.connect() as conn:
        assert revision_of(conn) == head_revision()
    schema = _schema(engine)
    EventStore(postgres_url).close()
    assert _schema(engine) == schema
    # The account tables work on PostgreSQL too: a rated game's ratings and history.
    ani = identity.find(engine, "PG ANI")
    assert ani is not None
    bob = identity.register(engine, "Pg Bob", "password2")
    seats = (
        SeatResult(0, "Pg Ani", ani.id, 12.0, False, False),
        SeatResult(1, "Pg Bob", bob.id, -3.0, False, False),
        SeatResult(2, "heuristic", None, 0.0, False, True),
    )
    game = FinishedGame("pgtable1", "paston", True, 1.7e9, seats, {"meta": {}})
    assert record_game(engine, game) and not record_game(engine, game)
    assert ratings_of(engine, ani.id)["paston"]["mu"] > 25.0
    assert ratings_of(engine, bob.id)["paston"]["mu"] < 25.0
    assert [g["place"] for g in game_rows(engine, bob.id, 5, 0)] == [3]
    engine.dispose()
