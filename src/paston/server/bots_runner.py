"""Bounded execution of bots for all tables of a server: a pool of workers, one job at a time
per table, a time limit per decision, turns shared fairly between clients, and each client's
bot-CPU budget.

``paston serve`` runs the bots in worker *processes* (``spawn``ed, at a lower priority, each
dying with the server; :mod:`paston.server.bot_worker`): a bot's thinking never holds the
event loop's interpreter lock, so one client's heavy bots cannot slow the other tables' moves
down. A test server may run them in threads of its own process instead (``processes=False``).
A job carries the seat's view and the bot's spec (:class:`~.bot_worker.BotJob`), never the
state, so a worker learns no more than the seat may know.

A table may have at most one job in the pool at a time (its bots' decisions and its hints
share that one slot), so a table whose bots think hard cannot take more than one worker from
the others. At most ``workers`` jobs are in the pool; the others wait, and when a worker is
free the next job is taken from the next *client* in turn (round robin), so a client with many
tables gets one turn like everybody else. A decision that runs over the time limit is
abandoned by the table (it plays its default action); the worker stays busy until the bot
returns, and until then that table's slot stays taken: its next job waits for it (within its
own limit) instead of piling up more work.

Every job's CPU time is charged to its client's :class:`~.bot_budget.CpuBudget`; a client
whose budget is spent gets its decisions from the game's ``casual`` level until it refills.
The server's other searches on a client's behalf (a claim's exhaustive check and its
play-out, :mod:`paston.server.claims`) are jobs of the same pool (:meth:`BotRunner.compute`):
same slot per table, same turns, same budget.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Any

from .bot_budget import CpuBudget
from .bot_worker import (
    BotAnswer,
    BotCache,
    BotJob,
    init_worker,
    run_in_worker,
    run_task,
    run_task_in_worker,
)
from .edge import EdgeSettings

__all__ = ["BotAnswer", "BotBusy", "BotJob", "BotRunner", "BotTimeout", "Decision", "fallback_spec"]

log = logging.getLogger("paston.server")

#: Seconds a bot may think about one decision (or a hint) before the table moves on.
DEFAULT_DECISION_LIMIT = 20.0
#: The level a client's bots play at once its bot-CPU budget is spent (answers at once).
FALLBACK_LEVEL = "casual"


class BotBusy(RuntimeError):
    """The table's previous bot job is still running (it ran over its time limit)."""


class BotTimeout(RuntimeError):
    """A bot did not decide within the time limit."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's answer: the action (or a hint's choices), the spec that decided it (the cheap
    level's when the client's budget was spent), its CPU seconds and the process it ran in."""

    result: Any
    spec: str
    cpu: float
    pid: int
    #: The client's budget was spent: the cheap level decided instead of the asked-for bot.
    fell_back: bool = False


def fallback_spec(game: str) -> str:
    """The bot a client's bots become once its budget is spent: ``game``'s casual level, or
    its default bot when it has no such level."""
    from ..bots.registry import play_hooks

    play = play_hooks(game)
    if play is not None and all(level.name != FALLBACK_LEVEL for level in play.levels):
        return play.default_bot
    return FALLBACK_LEVEL


def _call_in(loop: asyncio.AbstractEventLoop, fn: Any, *args: Any) -> None:
    # Called in a pool thread: the loop may have closed meanwhile (the server stopped).
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(fn, *args)


def default_workers() -> int:
    """Bot worker processes when the settings name none: one core is left to the event loop."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(4, cores - 1))


class _FairGate:
    """At most ``size`` jobs in the pool; waiting clients take turns (round robin)."""

    def __init__(self, size: int) -> None:
        self.free = size
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    async def acquire(self, client: str) -> None:
        if self.free > 0 and not self._waiting:
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(client, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()  # given the turn just as it gave up: pass it on
            else:
                queue = self._waiting.get(client)
                if queue is not None and turn in queue:
                    queue.remove(turn)
                    if not queue:
                        del self._waiting[client]
            raise

    def release(self) -> None:
        while self._waiting:
            client, queue = next(iter(self._waiting.items()))
            turn = queue.popleft()
            if queue:
                self._waiting.move_to_end(client)  # its next job waits for the others' turns
            else:
                del self._waiting[client]
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1

    @property
    def waiting(self) -> int:
        return sum(len(q) for q in self._waiting.values())


class BotRunner:
    """A worker pool shared by the tables of one server, with a slot per table (module doc).

    ``processes``: run bots in ``workers`` spawned processes at ``nice`` lower priority
    (``paston serve``); otherwise in ``workers`` threads of this process (test servers, and
    bots registered by a test, which a spawned process would not know). ``budget``: each
    client's bot-CPU budget (``None``: unlimited)."""

    def __init__(
        self,
        workers: int | None = None,
        decision_limit: float = DEFAULT_DECISION_LIMIT,
        *,
        processes: bool = False,
        nice: int = 0,
        budget: CpuBudget | None = None,
        warm_up: bool = False,
    ) -> None:
        cores = os.cpu_count() or 1
        # Threads: a few more than cores, as a table stuck in a slow bot holds only one.
        self.workers = workers or (default_workers() if processes else max(4, min(8, 2 * cores)))
        self.decision_limit = decision_limit
        self.processes = processes
        self.nice = nice
        self.budget = budget
        #: Worker processes warm the games' search bots up as they start (process mode).
        self.warm_up = warm_up and processes
        # Thread mode: the bots of every table (closed when their table ends), bounded.
        self._cache = BotCache(size=64)
        self._pool: Executor | None = None
        self._gate = _FairGate(self.workers)
        self._running: dict[str, Future[Any]] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    @classmethod
    def of_edge(cls, edge: EdgeSettings) -> BotRunner:
        """The runner ``edge`` asks for: ``bot_workers`` processes (or the thread default),
        and with the per-client limits on, each client's bot-CPU budget."""
        budget = None
        if edge.client_limits:
            budget = CpuBudget(
                edge.bot_cpu_per_minute, edge.bot_cpu_burst, max_clients=edge.max_clients_tracked
            )
        return cls(
            (edge.bot_workers or default_workers()) if edge.bot_processes else None,
            processes=edge.bot_processes,
            nice=edge.bot_worker_nice,
            budget=budget,
            warm_up=edge.bot_warm_up,
        )

    # ----------------------------------------------------------------- the pool

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.processes:
                # spawn: the server process has threads, which fork does not copy safely.
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=init_worker,
                    initargs=(os.getpid(), self.nice, self.warm_up),
                )
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    self.workers, thread_name_prefix="paston-bot"
                )
        return self._pool

    def _submit(
        self, job: BotJob | None, task: Callable[..., Any] | None, args: tuple[Any, ...]
    ) -> Future[BotAnswer]:
        pool = self._executor()
        if job is None:
            assert task is not None
            if self.processes:
                return pool.submit(run_task_in_worker, task, args)
            return pool.submit(run_task, task, args, time.thread_time)
        if self.processes:
            return pool.submit(run_in_worker, job)
        return pool.submit(self._cache.run, job, time.thread_time)

    def start_workers(self) -> None:
        """Start the worker processes now rather than at the first bot's decision, so that
        they warm up (:attr:`warm_up`) before a person waits on them. Nothing in thread
        mode, or without warm-up (workers then start on demand)."""
        if not self.warm_up:
            return
        pool = self._executor()
        # A pool starts a process per task while none is idle: one quick task per worker.
        for _ in range(self.workers):
            pool.submit(os.getpid)

    def worker_pids(self) -> list[int]:
        """The worker processes started so far (none in thread mode)."""
        procs = getattr(self._pool, "_processes", None) or {}
        return sorted(int(p.pid) for p in procs.values() if p.pid is not None)

    # ----------------------------------------------------------------- decisions

    def busy(self, table_id: str) -> bool:
        job = self._running.get(table_id)
        return job is not None and not job.done()

    async def decide(self, job: BotJob, client: str, limit: float | None = None) -> Decision:
        """``job`` decided in the pool within ``limit`` seconds (the runner's decision limit by
        default), charged to ``client``; at the cheap level if ``client``'s budget is spent.

        Waits first for the table's previous job if it is still running; raises
        :class:`BotBusy` when that one does not end within the limit and :class:`BotTimeout`
        when ``job`` (its wait for a worker included) does not."""
        fell_back = False
        if self.budget is not None and not self.budget.allows(client):
            cheap = fallback_spec(job.game)
            if cheap != job.spec:
                self.budget.fallbacks += 1
                job, fell_back = replace(job, spec=cheap), True
        answer = await self._in_slot(job.table, client, job, None, (), limit)
        return Decision(answer.result, job.spec, answer.cpu, answer.pid, fell_back)

    async def compute(
        self,
        table_id: str,
        client: str,
        task: Callable[..., Any],
        *args: Any,
        limit: float | None = None,
    ) -> BotAnswer:
        """A server computation for ``table_id`` that is not a bot's decision (a claim's
        exhaustive check) run as a bot job is: in the table's one slot, after ``client``'s
        turn at the fair gate, its CPU time charged to ``client``'s budget. In process mode
        ``task`` must be a module-level function and ``args`` must pickle. Raises as
        :meth:`decide` does."""
        return await self._in_slot(table_id, client, None, task, args, limit)

    async def _in_slot(
        self,
        table_id: str,
        client: str,
        job: BotJob | None,
        task: Callable[..., Any] | None,
        args: tuple[Any, ...],
        limit: float | None,
    ) -> BotAnswer:
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
            try:
                await asyncio.wait_for(self._gate.acquire(client), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise BotTimeout(f"no worker free within {limit:g} s") from None
            try:
                try:
                    future = self._submit(job, task, args)
                except BrokenProcessPool:
                    self._replace_pool()  # a worker died since the last job: a fresh pool
                    future = self._submit(job, task, args)
            except BaseException:
                self._gate.release()
                raise
            self._running[table_id] = future
            pool = self._pool
            future.add_done_callback(
                lambda done: _call_in(loop, self._finished, table_id, client, pool, done)
            )
            try:
                return await asyncio.wait_for(
                    asyncio.shield(asyncio.wrap_future(future)),
                    max(0.0, deadline - loop.time()),
                )
            except TimeoutError:
                what = "decision" if job is not None else "answer"
                raise BotTimeout(f"no {what} within {limit:g} s") from None

    def _finished(
        self, table_id: str, client: str, pool: Executor | None, future: Future[Any]
    ) -> None:
        """In the event loop, once a job ended (decided, failed, or abandoned long ago)."""
        self._gate.release()
        if self._running.get(table_id) is future:
            self._running.pop(table_id, None)
        if future.cancelled():
            return
        exc = future.exception()
        if isinstance(exc, BrokenProcessPool) and pool is self._pool:
            self._replace_pool()  # (not a fresh pool that replaced the broken one already)
        elif exc is None and self.budget is not None:
            self.budget.charge(client, future.result().cpu)

    def _replace_pool(self) -> None:
        # A worker died (killed, out of memory): the executor refuses every job from then
        # on. The jobs it held failed (their tables play their default actions); a fresh
        # pool serves the next ones.
        pool, self._pool = self._pool, None
        if pool is not None:
            log.warning("a bot worker died; starting a fresh bot pool")
            with contextlib.suppress(Exception):
                pool.shutdown(wait=False, cancel_futures=True)

    def forget(self, table_id: str) -> None:
        """Close the bots of a table that ended (thread mode; a worker process drops them
        when they have not been used for a while)."""
        self._cache.forget(table_id)

    def drop(self, table_id: str) -> None:
        """Forget a table that left memory (its running job, if any, ends by itself)."""
        self._locks.pop(table_id, None)
        self._cache.forget(table_id)

    def stats(self) -> dict[str, Any]:
        """What the pool is doing (for benchmarks and operators)."""
        return {
            "mode": "processes" if self.processes else "threads",
            "workers": self.workers,
            "running": sum(1 for f in self._running.values() if not f.done()),
            "waiting": self._gate.waiting,
            "fallbacks": self.budget.fallbacks if self.budget is not None else 0,
        }

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        # A bot still thinking would keep the server from exiting until it decides.
        for proc in processes:
            with contextlib.suppress(Exception):
                proc.terminate()
        # Then let the pool's manager thread finish (it does once its workers are gone). Left
        # running into interpreter exit, it closes its wake-up pipe while CPython 3.11's exit
        # hook writes to it: "Exception ignored ... Bad file descriptor" on every stop of a
        # server whose workers had started (they start with it, to warm up).
        if isinstance(manager, threading.Thread):
            manager.join(timeout=10)
