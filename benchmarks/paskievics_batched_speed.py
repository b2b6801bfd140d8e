"""The batched Paskievics engine against the single Gymnasium env: learner decisions per CPU
second.

Rounds of the loops alternate in one process, each timed in CPU seconds of this thread (the
numba kernels run on the calling thread), for the same number of players:

* ``gym`` (the baseline): ``gymnasium.make("paston/Paskievics-v0", opponents="random")``,
  the learner at seat 0 picks uniformly among ``info["action_mask"]``, the other seats are
  random bots (their moves run inside ``step``). A learner decision is one ``step``, which
  returns the observation vector and the mask. Two baselines: the default flat action ids
  (``flat``) and ``compact_actions=True`` (``compact``: a discard card by card, the batched
  engine's action space and observation).
* ``batched``: :class:`paston.games.paskievics.batched.BatchedPaskievics` with ``--batch``
  deals (1,024) stepped together by ``step(random_actions())``, every seat a learner
  (self-play): one decision per deal per step, each with its observation (the compact gym
  env's vector) and mask; deals auto-reset. Rounds with ``observe=False`` (masks only) are
  timed too.

Medians of ``--rounds``; the ratio is batched over gym decisions per CPU second.

    .venv/bin/python benchmarks/paskievics_batched_speed.py [--players 4] [--rounds 7]

The last line of output is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any

import gymnasium as gym
import numpy as np

import paston.env  # noqa: F401 - registers paston/Paskievics-v0
from paston.games.paskievics.batched import BatchedPaskievics


def gym_round(env: Any, episodes: int, seed: int) -> float:
    """Learner decisions per CPU second over ``episodes`` gym episodes."""
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.thread_time()
    for e in range(episodes):
        _, info = env.reset(seed=seed * 1000 + e)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            done = terminated or truncated
    return steps / (time.thread_time() - start)


def batched_round(env: BatchedPaskievics, steps: int) -> float:
    """Decisions per CPU second over ``steps`` steps of every deal."""
    start = time.thread_time()
    for _ in range(steps):
        env.step(env.random_actions())
    return steps * env.n / (time.thread_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--batch", type=int, default=1024, help="deals stepped together")
    parser.add_argument("--steps", type=int, default=100, help="batched steps per round")
    parser.add_argument("--episodes", type=int, default=40, help="gym episodes per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    gym_envs = {
        "flat": gym.make("paston/Paskievics-v0", players=args.players, opponents="random"),
        "compact": gym.make(
            "paston/Paskievics-v0", players=args.players, opponents="random", compact_actions=True
        ),
    }
    env = BatchedPaskievics(args.batch, players=args.players, seed=args.seed)
    bare = BatchedPaskievics(args.batch, players=args.players, seed=args.seed, observe=False)
    env.reset()
    bare.reset()
    batched_round(env, 20)  # warm-up: compiled code loaded
    batched_round(bare, 20)
    for gym_env in gym_envs.values():
        gym_round(gym_env, 2, args.seed + 999)
    gym_rates: dict[str, list[float]] = {name: [] for name in gym_envs}
    ours, masks_only = [], []
    for r in range(args.rounds):
        for name, gym_env in gym_envs.items():
            gym_rates[name].append(gym_round(gym_env, args.episodes, args.seed * 100 + r))
        ours.append(batched_round(env, args.steps))
        masks_only.append(batched_round(bare, args.steps))
    for gym_env in gym_envs.values():
        gym_env.close()

    batched = statistics.median(ours)
    no_obs = statistics.median(masks_only)
    out: dict[str, Any] = {
        "benchmark": "paskievics_batched_speed",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "players": args.players,
        "batch": args.batch,
        "rounds": args.rounds,
        "batched_decisions_per_s": round(batched),
        "batched_no_obs_decisions_per_s": round(no_obs),
        "gym": {},
    }
    print(
        f"{args.players} players, BatchedPaskievics ({args.batch} deals): {batched:,.0f} "
        f"decisions/s with observations, {no_obs:,.0f} masks only"
    )
    for name in gym_envs:
        base = statistics.median(gym_rates[name])
        out["gym"][name] = {
            "decisions_per_s": round(base),
            "ratio": round(batched / base, 1),
            "ratio_no_obs": round(no_obs / base, 1),
            "round_ratios": [round(b / g, 1) for b, g in zip(ours, gym_rates[name], strict=True)],
        }
        print(
            f"  gym ({name} actions, random opponents): {base:,.0f} learner decisions/s; "
            f"ratio {batched / base:.1f} (masks only {no_obs / base:.1f})"
        )
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
