"""The bot side of the server's bot pool: builds the bots and runs their decisions.

This module runs in the worker processes of :class:`~paston.server.bots_runner.BotRunner`
(or in its threads, on a test server). A :class:`BotJob` carries one seat's *view* — what
that seat may know, never the game state — and the spec of the bot to ask; the answer is the
action (or a hint's ranked choices) and the CPU seconds the decision took there, which the
runner charges to a client's budget.

Each worker keeps the bots it built in a :class:`BotCache`, keyed by (table, seat or
``hint``, spec), so a bot's solver table and random generator live on between decisions; the
least recently used are dropped beyond a bound (a Paston PIMC bot's solver table alone is
24 MiB), and so are bots unused for a while (their table ended). A table's jobs may run in
any worker: what a bot keeps between decisions is its random generator and caches (the search
bots' memos are per decision), so a second copy of it in another worker plays alike.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..bots.base import Bot
from ..bots.registry import make_bot
from ..bots.warm import warm_up

__all__ = ["BotAnswer", "BotCache", "BotJob", "init_worker", "run_in_worker", "run_task_in_worker"]

#: Bots one worker keeps built (least recently used dropped first): a few tables' seats. A
#: dropped bot is built again at its next decision (milliseconds next to a search's thinking).
CACHE_SIZE = 6
#: Seconds an unused bot is kept (its table has most likely ended).
CACHE_IDLE = 600.0


@dataclass(frozen=True, slots=True)
class BotJob:
    """One decision (or hint) to make: ``view`` is the view of ``seat``, never the state."""

    table: str
    seat: int
    spec: str
    game: str
    view: Any
    #: A hint: the bot's ranked choices (``explain``) instead of one action.
    explain: bool = False


@dataclass(frozen=True, slots=True)
class BotAnswer:
    """What the bot decided, the CPU seconds it took and the process that ran it."""

    result: Any
    cpu: float
    pid: int


class BotCache:
    """The bots one worker has built, bounded in number and in idle time (module doc)."""

    def __init__(self, size: int = CACHE_SIZE, idle: float = CACHE_IDLE) -> None:
        self.size = size
        self.idle = idle
        self._bots: OrderedDict[tuple[str, str, str, str], tuple[Bot, float]] = OrderedDict()
        # Thread mode: jobs of different tables run at once (one table never runs two).
        self._lock = threading.Lock()

    def run(self, job: BotJob, clock: Callable[[], float]) -> BotAnswer:
        """Decide ``job``; ``clock`` is the CPU clock of whoever runs it (process or thread)."""
        start = clock()
        bot = self._bot(job)
        if job.explain:
            explain = getattr(bot, "explain", None)
            result = None if explain is None else explain(job.view)
        else:
            result = bot.act(job.view)
        return BotAnswer(result, clock() - start, os.getpid())

    def _bot(self, job: BotJob) -> Bot:
        key = (job.table, "hint" if job.explain else str(job.seat), job.spec, job.game)
        now = time.monotonic()
        with self._lock:
            entry = self._bots.pop(key, None)
            stale = [k for k, (_, used) in self._bots.items() if now - used > self.idle]
            while len(self._bots) - len(stale) >= self.size:
                stale.append(next(k for k in self._bots if k not in stale))
            dropped = [self._bots.pop(k)[0] for k in stale]
        for bot in dropped:
            with contextlib.suppress(Exception):
                bot.close()
        if entry is not None:
            bot = entry[0]
        else:
            bot = make_bot(job.spec, seed=secrets.randbits(32), game=job.game)
        with self._lock:
            self._bots[key] = (bot, now)
        return bot

    def forget(self, table: str) -> None:
        """Drop (and close) the bots of ``table``."""
        with self._lock:
            keys = [k for k in self._bots if k[0] == table]
            dropped = [self._bots.pop(k)[0] for k in keys]
        for bot in dropped:
            with contextlib.suppress(Exception):
                bot.close()

    def __len__(self) -> int:
        return len(self._bots)


#: The worker process's bots (set by :func:`init_worker`).
_CACHE = BotCache()


def init_worker(parent: int, nice: int, warm: bool = False) -> None:
    """In a worker process, at its start: think at a lower priority than the server (so its
    event loop keeps answering while bots think), exit as soon as the server is gone and,
    with ``warm``, load what the games' search bots compile on first use in a thread
    (:mod:`paston.bots.warm`), so that no person's first decision waits for it."""
    if nice > 0:
        with contextlib.suppress(OSError):
            os.nice(nice)
        # Linux: a batch task never preempts the server when it wakes up.
        if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_BATCH"):
            with contextlib.suppress(OSError):
                os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    _die_with_parent(parent)
    if warm:
        global _WARMING
        _WARMING = threading.Thread(
            target=lambda: _WARMED.update(warm_up()), name="paston-warm-up", daemon=True
        )
        _WARMING.start()


#: The worker's warm-up thread (started by :func:`init_worker`) and what it warmed up: CPU
#: seconds per game.
_WARMING: threading.Thread | None = None
_WARMED: dict[str, float] = {}


def worker_warm_up(timeout: float) -> dict[str, float] | None:
    """A pool task: the games this worker warmed up and the CPU seconds each took, once its
    warm-up has finished (waiting up to ``timeout`` seconds for it); ``None`` in a worker
    started without one or still warming up."""
    if _WARMING is None:
        return None
    _WARMING.join(timeout)
    return None if _WARMING.is_alive() else dict(_WARMED)


def _die_with_parent(parent: int, every: float = 1.0) -> None:
    # A server killed outright (SIGKILL, a crash) never shuts its pool down, and the worker,
    # blocked reading its task queue, would otherwise run on for ever under init (the same
    # watch as the analysis worker's, paston.server.analysis_api).
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="die-with-parent", daemon=True).start()


def run_in_worker(job: BotJob) -> BotAnswer:
    """The pool's task: ``job`` decided by this process's bots, its CPU time measured."""
    return _CACHE.run(job, time.process_time)


def run_task(
    task: Callable[..., Any], args: tuple[Any, ...], clock: Callable[[], float]
) -> BotAnswer:
    """A server computation that is not a bot's decision (a claim's exhaustive check), run
    where the bots run so that it waits its client's turn and is charged to its budget."""
    start = clock()
    result = task(*args)
    return BotAnswer(result, clock() - start, os.getpid())


def run_task_in_worker(task: Callable[..., Any], args: tuple[Any, ...]) -> BotAnswer:
    """The pool's task for :func:`run_task` in a worker process (``task`` is a module-level
    function and ``args`` pickle: they cross the process boundary)."""
    return run_task(task, args, time.process_time)
