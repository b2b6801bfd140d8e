"""The incremental encoder gives, after every action, exactly ``encode`` of the seat's view.

Random deals under every rule variant that changes what a view shows (open lone whist, jump
bids, overtrumping, all-pass contracts, first deals with the marker rule), every layout,
every seat, with undos thrown in; the Gymnasium and PettingZoo environments' observations of
Paston are checked against ``encode`` too.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paston.encoding import encode, layout_for
from paston.games.paston.fast_encoding import DealEncoder
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_cards

VARIANTS = (
    Rules(),
    Rules(lone_whist_mode="whister_plays_both_open"),
    Rules(allow_jump_bids=True, must_overtrump=True, all_pass_contracts="paston_only"),
    Rules(spade_run_redeal="missing_k_or_a"),
)


def check_deal(seed: int, rules: Rules, recall: bool, private: bool, undo: float) -> int:
    """Play one random deal, comparing the encoders of all three seats with ``encode`` after
    every action; returns how many tensors were compared."""
    rng = random.Random(seed)
    layout = layout_for(recall, private)
    deal = deal_cards(dealer=rng.randrange(3), first_deal=rng.random() < 0.3, rules=rules, rng=rng)
    encoders = [DealEncoder(s, layout) for s in range(3)]
    compared = 0
    while True:
        for s in range(3):
            fast = encoders[s].encode(deal)
            slow = encode(deal.view(s), layout)
            assert fast.dtype == np.float32 and fast.shape == (layout.size,)
            assert np.array_equal(fast, slow), (seed, s, deal.phase, len(deal.actions))
            compared += 1
        if deal.is_over:
            return compared
        deal.apply(rng.choice(deal.legal_actions()))
        if deal.actions and rng.random() < undo:
            deal.undo()


@given(
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(VARIANTS),
    recall=st.booleans(),
    private=st.booleans(),
)
@settings(max_examples=150, deadline=None)
def test_encoder_equals_encode_of_the_view(
    seed: int, variant: Rules, recall: bool, private: bool
) -> None:
    assert check_deal(seed, variant, recall, private, undo=0.0) >= 3  # a redeal: one look


@pytest.mark.parametrize("variant", VARIANTS)
def test_encoder_follows_undos_and_new_deals(variant: Rules) -> None:
    total = sum(check_deal(seed, variant, True, True, undo=0.15) for seed in range(40))
    assert total > 40 * 3


def test_encoder_starts_again_on_another_deal() -> None:
    rng = random.Random(9)
    enc = DealEncoder(1)
    for _ in range(20):
        deal = deal_cards(dealer=rng.randrange(3), rng=rng)
        for _ in range(rng.randrange(25)):
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        assert np.array_equal(enc.encode(deal), encode(deal.view(1)))


def test_encoder_refuses_a_bad_seat() -> None:
    with pytest.raises(ValueError, match="a seat is 0, 1 or 2"):
        DealEncoder(3)


def test_gym_observations_equal_encode_of_the_view() -> None:
    from paston.env import PastonEnv

    for recall in (True, False):
        env = PastonEnv(seat=1, opponents="random", perfect_recall=recall)
        layout = layout_for(recall, True)
        rng = np.random.default_rng(4)
        for episode in range(15):
            obs, info = env.reset(seed=episode)
            while True:
                deal = env.state
                assert deal is not None
                view = deal.view(1)
                assert np.array_equal(obs, encode(view, layout))
                if info["phase"] in ("scored", "redeal"):
                    break
                assert set(np.flatnonzero(info["action_mask"])) == set(view.legal)
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
                obs, _, terminated, truncated, info = env.step(action)
                if terminated or truncated:
                    assert np.array_equal(obs, encode(deal.view(1), layout))
                    break


def test_aec_observations_equal_encode_of_the_view() -> None:
    from paston.env import PastonAECEnv
    from paston.games.paston.encoding import INFO_STATE_LAYOUT

    env = PastonAECEnv()
    for seed in range(15):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            seat = env.possible_agents.index(agent)
            view = env.game_state.view(seat)
            assert np.array_equal(obs["observation"], encode(view, INFO_STATE_LAYOUT))
            assert set(np.flatnonzero(obs["action_mask"])) == set(view.legal)
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
