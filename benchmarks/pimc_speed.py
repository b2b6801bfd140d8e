"""Speed of a ``pimc`` card-play decision at trick 1 (target: median <= 300 ms with 64 worlds).

Deals are bid, exchanged and declared by the ``heuristic`` bot (seeded) until the play starts
with at least one whister; then the ``pimc`` bot (one instance, kept across deals as in a game,
so its solver table is warm as it would be) decides each card of trick 1: the declarer's
opening lead and the replies. Only the ``act`` call is timed; the numba compilation happens
before. Both the wall-clock time and this process's CPU time are reported: on a shared
machine the CPU time is the honest "one core" figure.

    .venv/bin/python benchmarks/pimc_speed.py --deals 60 --worlds 64
"""

from __future__ import annotations

import argparse
import statistics
import time

from paston.bots import make_bot
from paston.games.paston.shuffle import deal_until_playable


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=64)
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    heuristic = make_bot("heuristic", seed=0)
    bot = make_bot(f"{args.bot}:worlds={args.worlds}", seed=args.seed)
    # (opening lead?, three-handed?, wall seconds, CPU seconds of this process)
    samples: list[tuple[bool, bool, float, float]] = []
    warmed = False
    seed = args.seed * 100_000
    n_deals = 0
    while n_deals < args.deals:
        seed += 1
        deal = deal_until_playable(seed=seed, dealer=seed % 3, first_deal=False)[-1]
        while not deal.is_over and deal.phase != "play":
            deal.apply(heuristic.act(deal.view(deal.to_act)))
        if deal.phase != "play":
            continue
        n_deals += 1
        if not warmed:  # compile the solver outside the timing
            bot.act(deal.view(deal.to_act))
            warmed = True
        while not deal.tricks:
            seat = deal.to_act
            view = deal.view(seat)
            start = time.perf_counter()
            cpu = time.process_time()
            action = bot.act(view)
            wall = time.perf_counter() - start
            cpu = time.process_time() - cpu
            if len(view.legal) > 1:
                samples.append((not deal.trick, len(deal.active_seats()) == 3, wall, cpu))
            deal.apply(action)
    print(f"bot {args.bot}, worlds={args.worlds}, {args.deals} deals, trick-1 decisions")
    groups = (
        ("opening lead", lambda x: x[0]),
        ("trick-1 replies", lambda x: not x[0]),
        ("three-handed", lambda x: x[1]),
        ("two-handed", lambda x: not x[1]),
        ("all trick 1", lambda x: True),
    )
    for name, keep in groups:
        rows = [x for x in samples if keep(x)]
        if not rows:
            continue
        wall_ms = [1000 * x[2] for x in rows]
        cpu_ms = [1000 * x[3] for x in rows]
        print(
            f"  {name:16s} n={len(rows):4d}  wall median {statistics.median(wall_ms):6.1f} "
            f"p90 {quantile(wall_ms, 0.9):6.1f} ms | CPU median {statistics.median(cpu_ms):6.1f} "
            f"p90 {quantile(cpu_ms, 0.9):6.1f} max {max(cpu_ms):6.1f} ms"
        )


if __name__ == "__main__":
    main()
