"""Reading one table's log back, and pruning old chat from it.

The event store (:mod:`paston.server.store`) writes every event and reads everything at
start-up; the registry also needs one table at a time (a finished table evicted from memory
and asked for again, for its replay) and a way to forget old chat lines: a table keeps the
last :data:`~paston.server.table.CHAT_KEEP` lines, and older lines lose their text in the log
too (their seat and command id stay, so a retried command still gets its old receipt). These
run in worker threads; SQLite's busy timeout lets them share the file with the writer thread.
"""

from __future__ import annotations

import json

from sqlalchemy import select, update

from .store import EventRow, EventStore, StoredTable, TableRow, events_t, tables_t

__all__ = ["load_events", "load_table", "prune_chat"]


def load_events(store: EventStore, table_id: str) -> list[EventRow]:
    """The table's events in order."""
    query = select(events_t).where(events_t.c.table_id == table_id).order_by(events_t.c.seq)
    with store.engine.connect() as conn:
        return [
            EventRow(e.table_id, e.seq, e.kind, json.loads(e.data), e.at)
            for e in conn.execute(query)
        ]


def load_table(store: EventStore, table_id: str) -> StoredTable | None:
    """One table's row and events, or ``None`` when the store has no such table."""
    with store.engine.connect() as conn:
        r = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
    if r is None:
        return None
    row = TableRow(r.id, r.created, bool(r.public), json.loads(r.settings))
    return StoredTable(row, load_events(store, table_id))


def prune_chat(store: EventStore, table_id: str, before_seq: int) -> int:
    """Remove the text of the table's chat lines older than ``before_seq``; returns how many."""
    query = select(events_t.c.id, events_t.c.data).where(
        events_t.c.table_id == table_id,
        events_t.c.kind == "chat",
        events_t.c.seq < before_seq,
    )
    pruned = 0
    with store.engine.begin() as conn:
        for row_id, raw in conn.execute(query).all():
            data = json.loads(raw)
            if data.get("pruned"):
                continue
            kept = {"seat": data.get("seat"), "command_id": data.get("command_id"), "pruned": True}
            conn.execute(
                update(events_t).where(events_t.c.id == row_id).values(data=json.dumps(kept))
            )
            pruned += 1
    return pruned
