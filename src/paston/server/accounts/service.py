"""The accounts of one server: its database engine, its log-in and registration limits and
the key of its device cookies.

Created at start-up (``create_app``'s lifespan) on the event store's engine and kept in
``app.state.accounts``; the routes and the session-aware join use it. How log-ins are slowed
down (per name, per address prefix, per known browser) is in :mod:`.throttle` and
:mod:`.devices`; the numbers come from the server's settings (:meth:`AccountLimits.of_edge`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy.engine import Engine

from ..safe_log import log_failure
from . import recovery
from .history import record_game
from .results import FinishedGame
from .sessions import COOKIE, Session, session_of
from .throttle import BackoffLimiter, FailureLimiter

__all__ = ["AccountLimits", "Accounts", "Throttle"]


class Throttle(Protocol):
    """What the routes ask of a failure limiter (in memory, or the cluster's shared one)."""

    def retry_after(self, key: str) -> float: ...
    def fail(self, key: str) -> None: ...
    def clear(self, key: str) -> None: ...


log = logging.getLogger("paston.server")


@dataclass(frozen=True, slots=True)
class AccountLimits:
    #: Failed log-ins of one name (from browsers that never logged in to it), or of one known
    #: browser, before each further try waits (exponential back-off, see :mod:`.throttle`).
    login_failures: int = 5
    #: Failed log-ins from one address prefix (IPv4 /24, IPv6 /64), any names, before the same.
    prefix_failures: int = 30
    #: The first wait (seconds), doubled after each further failure, and the longest wait.
    login_backoff: float = 2.0
    login_backoff_max: float = 900.0
    #: Seconds a failed log-in is remembered.
    login_window: float = 86_400.0
    #: Days a device cookie is valid (a new log-in renews it).
    device_days: float = 365.0
    #: Registrations (successful or not) per client address within ``register_window`` s.
    registrations: int = 10
    register_window: float = 600.0

    @classmethod
    def of_edge(cls, edge: Any) -> AccountLimits:
        """The limits set by the server's :class:`~paston.server.edge.EdgeSettings`."""
        return cls(
            login_failures=edge.login_failures_per_name,
            prefix_failures=edge.login_failures_per_prefix,
            login_backoff=edge.login_backoff,
            login_backoff_max=edge.login_backoff_max,
            login_window=edge.login_failure_memory,
            device_days=edge.device_cookie_days,
        )

    def backoff(self, free: int) -> BackoffLimiter:
        return BackoffLimiter(free, self.login_backoff, self.login_backoff_max, self.login_window)


@dataclass(slots=True)
class Accounts:
    engine: Engine
    limits: AccountLimits = field(default_factory=AccountLimits)
    #: Log-in failures of browsers that never logged in to the name: per name, per prefix.
    login_by_name: Throttle = field(init=False)
    login_by_prefix: Throttle = field(init=False)
    #: Log-in failures of known browsers (valid device cookie), per browser and account.
    login_by_device: Throttle = field(init=False)
    register_by_address: Throttle = field(init=False)
    #: The key that signs device cookies (made once, kept in the database).
    device_key: bytes = field(init=False)

    def __post_init__(self) -> None:
        from ..server_keys import server_key

        self.device_key = server_key(self.engine, "device_cookie_key")
        self.set_limits(self.limits)

    def set_limits(self, limits: AccountLimits) -> None:
        self.limits = limits
        self.login_by_name = limits.backoff(limits.login_failures)
        self.login_by_prefix = limits.backoff(limits.prefix_failures)
        self.login_by_device = limits.backoff(limits.login_failures)
        self.register_by_address = FailureLimiter(limits.registrations, limits.register_window)

    @property
    def device_max_age(self) -> float:
        return self.limits.device_days * 86_400.0

    async def session(self, cookies: Mapping[str, str]) -> Session | None:
        """The logged-in player behind a request's cookies, or None (a guest)."""
        token = cookies.get(COOKIE)
        if not token:
            return None
        return await asyncio.to_thread(session_of, self.engine, token)

    def game_ended(self, game: Any) -> None:
        """The tables' game-end hook (a worker thread): ratings and history."""
        if isinstance(game, FinishedGame):
            record_game(self.engine, game)

    async def record_missed(self, tables: Iterable[Any]) -> int:
        """Start-up: record the finished games whose results a crash kept from being stored
        (see :mod:`.recovery`); how many. A failure is logged: the server starts anyway."""
        try:
            found = recovery.candidates(tables)
            if not found:
                return 0
            ids = [t.id for t in found]
            gaps = await asyncio.to_thread(recovery.missing, self.engine, ids)
            games = [recovery.rebuilt_result(t, *gaps[t.id]) for t in found if t.id in gaps]
            done = await asyncio.to_thread(recovery.record_missed, self.engine, games)
        except Exception as exc:
            log_failure(log, "recording the finished games missed before a restart failed", exc)
            return 0
        if done:
            log.info("recorded %d finished games missed before the restart", done)
        return done
