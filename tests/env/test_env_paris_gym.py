"""The Gymnasium adapter ``paston/Paris-v0``: rewards, masks and illegal actions (the checker
and determinism run for every game in ``test_env_gymnasium``)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from env_helpers import run_episode

from paston.core.errors import IllegalAction
from paston.env import ParisEnv
from paston.games.paris.actions import NUM_ACTIONS, READY
from paston.games.paris.encoding import encode_paris, paris_layout


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
    env = ParisEnv(players=3, illegal_action="raise")
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
