"""What remote spectators cost a table's owner: relayed sockets against NOTIFY publications.

Three `paston serve --cluster` processes on one throw-away PostgreSQL (Debian's package, or
``--pg URL``). The first owns ``--tables`` tables where a stand-in and two bots play at the
``fast`` pace; ``--spectators`` sockets watch them through the two other processes. Two
runs in this process:

* ``relay``: every remote spectator socket relayed to the owner (the owner encodes and sends
  each message once per spectator), as before the fan-out (``PASTON_CLUSTER_SPECTATORS=relay``);
* ``fanout``: the owner publishes each message once (``NOTIFY``); the two others deliver it;
* ``none`` (first): the same games watched by nobody, the baseline of the owner's CPU.

For each, over ``--duration`` seconds after a warm-up: the owner's CPU seconds (from /proc),
the spectator sockets the owner holds, the messages the spectators received and the
publications seen on the channel. The final line is JSON.

    nice -n 10 .venv/bin/python benchmarks/cluster_spectators.py --spectators 200 --duration 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import time
from typing import Any

import httpx
import psycopg
import websockets
from server_load import _proc_cpu, free_port, throwaway_postgres

from paston.server.cluster_pubsub import CHANNEL, libpq_url

TABLE = {
    "seats": [
        {"kind": "human"},
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"},
    ],
    "stand_in": "random",
    "grace": 0,
    "deal_pause": 0.5,
    "pace": "fast",
    "rules": {"target": 1000},
    "public": False,
}


def fresh_database(server: str, name: str) -> str:
    """A new empty database on the server of ``server`` (a URL); its URL."""
    with psycopg.connect(libpq_url(server), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server.rsplit("/", 1)[0] + "/" + name


def start(db: str, mode: str) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    cmd = [sys.executable, "-c", "from paston.cli import main; main()", "serve"]
    cmd += ["--port", str(port), "--db", db, "--deal-pause", "0", "--cluster", "--test-pace"]
    env = {
        **os.environ,
        "PASTON_CLUSTER_SPECTATORS": mode,
        # Every spectator connects from 127.0.0.1: the per-client limits would refuse them.
        "PASTON_CLIENT_LIMITS": "false",
        "PASTON_MAX_CONNECTIONS_PER_ADDRESS": "20000",
        "PASTON_MAX_CONNECTIONS": "20000",
    }
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    if "Paston is at" not in proc.stdout.readline():
        proc.kill()
        raise SystemExit("error: a server did not start")
    return proc, port


async def watch(url: str, counts: list[int], i: int, stop: asyncio.Event) -> None:
    async with websockets.connect(url, max_size=2**22, ping_interval=None) as ws:
        while not stop.is_set():
            try:
                await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            counts[i] += 1


async def run_mode(db: str, mode: str, args: argparse.Namespace) -> dict[str, Any]:
    spectators = 0 if mode == "none" else args.spectators
    procs = [start(db, "fanout" if mode == "none" else mode) for _ in range(3)]
    try:
        port0 = procs[0][1]
        async with httpx.AsyncClient(timeout=10) as http:
            tables = []
            for _ in range(args.tables):
                r = await http.post(f"http://127.0.0.1:{port0}/api/tables", json=TABLE)
                tables.append(r.json()["id"])
            counts = [0] * spectators
            stop = asyncio.Event()
            tasks = []
            for i in range(spectators):
                port = procs[1 + i % 2][1]
                url = f"ws://127.0.0.1:{port}/ws/tables/{tables[i % len(tables)]}"
                tasks.append(asyncio.create_task(watch(url, counts, i, stop)))
                if i % 20 == 19:
                    await asyncio.sleep(0.05)
            # Every spectator is in (the relayed ones' presence events are over) before play.
            deadline = time.monotonic() + 60
            while sum(1 for c in counts if c) < spectators and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            failed = [t for t in tasks if t.done() and t.exception() is not None]
            if failed:
                print(f"{mode}: {len(failed)} spectators failed: {failed[0].exception()!r}")
            await asyncio.sleep(1.0)
            for table in tables:
                join = f"http://127.0.0.1:{port0}/api/tables/{table}/join"
                await http.post(join, json={"nickname": "p"})
            heads = tuple(json.dumps([t])[:-1] for t in tables)
            published = 0

            async def tap() -> None:
                nonlocal published
                async with await psycopg.AsyncConnection.connect(
                    libpq_url(db), autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    async for note in conn.notifies():
                        if note.payload.startswith(heads):
                            published += 1

            tapper = asyncio.create_task(tap())
            await asyncio.sleep(args.warmup)
            held = 0
            for table in tables:
                got = await http.get(f"http://127.0.0.1:{port0}/api/tables/{table}")
                held += got.json()["spectators"]
            cpu0 = [_proc_cpu(p.pid) or 0.0 for p, _ in procs]
            got0, pub0, t0 = sum(counts), published, time.monotonic()
            await asyncio.sleep(args.duration)
            cpu1 = [_proc_cpu(p.pid) or 0.0 for p, _ in procs]
            got1, pub1, wall = sum(counts), published, time.monotonic() - t0
            stop.set()
            tapper.cancel()
            for task in [*tasks, tapper]:
                with contextlib.suppress(BaseException):
                    await task
    finally:
        for proc, _ in procs:
            proc.terminate()
        for proc, _ in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
    return {
        "mode": mode,
        "seconds": round(wall, 2),
        "owner_cpu_s": round(cpu1[0] - cpu0[0], 3),
        "others_cpu_s": round(sum(cpu1[1:]) - sum(cpu0[1:]), 3),
        "owner_spectator_sockets": held,
        "messages_delivered": got1 - got0,
        "publications": pub1 - pub0,
        "connected": sum(1 for c in counts if c),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--tables", type=int, default=5, help="watched tables")
    parser.add_argument("--duration", type=float, default=20.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=4.0)
    parser.add_argument("--pg", default="", help="PostgreSQL URL (default: a throw-away one)")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        server = args.pg or stack.enter_context(throwaway_postgres())
        results = []
        for mode in ("none", "relay", "fanout"):
            # A database of its own: the other run's tables must not be taken over and played.
            db = fresh_database(server, f"paston_bench_{mode}_{os.getpid()}")
            results.append(asyncio.run(run_mode(db, mode, args)))
    for r in results:
        print(
            f"{r['mode']:>6}: owner {r['owner_cpu_s']:.2f} CPU s, others {r['others_cpu_s']:.2f},"
            f" owner spectator sockets {r['owner_spectator_sockets']},"
            f" {r['messages_delivered']} messages delivered, {r['publications']} publications"
        )
    none, relay, fanout = results
    # What the spectators cost the owner: its CPU beyond the same games watched by nobody.
    extra = {r["mode"]: round(r["owner_cpu_s"] - none["owner_cpu_s"], 3) for r in (relay, fanout)}
    summary = {
        "spectators": args.spectators,
        "tables": args.tables,
        "duration": args.duration,
        "none": none,
        "relay": relay,
        "fanout": fanout,
        "owner_cpu_for_spectators_s": extra,
        "owner_cpu_ratio_relay_over_fanout": (
            round(relay["owner_cpu_s"] / fanout["owner_cpu_s"], 2)
            if fanout["owner_cpu_s"]
            else None
        ),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
