"""``GET /api/tables/{id}/analysis``: the analysis of a table's finished deals (docs/analysis.md).

The analysis reads only the table's record of finished hands -- what the replay already shows
everyone -- so it reveals nothing more. It is slow (seconds per deal), so it runs in one worker
process, one deal at a time, while the request answers at once:

* ``202`` with ``{"status": "computing", "done": k, "total": n, "elapsed_s": s, "left_s": e}``
  (and ``Retry-After``) while the deals are being analysed (``left_s``: an estimate from the
  pace so far, ``null`` before the first deal is done); ask again;
* ``200`` with the analysis (format ``paston-analysis/2``) once it is done;
* ``409`` when the table's game has no analysis or no deal has finished yet;
* with ``peek=1``: the same, except that nothing is started -- ``200 {"status": "idle"}``
  when no analysis exists (the replay page asks so, and starts one only on request, like a
  chess site's "request a computer analysis").

Results are cached per table, record (its hash: a new finished deal makes a new analysis) and
world count, and shared by everyone who asks. The work of one request is bounded: ``worlds``
(query: one of :data:`WORLDS`, default :data:`DEFAULT_WORLDS`), a time limit per decision and
per analysis (deals left when it runs out are reported as skipped), at most ``analysis_jobs``
analyses running in all (then ``503``), at most :data:`CACHE_SIZE` kept.

One client (an address, as :class:`~paston.server.clientlimits.ClientLimits` counts it) cannot
take the worker over (issue 17, section 3): it starts at most one analysis at a time (asking for
another one meanwhile is ``429``; asking for one that is running, its own or another's, joins
it), and the CPU seconds of the analyses it started are charged to its budget, which refills at
``analysis_cpu_per_minute`` up to ``analysis_cpu_burst``; a client in debt gets ``429`` with the
time it has to wait. Finished analyses are free to everyone. With ``client_limits`` off only the
server-wide bounds apply.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import contextlib
import hashlib
import json
import math
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ..core.errors import RecordError
from ..core.registry import shipped
from .clientlimits import RateLimited
from .edge import EdgeSettings
from .errors import BadRequest

__all__ = ["CACHE_SIZE", "DEFAULT_WORLDS", "WORLDS", "AnalysisService", "CpuBudgets", "router"]

#: The world counts a client may ask for: a few, so that one table's analyses are shared from
#: the cache instead of each request naming a count of its own (a new job each). 24 is the
#: server's long-standing default, 48 the command's (``paston analyse``).
WORLDS = (8, 24, 48)
DEFAULT_WORLDS = 24
#: Seconds one decision may take before its remaining worlds are skipped.
DECISION_SECONDS = 1.0
#: Seconds one analysis may take; the deals not reached by then are skipped.
ANALYSIS_SECONDS = 600.0
CACHE_SIZE = 32
#: How much nicer than the server the analysis worker runs (``os.nice``).
WORKER_NICE = 10

router = APIRouter()


@dataclass
class Job:
    """One analysis: its progress, then its result (or its error)."""

    total: int
    names: list[str]
    kind: str
    settings: dict[str, Any]
    done: int = 0
    deals: list[Any] = field(default_factory=list)
    result: dict[str, Any] | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = None
    #: The client that started it (charged for its CPU; ``None``: no per-client limits).
    owner: str | None = None
    table_id: str = ""
    #: ``time.monotonic()`` at its start, and the CPU seconds its deals took so far.
    started: float = 0.0
    cpu: float = 0.0

    @property
    def finished(self) -> bool:
        return self.result is not None or self.error is not None

    def retry_after(self) -> float:
        """Seconds until it is probably done: its pace so far over the deals left."""
        if self.finished:
            return 0.0
        elapsed = time.monotonic() - self.started
        per_deal = elapsed / self.done if self.done else max(elapsed, 2.0)
        return max(1.0, per_deal * (self.total - self.done))


class Outline(NamedTuple):
    """A table's record at one state (``Table.seq``), its hash and what it holds to analyse."""

    record: dict[str, Any]
    digest: str
    kind: str
    names: list[str]
    total: int


class CpuBudgets:
    """Each client's analysis budget in CPU seconds: it refills at ``rate`` a second up to
    ``burst``; a job is charged what it took once each deal is done, so a client may end in
    debt, and starts nothing until it is out of it. At most ``max_keys`` clients are kept
    (least recent dropped: a dropped one had refilled, or nearly)."""

    def __init__(
        self,
        rate: float,
        burst: float,
        *,
        max_keys: int = 20_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.clock = clock
        self._balances: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def balance(self, who: str) -> float:
        """CPU seconds ``who`` has now (negative: its debt)."""
        now = self.clock()
        held, since = self._balances.get(who, (self.burst, now))
        return min(self.burst, held + (now - since) * self.rate)

    def wait(self, who: str) -> float:
        """0.0 if ``who`` may start an analysis, else the seconds until its debt is paid."""
        balance = self.balance(who)
        return 0.0 if balance > 0 else -balance / self.rate + 0.01

    def charge(self, who: str, seconds: float) -> None:
        self._balances[who] = (self.balance(who) - seconds, self.clock())
        self._balances.move_to_end(who)
        while len(self._balances) > self.max_keys:
            self._balances.popitem(last=False)


class AnalysisService:
    """The worker process and the jobs of one app."""

    def __init__(self, edge: EdgeSettings | None = None) -> None:
        self.edge = edge or EdgeSettings(client_limits=False)
        self.jobs: OrderedDict[tuple[str, str, int], Job] = OrderedDict()
        #: Each table's record, hash and outline by (table id, its seq): see table_analysis.
        self.outlines: OrderedDict[tuple[str, int], Outline] = OrderedDict()
        self.budgets = CpuBudgets(
            self.edge.analysis_cpu_per_minute / 60,
            self.edge.analysis_cpu_burst,
            max_keys=self.edge.max_clients_tracked,
        )
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def pool(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # spawn: the server process has threads, which fork does not copy safely.
                ctx = multiprocessing.get_context("spawn")
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    1, mp_context=ctx, initializer=_init_worker, initargs=(os.getpid(),)
                )
            return self._pool

    def drop_pool(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def running(self) -> int:
        return sum(1 for j in self.jobs.values() if not j.finished)

    def running_of(self, who: str) -> Job | None:
        """The analysis ``who`` started that is still running, if any."""
        return next((j for j in self.jobs.values() if j.owner == who and not j.finished), None)

    def remember(self, key: tuple[str, str, int], job: Job) -> None:
        self.jobs[key] = job
        while len(self.jobs) > CACHE_SIZE:
            oldest = next((k for k, j in self.jobs.items() if j.finished), None)
            if oldest is None:
                break
            del self.jobs[oldest]


def _init_worker(parent: int) -> None:
    """In the worker, at its start: a lower CPU priority (an analysis may keep its core busy
    for minutes; the server's own process, which plays every table, comes first), and an exit
    when the server is gone."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    _die_with_parent(parent)


def _die_with_parent(parent: int, every: float = 1.0) -> None:
    """In the worker, at its start: exit as soon as the server that started it is gone.

    A server killed outright (SIGKILL, a crash) never shuts its pool down, and the worker,
    blocked reading its task queue, would otherwise run on for ever under init."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="die-with-parent", daemon=True).start()


def _analyse_deal_task(
    record: dict[str, Any], number: int, settings: dict[str, Any], game: str, in_thread: bool
) -> tuple[Any, float]:
    """In the worker: analyse deal ``number`` (1-based; a Paris game) of a record of ``game``;
    the deal's analysis and the CPU seconds it took (the worker does one deal at a time;
    ``in_thread``: run in a thread of the server, whose own CPU time is counted)."""
    from ..analysis import Settings, evaluator_for

    clock = time.thread_time if in_thread else time.process_time
    cpu0 = clock()
    deal = evaluator_for(game).analyse_one(record, number, Settings(**settings))
    return deal, clock() - cpu0


async def _run(service: AnalysisService, job: Job, record: dict[str, Any], game: str) -> None:
    from ..analysis.model import Analysis, DealAnalysis
    from ..analysis.report import game_reports

    loop = asyncio.get_running_loop()
    # A game of the platform's own packages loads in the worker process by its name; one
    # registered at run time (a plug-in, a test's toy game) exists only in this process, so
    # its deals are analysed in a thread here instead.
    in_thread = game not in shipped()
    stop_at = time.monotonic() + ANALYSIS_SECONDS
    try:
        for number in range(1, job.total + 1):
            if time.monotonic() > stop_at:
                job.deals.append(
                    DealAnalysis(
                        number,
                        "skipped",
                        None,
                        None,
                        None,
                        note="not analysed: the time limit ran out",
                    )
                )
            else:
                deal, cpu = await loop.run_in_executor(
                    None if in_thread else service.pool(),
                    _analyse_deal_task, record, number, job.settings, game, in_thread,
                )  # fmt: skip
                job.deals.append(deal)
                job.cpu += cpu
                if job.owner is not None:
                    service.budgets.charge(job.owner, cpu)
            job.done = number
        from ..analysis import Settings, evaluator_for

        # As the command publishes them (a game may add its unit).
        published = evaluator_for(game).settings_json(Settings(**job.settings))
        analysis = Analysis(job.kind, job.names, job.deals, game_reports(job.deals, job.names),
                            published, game)  # fmt: skip
        job.result = {"status": "done", **analysis.to_json()}
    except Exception as exc:  # reported to the client; the next request starts again
        job.error = f"the analysis failed: {type(exc).__name__}"
        if isinstance(exc, concurrent.futures.process.BrokenProcessPool):
            service.drop_pool()  # the worker died: the next analysis gets a new one


def _service(request: Request) -> AnalysisService:
    state = request.app.state
    service = getattr(state, "analysis_service", None)
    if service is None:
        service = state.analysis_service = AnalysisService(getattr(state, "edge", None))
    return service


def _worlds(raw: str | None) -> int:
    if raw is None:
        return DEFAULT_WORLDS
    if raw not in [str(w) for w in WORLDS]:
        allowed = ", ".join(str(w) for w in WORLDS)
        raise BadRequest(f"'worlds' must be one of {allowed} (default {DEFAULT_WORLDS}), "
                         f"not {raw[:20]!r}")  # fmt: skip
    return int(raw)


def _client(request: Request, service: AnalysisService) -> str | None:
    """The client charged for a new analysis (``None`` with the per-client limits off)."""
    limits = getattr(request.app.state, "limits", None)
    if limits is None or not service.edge.client_limits:
        return None
    who: str = limits.client_of(request.scope)
    return who


def _check_client(service: AnalysisService, who: str) -> None:
    """Refuse a new analysis to a client with one running, or with its budget spent."""
    running = service.running_of(who)
    if running is not None:
        wait = running.retry_after()
        raise RateLimited(
            f"you already have an analysis running (table {running.table_id!r}, worlds "
            f"{running.settings['worlds']}: {running.done} of {running.total} deals done); one "
            f"at a time per address: ask for this one when it is done, in about "
            f"{math.ceil(wait)} s",
            "analysis_running",
            retry_after=wait,
        )
    wait = service.budgets.wait(who)
    if wait:
        edge = service.edge
        raise RateLimited(
            f"your analyses used up your share of the server ({edge.analysis_cpu_burst:g} CPU "
            f"seconds, {edge.analysis_cpu_per_minute:g} more a minute; you owe "
            f"{-service.budgets.balance(who):.1f} s); try again in {math.ceil(wait)} s",
            "analysis_budget",
            retry_after=wait,
        )


@router.get("/api/tables/{table_id}/analysis")
async def table_analysis(table_id: str, request: Request) -> JSONResponse:
    """The analysis of the table's finished deals (202 while it is computed)."""
    from ..analysis import Unavailable, evaluator_for

    worlds = _worlds(request.query_params.get("worlds"))
    table = request.app.state.registry.get(table_id)
    if table is None:
        raise BadRequest(f"there is no table {table_id!r}", "no_such_table", 404)
    service = _service(request)
    # Building, hashing and outlining a whole game's record takes the event loop milliseconds:
    # done once per table state, not once per request (a client polls, or asks again and again).
    known = service.outlines.get((table_id, table.seq))
    if known is None:
        try:
            evaluator = evaluator_for(table.info.name)
            record = table.record()
            kind, names, total = evaluator.outline(record)
        except Unavailable as exc:
            raise BadRequest(str(exc), "no_analysis", 409) from None
        except RecordError as exc:
            raise BadRequest(f"the table's record cannot be analysed: {exc}", "no_analysis",
                             409) from None  # fmt: skip
        digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
        known = Outline(record, digest, kind, names, total)
        service.outlines[(table_id, table.seq)] = known
        while len(service.outlines) > CACHE_SIZE:
            service.outlines.popitem(last=False)
    record, digest, kind, names, total = known
    if not total:
        raise BadRequest("no deal of this table has finished yet: nothing to analyse",
                         "nothing_to_analyse", 409)  # fmt: skip
    key = (table_id, digest, worlds)
    job = service.jobs.get(key)
    if job is not None and job.error is not None:
        del service.jobs[key]  # a failed analysis is tried again
        job = None
    if job is None and request.query_params.get("peek") not in (None, "0", "false"):
        # Only asking whether an analysis exists: nothing is started.
        return JSONResponse({"status": "idle", "done": 0, "total": total})
    if job is None:
        who = _client(request, service)
        if who is not None:
            _check_client(service, who)
        if service.running() >= service.edge.analysis_jobs:
            raise BadRequest("the server is busy analysing other games; try again in a minute",
                             "busy", 503)  # fmt: skip
        settings = {
            "worlds": worlds,
            "max_worlds": 2 * worlds,  # more worlds for a grade in doubt, within the time limit
            "decision_seconds": DECISION_SECONDS,
            "seed": 0,
        }
        job = Job(total=total, names=names, kind=kind, settings=settings, owner=who,
                  table_id=table_id, started=time.monotonic())  # fmt: skip
        service.remember(key, job)
        job.task = asyncio.create_task(_run(service, job, record, table.info.name))
    if job.result is not None:
        return JSONResponse(job.result)
    if job.error is not None:
        raise BadRequest(job.error, "analysis_failed", 500)
    body: dict[str, Any] = {"status": "computing", "done": job.done, "total": job.total}
    # Seconds spent so far and, once a deal is done, an estimate of those left (its pace).
    body["elapsed_s"] = round(time.monotonic() - job.started)
    body["left_s"] = round(job.retry_after()) if job.done else None
    return JSONResponse(body, status_code=202, headers={"Retry-After": "1"})
