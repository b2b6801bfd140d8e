"""Accounts: registered players, their sessions, ratings, finished games and invitations.

Revision ID: 0002_accounts
Revises: 0001_baseline
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_accounts"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "paston_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(100), nullable=False),
        # The name case-folded: unique, so "Ani" and "ani" cannot both be registered.
        sa.Column("name_key", sa.String(200), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "paston_sessions",
        # SHA-256 of the cookie's token: the token itself is never stored.
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("ix_paston_sessions_account", "paston_sessions", ["account_id"])
    op.create_table(
        "paston_ratings",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("elo", sa.Float, nullable=True),
    )
    op.create_table(
        "paston_finished",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    op.create_table(
        "paston_results",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("left", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("opponents", sa.Text, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=True),
        sa.Column("rating_after", sa.Float, nullable=True),
        sa.Column("elo_before", sa.Float, nullable=True),
        sa.Column("elo_after", sa.Float, nullable=True),
    )
    op.create_index("ix_paston_results_account", "paston_results", ["account_id", "finished"])
    op.create_table(
        "paston_invitations",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("from_account", sa.Integer, nullable=False),
        sa.Column("to_account", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "to_account", name="uq_invitation"),
    )
    op.create_index("ix_paston_invitations_to", "paston_invitations", ["to_account"])
    op.create_index("ix_paston_invitations_from", "paston_invitations", ["from_account"])


def downgrade() -> None:
    for name in (
        "paston_invitations",
        "paston_results",
        "paston_finished",
        "paston_ratings",
        "paston_sessions",
        "paston_accounts",
    ):
        op.drop_table(name)
