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

Bot options go in the spec (``pimc:time_budget=0.3,worlds=24``). The ``pimc`` bot's budgets
are CPU seconds of its thread, so a loaded machine makes a run slower, not the bot weaker.
``pimc:cards=heuristic`` makes the calls by search and plays the cards like the heuristic
(what the call search alone brings). Also reported: the share of deals thrown in (nobody
scores: everyone passed, or annulled), with its 95 % interval over the sets.

The last line printed is one JSON object with every figure (also written to ``--out``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from paston.arena.duplicate import SetTask, play_set, summarise_sets


def _specs(text: str) -> tuple[str, ...]:
    """One bot spec per seat: separated by ``;``, or by ``,`` with an option's ``key=value``
    glued back to its spec (``pimc:cards=heuristic,call_budget=0.3,heuristic,…``)."""
    if ";" in text:
        return tuple(s.strip() for s in text.split(";") if s.strip())
    out: list[str] = []
    for part in (s.strip() for s in text.split(",") if s.strip()):
        if out and "=" in part and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    return tuple(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arena", default="heuristic,random,random,random")
    parser.add_argument("--players", type=int, default=0, help="seats (default: one per bot)")
    parser.add_argument("--sets", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="{}", help="variant flags as a JSON object")
    parser.add_argument(
        "--first-set",
        type=int,
        default=0,
        help="index of the first deal set to play (to extend an earlier run of the same seed: "
        "its deal_sets; merge the two with benchmarks/paskievics_ladder_merge.py)",
    )
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    specs = _specs(args.arena)
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
    cpu = time.process_time()
    results: list[dict[str, Any]] = []
    while len(results) < args.sets and time.perf_counter() - start < args.seconds:
        results.append(play_set(task, args.first_set + len(results)))
        if len(results) % 10 == 0:  # progress: sets, the first bot's running gap, CPU
            done = [
                statistics.fmean(row[0] - statistics.fmean(row[1:]) for row in r["scores"])
                for r in results
            ]
            print(
                f"  {len(results)} sets, {specs[0]} − the others {statistics.fmean(done):+.2f} "
                f"per deal, {time.process_time() - cpu:.0f} s CPU",
                file=sys.stderr,
                flush=True,
            )
    summary = summarise_sets(task, results, time.perf_counter() - start).to_json()
    summary.pop("set_means", None)
    summary["cpu_seconds"] = round(time.process_time() - cpu, 1)
    # A deal that scores nothing for anybody was thrown in (everyone passed, or annulled);
    # its share per set (over the seatings) and its 95 % interval over the sets.
    shares = [statistics.fmean(all(x == 0 for x in row) for row in r["scores"]) for r in results]
    # The first bot against the others pooled (e.g. one pimc against three heuristic
    # copies): per set, its mean score minus theirs, over the seatings.
    gaps = [
        statistics.fmean(row[0] - statistics.fmean(row[1:]) for row in r["scores"]) for r in results
    ]
    summary["first_minus_rest"] = [
        statistics.fmean(gaps) if gaps else math.nan,
        1.96 * statistics.stdev(gaps) / math.sqrt(len(gaps)) if len(gaps) > 1 else math.nan,
    ]
    # The per-set figures, so that runs over consecutive set ranges can be merged exactly.
    summary["first_set"] = args.first_set
    summary["set_gaps"] = gaps
    summary["set_thrown_in"] = shares
    summary["thrown_in_share"] = [
        statistics.fmean(shares) if shares else math.nan,
        1.96 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else math.nan,
    ]
    out = {
        "benchmark": "paskievics_ladder",
        "command": "benchmarks/paskievics_ladder.py "
        + f"--arena {args.arena} --players {players} --seed {args.seed} "
        + f"--seconds {args.seconds:g} "
        + (f"--first-set {args.first_set} " if args.first_set else "")
        + f"--rules '{args.rules}'",
        **summary,
    }
    for row in out["results"]:
        print(f"{row['label']:>14}: {row['mean_score']:+8.2f} ± {row['score_ci95']:.2f} per deal")
    for diff in out.get("differences") or []:
        print(f"{json.dumps(diff)}")
    gap, gap_error = out["first_minus_rest"]
    print(f"{specs[0]} − the others: {gap:+.2f} ± {gap_error:.2f} per deal ({len(results)} sets)")
    share, error = out["thrown_in_share"]
    print(f"thrown in: {share:.1%} ± {error:.1%} of deals; {out['cpu_seconds']} s CPU")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
