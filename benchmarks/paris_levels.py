"""Every Paris strength level against the ``plain`` yardstick, and how long bots' games last.

The ``plain`` bot (:mod:`paston.games.paris.bots.plain`: lowest legal card, keeps 2s and 10s,
burns big piles) is what every level must at least equal. For each level and each table size
an arena seats the level once and ``plain`` in every other seat, and plays seeded duplicate
deal sets (:mod:`paris_ladder`: one deal, the bots rotated through every seat). Reported per
arena: the paired difference in finishing position, level − plain (1 = out first; below zero:
the level finishes ahead), and in loser rate, with 95 % intervals over deal sets; the turns per
game (median, p99, max) and how many games the turn limit ended. The last line printed is one
JSON object with every figure; ``--out`` keeps them (and resumes a run with the same seed).

Usage::

    nice -n 10 .venv/bin/python benchmarks/paris_levels.py --players 3 4 --sets 300 \\
        --levels beginner casual --out benchmarks/results/paris_levels_fast.json
    nice -n 10 .venv/bin/python benchmarks/paris_levels.py --players 3 4 --sets 30 \\
        --minutes 20 --levels strong expert --out benchmarks/results/paris_levels_search.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from paris_ladder import play_set, summary

LEVEL_NAMES = ("beginner", "casual", "strong", "expert")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--levels", nargs="+", default=list(LEVEL_NAMES))
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--sets", type=int, default=100, help="deal sets per arena")
    parser.add_argument("--minutes", type=float, default=0.0, help="per arena (0: no limit)")
    parser.add_argument("--yardstick", default="plain")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    results: dict[str, Any] = {"seed": args.seed, "arenas": {}}
    if args.out and args.out.exists():
        old = json.loads(args.out.read_text())
        if old.get("seed") == args.seed:
            results["arenas"] = old.get("arenas", {})
    for players in args.players:
        for level in args.levels:
            specs = [level] + [args.yardstick] * (players - 1)
            name = ",".join(specs)
            entry = results["arenas"].setdefault(name, {"rows": [], "cpu_seconds": 0.0})
            begin, cpu = time.perf_counter(), time.process_time()
            for k in range(len(entry["rows"]), args.sets):
                entry["rows"].append(play_set(specs, args.seed, k))
                if args.minutes and time.perf_counter() - begin > 60 * args.minutes:
                    break
            entry["cpu_seconds"] += time.process_time() - cpu
            entry["summary"] = summary(specs, entry["rows"])
            if args.out:
                args.out.write_text(json.dumps(results))
            s = entry["summary"]
            diff = s["diff"][f"{level} - {args.yardstick}"]
            print(
                f"{players} players  {level:<9} − {args.yardstick}: position "
                f"{diff['position'][0]:+.3f} ± {diff['position'][1]:.3f}, loser "
                f"{diff['loser'][0]:+.3f} ± {diff['loser'][1]:.3f}; {s['sets']} sets, "
                f"{s['games']} games, turns median {s['turns_median']}, p99 {s['turns_p99']}, "
                f"max {s['turns_max']}, {s['turn_limit_games']} at the turn limit, "
                f"{entry['cpu_seconds']:.0f} s CPU",
                flush=True,
            )
    final = {
        name: {k: v for k, v in e["summary"].items() if k != "bots"}
        | {"cpu_seconds": round(e["cpu_seconds"], 1)}
        for name, e in results["arenas"].items()
    }
    print(json.dumps({"benchmark": "paris_levels", "seed": args.seed, "arenas": final}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
