"""The RLCard-style adapter: the shapes RLCard's agents expect, step/step_back, payoffs,
run() with agents, and states built from one seat's view only (each state's ``obs`` and
``raw_obs`` equal the encoding and the notation of that seat's view, which the encoding
tests check for leaks)."""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

import numpy as np
import pytest

from paston.core.errors import IllegalAction
from paston.env import PastonRLCardEnv
from paston.games.paston.encoding import INFO_STATE_LAYOUT, OBSERVATION_LAYOUT, encode


class RandomAgent:
    """RLCard's random agent, written out (no RLCard dependency)."""

    use_raw = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def step(self, state: dict[str, Any]) -> int:
        return self.rng.choice(list(state["legal_actions"]))

    def eval_step(self, state: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        return self.step(state), {}


class RawAgent(RandomAgent):
    use_raw = True

    def step(self, state: dict[str, Any]) -> str:  # type: ignore[override]
        return str(self.rng.choice(state["raw_legal_actions"]))


def test_shapes_and_attributes() -> None:
    env = PastonRLCardEnv({"seed": 1})
    assert env.num_players == 3 and env.num_actions == 541
    assert env.state_shape == [[INFO_STATE_LAYOUT.size]] * 3
    assert env.action_shape == [None, None, None]
    assert PastonRLCardEnv({"perfect_recall": False}).state_shape[0] == [OBSERVATION_LAYOUT.size]
    state, player = env.reset()
    assert player in (0, 1, 2) and player == env.get_player_id()
    assert isinstance(state["legal_actions"], OrderedDict)
    assert all(v is None for v in state["legal_actions"].values())
    assert state["obs"].shape == (INFO_STATE_LAYOUT.size,) and state["obs"].dtype == np.float32
    assert state["raw_legal_actions"] == ["pass", "paston"]
    assert state["raw_obs"]["seat"] == player and state["action_record"] == []


def test_states_come_from_the_seat_view_and_payoffs_from_the_score() -> None:
    env = PastonRLCardEnv({"seed": 7})
    rng = random.Random(7)
    for _ in range(20):
        state, _ = env.reset()
        while not env.is_over():
            deal = env.game_state
            for seat in range(3):
                s = env.get_state(seat)
                view = deal.view(seat)
                assert np.array_equal(s["obs"], encode(view))
                assert list(s["legal_actions"]) == sorted(view.legal)
                assert s["raw_obs"] == view.to_json()
            assert list(state["legal_actions"])
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
        payoffs = env.get_payoffs()
        assert payoffs.shape == (3,)
        expected = env.game_state.scores or (0, 0, 0)
        assert payoffs.tolist() == [float(x) for x in expected]


def test_step_back_restores_the_state() -> None:
    env = PastonRLCardEnv({"seed": 3, "allow_step_back": True})
    state, player = env.reset()
    rng = random.Random(3)
    seen = [(player, state["obs"].copy())]
    while not env.is_over():
        state, player = env.step(rng.choice(list(state["legal_actions"])))
        seen.append((player, state["obs"].copy()))
    seen.pop()
    while seen:
        want_player, want_obs = seen.pop()
        state, player = env.step_back()
        assert player == want_player and np.array_equal(state["obs"], want_obs)
    with pytest.raises(RuntimeError, match="no action to step back"):
        env.step_back()
    plain = PastonRLCardEnv()
    plain.reset()
    with pytest.raises(RuntimeError, match="allow_step_back"):
        plain.step_back()


def test_run_with_agents() -> None:
    env = PastonRLCardEnv({"seed": 5})
    env.set_agents([RandomAgent(1), RawAgent(2), RandomAgent(3)])
    for is_training in (False, True):
        trajectories, payoffs = env.run(is_training=is_training)
        assert len(trajectories) == 3 and payoffs.shape == (3,)
        for seat, traj in enumerate(trajectories):
            assert len(traj) % 2 == 1  # states and actions alternate, a final state last
            for i, item in enumerate(traj):
                if i % 2 == 0:
                    assert item["raw_obs"]["seat"] == seat
    with pytest.raises(ValueError, match="one agent per seat"):
        env.set_agents([RandomAgent(1)])


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="unknown config key 'sed'"):
        PastonRLCardEnv({"sed": 1})
    env = PastonRLCardEnv({"seed": 2})
    with pytest.raises(RuntimeError, match="reset"):
        env.get_payoffs()
    env.reset()
    with pytest.raises(IllegalAction, match="turn in the auction; legal: pass, paston"):
        env.step(0)
    state, _ = env.step("paston", raw_action=True)
    assert state["action_record"][-1][1] == "paston"
    with pytest.raises(IllegalAction, match="an action is an id"):
        env.step("pass")
