"""Server load: many tables of WebSocket clients against a real `paston serve` process.

Starts `paston serve` on a free port of 127.0.0.1 with a fresh SQLite database, creates
``--tables`` tables with three human seats each, joins them, and opens one WebSocket per seat
(3 per table). Every client plays like a bot: when its state says it is to act, it waits its
think time (``--think`` seconds on average, uniform in [0.5, 1.5] times it; 0 = answer at once)
and sends a random legal action. Server-side bots are not used, so bot thinking is excluded.

Measured on the client side:
- latency: from sending a command to receiving the broadcast ``state`` that includes it
  (command -> commit -> broadcast), p50/p95/p99/max;
- ack latency: from sending to the ``ack``;
- throughput: acknowledged actions per second, over the measured window (after ``--warmup``).

Bounded: stops after ``--duration`` seconds of measurement (and ``--max-actions``). The clients
run in this process (asyncio, uvloop if installed); on a 2-core machine they share the CPU
with the server, so the figures are conservative for the server.

    .venv/bin/python benchmarks/server_load.py [--tables 500] [--think 1.0] [--duration 60]

Multi-process mode (``--processes N``): N `paston serve --cluster` processes share one
PostgreSQL database (``--pg URL``, or a throw-away cluster started from Debian's package when
none is given). Tables are created round-robin over the processes (the creator owns a table);
``--spread`` connects each seat to process ``(table + seat) % N``, so with N = 3 two sockets of
three are relayed by a process that does not own the table. ``server_cpu_s`` sums every
server process.

    .venv/bin/python benchmarks/server_load.py --processes 3 --spread [--tables 500]

The last line of output is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

TARGET_P99_MS = 100.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path | str, port: int, cluster: bool = False) -> subprocess.Popen[str]:
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    cmd = [
        sys.executable,
        "-c",
        "from paston.cli import main; main()",
        "serve",
        "--port",
        str(port),
        "--db",
        url,
        "--deal-pause",
        "0",
        *(["--cluster"] if cluster else []),
    ]
    # Every simulated player connects from 127.0.0.1: the per-client limits an internet-facing
    # server applies would refuse them (benchmarks/server_flood.py measures those).
    # So would the TCP connection caps (64 from one address, 2,000 in all).
    env = {
        **os.environ,
        "PASTON_CLIENT_LIMITS": "false",
        "PASTON_MAX_CONNECTIONS_PER_ADDRESS": "20000",
        "PASTON_MAX_CONNECTIONS": "20000",
    }
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "Paston is at" not in line:
        proc.kill()
        raise SystemExit(f"error: the server did not start ({line!r})")
    return proc


def _pg_tool(name: str) -> str:
    found = shutil.which(name) or next(
        (str(p) for p in sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), reverse=True)),
        None,
    )
    if found is None:
        raise SystemExit(f"error: {name} not found (apt-get install postgresql, or pass --pg)")
    return found


def _as_postgres(cmd: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; its tools then run as the postgres user.
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextlib.contextmanager
def throwaway_postgres() -> Any:
    """A PostgreSQL cluster in a temporary folder on a free port (stopped and removed after)."""
    root = Path(tempfile.mkdtemp(prefix="paston-load-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    data, port = root / "data", free_port()
    subprocess.run(
        _as_postgres([_pg_tool("initdb"), "-D", str(data), "-A", "trust", "-U", "paston"]),
        check=True,
        capture_output=True,
    )
    # fsync stays on: the figures include durable commits, as in production.
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=300"
    pg_ctl = _pg_tool("pg_ctl")
    subprocess.run(
        _as_postgres([pg_ctl, "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w", "start"]),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://paston@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres([pg_ctl, "-D", str(data), "-m", "fast", "stop"]), capture_output=True
        )
        shutil.rmtree(root, ignore_errors=True)


class Stats:
    def __init__(self) -> None:
        self.latency: list[float] = []
        self.ack: list[float] = []
        self.actions = 0
        self.rejects: dict[str, int] = {}
        self.errors = 0
        self.measuring = False
        self.series: list[tuple[float, float]] = []


class SeatClient:
    """One seat: a socket, the latest state, and the commands in flight."""

    def __init__(self, ws: Any, seat: int, stats: Stats, think: float, rng: random.Random):
        self.ws = ws
        self.seat = seat
        self.stats = stats
        self.think = think
        self.rng = rng
        self.pending: dict[str, float] = {}
        self.awaiting: list[tuple[int, float]] = []  # (acked seq, send time)
        self.acting_on = -1
        self.n = 0

    async def run(self, stop: asyncio.Event) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                now = time.perf_counter()
                msg = json.loads(raw)
                kind = msg["type"]
                if kind == "state":
                    seq = msg["seq"]
                    if self.awaiting:
                        keep = []
                        for acked, sent in self.awaiting:
                            if seq >= acked:
                                if self.stats.measuring:
                                    self.stats.latency.append(now - sent)
                                    self.stats.series.append((sent, now - sent))
                            else:
                                keep.append((acked, sent))
                        self.awaiting = keep
                    view = msg["view"]
                    if (
                        not stop.is_set()
                        and view is not None
                        and view["to_act"] == self.seat
                        and view["legal"]
                        and self.acting_on != seq
                    ):
                        self.acting_on = seq
                        asyncio.get_running_loop().create_task(self.act(seq, view["legal"]))
                elif kind == "ack":
                    sent = self.pending.pop(msg["command_id"], None)
                    if sent is not None:
                        self.stats.actions += 1
                        if self.stats.measuring:
                            self.stats.ack.append(now - sent)
                        self.awaiting.append((msg["seq"], sent))
                elif kind == "reject":
                    self.pending.pop(msg.get("command_id") or "", None)
                    code = msg["code"]
                    self.stats.rejects[code] = self.stats.rejects.get(code, 0) + 1

    async def act(self, seq: int, legal: list[str]) -> None:
        if self.think > 0:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        self.n += 1
        cid = f"{self.seat}-{self.n}"
        self.pending[cid] = time.perf_counter()
        try:
            await self.ws.send(
                json.dumps(
                    {
                        "type": "action",
                        "command_id": cid,
                        "expected_seq": seq,
                        "action": self.rng.choice(legal),
                    }
                )
            )
        except websockets.ConnectionClosed:
            if self.stats.measuring:
                self.stats.errors += 1


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return round(values[k] * 1000, 2)


async def main_async(args: argparse.Namespace, console: Console) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="paston-load-"))
    servers: list[subprocess.Popen[str]] = []
    if args.port:
        ports = [args.port]
    elif args.processes:
        ports = [free_port() for _ in range(args.processes)]
        servers = [start_server(args.pg, p, cluster=True) for p in ports]
    else:
        ports = [free_port()]
        servers = [start_server(tmp / "load.sqlite", ports[0])]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    clients: list[SeatClient] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        body = {
            "seats": [{"kind": "human"}] * 3,
            "deal_pause": 0,
            "rules": {"target": 1000},  # the game does not end during the run
            "public": False,
        }
        limits = httpx.Limits(max_connections=50)
        async with httpx.AsyncClient(timeout=30, limits=limits) as http:
            sem = asyncio.Semaphore(50)

            async def make_table(n: int) -> list[tuple[int, str, int, str]]:
                # Round-robin over the processes: the creator owns the table.
                base = bases[n % len(bases)]
                async with sem:
                    tid = (await http.post(f"{base}/api/tables", json=body)).json()["id"]
                    out = []
                    for i in range(3):
                        j = (
                            await http.post(
                                f"{base}/api/tables/{tid}/join", json={"nickname": f"p{i}"}
                            )
                        ).json()
                        out.append((n, tid, j["seat"], j["token"]))
                    return out

            with console.status(f"creating {args.tables} tables"):
                seats = [
                    s
                    for t in await asyncio.gather(*[make_table(n) for n in range(args.tables)])
                    for s in t
                ]
        conn_sem = asyncio.Semaphore(100)

        async def connect(n: int, tid: str, seat: int, token: str) -> SeatClient:
            # The owner's process, or with --spread one process per seat (relayed sockets).
            port = ports[(n + (seat if args.spread else 0)) % len(ports)]
            async with conn_sem:
                ws = await websockets.connect(
                    f"ws://127.0.0.1:{port}/ws/tables/{tid}?token={token}",
                    max_size=2**20,
                    ping_interval=None,
                    open_timeout=60,
                )
            return SeatClient(ws, seat, stats, args.think, random.Random(rng.random()))

        with console.status(f"opening {len(seats)} WebSockets"):
            clients = list(await asyncio.gather(*[connect(*s) for s in seats]))
        tasks = [asyncio.create_task(c.run(stop)) for c in clients]
        # The clients' own garbage collections must not show up as server latency.
        gc.collect()
        gc.freeze()
        progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            TextColumn("{task.fields[info]}"),
            TimeElapsedColumn(),
            console=console,
        )
        with progress:
            warm = progress.add_task("warm-up", total=args.warmup, info="")
            t0 = time.perf_counter()
            while (left := args.warmup - (time.perf_counter() - t0)) > 0:
                await asyncio.sleep(min(0.5, left))
                progress.update(
                    warm, completed=time.perf_counter() - t0, info=f"{stats.actions} actions"
                )
            progress.update(warm, completed=args.warmup)
            stats.measuring = True
            start_actions = stats.actions
            cpu0 = _servers_cpu(servers)
            me0 = _self_cpu()
            t0 = time.perf_counter()
            task = progress.add_task("measuring", total=args.duration, info="")
            while True:
                await asyncio.sleep(0.5)
                gc.freeze()
                elapsed = time.perf_counter() - t0
                done = stats.actions - start_actions
                p99 = pct(stats.latency[-5000:], 99)
                progress.update(
                    task,
                    completed=min(elapsed, args.duration),
                    info=f"{done} actions, {done / elapsed:.0f}/s, recent p99 {p99} ms",
                )
                if elapsed >= args.duration or done >= args.max_actions:
                    break
            stats.measuring = False
            elapsed = time.perf_counter() - t0
            cpu1 = _servers_cpu(servers)
            me1 = _self_cpu()
            done = stats.actions - start_actions
            stop.set()
    finally:
        for c in clients:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(c.ws.close(), 2)
        for t in tasks:
            t.cancel()
        for server in servers:
            server.send_signal(signal.SIGINT)
        for server in servers:
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(tmp, ignore_errors=True)
    lat = stats.latency
    if args.dump:
        Path(args.dump).write_text(
            "".join(f"{t - t0:.4f},{d * 1000:.2f}\n" for t, d in sorted(stats.series))
        )
    return {
        "benchmark": "server_load",
        "tables": args.tables,
        "processes": args.processes or 1,
        "database": "postgresql" if args.processes else "sqlite",
        "spread": bool(args.spread and len(ports) > 1),
        "clients": len(clients),
        "think_s": args.think,
        "duration_s": round(elapsed, 2),
        "actions": done,
        "actions_per_s": round(done / elapsed, 1),
        "latency_ms": {
            "p50": pct(lat, 50),
            "p95": pct(lat, 95),
            "p99": pct(lat, 99),
            "max": pct(lat, 100),
            "mean": round(statistics.fmean(lat) * 1000, 2) if lat else None,
        },
        "ack_latency_ms": {"p50": pct(stats.ack, 50), "p99": pct(stats.ack, 99)},
        "rejects": stats.rejects,
        "errors": stats.errors,
        "server_cpu_s": None if cpu0 is None or cpu1 is None else round(cpu1 - cpu0, 2),
        "client_cpu_s": round(me1 - me0, 2),
        "cpus": os.cpu_count(),
        "target_p99_ms": TARGET_P99_MS,
        "p99_met": lat != [] and (pct(lat, 99) or 1e9) < TARGET_P99_MS,
    }


def _servers_cpu(servers: list[subprocess.Popen[str]]) -> float | None:
    times = [_proc_cpu(s.pid) for s in servers]
    return None if not times or None in times else sum(t for t in times if t is not None)


def _self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _proc_cpu(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--think", type=float, default=1.0, help="mean client think time (s)")
    parser.add_argument("--duration", type=float, default=60.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--max-actions", type=int, default=10**7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dump", default="", help="write send time,latency ms lines here")
    parser.add_argument(
        "--port", type=int, default=0, help="use a server already running on this port"
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="N `paston serve --cluster` processes on PostgreSQL (0: one server on SQLite)",
    )
    parser.add_argument("--pg", default="", help="PostgreSQL URL (default: a throw-away one)")
    parser.add_argument(
        "--spread", action="store_true", help="connect each seat to another process"
    )
    args = parser.parse_args()
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    console = Console(stderr=True)
    # Bounded in time whatever happens: setup, warm-up, measurement and a margin.
    limit = args.warmup + args.duration + 300
    with contextlib.ExitStack() as stack:
        if args.processes and not args.pg:
            args.pg = stack.enter_context(throwaway_postgres())
        result = asyncio.run(asyncio.wait_for(main_async(args, console), limit))
    console.print(
        f"{result['actions_per_s']} actions/s; command->broadcast latency ms "
        f"p50 {result['latency_ms']['p50']} p95 {result['latency_ms']['p95']} "
        f"p99 {result['latency_ms']['p99']} (target p99 < {TARGET_P99_MS:g} ms)"
    )
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
