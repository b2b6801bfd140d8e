"""Log-in sessions: a random 256-bit token in an HttpOnly cookie, its SHA-256 in the database.

The token never reaches the database or a log; a stolen database does not open sessions.
A lookup hashes the presented token, finds the row by that hash and compares the two hashes in
constant time before trusting it.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Engine

from .schema import accounts_t, sessions_t

__all__ = [
    "COOKIE",
    "SESSION_SECONDS",
    "Session",
    "end_session",
    "new_session",
    "session_of",
]

COOKIE = "paston_session"
SESSION_SECONDS = 30 * 24 * 3600


@dataclass(frozen=True, slots=True)
class Session:
    account_id: int
    name: str
    hidden: bool


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_session(engine: Engine, account_id: int, now: float | None = None) -> str:
    """Start a session for ``account_id``; returns the token for the cookie."""
    now = time.time() if now is None else now
    token = secrets.token_urlsafe(32)  # 256 random bits
    with engine.begin() as conn:
        # Expired sessions of this account go on the way (they would never be used again).
        conn.execute(
            delete(sessions_t).where(
                sessions_t.c.account_id == account_id, sessions_t.c.expires < now
            )
        )
        conn.execute(
            insert(sessions_t).values(
                token_hash=_hash(token),
                account_id=account_id,
                created=now,
                expires=now + SESSION_SECONDS,
            )
        )
    return token


def session_of(engine: Engine, token: str | None, now: float | None = None) -> Session | None:
    """The live session of a cookie's token, or None."""
    if not token or len(token) > 200:
        return None
    now = time.time() if now is None else now
    wanted = _hash(token)
    query = (
        select(sessions_t.c.token_hash, accounts_t.c.id, accounts_t.c.name, accounts_t.c.hidden)
        .join(accounts_t, accounts_t.c.id == sessions_t.c.account_id)
        .where(sessions_t.c.token_hash == wanted, sessions_t.c.expires > now)
    )
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None or not secrets.compare_digest(row.token_hash, wanted):
        return None
    return Session(row.id, row.name, bool(row.hidden))


def end_session(engine: Engine, token: str | None) -> None:
    if not token or len(token) > 200:
        return
    with engine.begin() as conn:
        conn.execute(delete(sessions_t).where(sessions_t.c.token_hash == _hash(token)))
