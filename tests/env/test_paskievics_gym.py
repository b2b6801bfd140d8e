"""The Gymnasium adapter ``paston/Paskievics-v0``: checker, determinism, rewards, masks,
illegal actions, and observations that hold only what the seat may know."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium as gym
from env_helpers import run_episode
from gymnasium.utils.env_checker import check_env

from paston.core.errors import IllegalAction
from paston.env import PaskievicsEnv  # (importing paston.env registers the ids)
from paston.games.paskievics.actions import NUM_ACTIONS
from paston.games.paskievics.bots.heuristic import HeuristicBot
from paston.games.paskievics.encoding import encode_paskievics, paskievics_layout
from paston.games.paskievics.research import new_hand
from paston.games.paskievics.rules import PaskievicsRules
from paston.games.paskievics.state import PaskievicsState


def test_check_env_passes() -> None:
    env = PaskievicsEnv(opponents="random")
    check_env(env, skip_render_check=True)


def test_registered_id_builds_the_env() -> None:
    env = gym.make("paston/Paskievics-v0", opponents="random", seat=2)
    obs, info = env.reset(seed=4)
    assert env.observation_space.contains(obs) and info["action_mask"].any()


@pytest.mark.parametrize("players", [4, 5])
def test_same_seed_same_episode(players: int) -> None:
    a = run_episode(PaskievicsEnv(players=players, seat=1, opponents="random"), 7, 3)
    b = run_episode(PaskievicsEnv(players=players, seat=1, opponents="random"), 7, 3)
    assert a == b
    c = run_episode(PaskievicsEnv(players=players, seat=1, opponents="random"), 8, 3)
    assert c[0] != a[0]


def test_reward_is_the_deal_score_paid_once() -> None:
    for seed in range(6):
        players = 4 + seed % 2
        env = PaskievicsEnv(players=players, seat=seed % players, normalize_reward=seed % 3 == 0)
        trace, total = run_episode(env, seed=seed, policy_seed=seed)
        assert all(r == 0.0 for _, _, r in trace[1:-1])
        state = env.state
        assert state is not None and state.is_over
        score = state.result()[env.seat]
        assert total == pytest.approx(score / 100.0 if seed % 3 == 0 else score)
        assert env.seat in state.active  # with five, the learner never sits out


def test_mask_and_observation_are_the_views() -> None:
    env = PaskievicsEnv(seat=3)
    obs, info = env.reset(seed=5)
    view = env.view
    mask = info["action_mask"]
    assert mask.shape == (NUM_ACTIONS,) and mask.dtype == np.int8
    assert set(np.flatnonzero(mask)) == set(view.legal)
    assert np.array_equal(env.action_masks(), mask.astype(bool))
    assert np.array_equal(obs, encode_paskievics(view, paskievics_layout(4)))


def test_illegal_actions_raise_or_cost_the_penalty() -> None:
    env = PaskievicsEnv(illegal_action="raise", opponents="random")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[-1])
    with pytest.raises(IllegalAction, match="legal: "):
        env.step(illegal)
    env = PaskievicsEnv(illegal_penalty=-0.5, opponents="random")
    obs, info = env.reset(seed=1)
    before = env.view.to_json()
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -0.5 and info2["illegal_action"] and not (terminated or truncated)
    assert np.array_equal(obs, obs2) and env.view.to_json() == before


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="players"):
        PaskievicsEnv(players=3)
    with pytest.raises(ValueError, match="seat"):
        PaskievicsEnv(seat=4)
    with pytest.raises(ValueError, match="opponent"):
        PaskievicsEnv(opponents=["random", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        PaskievicsEnv(opponents="nosuchbot")
    with pytest.raises(RuntimeError):
        PaskievicsEnv().step(0)


def swapped_twin(state: PaskievicsState, seat: int, rng: random.Random) -> PaskievicsState | None:
    """A copy where two other seats exchange a card of their hands that neither the called
    card nor a card shown to ``seat`` is: the same deal as far as ``seat`` can know."""
    others = [s for s in state.active if s != seat and state.hands[s]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    shown = {state.called} | {c for trick in state.tricks for c in trick[1]} | set(state.trick)
    ca = sorted(c for c in state.hands[a] if c not in shown)
    cb = sorted(c for c in state.hands[b] if c not in shown)
    if not ca or not cb:
        return None
    x, y = rng.choice(ca), rng.choice(cb)
    twin = state.copy()
    twin.hands[a] = (twin.hands[a] - {x}) | {y}
    twin.hands[b] = (twin.hands[b] - {y}) | {x}
    return twin


def test_observation_holds_nothing_hidden() -> None:
    """Paired states that differ only in cards hidden from a seat encode alike for it, while
    the seats that hold the swapped cards see the difference."""
    rng = random.Random(0)
    bot = HeuristicBot()
    compared = 0
    for seed in range(12):
        state = new_hand(4, PaskievicsRules(), random.Random(seed), seed % 4, {})
        layout = paskievics_layout(4)
        while not state.is_over:
            if state.phase in ("announce", "play"):
                seat = rng.choice(state.active)
                twin = swapped_twin(state, seat, rng)
                if twin is not None:
                    mine = encode_paskievics(state.view(seat), layout)
                    assert np.array_equal(mine, encode_paskievics(twin.view(seat), layout))
                    holders = [s for s in state.active if state.hands[s] != twin.hands[s]]
                    assert not np.array_equal(
                        encode_paskievics(state.view(holders[0]), layout),
                        encode_paskievics(twin.view(holders[0]), layout),
                    )
                    compared += 1
            state.apply(bot.act(state.view(state.to_act)))
    assert compared > 50
