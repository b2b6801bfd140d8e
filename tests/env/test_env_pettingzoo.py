"""The PettingZoo AEC adapters: api_test, seed_test and illegal actions for every game;
Paston's rewards at the end of the deal (Paris's own are in ``test_env_paris_pettingzoo``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from env_helpers import play_aec
from pettingzoo.test import api_test, seed_test

from paston.core.errors import IllegalAction
from paston.env import ParisAECEnv, PaskievicsAECEnv, PastonAECEnv
from paston.env.pettingzoo_env import aec_env
from paston.games.paston.rules import Rules

AGENTS = ("seat_0", "seat_1", "seat_2")

#: Every game's AEC adapter as PettingZoo's checks should see it (bare and wrapped, variants).
AEC_ENVS = [
    pytest.param(PastonAECEnv, {}, id="paston"),
    pytest.param(aec_env, {}, id="paston-wrapped"),
    pytest.param(
        PastonAECEnv,
        {"rules": Rules(lone_whist_mode="whister_plays_both_open")},
        id="paston-open-whist",
    ),
    pytest.param(ParisAECEnv, {}, id="paris"),
    pytest.param(lambda **kw: aec_env("paris", **kw), {"players": 2}, id="paris-wrapped-2"),
    pytest.param(ParisAECEnv, {"players": 7, "rules": {"voluntary_pickup": True}}, id="paris-7"),
    pytest.param(PaskievicsAECEnv, {"players": 5}, id="paskievics-5"),
]


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize(("make", "options"), AEC_ENVS)
def test_api_test_passes(make: Any, options: dict[str, Any]) -> None:
    api_test(make(**options), num_cycles=300)


@pytest.mark.parametrize("env_class", [PastonAECEnv, ParisAECEnv])
def test_seed_test_passes(env_class: Any) -> None:
    seed_test(env_class, num_cycles=100)


@pytest.mark.parametrize(
    ("env_class", "seed", "message"),
    [(PastonAECEnv, 2, "may not take action"), (ParisAECEnv, 0, "legal: ")],
)
def test_illegal_action_raises(env_class: Any, seed: int, message: str) -> None:
    env = env_class()
    env.reset(seed=seed)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction, match=message):
        env.step(int(np.flatnonzero(mask == 0)[0]))


def play(env: PastonAECEnv, seed: int) -> list[tuple[str, int]]:
    """The moves of a deal of random legal actions."""
    return play_aec(env, seed)[1]


def test_rewards_are_the_deal_scores() -> None:
    for seed in range(20):
        env = PastonAECEnv()
        totals, _ = play_aec(env, seed)
        scores = env.game_state.scores or (0, 0, 0)
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
