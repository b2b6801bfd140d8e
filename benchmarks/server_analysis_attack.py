"""Analysis attack: does one client's stream of analysis requests slow another table down?
(issue 17, section 3)

Starts `paston serve` on 127.0.0.1 (default settings; 127.0.0.1 trusted as a proxy so each side
names its own address with ``X-Forwarded-For``). First ``--tables`` finished tables are made
(a person who left and two bots, at the fast pace, played to a small target by the stand-in).
Then a quiet table of three human seats plays (each seat answers its turn after ``--think``
seconds) while its command -> broadcast latency is measured, in two phases:

- ``alone``: nobody else asks for anything;
- ``attacked``: one attacker address asks, a few times a second, for the analysis of every
  finished table at every world count it can name (8, 24, 48 and, which the server refused
  with 400 since issue 17, 2, 4, 16, 32, 64: each used to be a job of its own), while a
  bystander (another address) asks every 2 s for the analysis of one table (before issue 17
  it got ``503 busy`` while the attacker held the four jobs).

``--rounds`` repeats both phases on the one server (a fresh attacker address each round) and
pools each phase's samples. The last line is one JSON object: p50/p99 per phase, their ratio,
the CPU seconds of the server process and of its analysis worker, and what the attacker and
the bystander got.
The issue's bar: the quiet table's p99 under attack within 2x of its p99 alone.

    nice -n 10 .venv/bin/python benchmarks/server_analysis_attack.py [--seconds 20] [--rounds 2]

Run with ``PYTHONPATH=<an older checkout>/src`` to measure that server instead.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from server_flood import _cpu, _free_port, _pct, quiet_table, start_server

WORLDS = [8, 24, 48, 2, 4, 16, 32, 64]
_ATTACKERS = itertools.count(40)


def _children_cpu(pid: int) -> float:
    """CPU seconds so far of ``pid``'s child processes (its analysis worker)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                total += _cpu(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            pass  # gone meanwhile
    return total


async def finished_tables(base: str, count: int, target: int) -> list[str]:
    """``count`` tables played to ``target`` by a stand-in and two bots (fast pace)."""
    body = {
        "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
        "grace": 0,
        "pace": "fast",
        "deal_pause": 0,
        "rules": {"target": target},
    }
    ids = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for k in range(count):
            headers = {"X-Forwarded-For": f"192.0.2.{100 + k}"}
            table = (await http.post("/api/tables", json=body, headers=headers)).json()["id"]
            await http.post(f"/api/tables/{table}/join", json={"nickname": "gone"}, headers=headers)
            ids.append(table)
        while True:
            states = [(await http.get(f"/api/tables/{t}")).json()["status"] for t in ids]
            if all(s == "over" for s in states):
                return ids
            await asyncio.sleep(1.0)


async def attack(base: str, tables: list[str], stop: asyncio.Event, got: Counter[str]) -> None:
    """Ask for every (table, worlds) analysis in turn, 5 requests a second, until ``stop``."""
    headers = {"X-Forwarded-For": f"203.0.113.{next(_ATTACKERS)}"}
    asks = itertools.cycle([(t, w) for w in WORLDS for t in tables])
    async with httpx.AsyncClient(base_url=base, timeout=30, headers=headers) as http:
        while not stop.is_set():
            table, worlds = next(asks)
            r = await http.get(f"/api/tables/{table}/analysis?worlds={worlds}")
            code = r.json().get("error", {}).get("code", "") if r.status_code >= 400 else ""
            got[f"{r.status_code}{':' + code if code else ''}"] += 1
            await asyncio.sleep(0.2)


async def bystander(base: str, table: str, stop: asyncio.Event, got: Counter[str]) -> None:
    """Another address asking for one analysis (the default worlds) every 2 s: is it served?"""
    headers = {"X-Forwarded-For": f"198.18.0.{next(_ATTACKERS) % 250}"}
    async with httpx.AsyncClient(base_url=base, timeout=30, headers=headers) as http:
        while not stop.is_set():
            r = await http.get(f"/api/tables/{table}/analysis")
            got[str(r.status_code)] += 1
            await asyncio.sleep(2.0)


async def measure(
    base: str,
    ws_base: str,
    pid: int,
    seconds: float,
    think: float,
    rounds: int,
    target: int,
    count: int,
) -> dict[str, Any]:
    t0 = time.monotonic()
    tables = await finished_tables(base, count, target)
    setup_s = round(time.monotonic() - t0, 1)
    alone: list[float] = []
    attacked: list[float] = []
    got: Counter[str] = Counter()
    others: Counter[str] = Counter()
    cpu = {"server_alone": 0.0, "server_attacked": 0.0, "worker_alone": 0.0,
           "worker_attacked": 0.0}  # fmt: skip
    for r in range(rounds):
        s0, w0 = _cpu(pid), _children_cpu(pid)
        quiet = await quiet_table(base, ws_base, think, seconds)
        s1, w1 = _cpu(pid), _children_cpu(pid)
        stop = asyncio.Event()
        attacker = asyncio.create_task(attack(base, tables, stop, got))
        await asyncio.sleep(1.0)  # the attack is under way before the measurement starts
        # A table the attacker asks about last: its analysis is not in the cache yet.
        other = asyncio.create_task(bystander(base, tables[-1 - r % len(tables)], stop, others))
        loud = await quiet_table(base, ws_base, think, seconds)
        stop.set()
        await attacker
        await other
        s2, w2 = _cpu(pid), _children_cpu(pid)
        alone += quiet
        attacked += loud
        cpu["server_alone"] += s1 - s0
        cpu["worker_alone"] += w1 - w0
        cpu["server_attacked"] += s2 - s1
        cpu["worker_attacked"] += w2 - w1
        print(f"round {r + 1}/{rounds}: p99 alone {_pct(quiet, 99)} ms, attacked "
              f"{_pct(loud, 99)} ms", file=sys.stderr)  # fmt: skip
    p99_alone, p99_attacked = _pct(alone, 99), _pct(attacked, 99)
    ratio = None if not p99_alone or p99_attacked is None else round(p99_attacked / p99_alone, 2)
    return {
        "benchmark": "server_analysis_attack",
        "seconds": seconds,
        "rounds": rounds,
        "tables": len(tables),
        "setup_s": setup_s,
        "quiet_actions_alone": len(alone),
        "quiet_actions_attacked": len(attacked),
        "p50_alone_ms": _pct(alone, 50),
        "p99_alone_ms": p99_alone,
        "p50_attacked_ms": _pct(attacked, 50),
        "p99_attacked_ms": p99_attacked,
        "p99_ratio": ratio,
        "within_2x": ratio is not None and ratio <= 2.0,
        "cpu_s": {k: round(v, 2) for k, v in cpu.items()},
        "attacker_got": dict(got.most_common()),
        "bystander_got": dict(others.most_common()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="each phase (default 20)")
    parser.add_argument("--think", type=float, default=0.05, help="quiet seats' think time")
    parser.add_argument("--rounds", type=int, default=2, help="alone/attacked pairs (default 2)")
    parser.add_argument("--tables", type=int, default=6, help="finished tables (default 6)")
    parser.add_argument("--target", type=int, default=30, help="their target (default 30)")
    args = parser.parse_args()
    env = {**os.environ, "PASTON_TRUSTED_PROXIES": "127.0.0.1"}
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        proc = start_server(Path(tmp) / "attack.sqlite", port, env)
        try:
            result = asyncio.run(
                measure(
                    f"http://127.0.0.1:{port}",
                    f"ws://127.0.0.1:{port}",
                    proc.pid,
                    args.seconds,
                    args.think,
                    max(1, args.rounds),
                    args.target,
                    args.tables,
                )
            )
        finally:
            proc.kill()
            proc.wait(10)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
