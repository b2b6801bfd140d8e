"""Episodes of random legal play through the research adapters, for the tests of every game
(the name is unique: pytest imports each test folder's helpers as top-level modules)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np


def run_episode(env: Any, seed: int, policy_seed: int = 0) -> tuple[list[Any], float]:
    """One Gymnasium episode with random legal actions: the trace and the total reward.

    The trace is the first observation's bytes, then ``(action, observation bytes, reward)``
    per step; every observation is checked to lie in the observation space.
    """
    rng = np.random.default_rng(policy_seed)
    obs, info = env.reset(seed=seed)
    trace: list[Any] = [obs.tobytes()]
    total = 0.0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        trace.append((action, obs.tobytes(), reward))
        total += reward
        if terminated or truncated:
            return trace, total


def play_aec(
    env: Any, seed: int, on_turn: Callable[[str, Any], None] | None = None
) -> tuple[dict[str, float], list[tuple[str, int]]]:
    """A whole PettingZoo AEC hand of random legal actions (the generator seeded ``seed``):
    each agent's total reward and the moves ``(agent, action)``.

    Checks that nothing is paid before the end; ``on_turn(agent, mask)`` may check more at
    each decision, before the action is taken.
    """
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    moves: list[tuple[str, int]] = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs is not None
        assert reward == 0.0  # nothing is paid before the end of the hand
        mask = obs["action_mask"]
        if on_turn is not None:
            on_turn(agent, mask)
        action = int(rng.choice(np.flatnonzero(mask)))
        moves.append((agent, action))
        env.step(action)
    return totals, moves
