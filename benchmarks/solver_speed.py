"""Speed benchmark of the double-dummy solver on full 10-card three-handed deals.

Each deal: the 32 cards are shuffled into 10/10/10 plus two left out (the position
after the exchange), a random trump suit 0..3 and a random declarer, who leads.
Every solve starts from an empty transposition table (``Solver.clear()``).

Usage::

    python benchmarks/solver_speed.py [--n 200] [--n-python 10] [--seed 0]

First ``--n`` solves with numba (median, p90, p99 ms per solve), then the first
``--n-python`` of the same deals with the very same code run as plain Python in a
subprocess (``NUMBA_DISABLE_JIT=1``), and the median per-deal time ratio.
The last line printed is a JSON object with all the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def make_deals(n: int, seed: int) -> list[tuple[tuple[int, int, int], int, int]]:
    """``n`` random deals: (hands, trump, declarer)."""
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = tuple(sum(1 << c for c in deck[10 * i : 10 * i + 10]) for i in range(3))
        deals.append(((hands[0], hands[1], hands[2]), rng.randrange(4), rng.randrange(3)))
    return deals


def percentile(xs: list[float], q: float) -> float:
    """Linear-interpolated percentile (q in 0..100)."""
    s = sorted(xs)
    k = (len(s) - 1) * q / 100.0
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def worker(n: int, seed: int, tt_bits: int, must_overtrump: bool) -> None:
    """Solve the first ``n`` deals, printing one JSON line per deal."""
    from paston.games.paston.solver import Position, Solver

    solver = Solver(tt_bits=tt_bits)
    for hands, trump, decl in make_deals(n, seed):
        solver.clear()
        nodes = solver.nodes
        pos = Position(hands, trump, decl, (0, 1, 2), decl, (), must_overtrump)
        c0 = time.process_time()
        t0 = time.perf_counter()
        value = solver.solve(pos)
        ms = (time.perf_counter() - t0) * 1000.0
        cpu_ms = (time.process_time() - c0) * 1000.0
        row = {"ms": ms, "cpu_ms": cpu_ms, "value": value, "nodes": solver.nodes - nodes}
        print(json.dumps(row), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=200, help="deals solved with numba")
    ap.add_argument(
        "--n-python",
        type=int,
        default=10,
        help="deals solved as plain Python (NUMBA_DISABLE_JIT=1); 0 to skip",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tt-bits", type=int, default=16)
    ap.add_argument("--must-overtrump", action="store_true")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.n, args.seed, args.tt_bits, args.must_overtrump)
        return

    console = Console(stderr=True)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )

    # ---- numba, in a child process too, so that both runs are measured alike ----
    cmd = [
        sys.executable,
        os.path.abspath(__file__),
        "--worker",
        "--seed",
        str(args.seed),
        "--tt-bits",
        str(args.tt_bits),
    ] + (["--must-overtrump"] if args.must_overtrump else [])

    def run(n: int, env: dict[str, str], label: str) -> tuple[list[dict[str, float]], float]:
        rows: list[dict[str, float]] = []
        t0 = time.perf_counter()
        with (
            Progress(*columns, console=console) as progress,
            subprocess.Popen(
                [*cmd, "--n", str(n)], env=env, stdout=subprocess.PIPE, text=True
            ) as proc,
        ):
            task = progress.add_task(label, total=n)
            assert proc.stdout is not None
            for line in proc.stdout:
                rows.append(json.loads(line))
                progress.advance(task)
        if proc.returncode != 0 or len(rows) != n:
            raise SystemExit(f"{label} worker failed (exit code {proc.returncode})")
        return rows, time.perf_counter() - t0

    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    # A first tiny run loads (or compiles and caches) the numba code.
    t0 = time.perf_counter()
    run(1, env, "numba warm-up")
    warmup_s = time.perf_counter() - t0
    jit_rows, _ = run(args.n, env, "numba")
    jit_ms = [r["ms"] for r in jit_rows]
    jit_cpu = [r["cpu_ms"] for r in jit_rows]
    nodes = [r["nodes"] for r in jit_rows]
    figures: dict[str, float | int | bool | None] = {
        "n": args.n,
        "median_ms": round(statistics.median(jit_ms), 4),
        "p90_ms": round(percentile(jit_ms, 90), 4),
        "p99_ms": round(percentile(jit_ms, 99), 4),
        "max_ms": round(max(jit_ms), 4),
        "mean_ms": round(statistics.fmean(jit_ms), 4),
        "cpu_median_ms": round(statistics.median(jit_cpu), 4),
        "cpu_p90_ms": round(percentile(jit_cpu, 90), 4),
        "cpu_p99_ms": round(percentile(jit_cpu, 99), 4),
        "median_nodes": int(statistics.median(nodes)),
        "p99_nodes": int(percentile([float(x) for x in nodes], 99)),
        "max_nodes": int(max(nodes)),
        "warmup_s": round(warmup_s, 2),
        "loadavg_1min": round(os.getloadavg()[0], 2),
    }
    # the target: median <= 2 ms and p99 <= 20 ms per full-deal solve
    figures["target_met"] = statistics.median(jit_ms) <= 2.0 and percentile(jit_ms, 99) <= 20.0
    console.print(
        f"numba: {args.n} full-deal solves, wall: median {figures['median_ms']:.3f} ms, "
        f"p90 {figures['p90_ms']:.3f} ms, p99 {figures['p99_ms']:.3f} ms, "
        f"max {figures['max_ms']:.3f} ms; CPU: median {figures['cpu_median_ms']:.3f} ms, "
        f"p99 {figures['cpu_p99_ms']:.3f} ms (median {figures['median_nodes']} nodes, "
        f"load average {figures['loadavg_1min']})"
    )

    n_py = min(args.n_python, args.n)
    figures.update({"python_n": n_py, "python_median_ms": None, "median_ratio": None})
    if n_py > 0:
        py_rows, _ = run(n_py, dict(env, NUMBA_DISABLE_JIT="1"), "plain Python")
        for a, b in zip(py_rows, jit_rows, strict=False):
            if a["value"] != b["value"] or a["nodes"] != b["nodes"]:
                raise SystemExit("plain-Python run disagrees with the numba run")
        # CPU time: less sensitive than wall time to other load on the machine
        ratios = [
            a["cpu_ms"] / max(b["cpu_ms"], 1e-3)
            for a, b in zip(py_rows, jit_rows[:n_py], strict=True)
        ]
        figures["python_median_ms"] = round(statistics.median(r["ms"] for r in py_rows), 2)
        figures["median_ratio"] = round(statistics.median(ratios), 1)
        console.print(
            f"plain Python: {n_py} solves: median {figures['python_median_ms']} ms; "
            f"median per-deal CPU-time ratio Python/numba {figures['median_ratio']}x"
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
