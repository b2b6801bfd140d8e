"""Paskievics engine speed: random complete deals per second through the public API, one core.

Each deal is dealt with ``random.Random`` (4 players, the dealer turning) and played to its end,
each step a uniformly random choice among ``legal_actions()`` taken with ``apply()`` (so the
auction, discards, announcements and play are all random; a pass-out ends a deal early). Undo
is timed separately: every action of a deal taken back. The Paston engine's random deals are
timed in the same process as the baseline (steps per second of each engine). Figures are
medians of several rounds, timed in CPU seconds of the benchmark's thread.

    .venv/bin/python benchmarks/paskievics_speed.py [--deals 100] [--rounds 5] [--seed 1]

The last line of output is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

from _timing import paston_round

from paston.games.paskievics.shuffle import deal_cards as deal_paskievics
from paston.games.paskievics.state import PaskievicsState


def paskievics_round(deals: int, rng: random.Random) -> tuple[float, int, float, int]:
    """``deals`` random deals: (CPU seconds, actions, undo CPU seconds, scored deals)."""
    actions = scored = 0
    undo_time = 0.0
    start = time.thread_time()
    for i in range(deals):
        hands, talon, dealer = deal_paskievics(rng, i % 4)
        state = PaskievicsState(hands, talon, dealer)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        scored += state.phase == "scored"
        if i % 10 == 0:
            undo_start = time.thread_time()
            while state.history:
                state.undo()
            undo_time += time.thread_time() - undo_start
    return time.thread_time() - start - undo_time, actions, undo_time, scored


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="random deals per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deal_rates, step_rates, baseline, scored_share = [], [], [], []
    for r in range(args.rounds):
        cpu, actions, _undo, scored = paskievics_round(args.deals, rng)
        deal_rates.append(args.deals / cpu)
        step_rates.append(actions / cpu)
        scored_share.append(scored / args.deals)
        base_cpu, base_actions = paston_round(args.deals, rng)
        baseline.append(base_actions / base_cpu)
        print(
            f"round {r + 1}: {deal_rates[-1]:,.1f} deals/s, {step_rates[-1]:,.0f} steps/s "
            f"({scored / args.deals:.0%} scored); Paston {baseline[-1]:,.0f} steps/s"
        )
    med = statistics.median
    result = {
        "benchmark": "paskievics_speed",
        "python": platform.python_version(),
        "deals_per_round": args.deals,
        "rounds": args.rounds,
        "random_deals_per_s": round(med(deal_rates), 1),
        "random_steps_per_s": round(med(step_rates)),
        "scored_share": round(med(scored_share), 2),
        "paston_random_steps_per_s": round(med(baseline)),
        "paskievics_over_paston_steps_ratio": round(med(step_rates) / med(baseline), 3),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
