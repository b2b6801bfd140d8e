"""Log-in sessions: a random 256-bit token in an HttpOnly cookie, its SHA-256 in the database.

The token never reaches the database or a log; a stolen database does not open sessions.
A lookup hashes the presented token, finds the row by that hash and compares the two hashes in
constant time before trusting it.

A player may list their sessions (when each began and was last used, and on what kind of
browser: a short summary of its User-Agent, never the whole header) and end them: the others
(a password change does that) or all of them ("log out everywhere").
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine

from .schema import accounts_t, sessions_t

__all__ = [
    "COOKIE",
    "SESSION_SECONDS",
    "Session",
    "agent_summary",
    "end_session",
    "end_sessions",
    "list_sessions",
    "new_session",
    "session_of",
    "token_hash",
]

COOKIE = "paston_session"
SESSION_SECONDS = 30 * 24 * 3600
#: ``last_seen`` is written at most this often per session (not one write per request).
SEEN_EVERY = 60.0
#: Characters of a session id shown in the list (a prefix of the token's hash: not the token).
ID_CHARS = 16


@dataclass(frozen=True, slots=True)
class Session:
    account_id: int
    name: str
    hidden: bool
    #: The SHA-256 of the cookie's token (tells this session from the others in the list).
    token_hash: str = ""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_hash = token_hash

#: Browser and system names looked for in a User-Agent, the more specific first (Edge and
#: Opera say "Chrome" too, Chrome says "Safari", Android says "Linux").
_BROWSERS = (
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("Firefox/", "Firefox"),
    ("Chromium/", "Chromium"),
    ("HeadlessChrome/", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
    ("curl/", "curl"),
    ("python-httpx/", "httpx"),
)
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iOS"),
    ("iPad", "iPadOS"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def agent_summary(user_agent: str | None) -> str | None:
    """A short, non-identifying name for a browser ("Firefox on Linux"), or None if unknown."""
    if not user_agent:
        return None
    ua = user_agent[:512]
    browser = next((name for key, name in _BROWSERS if key in ua), None)
    system = next((name for key, name in _SYSTEMS if key in ua), None)
    if browser and system:
        return f"{browser} on {system}"
    return browser or system


def new_session(
    engine: Engine, account_id: int, now: float | None = None, agent: str | None = None
) -> str:
    """Start a session for ``account_id`` (``agent``: the request's User-Agent header);
    returns the token for the cookie."""
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
                last_seen=now,
                agent=agent_summary(agent),
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
        select(
            sessions_t.c.token_hash,
            sessions_t.c.last_seen,
            accounts_t.c.id,
            accounts_t.c.name,
            accounts_t.c.hidden,
        )
        .join(accounts_t, accounts_t.c.id == sessions_t.c.account_id)
        .where(sessions_t.c.token_hash == wanted, sessions_t.c.expires > now)
    )
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None or not secrets.compare_digest(row.token_hash, wanted):
        return None
    if row.last_seen is None or now - row.last_seen >= SEEN_EVERY:
        with engine.begin() as conn:
            conn.execute(
                update(sessions_t).where(sessions_t.c.token_hash == wanted).values(last_seen=now)
            )
    return Session(row.id, row.name, bool(row.hidden), wanted)


def list_sessions(
    engine: Engine, account_id: int, now: float | None = None
) -> list[tuple[str, float, float | None, str | None]]:
    """``(token hash, created, last seen, agent summary)`` of an account's live sessions,
    the most recently used first."""
    now = time.time() if now is None else now
    query = select(sessions_t).where(
        sessions_t.c.account_id == account_id, sessions_t.c.expires > now
    )
    with engine.connect() as conn:
        rows = list(conn.execute(query))
    rows.sort(key=lambda r: (r.last_seen or r.created, r.created), reverse=True)
    return [(r.token_hash, r.created, r.last_seen, r.agent) for r in rows]


def end_sessions(engine: Engine, account_id: int, keep: str | None = None) -> int:
    """End an account's sessions but the one whose token hash is ``keep``; how many ended."""
    where = sessions_t.c.account_id == account_id
    if keep is not None:
        where = where & (sessions_t.c.token_hash != keep)
    with engine.begin() as conn:
        return int(conn.execute(delete(sessions_t).where(where)).rowcount)


def end_session(engine: Engine, token: str | None) -> None:
    if not token or len(token) > 200:
        return
    with engine.begin() as conn:
        conn.execute(delete(sessions_t).where(sessions_t.c.token_hash == _hash(token)))
