"""Two levels against the same field, paired by deal set: ``paskievics_ladder.py`` runs A − B.

Run each level in the first seat against the same field (``--arena A,heuristic,…`` and
``--arena B,heuristic,…``) with the same ``--seed`` and ``--players``: deal set ``k`` is then
the same cards in both runs. Per set, each run keeps its first bot's gap (its mean score minus
the field's, over the seatings; ``set_gaps``); this script takes ``gap_A − gap_B`` over the
sets both runs played and reports its mean with a 95 % interval over those sets (normal,
independent sets). Pairing by set removes the luck of the cards that both levels met alike.

Several files per side are runs over consecutive set ranges (``--first-set``), as
``paskievics_ladder_merge.py`` takes them; only runs with per-set figures can be paired.

Usage::

    .venv/bin/python benchmarks/paskievics_ladder_pair.py \\
        --a benchmarks/results/paskievics_expert_h4_seed2_more.json \\
        --b benchmarks/results/levels_paskievics_strong_h4_seed2_more.json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any


class PairError(ValueError):
    """The runs cannot be paired (other seed or seats, no per-set figures, no common sets)."""


def per_set_gaps(runs: list[dict[str, Any]]) -> tuple[dict[int, float], tuple[Any, ...]]:
    """Set index → the first bot's gap, over one side's runs; and the runs' (seed, seats)."""
    gaps: dict[int, float] = {}
    keys = {(run["seed"], run["players"]) for run in runs}
    if len(keys) != 1:
        raise PairError(f"one side mixes seeds or seat counts: {sorted(keys)}")
    for run in runs:
        values = run.get("set_gaps")
        if values is None:
            raise PairError(f"{run.get('command', 'a run')}: no per-set figures (set_gaps)")
        first = int(run.get("first_set", 0))
        for offset, gap in enumerate(values):
            if first + offset in gaps:
                raise PairError(f"set {first + offset} appears twice on one side")
            gaps[first + offset] = float(gap)
    return gaps, next(iter(keys))


def paired(a_runs: list[dict[str, Any]], b_runs: list[dict[str, Any]]) -> dict[str, Any]:
    """``A − B`` per common set: mean, 95 % half-width, sets and deals."""
    a, a_key = per_set_gaps(a_runs)
    b, b_key = per_set_gaps(b_runs)
    if a_key != b_key:
        raise PairError(f"the sides are other deals: (seed, seats) {a_key} against {b_key}")
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        raise PairError(f"{len(common)} common set(s); at least 2 are needed")
    diffs = [a[k] - b[k] for k in common]
    seats = a_key[1]
    return {
        "a": a_runs[0]["bots"][0],
        "b": b_runs[0]["bots"][0],
        "seed": a_key[0],
        "players": seats,
        "sets": len(common),
        "first_set": common[0],
        "last_set": common[-1],
        "deals": len(common) * seats,
        "a_minus_b": statistics.fmean(diffs),
        "ci95": 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)),
        "a_gap": statistics.fmean(a[k] for k in common),
        "b_gap": statistics.fmean(b[k] for k in common),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--a", type=Path, nargs="+", required=True, help="runs of level A")
    parser.add_argument("--b", type=Path, nargs="+", required=True, help="runs of level B")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    try:
        result = paired(
            [json.loads(p.read_text()) for p in args.a], [json.loads(p.read_text()) for p in args.b]
        )
    except (OSError, ValueError, KeyError) as exc:
        print(f"paskievics_ladder_pair: {exc}", file=sys.stderr)
        return 2
    print(
        f"{result['a']} − {result['b']}: {result['a_minus_b']:+.2f} ± {result['ci95']:.2f} per "
        f"deal, paired by set ({result['sets']} sets {result['first_set']}–{result['last_set']}, "
        f"{result['deals']} deals; against the field {result['a_gap']:+.2f} and "
        f"{result['b_gap']:+.2f})"
    )
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
