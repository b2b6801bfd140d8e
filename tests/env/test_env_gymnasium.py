"""The Gymnasium adapter: API conformance and determinism for every game; Paston's rewards,
illegal actions and options (Paris's own are in ``test_env_paris_gym``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from env_helpers import run_episode  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from paston.core.errors import IllegalAction  # noqa: E402
from paston.env import ParisEnv, PaskievicsEnv, PastonEnv, gym_id  # noqa: E402
from paston.games.paston.actions import NUM_ACTIONS, PASS  # noqa: E402
from paston.games.paston.encoding import OBSERVATION_LAYOUT, encode  # noqa: E402

#: Each game's environment class, its registered id and what a table of it needs.
ENVS = [
    pytest.param(PastonEnv, gym_id("paston"), {}, id="paston"),
    pytest.param(ParisEnv, gym_id("paris"), {"players": 5}, id="paris"),
    pytest.param(PaskievicsEnv, gym_id("paskievics"), {"players": 5}, id="paskievics"),
]


@pytest.mark.parametrize(("env_class", "env_id", "table"), ENVS)
def test_check_env_passes(env_class: Any, env_id: str, table: dict[str, Any]) -> None:
    # check_env steps with unmasked random actions: the default illegal_action must take them.
    check_env(env_class(), skip_render_check=True)
    env = gym.make(env_id, render_mode="ansi", **table)
    check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize(
    ("env_class", "options"),
    [
        *(pytest.param(PastonEnv, {"seat": seat}, id=f"paston-{seat}") for seat in (0, 1, 2)),
        *(
            pytest.param(
                ParisEnv,
                {"players": players, "seat": seat, "opponents": "heuristic"},
                id=f"paris-{players}-{seat}",
            )
            for players, seat in ((2, 1), (3, 0), (6, 4))
        ),
    ],
)
def test_reset_seed_is_deterministic(env_class: Any, options: dict[str, Any]) -> None:
    env = env_class(**options)
    a = run_episode(env, seed=42)
    b = run_episode(env, seed=42)
    assert a == b
    c = run_episode(env, seed=43)
    assert c[0] != a[0]


def test_deal_reward_is_the_seats_deal_score() -> None:
    for seed in range(15):
        env = PastonEnv(seat=seed % 3, opponents=["random", "random"])
        _, total = run_episode(env, seed=seed, policy_seed=seed)
        deal = env.state
        assert deal is not None and deal.is_over
        expected = deal.scores[env.seat] if deal.scores is not None else 0
        assert total == expected
        assert env.view.phase in ("scored", "redeal")


def test_game_mode_plays_to_the_target() -> None:
    env = PastonEnv(seat=2, reward="game")
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=7)
    total = 0.0
    deals_seen = 1
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        total += reward
        deals_seen = max(deals_seen, info["hand_number"])
        if terminated or truncated:
            break
    assert terminated and not truncated
    game = env.match
    assert game is not None and game.over
    # The rewards add up to the learner's final total (the −121 reset is in the totals).
    assert total == game.totals[2] == info["totals"][2]
    assert deals_seen >= 2


def test_game_mode_truncates_after_max_deals() -> None:
    env = PastonEnv(reward="game", max_hands=1)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=3)
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
    assert truncated or (env.match is not None and env.match.over)


def test_illegal_action_raises_a_clear_error() -> None:
    env = PastonEnv(illegal_action="raise")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="seat 0 may not take action"):
        env.step(illegal)
    with pytest.raises(IllegalAction, match="no action has id"):
        env.step(NUM_ACTIONS + 5)


def test_penalty_mode_leaves_the_state_alone() -> None:
    env = PastonEnv(illegal_action="penalty", illegal_penalty=-3.0)
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -3.0 and not terminated and not truncated and info2["illegal_action"]
    assert np.array_equal(obs, obs2)


def test_step_after_the_end_and_bad_arguments() -> None:
    env = PastonEnv()
    run_episode(env, seed=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(PASS)
    with pytest.raises(ValueError, match="seat"):
        PastonEnv(seat=3)
    with pytest.raises(ValueError, match="opponent"):
        PastonEnv(opponents=["random"])
    with pytest.raises(ValueError, match="unknown bot"):
        PastonEnv(opponents="no-such-bot")
    with pytest.raises(ValueError, match="reward"):
        PastonEnv(reward="points")


def test_observation_options_and_action_masks() -> None:
    env = PastonEnv(perfect_recall=False, render_mode="ansi")
    obs, info = env.reset(seed=9)
    assert obs.shape == (OBSERVATION_LAYOUT.size,)
    assert np.array_equal(obs, encode(env.view, OBSERVATION_LAYOUT))
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    text = env.render()
    assert isinstance(text, str) and text.startswith("seat 0")
