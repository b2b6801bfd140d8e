"""The three generic adapters play a whole hand of every game: the one Gymnasium env, the one
PettingZoo AEC env and the one RLCard env, with every legal-action mask (or list) equal to the
state's ``legal_actions()`` for the seat to act and empty for every other seat."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from paston.core.registry import get_game
from paston.env import adapter_class, gym_id
from paston.env.gym_env import GameEnv
from paston.env.pettingzoo_env import GameAECEnv, aec_env
from paston.env.rlcard_env import GameRLCardEnv

#: Every game, at each of its table sizes.
TABLES = [
    pytest.param(game, players, id=f"{game}-{players}")
    for game in ("paston", "paris", "paskievics")
    for players in get_game(game).seat_counts[:3]
]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_gym_plays_a_hand_with_the_states_legal_actions(game: str, players: int) -> None:
    for seat in {0, players - 1}:
        env = GameEnv(game, players=players, seat=seat, opponents="random")
        assert env.observation_space.shape == get_game(game).research.observation_shape(players)
        rng = np.random.default_rng(seat)
        obs, info = env.reset(seed=seat)
        steps = 0
        while True:
            state = env.state
            assert state is not None and state.to_act == seat
            assert env.observation_space.contains(obs)
            assert sorted(np.flatnonzero(info["action_mask"])) == sorted(state.legal_actions())
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            steps += 1
            if terminated or truncated:
                break
            assert reward == 0.0  # a hand pays once, at the end
        assert steps > 0 and info["action_mask"].sum() == 1  # the placeholder only
        env.close()


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_aec_plays_a_hand_with_the_states_legal_actions(game: str, players: int) -> None:
    env = GameAECEnv(game, players=players)
    env.reset(seed=players)
    rng = random.Random(players)
    decisions = 0
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        state = env.game_state
        assert state.to_act is not None and env.possible_agents[state.to_act] == agent
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(state.legal_actions())
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(rng.choice(state.legal_actions()))
        decisions += 1
    assert decisions > 0 and env.game_state.is_over
    # The default reward of every game pays each seat the hand's result.
    assert [totals[a] for a in env.possible_agents] == list(env.game_state.result())


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_rlcard_plays_a_hand_with_the_states_legal_actions(game: str, players: int) -> None:
    env = GameRLCardEnv({"seed": 5, "players": players}, game=game)
    assert env.num_players == players and env.num_actions == get_game(game).num_actions
    state, player = env.reset()
    rng = random.Random(5)
    while not env.is_over():
        hand = env.game_state
        assert player == hand.to_act
        assert list(state["legal_actions"]) == sorted(hand.legal_actions())
        assert state["raw_legal_actions"] == [hand.action_str(a) for a in state["legal_actions"]]
        assert state["raw_obs"] == hand.view(player).to_json()
        state, player = env.step(rng.choice(list(state["legal_actions"])))
    assert env.get_payoffs().tolist() == [float(r) for r in env.game_state.result()]


@pytest.mark.parametrize("game", ["paston", "paris", "paskievics"])
def test_each_game_passes_the_checkers_under_its_id(game: str) -> None:
    import gymnasium as gym

    env = gym.make(gym_id(game))
    assert isinstance(env.unwrapped, adapter_class(game, "gym"))
    check_env(env.unwrapped, skip_render_check=True)
    env.close()
    api_test(aec_env(game), num_cycles=100)


def test_a_game_option_or_reward_it_does_not_have_is_named() -> None:
    with pytest.raises(TypeError, match="unknown option 'perfect_recall' for paris"):
        GameEnv("paris", perfect_recall=False)
    with pytest.raises(ValueError, match=r"reward must be one of .*rank"):
        GameAECEnv("paris", reward="match")  # a whole match is the Gymnasium env's only
    with pytest.raises(ValueError, match="players must be one of 4, 5 for paskievics"):
        GameRLCardEnv({"players": 3}, game="paskievics")
    with pytest.raises(ValueError, match="unknown game 'nosuch'"):
        GameEnv("nosuch")


def test_public_names_are_the_generic_adapters_bound_to_a_game() -> None:
    import pickle

    import paston.env
    from paston.env import gym_env, pettingzoo_env, rlcard_env

    for name, base, game in (
        ("ParisEnv", GameEnv, "paris"),
        ("PaskievicsAECEnv", GameAECEnv, "paskievics"),
        ("PastonRLCardEnv", GameRLCardEnv, "paston"),
    ):
        cls = getattr(paston.env, name)
        assert issubclass(cls, base) and cls.bound_game == game and cls.__name__ == name
        assert pickle.loads(pickle.dumps(cls)) is cls
    # Where users imported them from before, too; each module gives only its own adapter.
    assert gym_env.PastonEnv is paston.env.PastonEnv
    assert pettingzoo_env.ParisAECEnv is paston.env.ParisAECEnv
    assert rlcard_env.PastonRLCardEnv is paston.env.PastonRLCardEnv
    with pytest.raises(AttributeError, match="no attribute 'ParisAECEnv'"):
        _ = gym_env.ParisAECEnv
    with pytest.raises(AttributeError, match="no attribute 'NoSuchEnv'"):
        _ = paston.env.NoSuchEnv
    # A game's other public names are its objects (Paston's encoder …).
    from paston.games.paston.encoding import encode

    assert paston.env.encode is encode
    assert "ParisEnv" in dir(paston.env)
