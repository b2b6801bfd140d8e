"""The Gymnasium env's ``engine="compiled"`` against its Python engine, step for step.

The compiled env deals and picks the opponents' moves from its own generator, so the two are
aligned by hand: each episode of the compiled env is replayed on a Python env (the default
``engine="python"``) whose deal is the compiled env's as dealt and whose opponents take the
moves the compiled env's opponents took. The learner takes the same random legal actions in
both; observation, mask, reward, termination, truncation and every info entry must agree at
every step. Gymnasium's ``check_env`` runs on the compiled env too.
"""

from __future__ import annotations

import warnings
from collections import Counter
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("numba")

import gymnasium as gym
from gymnasium.utils.env_checker import check_env

import paston.env  # noqa: F401  (registers the ids)
from paston.core.errors import IllegalAction
from paston.env.gym_env import GameEnv
from paston.env.research_game import ResearchGame

#: numba kernels: compiled once, by one xdist worker (the Makefile: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("numba")

#: (game, env keywords) of every compiled path.
CASES = [
    ("paston", {"seat": 0}),
    ("paston", {"seat": 2, "perfect_recall": False}),
    ("paston", {"seat": 1, "first_deal": True, "normalize_reward": True}),
    ("paris", {"players": 4, "seat": 0}),
    ("paris", {"players": 3, "seat": 2, "reward": "rank"}),
    ("paris", {"players": 2, "seat": 1, "rules": {"max_turns": 40}}),
]


def _same_info(compiled: dict[str, Any], python: dict[str, Any], where: str) -> None:
    assert compiled.keys() == python.keys(), where
    for key, value in python.items():
        if isinstance(value, np.ndarray):
            assert compiled[key].dtype == value.dtype, (where, key)
            assert np.array_equal(compiled[key], value), (where, key)
        else:
            assert compiled[key] == value, (where, key)


def _replayed_episode(
    game: str, kwargs: dict[str, Any], seed: int, monkeypatch: pytest.MonkeyPatch
) -> int:
    """One compiled episode replayed on the Python env; the learner's decisions compared."""
    fast = GameEnv(game, engine="compiled", **kwargs)
    obs, info = fast.reset(seed=seed)
    stepper = fast._compiled
    cursor = [0]

    def replay_opponent(view: Any) -> int:
        action = stepper.actions()[cursor[0]]
        cursor[0] += 1
        return int(action)

    dealt = stepper.dealt_state()
    monkeypatch.setattr(ResearchGame, "deal", lambda self, rng, seat=None: dealt)
    slow = GameEnv(game, opponents=replay_opponent, **kwargs)
    py_obs, py_info = slow.reset(seed=seed)
    rng = np.random.default_rng(seed)
    decisions = 0
    while True:
        where = f"{game} {kwargs} seed {seed} decision {decisions}"
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


@pytest.mark.parametrize(("game", "kwargs"), CASES)
def test_compiled_env_agrees_with_the_python_env(
    game: str, kwargs: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Paris's Python games are long (hundreds of decisions, thousands of steps in all): fewer
    # of them. The batched engine's own check (paston.games.paris.batched.check) plays
    # millions of steps against the Python engine; this test guards the single env's wiring.
    episodes = 150 if game == "paston" else 20
    decisions = sum(_replayed_episode(game, kwargs, seed, monkeypatch) for seed in range(episodes))
    assert decisions > episodes


@pytest.mark.parametrize(("game", "kwargs"), [CASES[0], CASES[3]])
def test_compiled_env_passes_check_env(game: str, kwargs: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make(f"paston/{game.capitalize()}-v0", engine="compiled", **kwargs)
    check_env(env, skip_render_check=True)
    check_env(env.unwrapped, skip_render_check=True)
    _, info = env.reset(seed=3)
    # action_masks() reaches through gymnasium.make's wrappers and equals the info's mask.
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    assert env.unwrapped.engine == "compiled"


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


@pytest.mark.parametrize("game", ["paston", "paris"])
def test_seeds_repeat_and_envs_keep_their_own_generators(game: str) -> None:
    one = GameEnv(game, engine="compiled")
    two = GameEnv(game, engine="compiled")
    first = [_episode(one, 5), _episode(one, None)]
    # Another env stepped in between draws from a generator of its own.
    _episode(two, 99)
    again = [_episode(two, 5)]
    _episode(one, 123)
    again.append(_episode(two, None))
    assert first == again
    assert _episode(one, 6) != first[0]


@pytest.mark.parametrize("game", ["paston"])
def test_the_opponents_choose_uniformly(game: str) -> None:
    # The first seat to act after the learner faces a fixed choice in Paston's auction
    # (pass or the lowest bid): over many deals each is picked about half the time.
    env = GameEnv(game, engine="compiled", seat=0)
    counts: Counter[tuple[int, ...]] = Counter()
    env.reset(seed=1)
    for _ in range(4000):
        env.reset()
        stepper = env.unwrapped._compiled
        deal = stepper.dealt_state()
        first = deal.to_act
        actions = stepper.actions()
        if first == 1 and actions:  # seat 1 opens the auction before the learner
            counts[(len(deal.legal_actions()), actions[0])] += 1
    by_action = {action: n for (_, action), n in counts.items()}
    total = sum(by_action.values())
    assert len(by_action) == 2 and total > 1000
    for n in by_action.values():
        assert abs(n / total - 0.5) < 0.05


@pytest.mark.parametrize("game", ["paston", "paris"])
def test_a_copied_stepper_steps_on_its_own(game: str) -> None:
    # The stepper keeps its state in one byte array and views of it; a copy (deepcopy,
    # pickle) must get views of its own copy, not stale arrays.
    import copy
    import pickle

    env = GameEnv(game, engine="compiled")
    _, info = env.reset(seed=11)
    stepper = env._compiled
    twins = [copy.deepcopy(stepper), pickle.loads(pickle.dumps(stepper))]
    action = int(np.flatnonzero(info["action_mask"])[0])
    out = env.step(action)
    for twin in twins:
        again = twin.step(action)
        assert np.array_equal(out[0], again[0])
        assert np.array_equal(out[4]["action_mask"], again[4]["action_mask"])
        assert twin.actions() == stepper.actions()
        assert twin._mem is not stepper._mem
        if game == "paston":  # its kernels take the byte array's address
            assert twin._address == twin._mem.ctypes.data != stepper._address


def test_illegal_actions_and_the_end_of_an_episode() -> None:
    env = GameEnv("paston", engine="compiled")
    obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert info2["illegal_action"] is True and reward == -1.0
    assert not terminated and not truncated and np.array_equal(obs, obs2)
    strict = GameEnv("paston", engine="compiled", illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction, match="legal"):
        strict.step(illegal)
    _episode(env, 4)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    assert env.state is not None and env.state.is_over
    assert env.view.seat == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"engine": "fast"}, "engine must be"),
        ({"engine": "compiled", "opponents": "heuristic"}, "random opponents only"),
        ({"engine": "compiled", "reward": "game"}, "one hand"),
        ({"engine": "compiled", "rules": {"lone_whist_mode": "whister_plays_both_open"}}, "two"),
    ],
)
def test_settings_the_compiled_engine_refuses(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GameEnv("paston", **kwargs)
