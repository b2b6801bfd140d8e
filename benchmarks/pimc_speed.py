"""Speed of a ``pimc`` card-play decision at trick 1 (target: median <= 300 ms with 64 worlds).

Deals are bid, exchanged and declared by the ``heuristic`` bot (seeded) until the play starts
with at least one whister; then the ``pimc`` bot (one instance, kept across deals as in a game,
so its solver table is warm as it would be) decides each of the cards of trick 1: the
declarer's opening lead and the defenders' replies. Only the ``act`` call is timed; the numba
compilation happens before the clock starts.

    .venv/bin/python benchmarks/pimc_speed.py --deals 60 --worlds 64
"""

from __future__ import annotations

import argparse
import statistics
import time

from paston.bots import make_bot
from paston.shuffle import deal_until_playable


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
    lead: list[float] = []
    follow: list[float] = []
    warmed = False
    seed = args.seed * 100_000
    while len(lead) < args.deals:
        seed += 1
        deal = deal_until_playable(seed=seed, dealer=seed % 3, first_deal=False)[-1]
        while not deal.is_over and deal.phase != "play":
            deal.apply(heuristic.act(deal.view(deal.to_act)))
        if deal.phase != "play":
            continue
        if not warmed:  # compile the solver outside the timing
            bot.act(deal.view(deal.to_act))
            warmed = True
        while not deal.tricks:
            seat = deal.to_act
            view = deal.view(seat)
            start = time.perf_counter()
            action = bot.act(view)
            spent = time.perf_counter() - start
            if len(view.legal) > 1:
                (lead if not deal.trick else follow).append(spent)
            deal.apply(action)
    both = lead + follow
    print(f"bot {args.bot}, worlds={args.worlds}, {args.deals} deals, one core")
    for name, xs in (("opening lead", lead), ("trick-1 replies", follow), ("all trick 1", both)):
        print(
            f"  {name:16s} n={len(xs):4d}  median {1000 * statistics.median(xs):6.1f} ms  "
            f"p90 {1000 * quantile(xs, 0.9):6.1f} ms  max {1000 * max(xs):6.1f} ms"
        )


if __name__ == "__main__":
    main()
