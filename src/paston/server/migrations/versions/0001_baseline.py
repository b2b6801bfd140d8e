"""Baseline: the event store's schema as the server created it before migrations.

Exactly what ``metadata.create_all`` made at commit aa475ce: ``paston_tables``,
``paston_meta`` and ``paston_events`` (with its table_id index and (table_id, seq) unique
constraint). A table already there is left alone, so a partly created old database is
completed rather than failed.

Revision ID: 0001_baseline
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "paston_tables" not in existing:
        op.create_table(
            "paston_tables",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("public", sa.Boolean, nullable=False),
            sa.Column("settings", sa.Text, nullable=False),
        )
    if "paston_meta" not in existing:
        op.create_table(
            "paston_meta",
            sa.Column("key", sa.String(32), primary_key=True),
            sa.Column("value", sa.Text, nullable=False),
        )
    if "paston_events" not in existing:
        op.create_table(
            "paston_events",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("table_id", sa.String(32), nullable=False),
            sa.Column("seq", sa.Integer, nullable=False),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("data", sa.Text, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
            sa.UniqueConstraint("table_id", "seq", name="uq_table_seq"),
        )
        op.create_index("ix_paston_events_table_id", "paston_events", ["table_id"])


def downgrade() -> None:
    op.drop_table("paston_events")
    op.drop_table("paston_meta")
    op.drop_table("paston_tables")
