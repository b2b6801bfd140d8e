"""Bounded execution of bots for all tables of a server: a small worker pool, one decision at
a time per table, and a time limit per decision.

Bots are built and run only in the pool's threads, never on the event loop. A table may have
at most one job in the pool at a time (its bots' decisions and its hints share that one slot),
so a table whose bots think hard cannot take more than one worker from the others; jobs are
served in the order they came, so every table gets its turn. A decision that runs over the time
limit is abandoned by the table (it plays its default action); the worker stays busy until the
bot returns, and until then that table's slot stays taken: its next job waits for it (within
its own limit) instead of piling up more work.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["BotBusy", "BotRunner", "BotTimeout"]

T = TypeVar("T")

#: Seconds a bot may think about one decision (or a hint) before the table moves on.
DEFAULT_DECISION_LIMIT = 20.0


class BotBusy(RuntimeError):
    """The table's previous bot job is still running (it ran over its time limit)."""


class BotTimeout(RuntimeError):
    """A bot did not decide within the time limit."""


class BotRunner:
    """A worker pool shared by the tables of one server, with a slot per table."""

    def __init__(self, workers: int | None = None, decision_limit: float = DEFAULT_DECISION_LIMIT):
        # A few more threads than cores: a table stuck in a slow bot holds only one of them.
        self.workers = workers or max(4, min(8, 2 * (os.cpu_count() or 1)))
        self.decision_limit = decision_limit
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="paston-bot")
        self._running: dict[str, Future[Any]] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def busy(self, table_id: str) -> bool:
        job = self._running.get(table_id)
        return job is not None and not job.done()

    async def run(self, table_id: str, work: Callable[[], T], limit: float | None = None) -> T:
        """Run ``work`` in the pool for ``table_id`` within ``limit`` seconds (the runner's
        decision limit by default), waiting first for the table's previous job if it is still
        running; raises :class:`BotBusy` when that one does not end within the limit and
        :class:`BotTimeout` when ``work`` does not."""
        limit = limit or self.decision_limit
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            previous = self._running.get(table_id)
            if previous is not None and not previous.done():
                try:
                    await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(previous)), limit)
                except TimeoutError:
                    raise BotBusy(f"table {table_id} has a bot job running already") from None
                except Exception:
                    pass  # its failure was its caller's business
            job: Future[T] = self._pool.submit(work)
            self._running[table_id] = job
            job.add_done_callback(lambda done: self._forget(table_id, done))
            try:
                return await asyncio.wait_for(
                    asyncio.shield(asyncio.wrap_future(job)), max(0.0, deadline - loop.time())
                )
            except TimeoutError:
                raise BotTimeout(f"no decision within {limit:g} s") from None

    def _forget(self, table_id: str, job: Future[Any]) -> None:
        # Called in the worker thread: only drop the entry if it is still this job.
        if self._running.get(table_id) is job:
            self._running.pop(table_id, None)

    def drop(self, table_id: str) -> None:
        """Forget a table that left memory (its running job, if any, ends by itself)."""
        self._locks.pop(table_id, None)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
