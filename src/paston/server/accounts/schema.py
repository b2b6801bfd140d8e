"""The account tables as SQLAlchemy Core objects, for queries.

They are created by the migrations ``0002_accounts`` and ``0004_account_sessions`` (never by
``create_all``); the two must
agree, and tests/server/accounts/test_migrations.py checks that they do.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Integer, MetaData, String, Table, Text

__all__ = [
    "accounts_t",
    "finished_t",
    "invitations_t",
    "ratings_t",
    "results_t",
    "sessions_t",
]

metadata = MetaData()

#: Registered players. ``name`` as registered, ``name_key`` case-folded (unique).
accounts_t = Table(
    "paston_accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(100), nullable=False),
    Column("name_key", String(200), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("hidden", Boolean, nullable=False),
)

#: Log-in sessions: the SHA-256 of the cookie's token, whose account, until when; when last
#: used and a summary of the browser (both None for sessions older than those columns).
sessions_t = Table(
    "paston_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("last_seen", Float, nullable=True),
    Column("agent", String(80), nullable=True),
)

#: A player's rating in one game: OpenSkill's mu and sigma, rated games, and (Paston) the Elo.
ratings_t = Table(
    "paston_ratings",
    metadata,
    Column("account_id", Integer, primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("elo", Float, nullable=True),
)

#: Each finished table with a registered player: its record (with ``meta``) for history/export.
finished_t = Table(
    "paston_finished",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("finished", Float, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("record", Text, nullable=False),
)

#: One registered player's result at one finished table (their history).
results_t = Table(
    "paston_results",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("account_id", Integer, primary_key=True),
    Column("game", String(32), nullable=False),
    Column("finished", Float, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("place", Integer, nullable=False),
    Column("score", Float, nullable=False),
    Column("left", Boolean, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("opponents", Text, nullable=False),
    Column("rating_before", Float, nullable=True),
    Column("rating_after", Float, nullable=True),
    Column("elo_before", Float, nullable=True),
    Column("elo_after", Float, nullable=True),
    #: The table was closed before its game ended (None: recorded before the column existed).
    Column("closed", Boolean, nullable=True),
)

#: Pending invitations to a table (deleted when declined).
invitations_t = Table(
    "paston_invitations",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("table_id", String(32), nullable=False),
    Column("from_account", Integer, nullable=False),
    Column("to_account", Integer, nullable=False),
    Column("created", Float, nullable=False),
)
