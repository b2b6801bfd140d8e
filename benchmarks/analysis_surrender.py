"""Issue 11's arena regression, measured: in deals where the heuristic bot declared and made
its contract, how often is the declaration graded a mistake with surrender as the best
action? The old double-dummy analysis said so 9 times in 31 such arena deals.

    nice -n 10 .venv/bin/python benchmarks/analysis_surrender.py --made 31

For each of the first ``--made`` seeded heuristic deals with a made contract, the contract
decision is graded at the default settings (48 worlds); the hindsight grade of the same
decision (every card known) is the baseline, measured in the same process. The last line is
JSON with both counts.
"""

from __future__ import annotations

import argparse
import json
import random

from paston.analysis import Settings
from paston.bots import make_bot
from paston.games.paston.actions import SURRENDER
from paston.games.paston.analysis.grading import _choices, grade_decision
from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.solver import Solver
from paston.games.paston.state import DECLARE, Deal

BAD = ("mistake", "blunder")


def heuristic_deal(seed: int) -> Deal:
    deal = deal_until_playable(seed=seed)[-1]
    bots = [make_bot("heuristic", seed=seed + s) for s in range(3)]
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        deal.apply(bots[seat].act(deal.view(seat)))
    return deal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--made", type=int, default=31)
    parser.add_argument("--first-seed", type=int, default=10_000)
    args = parser.parse_args()
    policy, solver, settings = HeuristicBot(seed=0), Solver(), Settings()
    made = expected_bad = hindsight_bad = best_surrender = 0
    seed = args.first_seed
    while made < args.made:
        deal = heuristic_deal(seed)
        seed += 1
        decl = deal.declarer
        if deal.scores is None or decl < 0 or deal.actions[-1] == SURRENDER:
            continue
        if deal.scores[decl] <= 0:
            continue
        for state, action, index in _choices(deal):
            if state.phase_id != DECLARE:
                continue
            made += 1
            d = grade_decision(state, action, 1, index, settings, random.Random(seed), policy,
                               solver)  # fmt: skip
            best_surrender += d.best == "surrender"
            expected_bad += d.best == "surrender" and d.grade in BAD
            hindsight_bad += d.hindsight_best == "surrender" and d.hindsight_loss >= 5
    print(json.dumps({"benchmark": "analysis_surrender", "made_contracts": made,
                      "graded_surrender_mistake": expected_bad,
                      "best_surrender_any_grade": best_surrender,
                      "hindsight_surrender_loss_5_or_more": hindsight_bad,
                      "seeds": [args.first_seed, seed - 1]}))  # fmt: skip


if __name__ == "__main__":
    main()
