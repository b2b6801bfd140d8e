"""The PettingZoo AEC adapter for Paris: masks and rewards at the end (api_test, seed_test and
illegal actions run for every game in ``test_env_pettingzoo``)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from env_helpers import play_aec

from paston.env import ParisAECEnv


def play(env: ParisAECEnv, seed: int) -> dict[str, float]:
    """A whole game of random legal actions; each agent's total reward."""

    def check(agent: str, mask: np.ndarray) -> None:
        seat = env.possible_agents.index(agent)
        assert set(np.flatnonzero(mask)) == set(env.game_state.legal_actions())
        assert not env.game_state.has_finished(seat)  # a seat that went out is never selected
        others = [a for a in env.possible_agents if a != agent]
        assert not env.observe(others[0])["action_mask"].any()

    return play_aec(env, seed, check)[0]


@pytest.mark.parametrize("reward", ["result", "rank"])
def test_rewards_at_the_end(reward: str) -> None:
    for seed in range(4):
        players = 2 + seed
        env = ParisAECEnv(players=players, reward=reward, rules={"max_turns": 400})
        totals = play(env, seed)
        state = env.game_state
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
    assert a.game_state.history == b.game_state.history
    play(b, 12)
    assert a.game_state.history != b.game_state.history
