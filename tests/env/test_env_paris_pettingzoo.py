"""The PettingZoo AEC adapter for Paris: api_test, seed_test, masks, rewards at the end."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from env_helpers import play_aec
from pettingzoo.test import api_test, seed_test

from paston.core.errors import IllegalAction
from paston.env.paris_pettingzoo import ParisAECEnv, paris_aec_env


@pytest.mark.filterwarnings("ignore:Observation")
def test_api_test_passes() -> None:
    api_test(ParisAECEnv(), num_cycles=300)
    api_test(paris_aec_env(players=2), num_cycles=300)
    api_test(ParisAECEnv(players=7, rules={"voluntary_pickup": True}), num_cycles=300)


def test_seed_test_passes() -> None:
    seed_test(ParisAECEnv, num_cycles=100)


def play(env: ParisAECEnv, seed: int) -> dict[str, float]:
    """A whole game of random legal actions; each agent's total reward."""

    def check(agent: str, mask: np.ndarray) -> None:
        seat = env.possible_agents.index(agent)
        assert set(np.flatnonzero(mask)) == set(env.state.legal_actions())
        assert not env.state.has_finished(seat)  # a seat that went out is never selected
        others = [a for a in env.possible_agents if a != agent]
        assert not env.observe(others[0])["action_mask"].any()

    return play_aec(env, seed, check)[0]


@pytest.mark.parametrize("reward", ["result", "rank"])
def test_rewards_at_the_end(reward: str) -> None:
    for seed in range(4):
        players = 2 + seed
        env = ParisAECEnv(players=players, reward=reward, rules={"max_turns": 400})
        totals = play(env, seed)
        state = env.state
        assert state.is_over and state.ranking is not None
        for seat, agent in enumerate(env.possible_agents):
            if reward == "result":
                assert totals[agent] == (-1.0 if seat == state.loser else 0.0)
            else:
                place = state.ranking.index(seat)
                assert totals[agent] == pytest.approx(1.0 - 2.0 * place / (players - 1))


def test_same_seed_same_game() -> None:
    rules = {"max_turns": 500}
    a, b = ParisAECEnv(players=4, rules=rules), ParisAECEnv(players=4, rules=rules)
    play(a, 11)
    play(b, 11)
    assert a.state.history == b.state.history
    play(b, 12)
    assert a.state.history != b.state.history


def test_an_illegal_action_raises() -> None:
    env = ParisAECEnv()
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction, match="legal: "):
        env.step(int(np.flatnonzero(mask == 0)[0]))
