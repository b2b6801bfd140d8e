"""The Gymnasium adapter ``paston/Paris-v0``: the checker, determinism, rewards, masks and
illegal actions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from paston.core.errors import IllegalAction  # noqa: E402
from paston.env.paris_encoding import encode_paris, paris_layout  # noqa: E402
from paston.env.paris_gym import PARIS_ENV_ID, ParisEnv  # noqa: E402
from paston.games.paris.actions import NUM_ACTIONS, READY  # noqa: E402


def run_episode(env: ParisEnv, seed: int, policy_seed: int = 0) -> tuple[list[Any], float]:
    """One episode with random legal actions: the trace and the total reward."""
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


def test_check_env_passes() -> None:
    # check_env steps with unmasked random actions, hence the penalty option.
    check_env(ParisEnv(illegal_action="penalty"), skip_render_check=True)
    env = gym.make(PARIS_ENV_ID, players=5, illegal_action="penalty", render_mode="ansi")
    check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize(("players", "seat"), [(2, 1), (3, 0), (6, 4)])
def test_reset_seed_is_deterministic(players: int, seat: int) -> None:
    env = ParisEnv(players=players, seat=seat, opponents="heuristic")
    a = run_episode(env, seed=42)
    b = run_episode(env, seed=42)
    assert a == b
    c = run_episode(env, seed=43)
    assert c[0] != a[0]


@pytest.mark.parametrize("reward", ["result", "rank"])
def test_the_reward_is_paid_once_at_the_end(reward: str) -> None:
    for seed in range(8):
        players = 2 + seed % 4
        env = ParisEnv(players=players, seat=seed % players, reward=reward)
        trace, total = run_episode(env, seed=seed, policy_seed=seed)
        assert all(r == 0.0 for _, _, r in trace[1:-1])  # nothing before the end
        state = env.state
        assert state is not None
        me = env.seat
        if state.has_finished(me):
            place = state.finished.index(me)
        else:
            assert state.is_over and state.ranking is not None
            place = state.ranking.index(me)
        if reward == "result":
            assert total == (-1.0 if state.loser == me else 0.0)
        else:
            assert total == pytest.approx(1.0 - 2.0 * place / (players - 1))


def test_turn_limit_truncates() -> None:
    env = ParisEnv(players=3, opponents="random", rules={"max_turns": 5}, reward="rank")
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    while True:
        _, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        if terminated or truncated:
            break
    assert truncated and not terminated
    assert info["end"] == "turn_limit" and info["turns"] == 5
    assert reward == pytest.approx(1.0 - 2.0 * info["ranking"].index(0) / 2)


def test_mask_matches_the_view_and_the_observation_is_the_views() -> None:
    env = ParisEnv(players=4, seat=2)
    obs, info = env.reset(seed=5)
    view = env.view
    mask = info["action_mask"]
    assert mask.shape == (NUM_ACTIONS,) and mask.dtype == np.int8
    assert set(np.flatnonzero(mask)) == set(view.legal)
    assert np.array_equal(env.action_masks(), mask.astype(bool))
    assert np.array_equal(obs, encode_paris(view, paris_layout(4)))
    assert view.phase == "swap" and READY in view.legal


def test_illegal_actions_raise_or_cost_the_penalty() -> None:
    env = ParisEnv(players=3)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="legal: "):
        env.step(illegal)
    env = ParisEnv(players=3, illegal_action="penalty", illegal_penalty=-0.5)
    obs, info = env.reset(seed=1)
    before = env.view.to_json()
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -0.5 and info2["illegal_action"] and not (terminated or truncated)
    assert np.array_equal(obs, obs2) and env.view.to_json() == before


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="players"):
        ParisEnv(players=10)
    with pytest.raises(ValueError, match="seat"):
        ParisEnv(players=3, seat=3)
    with pytest.raises(ValueError, match="opponent"):
        ParisEnv(players=4, opponents=["random", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        ParisEnv(opponents="nosuchbot")
    with pytest.raises(ValueError, match="reward"):
        ParisEnv(reward="points")
    env = ParisEnv()
    with pytest.raises(RuntimeError):
        env.step(READY)
