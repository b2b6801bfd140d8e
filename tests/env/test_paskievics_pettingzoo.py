"""The PettingZoo AEC adapter for Paskievics: PettingZoo's api_test and seed_test, masks,
rewards at the end, and a centralised-critic state that observations never reach."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from env_helpers import play_aec
from pettingzoo.test import api_test, seed_test

from paston.core.errors import IllegalAction
from paston.env import PaskievicsAECEnv
from paston.env.pettingzoo_env import aec_env, raw_env


def env(**kwargs: object) -> object:
    """Paskievics's AEC env in PettingZoo's wrappers."""
    return aec_env("paskievics", **kwargs)


@pytest.mark.parametrize("players", [4, 5])
def test_api_test_passes(players: int) -> None:
    api_test(env(players=players), num_cycles=300)


def test_seed_test_passes() -> None:
    seed_test(lambda: env(), num_cycles=100)


@pytest.mark.parametrize("players", [4, 5])
def test_rewards_are_the_deal_scores(players: int) -> None:
    for seed in range(4):
        aec = raw_env("paskievics", players=players)

        def check(agent: str, mask: np.ndarray, aec: PaskievicsAECEnv = aec) -> None:
            seat = aec.possible_agents.index(agent)
            assert seat == aec.game_state.to_act and seat in aec.game_state.active
            assert set(np.flatnonzero(mask)) == set(aec.game_state.legal_actions())
            for other in aec.possible_agents:
                if other != agent:
                    assert not aec.observe(other)["action_mask"].any()

        totals, _moves = play_aec(aec, seed, check)
        scores = aec.game_state.result()
        assert [totals[a] for a in aec.possible_agents] == list(scores)
        assert sum(scores) == 0


def test_same_seed_same_deal() -> None:
    a, b = raw_env("paskievics"), raw_env("paskievics")
    play_aec(a, 11)
    play_aec(b, 11)
    assert a.game_state.history == b.game_state.history
    play_aec(b, 12)
    assert a.game_state.history != b.game_state.history


def test_illegal_action_is_refused_with_the_legal_ones() -> None:
    aec = raw_env("paskievics")
    aec.reset(seed=2)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction, match="legal: "):
        aec.step(int(np.flatnonzero(mask == 0)[-1]))


def test_state_adds_the_hidden_cards_after_the_observations() -> None:
    aec = raw_env("paskievics")
    aec.reset(seed=5)
    full = aec.state()
    assert aec.state_space.contains(full)
    size = aec.observation_space(aec.agent_selection)["observation"].shape[0]
    hands = full[4 * size :].reshape(9, 42)
    for seat in range(4):
        assert set(np.flatnonzero(hands[seat])) == set(aec.game_state.hands[seat])
    assert hands[8].sum() == 6  # the talon
