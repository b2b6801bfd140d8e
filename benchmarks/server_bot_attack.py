"""Bot attack: do one client's heavy bots slow another table down? (issue 17, section 3)

Starts `paston serve` on 127.0.0.1 (default settings: bots in worker processes, each client's
bot-CPU budget; 127.0.0.1 trusted as a proxy so each side names its own address with
``X-Forwarded-For``). A quiet table of three human seats plays (each seat answers its turn after
``--think`` seconds) while its command -> broadcast latency is measured, in three phases:

- ``alone``: nobody else plays;
- ``attacked``: an attacker (another process, another address) creates, within its quotas, six
  tables at the fast pace with the heaviest bots a client may pick (Paston ``search``, Paris
  ``dpimc:worlds=32``, Paskievics ``pimc:worlds=48``, two tables each) as players, stand-ins and
  hint bots, sits at each, asks for a hint at every turn of its own and plays it;
- ``after``: the attacker has left; its tables play on with their stand-ins.

``--rounds`` repeats the three phases on the one server (a fresh attacker address each round)
and pools each phase's samples; the server closes tables nobody is at after ``--seconds`` + 5
(``table_idle_timeout``), and each round waits for the attacker's tables to be closed. The last
line is one JSON object: p50/p99 per phase, the ratios to ``alone``, the server's RSS, its bot
workers' PSS, and the CPU seconds of both. The issue's bar: the quiet table's p99 under attack
within 2x of its p99 alone.

    nice -n 10 .venv/bin/python benchmarks/server_bot_attack.py [--seconds 15] [--rounds 3]

``--set NAME=VALUE`` passes an edge setting to the server (``--set bot_processes=false``: the
bots in threads of the server process, as before the worker pool).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import websockets
from server_flood import _cpu, _free_port, _pct, quiet_table

#: The attacker's tables: the heaviest bot each game lets a client pick (bot_specs.BOT_OPTIONS).
ATTACK = [
    ("paston", os.environ.get("ATTACK_PASTON", "search")),
    ("paris", os.environ.get("ATTACK_PARIS", "dpimc:worlds=32")),
    ("paskievics", os.environ.get("ATTACK_PASKIEVICS", "pimc:worlds=48")),
] * 2
#: Addresses of the attackers, one per round (TEST-NET-3).
_ATTACKERS = itertools.count(10)


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def _children(pid: int) -> list[int]:
    out: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            out += [int(x) for x in (task / "children").read_text().split()]
    return out


def _pss_mib(pid: int) -> float:
    """Proportional set size: the pages shared by the workers (libraries) counted once."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _workers(server_pid: int) -> tuple[float, float]:
    """PSS (MiB) and CPU seconds of the server's child processes (its bot workers)."""
    pss = cpu = 0.0
    for pid in _children(server_pid):
        with contextlib.suppress(OSError, ValueError):
            pss += _pss_mib(pid)
            cpu += _cpu(pid)
    return round(pss, 1), cpu


class Attacker:
    """What the attacker sends and gets back."""

    def __init__(self, base: str, ws_base: str, address: str) -> None:
        self.base = base
        self.ws_base = ws_base
        self.headers = {"X-Forwarded-For": address}
        self.got: Counter[str] = Counter()
        self.tables: list[str] = []
        self.rng = random.Random(3)

    async def table(self, game: str, spec: str, stop: asyncio.Event) -> None:
        from paston.core.registry import get_game

        seats = get_game(game).default_seats
        body = {
            "game": game,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": spec}] * (seats - 1),
            "stand_in": spec,
            "hint_bot": spec,
            "hints": True,
            "hint_limit": 50,
            "pace": "fast",
            "grace": 0,
            "deal_pause": 0,
            "join": {"nickname": "attacker"},
        }
        async with httpx.AsyncClient(base_url=self.base, timeout=10, headers=self.headers) as h:
            r = await h.post("/api/tables", json=body)
        self.got[f"create:{r.status_code}"] += 1
        if r.status_code != 201:
            self.got[f"refused:{r.json().get('error', {}).get('code')}"] += 1
            return
        table, token, seat = r.json()["id"], r.json()["token"], r.json()["seat"]
        self.tables.append(table)
        ws = await websockets.connect(
            f"{self.ws_base}/ws/tables/{table}?token={token}",
            additional_headers=self.headers,
            max_size=2**22,
        )
        reader = asyncio.create_task(self._play(ws, seat))
        await stop.wait()
        await ws.close()  # it leaves: the stand-in plays its seat from now on
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader

    async def _play(self, ws: Any, seat: int) -> None:
        n = 0
        legal: list[str] = []
        seq = -1
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in ws:
                msg = json.loads(raw)
                kind = msg.get("type")
                self.got[kind] += 1
                if kind == "state":
                    view = msg.get("view") or {}
                    if view.get("to_act") == seat and view.get("legal") and msg["seq"] != seq:
                        seq, legal = msg["seq"], view["legal"]
                        n += 1
                        await ws.send(json.dumps({"type": "hint"}))
                    continue
                if kind == "hint" and msg.get("seq") == seq and legal:
                    action = msg["choices"][0]["action"] if msg["choices"] else legal[0]
                elif kind in ("reject", "error") and legal and msg.get("code") != "not_your_turn":
                    self.got[f"{kind}:{msg.get('code')}"] += 1
                    action = self.rng.choice(legal)
                else:
                    continue
                legal = []
                n += 1
                command = {"type": "action", "command_id": f"a{n}", "expected_seq": seq}
                await ws.send(json.dumps({**command, "action": action}))


async def attacker_main(base: str, ws_base: str, address: str, seconds: float) -> None:
    """The attacker (its own process): attack for ``seconds``, leave, print what happened."""
    attacker = Attacker(base, ws_base, address)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(attacker.table(g, spec, stop)) for g, spec in ATTACK]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps({"got": dict(attacker.got.most_common()), "tables": attacker.tables}))


def _waited(pid: int) -> float:
    """Seconds the process's threads have spent ready to run but waiting for a CPU."""
    total = 0
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError, IndexError, ValueError):
                total += int((task / "schedstat").read_text().split()[1])
    return total / 1e9


def _phase_stats(server_pid: int, cpu0: float, wcpu0: float, wait0: float) -> dict[str, Any]:
    pss_w, wcpu = _workers(server_pid)
    return {
        "server_rss_mib": _rss_mib(server_pid),
        "workers_pss_mib": pss_w,
        "server_cpu_s": round(_cpu(server_pid) - cpu0, 2),
        "workers_cpu_s": round(wcpu - wcpu0, 2),
        # CPU starvation of the server (the machine's other load, or the workers).
        "server_runqueue_wait_s": round(_waited(server_pid) - wait0, 2),
    }


async def _until_closed(base: str, tables: list[str], limit: float = 120.0) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        deadline = time.monotonic() + limit
        while tables and time.monotonic() < deadline:
            status = [(await http.get(f"/api/tables/{t}")).json().get("status") for t in tables]
            if all(s not in ("waiting", "playing") for s in status):
                return
            await asyncio.sleep(1.0)
    print("warning: the attacker's tables were not closed in time", file=sys.stderr)


async def measure(
    base: str, ws_base: str, seconds: float, think: float, server_pid: int, rounds: int
) -> dict[str, Any]:
    """Quiet latencies alone, under attack and after it, ``rounds`` times over, pooled."""
    samples: dict[str, list[float]] = {"alone": [], "attacked": [], "after": []}
    tables: list[str] = []
    stats: dict[str, list[dict[str, Any]]] = {k: [] for k in samples}
    got: Counter[str] = Counter()
    waited = 0.0
    for r in range(rounds):
        for phase in samples:
            cpu0, (_, wcpu0), wait0 = _cpu(server_pid), _workers(server_pid), _waited(server_pid)
            proc = None
            if phase == "attacked":
                address = f"203.0.113.{next(_ATTACKERS)}"
                # The attacker's own CPU is not the server's on a real network; on this shared
                # machine it runs at the lowest priority so that it measures the server.
                cmd = ["nice", "-n", "19", sys.executable, __file__, "--attacker"]
                cmd += [base, ws_base, address, str(seconds + 2.0)]
                proc = await asyncio.create_subprocess_exec(*cmd, stdout=asyncio.subprocess.PIPE)
                await asyncio.sleep(2.0)  # its tables are playing before the measurement
            quiet = await quiet_table(base, ws_base, think, seconds)
            stats[phase].append(_phase_stats(server_pid, cpu0, wcpu0, wait0))
            samples[phase] += quiet
            if proc is not None:
                out, _ = await asyncio.wait_for(proc.communicate(), 60)
                with contextlib.suppress(IndexError, ValueError):
                    report = json.loads(out.decode().strip().splitlines()[-1])
                    got.update(report["got"])
                    tables = report["tables"]
            print(
                f"round {r + 1}/{rounds} {phase}: p50 {_pct(quiet, 50)} ms, "
                f"p99 {_pct(quiet, 99)} ms, {stats[phase][-1]}",
                file=sys.stderr,
            )
        # The next round starts alone: the attacker's tables, nobody at them, are closed
        # (table_idle_timeout) before it does.
        t0 = time.monotonic()
        await _until_closed(base, tables)
        waited += time.monotonic() - t0
    p99 = {k: _pct(v, 99) for k, v in samples.items()}
    alone = p99["alone"]

    def ratio(x: float | None) -> float | None:
        return None if not alone or x is None else round(x / alone, 2)

    return {
        "benchmark": "server_bot_attack",
        "seconds": seconds,
        "think": think,
        "rounds": rounds,
        **{f"quiet_actions_{k}": len(v) for k, v in samples.items()},
        **{f"p50_{k}_ms": _pct(v, 50) for k, v in samples.items()},
        **{f"p99_{k}_ms": p99[k] for k in samples},
        "p99_ratio_attacked": ratio(p99["attacked"]),
        "p99_ratio_after": ratio(p99["after"]),
        "within_2x": (ratio(p99["attacked"]) or 99) <= 2.0 and (ratio(p99["after"]) or 99) <= 2.0,
        "server_rss_mib": {k: [s["server_rss_mib"] for s in v] for k, v in stats.items()},
        "workers_pss_mib": {k: [s["workers_pss_mib"] for s in v] for k, v in stats.items()},
        "server_cpu_s": {k: round(sum(s["server_cpu_s"] for s in v), 2) for k, v in stats.items()},
        "workers_cpu_s": {
            k: round(sum(s["workers_cpu_s"] for s in v), 2) for k, v in stats.items()
        },
        "server_runqueue_wait_s": {
            k: round(sum(s["server_runqueue_wait_s"] for s in v), 2) for k, v in stats.items()
        },
        "attacker_got": dict(got.most_common(12)),
        "waited_for_close_s": round(waited, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="each phase (default 15)")
    parser.add_argument("--think", type=float, default=0.05, help="quiet seats' think time")
    parser.add_argument("--rounds", type=int, default=3, help="alone/attacked/after rounds")
    parser.add_argument("--set", action="append", default=[], help="edge setting NAME=VALUE")
    parser.add_argument("--attacker", nargs=4, help=argparse.SUPPRESS)  # the attacking process
    args = parser.parse_args()
    if args.attacker:
        base, ws_base, address, seconds = args.attacker
        asyncio.run(attacker_main(base, ws_base, address, float(seconds)))
        return
    env = {**os.environ, "PASTON_TRUSTED_PROXIES": "127.0.0.1"}
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        cmd = [sys.executable, "-c", "from paston.cli import main; main()", "serve"]
        cmd += ["--port", str(port), "--db", f"sqlite:///{Path(tmp) / 'attack.sqlite'}"]
        # The attacker's tables close soon after the "after" phase, so every round starts alone.
        settings = [f"table_idle_timeout={args.seconds + 5:g}", *args.set]
        for setting in settings:
            cmd += ["--set", setting]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if "Paston is at" not in line:
            proc.kill()
            raise SystemExit(f"error: the server did not start ({line!r})")
        try:
            t0 = time.monotonic()
            result = asyncio.run(
                measure(
                    f"http://127.0.0.1:{port}",
                    f"ws://127.0.0.1:{port}",
                    args.seconds,
                    args.think,
                    proc.pid,
                    max(1, args.rounds),
                )
            )
            result["settings"] = settings
            result["wall_s"] = round(time.monotonic() - t0, 1)
        finally:
            proc.send_signal(signal.SIGINT)  # a clean stop: the bot workers end with it
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
