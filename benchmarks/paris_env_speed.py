"""Paris research environments: episodes per second with observations, random play, one core.

Three loops over the same number of players, timed in CPU seconds of this thread:

* ``gym``: :class:`paston.env.ParisEnv` (``paston/Paris-v0``), the learner at seat 0
  picks uniformly among ``info["action_mask"]``, the other seats are ``random`` bots; an
  episode ends when the learner goes out or the game ends. Every learner step builds the
  observation vector and the mask.
* ``aec``: :class:`paston.env.ParisAECEnv`, every seat an agent picking
  uniformly from its observed mask, one whole game per episode (``observe`` at every step).
* ``engine`` (the baseline): the same kind of random games on the bare engine
  (``legal_actions`` + ``apply``, no view, no observation).

Uniformly random games are long (paris.md §9: median 1,200-1,900 turns). Ratios are engine
actions per second of each environment over the baseline's. Medians of several rounds.

    .venv/bin/python benchmarks/paris_env_speed.py [--players 3] [--episodes 20] [--rounds 5]

The last line of output is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time

import numpy as np

from paston.env import ParisAECEnv, ParisEnv
from paston.games.paris.shuffle import deal_game


def gym_round(players: int, episodes: int, seed: int) -> tuple[float, int, int]:
    """(CPU seconds, learner steps, engine actions) for ``episodes`` gym episodes."""
    env = ParisEnv(players=players, seat=0, opponents="random")
    rng = np.random.default_rng(seed)
    steps = actions = 0
    start = time.thread_time()
    for e in range(episodes):
        _, info = env.reset(seed=seed * 1000 + e)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            done = terminated or truncated
        state = env.state
        assert state is not None
        actions += len(state.history)
    cpu = time.thread_time() - start
    env.close()
    return cpu, steps, actions


def aec_round(players: int, episodes: int, seed: int) -> tuple[float, int]:
    """(CPU seconds, engine actions) for ``episodes`` whole AEC games."""
    env = ParisAECEnv(players=players)
    rng = np.random.default_rng(seed)
    actions = 0
    start = time.thread_time()
    for e in range(episodes):
        env.reset(seed=seed * 1000 + e)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
        actions += len(env.game_state.history)
    return time.thread_time() - start, actions


def engine_round(players: int, episodes: int, seed: int) -> tuple[float, int]:
    """The baseline: (CPU seconds, actions) for ``episodes`` random games on the bare engine."""
    rng = random.Random(seed)
    actions = 0
    start = time.thread_time()
    for e in range(episodes):
        state = deal_game(players, dealer=e % players, rng=rng)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
    return time.thread_time() - start, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=20, help="episodes per round and loop")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    n, k = args.players, args.episodes

    gym_eps, gym_steps, gym_actions, aec_eps, aec_actions, base_eps, base_actions = (
        [],
        [],
        [],
        [],
        [],
        [],
        [],
    )
    for r in range(args.rounds):
        seed = args.seed * 100 + r
        cpu, steps, actions = gym_round(n, k, seed)
        gym_eps.append(k / cpu)
        gym_steps.append(steps / cpu)
        gym_actions.append(actions / cpu)
        cpu, actions = aec_round(n, k, seed)
        aec_eps.append(k / cpu)
        aec_actions.append(actions / cpu)
        cpu, actions = engine_round(n, k, seed)
        base_eps.append(k / cpu)
        base_actions.append(actions / cpu)
        print(
            f"round {r + 1}: gym {gym_eps[-1]:.2f} episodes/s ({gym_steps[-1]:,.0f} learner "
            f"steps/s, {gym_actions[-1]:,.0f} actions/s); aec {aec_eps[-1]:.2f} episodes/s "
            f"({aec_actions[-1]:,.0f} actions/s); engine {base_eps[-1]:.2f} games/s "
            f"({base_actions[-1]:,.0f} actions/s)",
            file=sys.stderr,
        )
    med = statistics.median
    result = {
        "benchmark": "paris_env_speed",
        "python": platform.python_version(),
        "players": n,
        "episodes_per_round": k,
        "rounds": args.rounds,
        "gym_episodes_per_s": round(med(gym_eps), 2),
        "gym_learner_steps_per_s": round(med(gym_steps)),
        "gym_actions_per_s": round(med(gym_actions)),
        "aec_episodes_per_s": round(med(aec_eps), 2),
        "aec_actions_per_s": round(med(aec_actions)),
        "engine_games_per_s": round(med(base_eps), 2),
        "engine_actions_per_s": round(med(base_actions)),
        "gym_over_engine_actions_ratio": round(med(gym_actions) / med(base_actions), 3),
        "aec_over_engine_actions_ratio": round(med(aec_actions) / med(base_actions), 3),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
