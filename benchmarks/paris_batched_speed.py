"""The batched Paris engine against the single Gymnasium env: learner decisions per CPU second.

Rounds of the two loops alternate in one process, each timed in CPU seconds of this thread
(the numba kernels run on the calling thread), for the same number of players:

* ``gym`` (the baseline): :class:`paston.env.ParisEnv` (``paston/Paris-v0``), the learner
  at seat 0 picks uniformly among ``info["action_mask"]``, the other seats are bots (their
  moves run inside ``step``): ``heuristic``, the env's default, and ``random``, cheaper, so
  the stricter baseline. A learner decision is one ``step``, which returns the observation
  vector and the mask. Episodes end when the learner goes out or the game ends.
* ``batched``: :class:`paston.games.paris.batched.BatchedParis` with ``--batch`` games
  (1,024) stepped together by ``step(random_actions())``, every seat a learner (self-play):
  one decision per game per step, each with its observation (the same vector as the gym
  env's) and mask; games auto-reset. Rounds with ``observe=False`` (masks only) are timed too.

Medians of ``--rounds``; the ratio is batched over gym decisions per CPU second.

    .venv/bin/python benchmarks/paris_batched_speed.py [--players 3] [--rounds 7] [--opponents …]

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

import numpy as np

from paston.env import ParisEnv
from paston.games.paris.batched import BatchedParis


def gym_round(env: ParisEnv, episodes: int, seed: int) -> float:
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


def batched_round(env: BatchedParis, steps: int) -> float:
    """Decisions per CPU second over ``steps`` steps of every game."""
    start = time.thread_time()
    for _ in range(steps):
        env.step(env.random_actions())
    return steps * env.n / (time.thread_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--batch", type=int, default=1024, help="games stepped together")
    parser.add_argument("--steps", type=int, default=200, help="batched steps per round")
    parser.add_argument("--episodes", type=int, default=6, help="gym episodes per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument(
        "--opponents", default="heuristic,random", help="the gym baselines' bots, comma-separated"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    kinds = args.opponents.split(",")
    gym_envs = {o: ParisEnv(players=args.players, seat=0, opponents=o) for o in kinds}
    env = BatchedParis(args.batch, players=args.players, seed=args.seed)
    bare = BatchedParis(args.batch, players=args.players, seed=args.seed, observe=False)
    env.reset()
    bare.reset()
    batched_round(env, 20)  # warm-up: compiled code loaded
    batched_round(bare, 20)
    for gym_env in gym_envs.values():
        gym_round(gym_env, 1, args.seed + 999)
    gym: dict[str, list[float]] = {o: [] for o in kinds}
    ours, masks_only = [], []
    for r in range(args.rounds):
        for o, gym_env in gym_envs.items():
            gym[o].append(gym_round(gym_env, args.episodes, args.seed * 100 + r))
        ours.append(batched_round(env, args.steps))
        masks_only.append(batched_round(bare, args.steps))
    for gym_env in gym_envs.values():
        gym_env.close()

    batched = statistics.median(ours)
    no_obs = statistics.median(masks_only)
    out: dict[str, Any] = {
        "benchmark": "paris_batched_speed",
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
        f"{args.players} players, BatchedParis ({args.batch} games): {batched:,.0f} decisions/s "
        f"with observations, {no_obs:,.0f} masks only"
    )
    for o in kinds:
        base = statistics.median(gym[o])
        out["gym"][o] = {
            "decisions_per_s": round(base),
            "ratio": round(batched / base, 1),
            "ratio_no_obs": round(no_obs / base, 1),
            "round_ratios": [round(b / g, 1) for b, g in zip(ours, gym[o], strict=True)],
        }
        print(
            f"  gym with {o} opponents: {base:,.0f} learner decisions/s; ratio "
            f"{batched / base:.1f} (masks only {no_obs / base:.1f})"
        )
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
