"""``PaskievicsEnv(engine="compiled")`` against its Python engine, step for step.

As ``tests/env/test_env_compiled_single.py`` does for the other games: each compiled episode
is replayed on a Python env whose deal is the compiled env's as dealt and whose opponents
take the moves the compiled env's opponents took; the learner takes the same random legal
actions in both, and observation, mask, reward, termination, truncation and every info entry
must agree at every step.
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import paston.env  # noqa: F401 - registers the ids
from paston.core.errors import IllegalAction
from paston.env.gym_env import GameEnv
from paston.env.research_game import ResearchGame

#: numba kernels: compiled once, by one xdist worker (the Makefile: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("numba")

CASES: list[dict[str, Any]] = [
    {"seat": 0},
    {"seat": 2, "normalize_reward": True},
    {"players": 5, "seat": 4},
    {"seat": 1, "rules": {"max_kontra": 2, "tarokk_discard_last_resort": True}},
]


def _same_info(compiled: dict[str, Any], python: dict[str, Any], where: str) -> None:
    assert compiled.keys() == python.keys(), where
    for key, value in python.items():
        if isinstance(value, np.ndarray):
            assert compiled[key].dtype == value.dtype, (where, key)
            assert np.array_equal(compiled[key], value), (where, key)
        else:
            assert compiled[key] == value, (where, key)


def _replayed_episode(kwargs: dict[str, Any], seed: int, monkeypatch: pytest.MonkeyPatch) -> int:
    fast = GameEnv("paskievics", engine="compiled", **kwargs)
    obs, info = fast.reset(seed=seed)
    stepper = fast._compiled
    cursor = [0]

    def replay_opponent(view: Any) -> int:
        action = stepper.actions()[cursor[0]]
        cursor[0] += 1
        return int(action)

    dealt = stepper.dealt_state()
    monkeypatch.setattr(ResearchGame, "deal", lambda self, rng, seat=None: dealt)
    slow = GameEnv("paskievics", opponents=replay_opponent, **kwargs)
    py_obs, py_info = slow.reset(seed=seed)
    rng = np.random.default_rng(seed)
    decisions = 0
    while True:
        where = f"{kwargs} seed {seed} decision {decisions}"
        assert np.array_equal(obs, py_obs), where
        _same_info(info, py_info, where)
        assert np.array_equal(fast.action_masks(), slow.action_masks()), where
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = fast.step(action)
        cursor[0] += 1  # the learner's own action
        py_obs, py_reward, py_terminated, py_truncated, py_info = slow.step(action)
        decisions += 1
        assert (reward, terminated, truncated) == (py_reward, py_terminated, py_truncated), where
        if terminated or truncated:
            assert np.array_equal(obs, py_obs), where
            _same_info(info, py_info, where)
            assert cursor[0] == len(stepper.actions()), where
            monkeypatch.undo()
            return decisions


@pytest.mark.parametrize("kwargs", CASES)
def test_compiled_env_agrees_with_the_python_env(
    kwargs: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    episodes = 60
    decisions = sum(_replayed_episode(kwargs, seed, monkeypatch) for seed in range(episodes))
    assert decisions > episodes


def test_compiled_env_passes_check_env() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # check_env's advice to check the unwrapped env too
        env = gym.make("paston/Paskievics-v0", engine="compiled")
        check_env(env, skip_render_check=True)
    check_env(env.unwrapped, skip_render_check=True)
    _, info = env.reset(seed=3)
    masks = env.get_wrapper_attr("action_masks")()
    assert np.array_equal(masks, info["action_mask"].astype(bool))


def _episode(env: Any, seed: int | None) -> list[bytes]:
    obs, info = env.reset(seed=seed)
    trace = [obs.tobytes()]
    rng = np.random.default_rng(0)
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        trace.append(obs.tobytes() + str(reward).encode())
        if terminated or truncated:
            return trace


def test_seeds_repeat_and_envs_keep_their_own_generators() -> None:
    one = GameEnv("paskievics", engine="compiled")
    two = GameEnv("paskievics", engine="compiled")
    first = [_episode(one, 5), _episode(one, None)]
    _episode(two, 99)
    again = [_episode(two, 5)]
    _episode(one, 123)
    again.append(_episode(two, None))
    assert first == again
    assert _episode(one, 6) != first[0]


def test_five_seats_never_deal_the_learner_out() -> None:
    env = GameEnv("paskievics", engine="compiled", players=5, seat=2)
    env.reset(seed=1)
    dealers = set()
    for _ in range(200):
        env.reset()
        dealers.add(env._compiled.dealt_state().dealer)
    assert dealers == {0, 1, 3, 4}


def test_illegal_actions_compact_ids_and_the_end_of_an_episode() -> None:
    env = GameEnv("paskievics", engine="compiled")
    obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert info2["illegal_action"] is True and reward == -1.0
    assert not terminated and not truncated and np.array_equal(obs, obs2)
    strict = GameEnv("paskievics", engine="compiled", illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction, match="legal"):
        strict.step(illegal)
    with pytest.raises(ValueError, match="own action ids"):
        GameEnv("paskievics", engine="compiled", compact_actions=True)
    _episode(env, 4)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    assert env.state is not None and env.state.is_over
