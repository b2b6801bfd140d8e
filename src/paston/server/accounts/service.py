"""The accounts of one server: its database engine and its log-in and registration limits.

Created at start-up (``create_app``'s lifespan) on the event store's engine and kept in
``app.state.accounts``; the routes and the session-aware join use it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.engine import Engine

from ..safe_log import log_failure
from . import recovery
from .history import record_game
from .results import FinishedGame
from .sessions import COOKIE, Session, session_of
from .throttle import FailureLimiter

__all__ = ["AccountLimits", "Accounts"]

log = logging.getLogger("paston.server")


@dataclass(frozen=True, slots=True)
class AccountLimits:
    #: Failed log-ins per client address, and per account name, within ``login_window`` s.
    login_failures: int = 5
    login_window: float = 300.0
    #: Registrations (successful or not) per client address within ``register_window`` s.
    registrations: int = 10
    register_window: float = 600.0


@dataclass(slots=True)
class Accounts:
    engine: Engine
    limits: AccountLimits = field(default_factory=AccountLimits)
    login_by_address: FailureLimiter = field(init=False)
    login_by_name: FailureLimiter = field(init=False)
    register_by_address: FailureLimiter = field(init=False)

    def __post_init__(self) -> None:
        self.set_limits(self.limits)

    def set_limits(self, limits: AccountLimits) -> None:
        self.limits = limits
        self.login_by_address = FailureLimiter(limits.login_failures, limits.login_window)
        self.login_by_name = FailureLimiter(limits.login_failures, limits.login_window)
        self.register_by_address = FailureLimiter(limits.registrations, limits.register_window)

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
