"""Checks the batched engine against the main engine, action for action (tests, benchmark).

.venv/bin/python -m paston.games.paston.batched.check [--deals 10000] [--seed 0]
    [--no-recall] [--first-deal]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

import numpy as np

from ..encoding import encode
from ..rules import Rules
from ..state import Deal
from . import BatchedPaston

__all__ = ["Agreement", "compare_with_engine", "main"]


@dataclass(frozen=True)
class Agreement:
    """What was compared: deals played to their end, steps, observations and masks."""

    deals: int
    steps: int


def compare_with_engine(
    deals: int,
    batch: int = 64,
    seed: int = 0,
    rules: Rules | None = None,
    perfect_recall: bool = True,
    first_deal: bool = False,
) -> Agreement:
    """Play at least ``deals`` random deals on :class:`BatchedPaston` and, on the same cards
    with the same actions, on :class:`~paston.games.paston.state.Deal`; at every step the
    seat to act, the mask (``legal_actions()``) and the observation (``encode`` of that
    seat's view) must agree, and every seat's score at the end. Raises ``AssertionError``
    at the first difference."""
    env = BatchedPaston(
        batch, seed=seed, rules=rules, perfect_recall=perfect_recall, first_deal=first_deal
    )
    obs, mask = env.reset()
    mirror = [Deal(*env.deal_of(i), rules=env.rules) for i in range(batch)]
    finished = steps = 0
    rng = np.random.default_rng(seed)
    while finished < deals:
        to_act = env.to_act
        for i, deal in enumerate(mirror):
            seat = deal.seat_to_act
            where = f"deal {i} ({deal.phase}, {len(deal.actions)} actions)"
            if seat != to_act[i]:
                raise AssertionError(f"{where}: seat to act {to_act[i]}, engine {seat}")
            if sorted(deal.legal_actions()) != np.flatnonzero(mask[i]).tolist():
                raise AssertionError(f"{where}: the masks differ")
            if not np.array_equal(obs[i], encode(deal.view(seat), env.layout)):
                raise AssertionError(f"{where}: the observations differ")
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        for i, deal in enumerate(mirror):
            deal.apply(int(actions[i]))
        obs, mask, reward, done = env.step(actions)
        steps += batch
        for i, deal in enumerate(mirror):
            if bool(done[i]) != deal.is_over:
                raise AssertionError(f"deal {i}: done {done[i]}, engine over {deal.is_over}")
            if done[i]:
                scores = deal.scores if deal.scores is not None else (0, 0, 0)
                if reward[i].tolist() != [float(x) for x in scores]:
                    raise AssertionError(f"deal {i}: reward {reward[i]}, engine {deal.scores}")
                mirror[i] = Deal(*env.deal_of(i), rules=env.rules)
                finished += 1
    return Agreement(deals=finished, steps=steps)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m paston.games.paston.batched.check",
        description="Check BatchedPaston against the main engine, action for action.",
    )
    parser.add_argument("--deals", type=int, default=10_000, help="deals in all (default 10000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=64, help="deals stepped together")
    parser.add_argument(
        "--no-recall", action="store_true", help="the layout without the trick history"
    )
    parser.add_argument("--first-deal", action="store_true", help="the J♠/7♠ first-deal rule")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.batch < 1:
        parser.error("--deals and --batch must be positive")
    start = time.monotonic()
    agreement = compare_with_engine(
        args.deals,
        batch=args.batch,
        seed=args.seed,
        perfect_recall=not args.no_recall,
        first_deal=args.first_deal,
    )
    print(
        f"agreement: {agreement.deals:,} deals, {agreement.steps:,} steps, every step equal "
        f"(seat to act, mask, observation, scores; {time.monotonic() - start:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
