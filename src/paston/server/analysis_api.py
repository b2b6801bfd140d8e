"""``GET /api/tables/{id}/analysis``: the analysis of a table's finished deals (docs/analysis.md).

The analysis reads only the table's record of finished hands -- what the replay already shows
everyone -- so it reveals nothing more. It is slow (seconds per deal), so it runs in one worker
process, one deal at a time, while the request answers at once:

* ``202`` with ``{"status": "computing", "done": k, "total": n}`` (and ``Retry-After``) while
  the deals are being analysed; ask again;
* ``200`` with the analysis (format ``paston-analysis/2``) once it is done;
* ``409`` when the table's game has no analysis or no deal has finished yet;
* with ``peek=1``: the same, except that nothing is started -- ``200 {"status": "idle"}``
  when no analysis exists (the replay page asks so, and starts one only on request, like a
  chess site's "request a computer analysis").

Results are cached per table, record (its hash: a new finished deal makes a new analysis) and
world count. The work of one request is bounded: ``worlds`` (query, default
:data:`DEFAULT_WORLDS`, at most :data:`MAX_WORLDS`), a time limit per decision and per
analysis (deals left when it runs out are reported as skipped), at most :data:`MAX_JOBS`
analyses waiting or running (then ``503``), at most :data:`CACHE_SIZE` kept.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import hashlib
import json
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ..core.errors import RecordError
from .errors import BadRequest

__all__ = ["CACHE_SIZE", "DEFAULT_WORLDS", "MAX_JOBS", "MAX_WORLDS", "router"]

DEFAULT_WORLDS = 24
MAX_WORLDS = 64
#: Seconds one decision may take before its remaining worlds are skipped.
DECISION_SECONDS = 1.0
#: Seconds one analysis may take; the deals not reached by then are skipped.
ANALYSIS_SECONDS = 600.0
MAX_JOBS = 4
CACHE_SIZE = 32

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

    @property
    def finished(self) -> bool:
        return self.result is not None or self.error is not None


class AnalysisService:
    """The worker process and the jobs of one app."""

    def __init__(self) -> None:
        self.jobs: OrderedDict[tuple[str, str, int], Job] = OrderedDict()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def pool(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # spawn: the server process has threads, which fork does not copy safely.
                ctx = multiprocessing.get_context("spawn")
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    1, mp_context=ctx, initializer=_die_with_parent, initargs=(os.getpid(),)
                )
            return self._pool

    def drop_pool(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def running(self) -> int:
        return sum(1 for j in self.jobs.values() if not j.finished)

    def remember(self, key: tuple[str, str, int], job: Job) -> None:
        self.jobs[key] = job
        while len(self.jobs) > CACHE_SIZE:
            oldest = next((k for k, j in self.jobs.items() if j.finished), None)
            if oldest is None:
                break
            del self.jobs[oldest]


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
    record: dict[str, Any], number: int, settings: dict[str, Any], game: str = "paston"
) -> Any:
    """In the worker: analyse deal ``number`` (1-based; a Paris game) of a record of ``game``."""
    from ..analysis import Settings
    from ..analysis.evaluator import evaluator_for

    return evaluator_for(game).analyse_one(record, number, Settings(**settings))


async def _run(
    service: AnalysisService, job: Job, record: dict[str, Any], game: str = "paston"
) -> None:
    from ..analysis.model import Analysis, DealAnalysis
    from ..analysis.report import game_reports

    loop = asyncio.get_running_loop()
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
                job.deals.append(
                    await loop.run_in_executor(
                        service.pool(), _analyse_deal_task, record, number, job.settings, game
                    )
                )
            job.done = number
        from ..analysis import Settings
        from ..analysis.evaluator import evaluator_for

        # As the command publishes them (Paris and Paskievics add their units).
        published = evaluator_for(game).settings_json(Settings(**job.settings))
        analysis = Analysis(job.kind, job.names, job.deals, game_reports(job.deals, job.names),
                            published)  # fmt: skip
        job.result = {"status": "done", **analysis.to_json()}
    except Exception as exc:  # reported to the client; the next request starts again
        job.error = f"the analysis failed: {type(exc).__name__}"
        if isinstance(exc, concurrent.futures.process.BrokenProcessPool):
            service.drop_pool()  # the worker died: the next analysis gets a new one


def _service(request: Request) -> AnalysisService:
    state = request.app.state
    service = getattr(state, "analysis_service", None)
    if service is None:
        service = state.analysis_service = AnalysisService()
    return service


def _worlds(raw: str | None) -> int:
    if raw is None:
        return DEFAULT_WORLDS
    try:
        worlds = int(raw)
    except ValueError:
        worlds = -1
    if not 2 <= worlds <= MAX_WORLDS:
        raise BadRequest(f"'worlds' must be a whole number from 2 to {MAX_WORLDS}, not {raw!r}")
    return worlds


@router.get("/api/tables/{table_id}/analysis")
async def table_analysis(table_id: str, request: Request) -> JSONResponse:
    """The analysis of the table's finished deals (202 while it is computed)."""
    from ..analysis.evaluator import Unavailable, evaluator_for

    worlds = _worlds(request.query_params.get("worlds"))
    table = request.app.state.registry.get(table_id)
    if table is None:
        raise BadRequest(f"there is no table {table_id!r}", "no_such_table", 404)
    try:
        evaluator = evaluator_for(table.info.name)
        record = table.record()
        kind, names, total = evaluator.outline(record)
    except Unavailable as exc:
        raise BadRequest(str(exc), "no_analysis", 409) from None
    except RecordError as exc:
        raise BadRequest(f"the table's record cannot be analysed: {exc}", "no_analysis",
                         409) from None  # fmt: skip
    if not total:
        raise BadRequest("no deal of this table has finished yet: nothing to analyse",
                         "nothing_to_analyse", 409)  # fmt: skip
    digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
    key = (table_id, digest, worlds)
    service = _service(request)
    job = service.jobs.get(key)
    if job is not None and job.error is not None:
        del service.jobs[key]  # a failed analysis is tried again
        job = None
    if job is None and request.query_params.get("peek") not in (None, "0", "false"):
        # Only asking whether an analysis exists: nothing is started.
        return JSONResponse({"status": "idle", "done": 0, "total": total})
    if job is None:
        if service.running() >= MAX_JOBS:
            raise BadRequest("the server is busy analysing other games; try again in a minute",
                             "busy", 503)  # fmt: skip
        settings = {
            "worlds": worlds,
            "max_worlds": 2 * worlds,  # more worlds for a grade in doubt, within the time limit
            "decision_seconds": DECISION_SECONDS,
            "seed": 0,
        }
        job = Job(total=total, names=names, kind=kind, settings=settings)
        service.remember(key, job)
        job.task = asyncio.create_task(_run(service, job, record, table.info.name))
    if job.result is not None:
        return JSONResponse(job.result)
    if job.error is not None:
        raise BadRequest(job.error, "analysis_failed", 500)
    body = {"status": "computing", "done": job.done, "total": job.total}
    return JSONResponse(body, status_code=202, headers={"Retry-After": "1"})
