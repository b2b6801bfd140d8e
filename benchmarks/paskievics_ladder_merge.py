"""Merge runs of ``paskievics_ladder.py`` over consecutive deal-set ranges of one arena.

A long ladder run can be stopped by the clock and extended later with ``--first-set N`` (N =
the first run's ``deal_sets``). This script pools the first bot's per-set gap (its mean score
minus the others', per set) and the per-set share of thrown-in deals over the runs.

Runs that carry their per-set figures (``set_gaps``, ``set_thrown_in``) are pooled set by
set. An older run that kept only its summary (mean and 95 % half-width over ``deal_sets``
sets) is pooled through its sufficient statistics: n, the mean and the sample standard
deviation recovered from the half-width (``1.96 * sd / sqrt(n)``), which gives the same pooled
mean and variance as the sets themselves would.

Usage::

    .venv/bin/python benchmarks/paskievics_ladder_merge.py \\
        benchmarks/results/paskievics_expert_h4_seed2.json \\
        benchmarks/results/paskievics_expert_h4_seed2_more.json \\
        --out benchmarks/results/paskievics_expert_h4_seed2_all.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any


class MergeError(ValueError):
    """The runs cannot be pooled (other arena, seed, or not consecutive set ranges)."""


def _moments(run: dict[str, Any], values_key: str, summary_key: str) -> tuple[int, float, float]:
    """(n, sum, sum of squares) of one run's per-set values."""
    values = run.get(values_key)
    if values is not None:
        return len(values), math.fsum(values), math.fsum(v * v for v in values)
    n = int(run["deal_sets"])
    mean, half = run[summary_key]
    sd = half * math.sqrt(n) / 1.96 if n > 1 else 0.0
    return n, mean * n, (n - 1) * sd * sd + n * mean * mean


def _pool(runs: list[dict[str, Any]], values_key: str, summary_key: str) -> list[float]:
    n = 0
    total = 0.0
    squares = 0.0
    for run in runs:
        k, s, q = _moments(run, values_key, summary_key)
        n, total, squares = n + k, total + s, squares + q
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else math.nan
    return [mean, 1.96 * math.sqrt(variance / n) if n > 1 else math.nan]


def merge(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The pooled figures of ``runs`` (checked to be one arena over consecutive set ranges)."""
    if not runs:
        raise MergeError("no runs to merge")
    ordered = sorted(runs, key=lambda r: int(r.get("first_set", 0)))
    first = ordered[0]
    expected = 0
    for run in ordered:
        for key in ("bots", "players", "seed", "rules"):
            if run.get(key) != first.get(key):
                raise MergeError(
                    f"runs differ in {key}: {first.get(key)!r} and {run.get(key)!r}; "
                    "only runs of one arena and seed can be pooled"
                )
        start = int(run.get("first_set", 0))
        if start != expected:
            raise MergeError(
                f"a run starts at deal set {start}, but the runs before it end at set "
                f"{expected}: the set ranges must follow each other (use --first-set {expected})"
            )
        expected = start + int(run["deal_sets"])
    return {
        "benchmark": "paskievics_ladder_merge",
        "bots": first["bots"],
        "players": first["players"],
        "seed": first["seed"],
        "rules": first.get("rules", {}),
        "deal_sets": expected,
        "deals": sum(int(r["deals"]) for r in ordered),
        "cpu_seconds": round(sum(float(r.get("cpu_seconds", 0.0)) for r in ordered), 1),
        "commands": [r.get("command", "") for r in ordered],
        "first_minus_rest": _pool(ordered, "set_gaps", "first_minus_rest"),
        "thrown_in_share": _pool(ordered, "set_thrown_in", "thrown_in_share"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="paskievics_ladder.py --out files")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    try:
        runs = [json.loads(path.read_text()) for path in args.runs]
        merged = merge(runs)
    except (OSError, json.JSONDecodeError, KeyError, MergeError) as error:
        print(f"paskievics_ladder_merge: {error}", file=sys.stderr)
        return 2
    gap, gap_error = merged["first_minus_rest"]
    share, share_error = merged["thrown_in_share"]
    print(
        f"{merged['bots'][0]} − the others: {gap:+.2f} ± {gap_error:.2f} per deal over "
        f"{merged['deals']} deals ({merged['deal_sets']} sets); thrown in {share:.1%} ± "
        f"{share_error:.1%}; {merged['cpu_seconds']} s CPU"
    )
    if args.out:
        args.out.write_text(json.dumps(merged, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
