#!/usr/bin/env python3
"""Train a small masked policy against the heuristic bots, then score it in an arena.

A linear softmax policy over the observation tensor of ``paston/Paston-v0`` (the layout
without the trick history), illegal actions masked out, trained with REINFORCE (a running
mean of the reward as the baseline) in pure numpy: the learner plays one seat of a deal,
the ``heuristic`` bot the other two, the reward is the learner's deal score / 320.

The arena then plays fresh deals, the learner's seat turning 0, 1, 2: once with the trained
policy and once, on the same cards and with the same opponents (the same ``reset`` seed),
with the heuristic bot in the learner's seat, and with a uniformly random policy. It prints
each one's mean deal score with a 95 % interval, and the paired difference trained −
heuristic (duplicate scoring: the luck of the cards cancels out).

    .venv/bin/python examples/train_masked_policy.py            # about two minutes
    .venv/bin/python examples/train_masked_policy.py --quick    # a few seconds (CI)

The last line of output is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from paston.bots import make_bot
from paston.env import DEAL_SCORE_BOUND, PastonEnv  # importing paston.env registers the ids

Obs = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class MaskedLinearPolicy:
    """``softmax(W @ obs + b)`` over the legal actions only."""

    def __init__(self, obs_size: int, num_actions: int, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.w = np.zeros((num_actions, obs_size), dtype=np.float64)
        self.b = np.zeros(num_actions, dtype=np.float64)

    def probabilities(self, obs: Obs, legal: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        logits = self.w[legal] @ obs + self.b[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def sample(self, obs: Obs, mask: Mask) -> tuple[int, npt.NDArray[np.int64], int]:
        """An action drawn from the policy: (action, legal ids, its index among them)."""
        legal = np.flatnonzero(mask)
        i = int(self.rng.choice(len(legal), p=self.probabilities(obs, legal)))
        return int(legal[i]), legal, i

    def greedy(self, obs: Obs, mask: Mask) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[int(np.argmax(self.probabilities(obs, legal)))])

    def update(
        self, steps: list[tuple[Obs, npt.NDArray[np.int64], int]], advantage: float, lr: float
    ) -> None:
        """One REINFORCE step: ∇ log π(a|s) = (onehot(a) − π(·|s)) ⊗ obs on the legal rows."""
        for obs, legal, i in steps:
            g = -self.probabilities(obs, legal)
            g[i] += 1.0
            self.w[legal] += lr * advantage * np.outer(g, obs)
            self.b[legal] += lr * advantage * g


def train(policy: MaskedLinearPolicy, episodes: int, seconds: float, lr: float, seed: int) -> int:
    """REINFORCE against two heuristic bots; returns the episodes played."""
    envs = [
        PastonEnv(seat=s, opponents="heuristic", perfect_recall=False, normalize_reward=True)
        for s in range(3)
    ]
    baseline = 0.0
    start = time.monotonic()
    played = 0
    for episode in range(episodes):
        if time.monotonic() - start > seconds:
            break
        env = envs[episode % 3]
        obs, info = env.reset(seed=seed + episode)
        steps: list[tuple[Obs, npt.NDArray[np.int64], int]] = []
        total = 0.0
        done = False
        while not done:
            action, legal, i = policy.sample(obs, info["action_mask"])
            steps.append((obs, legal, i))
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        policy.update(steps, total - baseline, lr)
        baseline += 0.01 * (total - baseline)
        played += 1
    for env in envs:
        env.close()
    return played


def mean_interval(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % normal interval."""
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def arena(choose: Callable[[PastonEnv, Obs, Mask], int], deals: int, seed: int) -> list[float]:
    """The learner seat's deal score on ``deals`` seeded deals (seat turning 0, 1, 2)."""
    envs = [PastonEnv(seat=s, opponents="heuristic", perfect_recall=False) for s in range(3)]
    scores = []
    for d in range(deals):
        env = envs[d % 3]
        obs, info = env.reset(seed=10**6 + seed + d)
        total = 0.0
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(
                choose(env, obs, info["action_mask"])
            )
            total += float(reward)
            done = terminated or truncated
        scores.append(total)
    for env in envs:
        env.close()
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds (for CI)")
    parser.add_argument("--episodes", type=int, default=200_000, help="training episodes at most")
    parser.add_argument("--seconds", type=float, default=100.0, help="training time at most")
    parser.add_argument("--deals", type=int, default=1500, help="arena deals")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.quick:
        args.episodes, args.seconds, args.deals = 600, 10.0, 150

    probe = PastonEnv(perfect_recall=False)
    size = int(probe.observation_space.shape[0])
    policy = MaskedLinearPolicy(size, int(probe.action_space.n), args.seed)
    started = time.monotonic()
    played = train(policy, args.episodes, args.seconds, args.lr, args.seed)
    trained_in = time.monotonic() - started

    heuristic = make_bot("heuristic", seed=args.seed)
    uniform = np.random.default_rng(args.seed)
    ours = arena(lambda env, obs, mask: policy.greedy(obs, mask), args.deals, args.seed)
    theirs = arena(lambda env, obs, mask: heuristic.act(env.view), args.deals, args.seed)
    rand = arena(
        lambda env, obs, mask: int(uniform.choice(np.flatnonzero(mask))), args.deals, args.seed
    )
    heuristic.close()

    results = {}
    for name, scores in (("trained", ours), ("heuristic", theirs), ("random", rand)):
        mean, half = mean_interval(scores)
        results[name] = {"mean": round(mean, 2), "ci95": round(half, 2)}
        print(f"{name:>9} in the learner's seat: {mean:+.2f} ± {half:.2f} points per deal")
    diff_mean, diff_half = mean_interval([a - b for a, b in zip(ours, theirs, strict=True)])
    print(
        f"trained − heuristic on the same deals: {diff_mean:+.2f} ± {diff_half:.2f} "
        f"({played:,} training episodes in {trained_in:.0f} s, {args.deals:,} arena deals; "
        f"deal scores lie in {-40:.0f} … {DEAL_SCORE_BOUND:.0f})"
    )
    out = {
        "example": "train_masked_policy",
        "episodes": played,
        "train_seconds": round(trained_in, 1),
        "arena_deals": args.deals,
        "scores": results,
        "trained_minus_heuristic": {"mean": round(diff_mean, 2), "ci95": round(diff_half, 2)},
    }
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
