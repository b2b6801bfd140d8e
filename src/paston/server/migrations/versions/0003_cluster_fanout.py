"""Cluster mode's shared tables: big spectator publications and cluster-wide client quotas.

``paston_fanout`` holds a spectator message too big for a PostgreSQL notification (8,000
bytes): the notification carries the row's id, and rows older than a minute are pruned by
the publishing process (:mod:`paston.server.cluster_pubsub`).

``paston_quota`` counts what a client did or holds across every process of a cluster (tables
created, seats taken, failed log-ins, registrations), one row per event with the time it
happened; rows past their window are pruned (:mod:`paston.server.cluster_quota`). A single
process (SQLite) never writes these tables: it keeps its limits in memory.

Revision ID: 0003_cluster_fanout
Revises: 0002_accounts
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_cluster_fanout"
down_revision = "0002_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "paston_fanout",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
    )
    op.create_index("ix_paston_fanout_at", "paston_fanout", ["at"])
    op.create_table(
        "paston_quota",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True),
        # What is counted ("table", "seat", "login_address", ...) and for whom.
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("client", sa.String(200), nullable=False),
        # What is held (a table id, "table/seat"), empty for a plain event.
        sa.Column("item", sa.String(64), nullable=False, server_default=""),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_paston_quota_kind_client", "paston_quota", ["kind", "client", "at"])
    op.create_index("ix_paston_quota_at", "paston_quota", ["at"])


def downgrade() -> None:
    op.drop_table("paston_quota")
    op.drop_table("paston_fanout")
