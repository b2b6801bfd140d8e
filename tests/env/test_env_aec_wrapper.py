"""The order-enforcing wrapper of the PettingZoo environments (``env()``) keeps PettingZoo's
checks while reading the wrapped environment directly: the same refusals before ``reset``,
the same ``agent_iter`` rule, and the same values as the bare environment step for step."""

from __future__ import annotations

import random

import pytest
from pettingzoo.utils import wrappers

from paston.env.pettingzoo_env import env, raw_env


def test_refuses_what_pettingzoo_refuses_before_reset() -> None:
    e = env()
    assert isinstance(e, wrappers.OrderEnforcingWrapper)
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        e.last()
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)
    with pytest.raises(AssertionError, match="reset"):
        e.agent_iter()


def test_agent_iter_needs_a_step_between_agents() -> None:
    e = env()
    e.reset(seed=2)
    it = iter(e.agent_iter())
    next(it)
    with pytest.raises(AssertionError, match="step"):
        next(it)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_wrapped_plays_as_the_bare_environment(seed: int, caplog: pytest.LogCaptureFixture) -> None:
    wrapped, bare = env(), raw_env()
    wrapped.reset(seed=seed)
    bare.reset(seed=seed)
    rng = random.Random(seed)
    for agent, bare_agent in zip(wrapped.agent_iter(), bare.agent_iter(), strict=True):
        assert agent == bare_agent
        obs, reward, terminated, truncated, info = wrapped.last()
        b_obs, b_reward, b_terminated, b_truncated, b_info = bare.last()
        assert (obs["observation"] == b_obs["observation"]).all()
        assert (obs["action_mask"] == b_obs["action_mask"]).all()
        assert (reward, terminated, truncated, info) == (
            b_reward,
            b_terminated,
            b_truncated,
            b_info,
        )
        if terminated or truncated:
            action = None
        else:
            legal = obs["action_mask"].nonzero()[0]
            action = int(legal[rng.randrange(len(legal))])
        wrapped.step(action)
        bare.step(action)
    assert not wrapped.agents and not bare.agents
    wrapped.step(None)  # PettingZoo's warning, logged
    assert "after all agents are terminated" in caplog.text
