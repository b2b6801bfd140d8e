"""One client's bots must not slow everyone down (issue 17, section 3, bots).

Regressions: bots thought in threads of the server process, so six tables of
``pimc:worlds=256`` bots at the fast pace held the event loop's interpreter lock and every other
table waited (p99 x11). Now decisions and hints run in worker processes that die with the server,
each client's bots think on a CPU budget (past it they play at the casual level), and the bot
options a client may set stop at what the strength levels use. No test here measures speed
(``benchmarks/server_bot_attack.py`` does): they check where bots run, who is charged, what is
refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, ClassVar

import httpx
import pytest
import uvicorn
from server_helpers import ServerProcess, free_port

from paston.bots.registry import _REGISTRY, BOT_NAMES, register_bot
from paston.core.registry import get_game
from paston.games.paston.bots.random_bot import RandomBot
from paston.server import create_app
from paston.server.bot_budget import CpuBudget
from paston.server.bot_specs import BOT_OPTIONS, check_bot_spec
from paston.server.bots_runner import BotJob, BotRunner
from paston.server.edge import EdgeSettings
from paston.server.errors import BadRequest

#: A table that plays by itself once its one person has joined: the person never connects, so
#: with no grace their stand-in plays for them.
SELF_PLAYING = {
    "seats": [
        {"kind": "human"},
        {"kind": "bot", "bot": "pimc:worlds=2"},
        {"kind": "bot", "bot": "pimc:worlds=2"},
    ],
    "stand_in": "pimc:worlds=2",
    "grace": 0,
    "deal_pause": 0,
}


def _first_view(game: str = "paston") -> tuple[int, Any, list[int]]:
    import random

    info = get_game(game)
    match = info.new_match(info.default_seats, info.parse_rules({}), 0)
    state = match.next_state(random.Random(5))
    seat = state.to_act
    assert seat is not None
    return seat, state.view(seat), list(state.legal_actions())


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        out.update(int(x) for x in text.split())
    return out


# ------------------------------------------------------------------ where bots run


def test_decisions_and_hints_run_in_another_process() -> None:
    seat, view, legal = _first_view()

    async def main() -> None:
        runner = BotRunner(1, processes=True)
        try:
            job = BotJob("t1", seat, "heuristic", "paston", view)
            decided = await runner.decide(job, "203.0.113.1")
            hint = await runner.decide(
                BotJob("t1", seat, "pimc:worlds=2", "paston", view, True), "c"
            )
            assert decided.result in legal
            assert {c.action for c in hint.result} <= set(legal)
            assert decided.pid != os.getpid() and hint.pid != os.getpid()
            assert decided.pid in runner.worker_pids()
        finally:
            runner.close()

    asyncio.run(main())


def test_a_table_hands_the_pool_seat_views_only(tmp_path: Path) -> None:
    """What leaves the table for a worker is the acting seat's view, never the state."""
    from paston.games.paston.view import SeatView
    from paston.server.registry import TableRegistry
    from paston.server.store import EventStore

    jobs: list[BotJob] = []

    async def main() -> None:
        runner = BotRunner(2)
        submit = runner._submit

        def spy(job: BotJob | None, *task: Any) -> Any:
            assert job is not None, "only bots' decisions here: no claim was made"
            jobs.append(job)
            return submit(job, *task)

        runner._submit = spy  # type: ignore[method-assign]
        registry = TableRegistry(
            EventStore(f"sqlite:///{tmp_path / 't.sqlite'}"),
            default_deal_pause=0,
            runner=runner,
            test_pace=True,
        )
        await registry.start()
        try:
            table = await registry.create({**SELF_PLAYING, "stand_in": "heuristic"})
            await table.join("ani", None, False)
            deadline = time.monotonic() + 60
            while table.actions_applied < 12 and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
        finally:
            await registry.stop()

    asyncio.run(main())
    assert len(jobs) >= 12
    for job in jobs:
        assert type(job.view) is SeatView and job.view.seat == job.seat
        assert job.view.to_act == job.seat


def test_paston_serve_runs_bots_in_workers_that_die_with_it(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "paston.sqlite").start()
    workers: set[int] = set()
    try:
        assert server.proc is not None
        with httpx.Client(base_url=server.url, timeout=10) as http:
            table = http.post("/api/tables", json=SELF_PLAYING).json()["id"]
            assert http.post(f"/api/tables/{table}/join", json={"nickname": "ani"}).is_success
            deadline = time.monotonic() + 60
            while not workers and time.monotonic() < deadline:
                time.sleep(0.1)
                workers = _children(server.proc.pid)
            summary = http.get(f"/api/tables/{table}").json()
        assert workers, "no bot worker process was started"
        assert summary["status"] == "playing"
        server.proc.send_signal(signal.SIGKILL)
        server.proc.wait(10)
        deadline = time.monotonic() + 15
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(p) for p in workers), "a bot worker outlived its server"
    finally:
        server.kill()
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


# ------------------------------------------------------------------ the budget


def test_a_client_whose_budget_is_spent_gets_the_cheap_level() -> None:
    seat, view, legal = _first_view()

    async def main() -> None:
        # No refill: the first decision spends the whole (tiny) budget.
        runner = BotRunner(2, budget=CpuBudget(0.0, 1e-9))
        assert runner.budget is not None
        try:
            first = await runner.decide(BotJob("a", seat, "pimc:worlds=2", "paston", view), "A")
            assert not first.fell_back and first.spec == "pimc:worlds=2" and first.cpu > 0
            assert runner.budget.left("A") < 0
            again = await runner.decide(BotJob("a", seat, "pimc:worlds=2", "paston", view), "A")
            hint = await runner.decide(BotJob("a", seat, "search", "paston", view, True), "A")
            assert again.fell_back and again.spec == "casual" and again.result in legal
            assert hint.fell_back and hint.spec == "casual" and hint.result
            # Another client's bots are not touched by A's spending.
            other = await runner.decide(BotJob("b", seat, "pimc:worlds=2", "paston", view), "B")
            assert not other.fell_back and other.spec == "pimc:worlds=2"
            assert runner.stats()["fallbacks"] == 2
        finally:
            runner.close()

    asyncio.run(main())


class _Server:
    """The app with ``edge`` under uvicorn in a thread of this process."""

    def __init__(self, db: Path, edge: EdgeSettings) -> None:
        self.port = free_port()
        self.app = create_app(f"sqlite:///{db}", default_deal_pause=0.0, edge=edge, test_pace=True)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="error")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> _Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.server.started
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(15)


@pytest.fixture
def tight_server(tmp_path: Path) -> Iterator[_Server]:
    edge = EdgeSettings(
        trusted_proxies=("127.0.0.1",),
        bot_processes=False,
        bot_cpu_burst=0.05,
        bot_cpu_per_minute=0.001,
    )
    with _Server(tmp_path / "p.sqlite", edge) as server:
        yield server


def test_the_table_creator_pays_for_its_bots_and_the_seat_for_its_stand_in(
    tight_server: _Server,
) -> None:
    maker = {"X-Forwarded-For": "203.0.113.7"}
    player = {"X-Forwarded-For": "198.51.100.9"}
    with httpx.Client(base_url=f"http://127.0.0.1:{tight_server.port}", timeout=10) as http:
        table_id = http.post("/api/tables", json=SELF_PLAYING, headers=maker).json()["id"]
        joined = http.post(f"/api/tables/{table_id}/join", json={"nickname": "b"}, headers=player)
        assert joined.is_success
        registry = tight_server.app.state.registry
        runner: BotRunner = registry.runner
        budget = runner.budget
        assert budget is not None and runner.processes is False
        # The table plays on by itself; both clients' budgets run out, then it plays casual.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (
            budget.left("203.0.113.7") < 0 and budget.left("198.51.100.9") < 0
        ):
            time.sleep(0.05)
        table = registry.tables[table_id]
        assert table.creator_client == "203.0.113.7"
        assert table.seat_clients == {joined.json()["seat"]: "198.51.100.9"}
        assert budget.left("203.0.113.7") < 0 and budget.left("198.51.100.9") < 0
        fallbacks = runner.stats()["fallbacks"]
        while runner.stats()["fallbacks"] < fallbacks + 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert runner.stats()["fallbacks"] >= fallbacks + 3
        # ... and the table played on at that level (to its end, at the test pace).
        assert http.get(f"/api/tables/{table_id}").json()["status"] in ("playing", "over")


# ------------------------------------------------------------------ the options


@pytest.mark.parametrize(
    ("game", "spec", "words"),
    [
        ("paston", "pimc:worlds=256", ["'worlds'", "'pimc'", "from 1 to 64", "256"]),
        ("paston", "search:whist_worlds=25", ["'whist_worlds'", "from 1 to 24"]),
        ("paris", "dpimc:worlds=256", ["'worlds'", "'dpimc'", "from 1 to 32"]),
        ("paskievics", "pimc:worlds=256", ["'worlds'", "from 6 to 48"]),
        ("paskievics", "pimc:worlds=2", ["from 6 to 48"]),
        ("paris", "dpimc:bid_worlds=2", ["'dpimc' has no option 'bid_worlds'", "worlds from 1"]),
    ],
)
def test_options_beyond_what_the_levels_use_are_refused_with_the_range(
    game: str, spec: str, words: list[str]
) -> None:
    with pytest.raises(BadRequest) as err:
        check_bot_spec(get_game(game), spec, "seats[1].bot")
    message = str(err.value)
    assert message.startswith("'seats[1].bot': ")
    for word in words:
        assert word in message, message
    # The largest allowed effort is accepted.
    name = spec.split(":")[0]
    top = {o: hi for o, (_lo, hi) in BOT_OPTIONS[game][name].items()}
    option = "worlds"
    assert check_bot_spec(get_game(game), f"{name}:{option}={top[option]}", "k") == (
        f"{name}:{option}={top[option]}"
    )


def test_refused_over_http_too(server_process: ServerProcess) -> None:
    body = {
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "pimc:worlds=256"}, {"kind": "bot"}]
    }
    r = httpx.post(f"{server_process.url}/api/tables", json=body, timeout=10)
    assert r.status_code == 400
    assert "from 1 to 64" in r.json()["error"]["message"]


def test_the_bounds_are_the_bots_own_defaults() -> None:
    """The caps are the expert level's effort: the defaults of the bots it is made of."""
    from paston.games.paris.bots.dpimc import DpimcBot
    from paston.games.paskievics.bots.pimc import PimcBot as PaskievicsPimc
    from paston.games.paston.bots.pimc import PimcBot

    def defaults(cls: type) -> dict[str, Any]:
        return {k: p.default for k, p in inspect.signature(cls).parameters.items() if k != "seed"}

    paston = defaults(PimcBot)
    for name in ("pimc", "wpimc", "search"):
        assert {o: hi for o, (_, hi) in BOT_OPTIONS["paston"][name].items()} == {
            o: paston[o] for o in BOT_OPTIONS["paston"][name]
        }
    assert BOT_OPTIONS["paris"]["dpimc"]["worlds"][1] == defaults(DpimcBot)["worlds"]
    pask = defaults(PaskievicsPimc)
    assert BOT_OPTIONS["paskievics"]["pimc"]["worlds"] == (pask["min_worlds"], pask["worlds"])


def test_a_killed_worker_is_replaced() -> None:
    """A worker that dies (killed, out of memory) breaks its pool; the next decisions get a
    fresh one instead of failing for ever."""
    seat, view, legal = _first_view()

    async def main() -> None:
        runner = BotRunner(1, processes=True)
        try:
            job = BotJob("t1", seat, "heuristic", "paston", view)
            first = await runner.decide(job, "c")
            os.kill(first.pid, signal.SIGKILL)
            answers = []
            for _ in range(3):
                with contextlib.suppress(BrokenProcessPool):
                    answers.append(await runner.decide(job, "c"))
            assert answers and answers[-1].result in legal
            assert answers[-1].pid != first.pid
        finally:
            runner.close()

    asyncio.run(main())


class _Gated(RandomBot):
    """Decides only once the test opens the gate, noting which table asked, in order."""

    gate = threading.Event()
    order: ClassVar[list[str]] = []
    table = ""

    def act(self, view: Any) -> int:
        _Gated.order.append(self.table)
        _Gated.gate.wait(30)
        return super().act(view)


def test_waiting_clients_take_turns_for_the_workers() -> None:
    """One worker; client A queues three tables' decisions, then B one: B's decision runs
    second, not after all of A's (they would be served in the order they came)."""
    seat, view, _legal = _first_view()
    names = ["a1", "a2", "a3", "b1"]

    def maker(table: str) -> Any:
        def make(seed: int | None = None) -> _Gated:
            bot = _Gated(seed=seed)
            bot.table = table
            return bot

        return make

    for table in names:
        register_bot(f"gated_{table}", maker(table), game="paston")
    try:

        async def main() -> None:
            runner = BotRunner(1)
            try:

                def ask(table: str, client: str) -> asyncio.Task[Any]:
                    job = BotJob(table, seat, f"gated_{table}", "paston", view)
                    return asyncio.create_task(runner.decide(job, client))

                jobs = [ask("a1", "A")]
                while not _Gated.order:
                    await asyncio.sleep(0.01)  # a1 holds the only worker
                jobs += [ask("a2", "A"), ask("a3", "A")]
                await asyncio.sleep(0.05)
                jobs.append(ask("b1", "B"))
                await asyncio.sleep(0.05)
                assert runner.stats()["waiting"] == 3
                _Gated.gate.set()
                await asyncio.gather(*jobs)
            finally:
                runner.close()

        asyncio.run(main())
        assert _Gated.order == ["a1", "a2", "b1", "a3"]
    finally:
        for table in names:
            _REGISTRY["paston"].pop(f"gated_{table}", None)
            if f"gated_{table}" in BOT_NAMES:
                BOT_NAMES.remove(f"gated_{table}")


def test_workers_start_with_the_server_and_warm_the_search_bots_up() -> None:
    """Regression (failing first): the Paskievics solver's recursive search compiles on first
    use, once per process (numba cannot keep it on disk), so a fresh worker's first card
    decision of a search bot took about 4 CPU seconds, charged to the person who waited for
    it (``benchmarks/bot_wait.py``). With warm-up the workers start with the server and
    compile it in a thread at once; without it they start on the first decision."""
    from paston.server.bot_worker import worker_warm_up

    async def main() -> None:
        warm = BotRunner(1, processes=True, warm_up=True)
        cold = BotRunner(1, processes=True)
        try:
            warm.start_workers()
            cold.start_workers()
            assert len(warm.worker_pids()) == 1  # started before any decision
            assert cold.worker_pids() == []  # on demand
            answer = await warm.compute("t1", "c", worker_warm_up, 240.0, limit=300.0)
            assert answer.pid in warm.worker_pids()
            assert answer.result is not None and answer.result["paskievics"] > 0
            answer = await cold.compute("t1", "c", worker_warm_up, 0.0)
            assert answer.result is None
        finally:
            warm.close()
            cold.close()

    asyncio.run(main())


def test_paston_serve_warms_its_workers_up_unless_told_not_to() -> None:
    assert BotRunner.of_edge(EdgeSettings()).warm_up
    assert not BotRunner.of_edge(EdgeSettings(bot_warm_up=False)).warm_up
    # Threads share the server's process: no worker of their own to warm up.
    assert not BotRunner.of_edge(EdgeSettings(bot_processes=False)).warm_up
    env = EdgeSettings.from_env({"PASTON_BOT_WARM_UP": "false"})
    assert env.bot_warm_up is False
