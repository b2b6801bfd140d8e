"""Strength levels and decision times: the figures behind the ``beginner`` … ``expert`` bots.

Two measurements, each ending with one JSON line on stdout:

* ``--timing BOT``: the time per decision of one Paston bot, in seat ``k % 3`` of deal ``k``
  against two ``heuristic`` bots, decisions with a single legal action left out. Wall-clock
  and CPU time (``time.process_time``: what the bot itself used, which is what a loaded
  machine does not distort) per phase: median, 90th percentile and maximum.
* ``--levels``: the duplicate ladder of each game's levels (:mod:`paston.arena.duplicate`,
  seeded, in ``--jobs`` processes): ``casual`` against two ``beginner`` seats, ``strong``
  against ``casual``, ``expert`` against ``strong`` (every other seat the lower level), the
  higher level's mean over the field per deal (Paston) or per game (Paris, Paskievics), with
  95 % intervals: ``vs_field`` is the higher level minus the mean of the lower seats, paired
  by set (points, or finishing position for Paris: negative is ahead), ``vs_first_other``
  the same against the first lower seat alone.

Usage::

    .venv/bin/python benchmarks/strength.py --timing search --deals 40
    nice -n 10 .venv/bin/python benchmarks/strength.py --levels --sets 50 --jobs 2
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import time
from typing import Any

from paston.arena.duplicate import SetTask, run_game_arena
from paston.arena.stats import mean_ci
from paston.bots import make_bot
from paston.bots.levels import LEVEL_NAMES
from paston.core.registry import get_game
from paston.games.paston.shuffle import deal_until_playable


def _quantiles(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return {
        "n": len(values),
        "median_ms": round(1000 * statistics.median(values), 1),
        "p90_ms": round(1000 * p90, 1),
        "max_ms": round(1000 * values[-1], 1),
    }


def timing(spec: str, deals: int, seed: int) -> dict[str, Any]:
    """Per-decision wall and CPU times of ``spec`` over ``deals`` deals (see module doc)."""
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    # What the bot did with the auctions it won (surrendering a won auction gives up 10+).
    won = surrendered = made = 0
    score = 0.0
    for k in range(deals):
        rng = random.Random(f"strength-timing:{seed}:{k}")
        deal = deal_until_playable(rng=rng, dealer=k % 3, first_deal=False)[-1]
        me = k % 3
        bots = [make_bot(spec, seed=k) if s == me else make_bot("heuristic") for s in range(3)]
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            w0, c0 = time.perf_counter(), time.process_time()
            action = bots[seat].act(view)
            w1, c1 = time.perf_counter(), time.process_time()
            if seat == me and len(view.legal) > 1:
                for store, t in ((wall, w1 - w0), (cpu, c1 - c0)):
                    store.setdefault(view.phase, []).append(t)
                    store.setdefault("all", []).append(t)
            deal.apply(action)
        for bot in bots:
            bot.close()
        score += (deal.scores or (0, 0, 0))[me]
        if deal.declarer == me:
            won += 1
            surrendered += deal.contract == 0
            made += deal.contract != 0 and (deal.scores or (0, 0, 0))[me] > 0
    return {
        "bot": spec,
        "deals": deals,
        "mean_score": round(score / deals, 2) if deals else 0.0,
        "auctions_won": won,
        "surrendered": surrendered,
        "made": made,
        "wall": {phase: _quantiles(v) for phase, v in wall.items()},
        "cpu": {phase: _quantiles(v) for phase, v in cpu.items()},
    }


def levels(
    games: list[str], sets: int, seed: int, jobs: int, top: str = "expert"
) -> dict[str, Any]:
    """The ladder of each game's levels (see module doc), up to the step that reaches
    ``top``."""
    out: dict[str, Any] = {}
    for game in games:
        players = get_game(game).default_seats
        steps = []
        for low, high in itertools.pairwise(LEVEL_NAMES[: LEVEL_NAMES.index(top) + 1]):
            bots = (high, *([low] * (players - 1)))
            task = SetTask(game, bots, players, seed, keep_records=False)
            start = time.perf_counter()
            result = run_game_arena(task, sets, jobs)
            higher = result.bots[0]
            field = [b.mean_score for b in result.bots[1:]]
            diffs = [d for d in result.differences if d.a == result.labels[0]]
            # The higher level over the lower seats pooled, per set (all seats, one figure).
            mine, *others = result.set_means
            gaps = [m - statistics.fmean(o) for m, *o in zip(mine, *others, strict=True)]
            gap, gap_ci = mean_ci(gaps)
            step = {
                "arena": ",".join(bots),
                "games": result.games,
                "measure": result.measure,
                "mean_score": [round(higher.mean_score, 2), round(higher.score_ci95, 2)],
                "field_mean_score": round(sum(field) / len(field), 2),
                "mean_position": None
                if higher.mean_position is None
                else [round(higher.mean_position, 3), round(higher.position_ci95 or 0.0, 3)],
                "vs_field": [round(gap, 3), round(gap_ci, 3)],
                "vs_first_other": [round(diffs[0].mean, 3), round(diffs[0].ci95, 3)]
                if diffs
                else None,
                "ms_per_decision": round(higher.ms_per_decision, 1),
                "seconds": round(time.perf_counter() - start, 1),
            }
            print(f"{game}: {step}", file=sys.stderr, flush=True)
            steps.append(step)
        out[game] = steps
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timing", metavar="BOT", help="time one Paston bot's decisions")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--levels", action="store_true", help="the levels' duplicate ladder")
    parser.add_argument("--game", action="append", help="games for --levels (default: all)")
    parser.add_argument("--sets", type=int, default=50, help="duplicate sets per ladder step")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--top", choices=LEVEL_NAMES[1:], default="expert", help="highest level --levels measures"
    )
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if not args.timing and not args.levels:
        parser.error("say --timing BOT or --levels")
    result: dict[str, Any] = {"seed": args.seed}
    if args.timing:
        result["timing"] = timing(args.timing, args.deals, args.seed)
    if args.levels:
        games = args.game or ["paston", "paris", "paskievics"]
        result["levels"] = levels(games, args.sets, args.seed, args.jobs, args.top)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
