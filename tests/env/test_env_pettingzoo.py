"""The PettingZoo AEC adapter: api_test, seeding, rewards at the end of the deal."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from env_helpers import play_aec
from pettingzoo.test import api_test, seed_test

from paston.core.errors import IllegalAction
from paston.env.pettingzoo_env import AGENTS, PastonAECEnv, aec_env
from paston.games.paston.rules import Rules


@pytest.mark.filterwarnings("ignore:Observation")
def test_api_test_passes() -> None:
    api_test(PastonAECEnv(), num_cycles=300)
    api_test(aec_env(), num_cycles=300)
    api_test(PastonAECEnv(rules=Rules(lone_whist_mode="whister_plays_both_open")), num_cycles=300)


def test_seed_test_passes() -> None:
    seed_test(PastonAECEnv, num_cycles=100)


def play(env: PastonAECEnv, seed: int) -> list[tuple[str, int]]:
    """The moves of a deal of random legal actions."""
    return play_aec(env, seed)[1]


def test_rewards_are_the_deal_scores() -> None:
    for seed in range(20):
        env = PastonAECEnv()
        totals, _ = play_aec(env, seed)
        scores = env.deal.scores or (0, 0, 0)
        assert [totals[a] for a in AGENTS] == [float(s) for s in scores]


def test_same_seed_same_deal() -> None:
    assert play(PastonAECEnv(), 5) == play(PastonAECEnv(), 5)
    assert play(PastonAECEnv(), 5) != play(PastonAECEnv(), 6)


def test_only_the_agent_to_act_has_a_mask() -> None:
    env = PastonAECEnv()
    env.reset(seed=2)
    for agent in AGENTS:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == env.agent_selection)


def test_illegal_action_raises() -> None:
    env = PastonAECEnv()
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction, match="may not take action"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
