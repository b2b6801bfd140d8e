"""Paskievics's compact action space (``compact_actions=True``): a discard as one card per
step. Every legal flat discard is exactly one compact sequence and every compact sequence
ends in a legal flat discard (no dead ends); the Gymnasium env plays it to the end, passes the
checker, sizes its mask by the compact count and shows the cards chosen so far."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("gymnasium")

import gymnasium as gym
from env_helpers import run_episode
from gymnasium.utils.env_checker import check_env

from paston.core.errors import IllegalAction
from paston.env import PaskievicsEnv
from paston.env.pettingzoo_env import GameAECEnv, aec_env
from paston.env.rlcard_env import GameRLCardEnv
from paston.games.paskievics import actions as A
from paston.games.paskievics.compact_actions import (
    CHOSEN_SIZE,
    DISCARD_CARD,
    NUM_COMPACT_ACTIONS,
    compact_action_str,
    compact_legal,
    compact_sequence,
    discard_size,
    to_flat,
)
from paston.games.paskievics.encoding import paskievics_layout
from paston.games.paskievics.research import new_hand
from paston.games.paskievics.rules import PaskievicsRules
from paston.games.paskievics.state import PaskievicsState

RULES = st.builds(
    PaskievicsRules,
    tarokk_discard_last_resort=st.booleans(),
    xx_discardable=st.booleans(),
    annul_timing=st.sampled_from(["discard_turn", "never"]),
    annul_holdings=st.sampled_from(["five", "three"]),
)


def discard_states(seed: int, players: int, rules: PaskievicsRules) -> list[PaskievicsState]:
    """Every discard decision of a few random deals (copies, in the order they came)."""
    rng = random.Random(seed)
    found: list[PaskievicsState] = []
    for _ in range(6):
        state = new_hand(players, replace(rules, players=players), rng, None, {})
        while not state.is_over:
            if state.phase == "discard":
                found.append(state.copy())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return found


def sequences(state: PaskievicsState) -> dict[int, list[int]]:
    """Every compact sequence of the seat to act, walked to its end: flat action -> sequence.
    Fails on a dead end (a prefix with nothing legal) or two sequences of one flat action."""
    seat = state.to_act
    assert seat is not None
    size = discard_size(state, seat)
    out: dict[int, list[int]] = {}

    def walk(chosen: list[int], steps: list[int]) -> None:
        legal = compact_legal(state, seat, chosen)
        assert legal, f"dead end after {chosen}"
        assert (A.ANNUL in legal) == (not chosen and A.ANNUL in state.legal_actions())
        for action in legal:
            flat = to_flat(chosen, action, size)
            if flat is None:
                assert len(chosen) + 1 < size
                walk([*chosen, action - DISCARD_CARD], [*steps, action])
                continue
            assert flat not in out, f"two sequences for {A.action_str(flat)}"
            out[flat] = [*steps, action]

    walk([], [])
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([4, 5]), RULES)
def test_compact_sequences_are_the_flat_discards_one_to_one(
    seed: int, players: int, rules: PaskievicsRules
) -> None:
    for state in discard_states(seed, players, rules):
        walked = sequences(state)
        assert set(walked) == set(state.legal_actions())
        for flat, steps in walked.items():
            assert steps == compact_sequence(flat)
            if flat != A.ANNUL:
                cards = A.DISCARD_SETS[flat - A.DISCARD]
                assert len(cards) == discard_size(state, state.to_act or 0)
                assert list(cards) == sorted(cards)  # ascending: one sequence a set


def test_compact_ids() -> None:
    assert NUM_COMPACT_ACTIONS == 176 == A.DISCARD + 42
    for action in range(A.DISCARD):
        assert compact_action_str(action) == A.action_str(action)
        assert compact_sequence(action) == [action]
    assert compact_action_str(DISCARD_CARD) == "discard SK"
    with pytest.raises(IllegalAction, match="no compact action has id 176"):
        compact_action_str(NUM_COMPACT_ACTIONS)


def test_outside_a_discard_the_flat_ids() -> None:
    state = new_hand(4, PaskievicsRules(), random.Random(3), None, {})
    seat = state.to_act
    assert seat is not None
    assert compact_legal(state, seat) == state.legal_actions()
    assert compact_legal(state, (seat + 1) % 4) == []


def test_check_env_passes_in_compact_mode() -> None:
    env = PaskievicsEnv(opponents="random", compact_actions=True)
    check_env(env, skip_render_check=True)
    check_env(gym.make("paston/Paskievics-v0", compact_actions=True).unwrapped)


@pytest.mark.parametrize("players", [4, 5])
def test_compact_spaces(players: int) -> None:
    env = gym.make("paston/Paskievics-v0", players=players, compact_actions=True)
    flat = gym.make("paston/Paskievics-v0", players=players)
    size = paskievics_layout(players).size
    assert env.action_space.n == NUM_COMPACT_ACTIONS and flat.action_space.n == A.NUM_ACTIONS
    assert env.observation_space.shape == (size + CHOSEN_SIZE,)
    assert flat.observation_space.shape == (size,)
    _, info = env.reset(seed=1)
    assert info["action_mask"].shape == (NUM_COMPACT_ACTIONS,)
    assert env.unwrapped.action_masks().shape == (NUM_COMPACT_ACTIONS,)


@pytest.mark.parametrize("players", [4, 5])
def test_compact_episodes_run_to_the_end(players: int) -> None:
    env = PaskievicsEnv(players=players, seat=1, compact_actions=True)
    for seed in range(15):
        trace, _ = run_episode(env, seed, seed)
        assert len(trace) > 1
    again = PaskievicsEnv(players=players, seat=1, compact_actions=True)
    assert run_episode(again, 4, 4) == run_episode(env, 4, 4)


def learner_in_discard(env: PaskievicsEnv, least: int) -> dict[str, np.ndarray]:
    """Reset seeds until the learner must discard at least ``least`` cards; its info."""
    for seed in range(500):
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        while True:
            state = env.state
            assert isinstance(state, PaskievicsState)
            if state.phase == "discard" and discard_size(state, env.seat) >= least:
                return info
            if state.phase not in ("bidding", "raise"):
                break
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
    raise AssertionError("no discard of the learner in 500 deals")


def test_a_discard_card_by_card_shows_the_chosen_cards_and_applies_the_flat_set() -> None:
    env = PaskievicsEnv(seat=0, compact_actions=True)
    info = learner_in_discard(env, 2)
    state = env.state
    assert isinstance(state, PaskievicsState)
    size = discard_size(state, 0)
    chosen_block = slice(paskievics_layout(4).size, None)
    chosen: list[int] = []
    obs = np.zeros(0, dtype=np.float32)
    for _ in range(size):
        legal = np.flatnonzero(info["action_mask"])
        cards = [int(a) for a in legal if a >= DISCARD_CARD]
        action = cards[0]
        chosen.append(action - DISCARD_CARD)
        obs, reward, terminated, _, info = env.step(action)
        assert reward == 0.0 and not terminated
        if len(chosen) < size:
            assert state.phase == "discard" and state.to_act == 0  # nothing applied yet
            assert np.flatnonzero(obs[chosen_block]).tolist() == chosen
            assert A.ANNUL not in np.flatnonzero(info["action_mask"])
            assert all(a - DISCARD_CARD > chosen[-1] for a in np.flatnonzero(info["action_mask"]))
    assert state.discards[0] == chosen  # the engine got (and records) the flat discard
    assert not obs[chosen_block].any()


def test_illegal_compact_actions() -> None:
    env = PaskievicsEnv(seat=0, compact_actions=True)
    info = learner_in_discard(env, 2)
    legal = np.flatnonzero(info["action_mask"])
    env.step(int(legal[legal >= DISCARD_CARD][0]))
    before = env.state.copy() if env.state is not None else None
    _, reward, _, _, info = env.step(A.ANNUL)  # annul only before the first card
    assert reward == -1.0 and info["illegal_action"]
    assert env.state is not None and before is not None
    assert env.state.discards == before.discards and env.state.to_act == 0
    strict = PaskievicsEnv(seat=0, compact_actions=True, illegal_action="raise")
    learner_in_discard(strict, 1)
    refused = r"seat 0 may not take compact action 3 \(two\) now; legal: .*discard"
    with pytest.raises(IllegalAction, match=refused):
        strict.step(3)


def test_rlcard_refuses_compact_actions() -> None:
    with pytest.raises(ValueError, match="only the Gymnasium and PettingZoo AEC envs offer it"):
        GameRLCardEnv({"compact_actions": True}, game="paskievics")
    GameRLCardEnv({"compact_actions": False}, game="paskievics")  # the flat ids
    with pytest.raises(ValueError, match="compact_actions must be True or False"):
        PaskievicsEnv(compact_actions="yes")


@pytest.mark.parametrize("players", [4, 5])
def test_aec_api_test_passes_in_compact_mode(players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    api_test(aec_env("paskievics", players=players, compact_actions=True), num_cycles=300)
    seed_test(lambda: aec_env("paskievics", compact_actions=True), num_cycles=100)


def test_aec_discards_card_by_card() -> None:
    pytest.importorskip("pettingzoo")
    env = GameAECEnv("paskievics", compact_actions=True)
    assert env.action_space("seat_0").n == NUM_COMPACT_ACTIONS
    size = paskievics_layout(4).size
    assert env.observation_space("seat_0")["observation"].shape == (size + CHOSEN_SIZE,)
    assert env.state_space.shape == (4 * (size + CHOSEN_SIZE) + 9 * 42,)
    steps = 0
    for seed in range(40):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        chosen: dict[int, list[int]] = {}  # each seat's cards so far, in its discard
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat = int(agent.removeprefix("seat_"))
            mask = obs["action_mask"]
            assert mask.shape == (NUM_COMPACT_ACTIONS,)
            state = env.game_state
            picked = chosen.get(seat, []) if state.phase == "discard" else []
            assert np.flatnonzero(obs["observation"][size:]).tolist() == picked
            if picked:
                steps += 1
                assert A.ANNUL not in np.flatnonzero(mask)
            action = int(rng.choice(np.flatnonzero(mask)))
            if action >= DISCARD_CARD:
                chosen.setdefault(seat, []).append(action - DISCARD_CARD)
            env.step(action)
        for seat, cards in chosen.items():
            assert env.game_state.discards[seat] == cards  # the flat set reached the engine
    assert steps > 0  # some discard of two or more cards was taken card by card
