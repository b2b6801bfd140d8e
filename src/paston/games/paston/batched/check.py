"""Checks the batched engine against the main engine, action for action (tests, benchmark)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..encoding import encode
from ..rules import Rules
from ..state import Deal
from . import BatchedPaston

__all__ = ["Agreement", "compare_with_engine"]


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
