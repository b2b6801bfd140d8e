"""Issue 17, section 3 (analysis): one client must not take the analysis worker over.

Before, any ``worlds`` from 2 to 64 was a new job and four jobs ran server-wide, so one address
kept all four busy and everyone else got ``503``. Now a client (an address; these servers
trust 127.0.0.1 as a proxy, so ``X-Forwarded-For`` names it) runs one analysis at a time,
``worlds`` is one of a few values, finished analyses are shared, and the CPU an analysis takes
is charged to the client that started it.

Every assertion is about what the server answers, never about how fast: the jobs asked for
here run for many seconds, and waits are hang guards only.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from edge_helpers import EdgeServer, forwarded

from paston.server.analysis_api import WORKER_NICE, WORLDS, AnalysisService, CpuBudgets

A, B, SETUP = "203.0.113.21", "203.0.113.22", "198.51.100.9"
TRUST = {"trusted_proxies": "127.0.0.1"}
#: A person's seat (taken, never connected: a stand-in plays it at once) and two bots.
HEURISTIC = {"kind": "bot", "bot": "heuristic"}
SEATS = [{"kind": "human"}, HEURISTIC, HEURISTIC]
#: Generous: only guards against a hang (the machine may be busy with other test runs).
HANG_GUARD = 300.0


def _finished_bot_table(http: httpx.Client, target: int) -> str:
    """A table played to its end by bots and a stand-in (instant pace on the test server)."""
    body = {"seats": SEATS, "grace": 0, "rules": {"target": target}}
    r = http.post("/api/tables", json=body, headers=forwarded(SETUP))
    assert r.status_code == 201, r.text
    table = str(r.json()["id"])
    joined = http.post(f"/api/tables/{table}/join", json={"nickname": "gone"},
                       headers=forwarded(SETUP))  # fmt: skip
    assert joined.status_code == 200, joined.text
    deadline = time.monotonic() + HANG_GUARD
    while http.get(f"/api/tables/{table}", headers=forwarded(SETUP)).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bot table never finished"
        time.sleep(0.2)
    return table


def _ask(http: httpx.Client, who: str, table: str, worlds: int) -> httpx.Response:
    return http.get(f"/api/tables/{table}/analysis?worlds={worlds}", headers=forwarded(who))


def _until_done(http: httpx.Client, who: str, table: str, worlds: int) -> dict[str, Any]:
    deadline = time.monotonic() + HANG_GUARD
    while True:
        r = _ask(http, who, table, worlds)
        if r.status_code == 200:
            return dict(r.json())
        assert r.status_code == 202, r.text
        assert time.monotonic() < deadline, "the analysis never finished"
        time.sleep(0.5)


def test_one_running_analysis_per_client_and_others_join_it(tmp_path: Path) -> None:
    """A client with an analysis running gets ``429 analysis_running`` (naming it, with
    Retry-After) for any other analysis; asking again for its own joins it, and so does
    another client asking for the same one; another client may start its own."""
    with (
        EdgeServer(tmp_path / "a.sqlite", **TRUST) as server,
        httpx.Client(base_url=server.url, timeout=60) as http,
    ):
        # Many deals at the most worlds: a job that runs for many seconds on any machine.
        long = _finished_bot_table(http, 300)
        short = _finished_bot_table(http, 30)
        first = _ask(http, A, long, 48)
        assert first.status_code == 202, first.text
        total = first.json()["total"]
        assert total >= 5, total
        for table, worlds in ((long, 8), (short, 24), (short, 48)):
            r = _ask(http, A, table, worlds)
            assert r.status_code == 429, r.text
            error = r.json()["error"]
            assert error["code"] == "analysis_running"
            assert "one at a time" in error["message"] and repr(long) in error["message"]
            assert f"of {total} deals done" in error["message"]
            assert int(r.headers["Retry-After"]) >= 1
        # The same analysis again: the running job, not a refusal and not a new job.
        again = _ask(http, A, long, 48)
        assert again.status_code in (200, 202), again.text
        # Another client asking for it joins it too; its own analysis is its own business.
        joined = _ask(http, B, long, 48)
        assert joined.status_code in (200, 202), joined.text
        own = _ask(http, B, short, 8)
        assert own.status_code in (200, 202), own.text
        # Once B's is done, everybody gets it from the cache: A too, its own job running.
        _until_done(http, B, short, 8)
        cached = _ask(http, A, short, 8)
        assert cached.status_code == 200 and cached.json()["status"] == "done"


def test_worlds_is_one_of_a_few_values(tmp_path: Path) -> None:
    """Any other ``worlds`` (each was a new job) is ``400`` naming the allowed values."""
    with (
        EdgeServer(tmp_path / "w.sqlite", **TRUST) as server,
        httpx.Client(base_url=server.url, timeout=60) as http,
    ):
        table = _finished_bot_table(http, 30)
        allowed = ", ".join(str(w) for w in WORLDS)
        for bad in ("2", "4", "16", "23", "64", "08", "1e1", "", "many"):
            r = http.get(f"/api/tables/{table}/analysis?worlds={bad}", headers=forwarded(A))
            assert r.status_code == 400, (bad, r.text)
            message = r.json()["error"]["message"]
            assert "'worlds'" in message and allowed in message, message
        assert _ask(http, A, table, WORLDS[0]).status_code == 202


def test_analysis_cpu_is_charged_to_the_client_that_asked(tmp_path: Path) -> None:
    """A client whose analyses took more CPU than its budget gets ``429 analysis_budget``
    with the time to wait; finished analyses stay free to it, and other clients have their
    own budgets."""
    budget = {"analysis_cpu_burst": 0.05, "analysis_cpu_per_minute": 0.01}
    with (
        EdgeServer(tmp_path / "b.sqlite", **TRUST, **budget) as server,
        httpx.Client(base_url=server.url, timeout=60) as http,
    ):
        table = _finished_bot_table(http, 30)
        assert _ask(http, A, table, 8).status_code == 202  # a full budget starts a job
        done = _until_done(http, A, table, 8)
        refused = _ask(http, A, table, 24)
        assert refused.status_code == 429, refused.text
        error = refused.json()["error"]
        assert error["code"] == "analysis_budget"
        assert "CPU seconds" in error["message"] and "try again in" in error["message"]
        # Paying a debt of CPU seconds at 0.01 a minute takes far longer than a minute.
        assert int(refused.headers["Retry-After"]) > 60
        # What is done is shared, and free: even to a client in debt.
        cached = _ask(http, A, table, 8)
        assert cached.status_code == 200 and cached.json() == done
        # Another address has its own budget.
        assert _ask(http, B, table, 24).status_code == 202


def test_cpu_budgets_refill_and_go_into_debt() -> None:
    """The budget's arithmetic on a clock of its own."""
    now = [0.0]
    budgets = CpuBudgets(rate=0.5, burst=10.0, max_keys=2, clock=lambda: now[0])
    assert budgets.wait("a") == 0.0 and budgets.balance("a") == 10.0
    budgets.charge("a", 16.0)  # a job's cost is charged in full, into debt
    assert budgets.balance("a") == -6.0
    assert 12.0 <= budgets.wait("a") <= 12.1  # 6 s of debt at 0.5 a second
    now[0] = 12.1
    assert budgets.wait("a") == 0.0
    now[0] = 1000.0
    assert budgets.balance("a") == 10.0  # never more than the burst
    for who in ("b", "c", "d"):
        budgets.charge(who, 1.0)
    assert len(budgets._balances) == 2  # the least recent client is forgotten


def test_the_analysis_worker_runs_at_a_lower_priority() -> None:
    """An analysis keeps its worker's core busy: the server's own process (every table's
    moves) must win that core, so the worker is niced."""
    import os

    service = AnalysisService()
    try:
        worker = service.pool().submit(os.nice, 0).result(timeout=HANG_GUARD)
    finally:
        service.drop_pool()
    assert worker == min(19, os.nice(0) + WORKER_NICE)
