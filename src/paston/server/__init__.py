"""The Paston game server: FastAPI + WebSockets, tables as actors over an event log.

``create_app(db_url)`` builds the app; ``paston serve`` runs it with uvicorn. The protocol is
documented in docs/server-protocol.md.
"""

from __future__ import annotations

from .app import create_app
from .registry import TableRegistry
from .store import DEFAULT_DB_URL, EventStore

__all__ = ["DEFAULT_DB_URL", "EventStore", "TableRegistry", "create_app"]
