"""Accounts, second step: what a session list shows, and games closed before their end.

``paston_sessions`` gains ``last_seen`` (when the session was last used, to the minute) and
``agent`` (a short summary of the browser's User-Agent, e.g. "Firefox on Linux"), both empty
for sessions started before. ``paston_results`` gains ``closed``: the table was closed
(idle, deserted) before its game ended; empty for the games recorded before (all played out).

Revision ID: 0004_account_sessions
Revises: 0003_cluster_fanout
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_account_sessions"
down_revision = "0003_cluster_fanout"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("paston_sessions", sa.Column("last_seen", sa.Float, nullable=True))
    op.add_column("paston_sessions", sa.Column("agent", sa.String(80), nullable=True))
    op.add_column("paston_results", sa.Column("closed", sa.Boolean, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("paston_results") as batch:
        batch.drop_column("closed")
    with op.batch_alter_table("paston_sessions") as batch:
        batch.drop_column("agent")
        batch.drop_column("last_seen")
