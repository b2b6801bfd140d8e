"""High card through the research adapters of ``paston.env``, each written once for every
game: Gymnasium, PettingZoo AEC, RLCard's interface, and OpenSpiel with its Python ISMCTS."""

from __future__ import annotations

import random

import numpy as np
import pytest

from .platform import GAME
from .research import HOOKS as RESEARCH


def test_gymnasium_env_plays_a_hand_against_bots() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from paston.env import gym_id, register_envs
    from paston.env.gym_env import GameEnv

    env = GameEnv("toy", players=3, seat=1, opponents="heuristic")
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=3)
    assert obs.shape == RESEARCH.observation_shape(3)
    rng = random.Random(0)
    total, done, steps = 0.0, False, 0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(list(legal))))
        total += float(reward)
        done = terminated or truncated
        steps += 1
    assert steps == 3 and terminated and -1.5 <= total <= 2.0
    register_envs()
    made = gymnasium.make(gym_id("toy"), players=2)
    made.reset(seed=1)
    made.close()


def test_a_game_without_kernels_says_so() -> None:
    pytest.importorskip("gymnasium")
    from paston.env.gym_env import GameEnv

    with pytest.raises(ValueError, match="no compiled engine; use engine='python'"):
        GameEnv("toy", players=3, engine="compiled")


def test_pettingzoo_aec_env_passes_the_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test  # type: ignore[import-untyped]

    from paston.env.pettingzoo_env import env as aec_env
    from paston.env.pettingzoo_env import raw_env

    api_test(aec_env("toy", players=3), num_cycles=50)
    env = raw_env("toy", players=4)
    env.reset(seed=2)
    rewards = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert abs(sum(rewards.values())) < 1e-6  # zero-sum


def test_rlcard_env_runs_a_hand() -> None:
    from paston.env.rlcard_env import GameRLCardEnv

    env = GameRLCardEnv({"players": 3, "seed": 1}, game="toy")
    state, _ = env.reset()
    while not env.is_over():
        state, _ = env.step(next(iter(state["legal_actions"])))
    payoffs = env.get_payoffs()
    assert len(payoffs) == 3 and abs(float(sum(payoffs))) < 1e-6


def test_openspiel_game_with_ismcts() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    from paston.env import openspiel_game

    short = openspiel_game.register(GAME.name)
    game = pyspiel.load_game(f"{short}(players=3)")
    assert game.num_distinct_actions() == GAME.num_actions
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=20, random_state=rng,
        child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
    )  # fmt: skip
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        player = state.current_player()
        assert len(state.information_state_tensor(player)) == RESEARCH.information_state_shape(3)[0]
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(player) == state.information_state_string(player)
        state.apply_action(bot.step(state) if player == 0 else state.legal_actions()[0])
    assert abs(sum(state.returns())) < 1e-6
