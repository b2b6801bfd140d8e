"""One convention for every game's research environments (issue 20 §3).

* ``import paston.env`` alone registers every game with Gymnasium (``paston/<Name>-v0``) and,
  where OpenSpiel is installed, with OpenSpiel (``python_<game>``);
* ``gymnasium.make`` gives an environment that passes Gymnasium's ``check_env`` and still
  answers ``action_masks()`` (Gymnasium 1.x wrappers forward no attributes);
* every game seats ``random`` bots when no opponents are named, and states the range of its
  rewards (``env.reward_range``), scaled with ``normalize_reward``.
"""

from __future__ import annotations

import math
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import paston.env  # noqa: E402
from paston.bots.random_bot import RandomBot  # noqa: E402
from paston.core.registry import available, get_game  # noqa: E402

GAMES = [name for name in available() if get_game(name).offers("research")]
#: Each shipped game's hand-mode reward bounds before scaling, and its ``reward_scale``.
BOUNDS = {
    "paston": ((-40.0, 320.0), 320.0),
    "paris": ((-1.0, 0.0), 1.0),
    "paskievics": ((-3000.0, 3000.0), 100.0),
}


def _make(game: str, **kwargs: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Gymnasium's checker warns about float32 bounds
        return gym.make(paston.env.gym_id(game), **kwargs)


def test_the_shipped_games_are_all_covered() -> None:
    assert {"paston", "paris", "paskievics"} <= set(GAMES)


def test_import_paston_env_alone_registers_gymnasium_and_openspiel() -> None:
    # A fresh interpreter: nothing else imported first.
    code = (
        "import gymnasium, paston.env\n"
        f"games = {GAMES!r}\n"
        "for g in games:\n"
        "    gymnasium.make(paston.env.gym_id(g)).close()\n"
        "try:\n"
        "    import pyspiel\n"
        "except ImportError:\n"
        "    print('no pyspiel')\n"
        "else:\n"
        "    for g in games:\n"
        "        game = pyspiel.load_game('python_' + g)\n"
        "        assert game.get_type().short_name == 'python_' + g\n"
        "        state = game.new_initial_state()\n"
        "        assert state.is_chance_node() or state.legal_actions()\n"
        "    print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("ok", "no pyspiel")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore:.*different from the unwrapped version")
def test_gym_make_passes_check_env(game: str) -> None:
    # As users get it (Gymnasium then warns that wrappers are applied), and bare.
    env = _make(game)
    check_env(env, skip_render_check=True)
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("game", GAMES)
def test_action_masks_reach_through_gym_make(game: str) -> None:
    env = _make(game)
    _, info = env.reset(seed=3)
    # sb3-contrib's MaskablePPO calls action_masks() on the outermost wrapper.
    masks = env.action_masks()
    assert masks.dtype == np.bool_ and masks.shape == (env.action_space.n,)
    assert np.array_equal(masks, info["action_mask"].astype(bool))
    assert np.array_equal(masks, env.unwrapped.action_masks())
    assert np.array_equal(masks, env.get_wrapper_attr("action_masks")())
    # A wrapper of the user's own keeps the documented routes working.
    outer = gym.wrappers.RecordEpisodeStatistics(env)
    assert np.array_equal(outer.get_wrapper_attr("action_masks")(), masks)
    legal = int(np.flatnonzero(masks)[0])
    _, _, _, _, info = env.step(legal)
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    env.close()


@pytest.mark.parametrize("game", GAMES)
def test_default_opponents_are_random_bots(game: str) -> None:
    env = _make(game)
    env.reset(seed=1)
    bots = env.unwrapped.opponents.bots
    assert bots and all(type(bot) is RandomBot for bot in bots.values())
    env.close()


@pytest.mark.parametrize("game", sorted(BOUNDS))
def test_reward_range_is_stated_and_scaled(game: str) -> None:
    (low, high), scale = BOUNDS[game]
    assert get_game(game).research.reward_scale == scale
    env = _make(game)
    assert env.unwrapped.reward_range == (min(low, -1.0), max(high, -1.0))
    scaled = _make(game, normalize_reward=True)
    assert scaled.unwrapped.reward_range == (
        min(low / scale, -1.0 / scale),
        max(high / scale, -1.0 / scale),
    )
    match = _make(game, reward="match")
    assert match.unwrapped.reward_range == (-math.inf, math.inf)


def test_paris_rank_rewards_lie_in_minus_one_to_one() -> None:
    env = _make("paris", reward="rank")
    assert env.unwrapped.reward_range == (-1.0, 1.0)


@pytest.mark.parametrize("game", sorted(BOUNDS))
def test_rewards_lie_in_the_stated_range(game: str) -> None:
    env = _make(game, normalize_reward=True)
    low, high = env.unwrapped.reward_range
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=5)
    for _ in range(3):
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, truncated, info = env.step(action)
            assert low <= reward <= high
            done = terminated or truncated
        _, info = env.reset()
    env.close()
