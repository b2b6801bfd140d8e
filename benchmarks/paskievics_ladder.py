"""The Paskievics bot ladder: duplicate games through :mod:`paston.arena`, mean score with 95 % CIs.

A *set* is one seeded deal (the first deal of a fresh match; a deal thrown in as dealt is dealt
again) played once per seat rotation of the bots (4 rotations at 4 seats, 5 at 5), so every bot
plays the same cards from every seat. Scores are per deal (``state.result()``).
The set means are independent, so the 95 % intervals (normal, over sets) and the paired
differences between bots (per set) are honest. Sets are played in batches until ``--sets`` are
done or ``--seconds`` have passed, in this one process (one core).

Usage::

    .venv/bin/python benchmarks/paskievics_ladder.py --seconds 180 --seed 1 \
        --arena heuristic,random,random,random --out benchmarks/results/paskievics_ladder_hr4.json

The ladder random < heuristic < pimc is two such runs, one per step (each bot against three
copies of the one below it)::

    nice -n 10 .venv/bin/python benchmarks/paskievics_ladder.py --seconds 180 --seed 1 \
        --arena heuristic,random,random,random --out benchmarks/results/paskievics_ladder_hr4.json
    nice -n 10 .venv/bin/python benchmarks/paskievics_ladder.py --seconds 2400 --seed 1 \
        --arena pimc,heuristic,heuristic,heuristic \
        --out benchmarks/results/paskievics_ladder_ph4.json

Bot options go in the spec (``pimc:time_budget=0.3,worlds=24``). The ``pimc`` bot's time
budget is wall-clock, so on a loaded machine it samples fewer worlds (never fewer than its
``min_worlds``).

The last line printed is one JSON object with every figure (also written to ``--out``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from paston.arena.duplicate import SetTask, play_set, summarise_sets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arena", default="heuristic,random,random,random")
    parser.add_argument("--players", type=int, default=0, help="seats (default: one per bot)")
    parser.add_argument("--sets", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="{}", help="variant flags as a JSON object")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    specs = tuple(s for s in args.arena.replace(";", ",").split(",") if s)
    players = args.players or len(specs)
    task = SetTask(
        game="paskievics",
        bots=specs,
        players=players,
        seed=args.seed,
        rules=json.loads(args.rules),
        keep_records=False,
    )
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    while len(results) < args.sets and time.perf_counter() - start < args.seconds:
        results.append(play_set(task, len(results)))
    summary = summarise_sets(task, results, time.perf_counter() - start).to_json()
    summary.pop("set_means", None)
    out = {
        "benchmark": "paskievics_ladder",
        "command": "benchmarks/paskievics_ladder.py "
        + f"--arena {args.arena} --players {players} --seed {args.seed} "
        + f"--seconds {args.seconds:g} "
        + f"--rules '{args.rules}'",
        **summary,
    }
    for row in out["results"]:
        print(f"{row['label']:>14}: {row['mean_score']:+8.2f} ± {row['score_ci95']:.2f} per deal")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
