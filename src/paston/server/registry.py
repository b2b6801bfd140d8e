"""The ``TableRegistry``: the one owner of all tables of a server process.

There is no game state outside it: the app holds one registry, the registry holds the tables
(each an actor with its own lock and driver task) and the event store. Routing is by table id,
so tables could be spread over processes (see docs/server-protocol.md, "Scaling").
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from .settings import TableSettings, parse_settings
from .store import EventRow, EventStore
from .table import Table

__all__ = ["TableRegistry"]

log = logging.getLogger("paston.server")


class TableRegistry:
    """All tables of this process, rebuilt from the event store on :meth:`start`."""

    def __init__(self, store: EventStore, *, default_deal_pause: float = 2.0) -> None:
        self.store = store
        self.default_deal_pause = default_deal_pause
        self.tables: dict[str, Table] = {}

    async def start(self) -> None:
        """Replay every table's log and start its driver."""
        self.store.start()
        for stored in self.store.load():
            try:
                settings = TableSettings.from_dict(stored.row.settings)
                table = Table(stored.row.id, settings, stored.row.created, self.store)
                table.replay(stored.events)
            except Exception:
                # One damaged log must not keep the other tables from being served.
                log.exception("table %s could not be rebuilt from its log", stored.row.id)
                continue
            self.tables[table.id] = table
            table.start()
        log.info("rebuilt %d tables from the event log", len(self.tables))

    async def stop(self) -> None:
        for table in list(self.tables.values()):
            await table.stop()
        self.store.close()

    def get(self, table_id: str) -> Table | None:
        return self.tables.get(table_id)

    async def create(self, body: Any) -> Table:
        """Create a table from a create-table body (raises ``BadRequest``)."""
        settings = parse_settings(body, default_deal_pause=self.default_deal_pause)
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        table = Table(table_id, settings, time.time(), self.store)
        created = {"settings": settings.to_dict()}
        await self.store.append([EventRow(table_id, 1, "created", created)], table=table.row())
        table._apply("created", created, 1)
        self.tables[table_id] = table
        table.start()
        return table

    def public_tables(self, limit: int = 200) -> list[dict[str, Any]]:
        tables = [t for t in self.tables.values() if t.settings.public]
        tables.sort(key=lambda t: t.created, reverse=True)
        return [t.summary() for t in tables[:limit]]
