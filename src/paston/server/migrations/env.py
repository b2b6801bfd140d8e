"""Alembic's environment: runs the revisions on the connection :func:`migrate` hands over.

Only the programmatic use is supported (``paston serve`` migrates at start-up); there is no
alembic.ini and no logging set-up here, so the server's logging stays as it is.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("paston's migrations run through paston.server.migrations.migrate()")

context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
