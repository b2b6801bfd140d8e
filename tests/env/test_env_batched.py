"""The batched engine agrees with the main engine action for action (masks, observations,
seats to act, scores), under the default rules and the variants it supports."""

from __future__ import annotations

import numpy as np
import pytest

from paston.games.paston.batched import BatchedPaston, kernel
from paston.games.paston.batched.check import compare_with_engine
from paston.games.paston.encoding import encode
from paston.games.paston.rules import Rules
from paston.games.paston.state import Deal

#: numba kernels: compiled once, by one xdist worker (the Makefile: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("numba")


def test_agrees_with_the_engine_on_500_deals() -> None:
    agreement = compare_with_engine(500, batch=64, seed=11)
    assert agreement.deals >= 500


@pytest.mark.parametrize(
    ("rules", "recall", "first"),
    [
        (Rules(allow_jump_bids=True, must_overtrump=True), False, False),
        (Rules(all_pass_contracts="paston_only", surrender_multiplied=True), True, True),
        (
            Rules(
                multiply_defender_scores=False,
                no_whist_multiplied=False,
                spade_run_redeal="missing_k_or_a",
            ),
            True,
            False,
        ),
    ],
)
def test_agrees_under_variants(rules: Rules, recall: bool, first: bool) -> None:
    agreement = compare_with_engine(
        120, batch=32, seed=5, rules=rules, perfect_recall=recall, first_deal=first
    )
    assert agreement.deals >= 120


def test_low_bit_finds_every_card() -> None:
    for card in range(32):
        assert kernel.low_bit(1 << card) == card
        assert kernel.low_bit((1 << card) | (0xFFFF_FFFF & ~((2 << card) - 1))) == card


def test_an_observation_sets_far_fewer_entries_than_its_marks_hold() -> None:
    # A step clears only the entries listed in the row's marks; their count must never
    # reach the room the marks array has.
    env = BatchedPaston(64, seed=3)
    env.reset()
    most = 0
    for _ in range(300):
        obs, *_ = env.step(env.random_actions())
        counts = env._marks[:, 0]
        assert (counts == np.count_nonzero(obs, axis=1)).all()
        most = max(most, int(counts.max()))
    assert 0 < most < kernel.MAX_MARKS


def test_reset_clears_what_the_caller_wrote_into_the_arrays() -> None:
    env = BatchedPaston(4, seed=9)
    obs, mask = env.reset()
    obs[:] = 7.0
    mask[:] = 1
    obs, mask = env.reset()
    for i in range(4):
        deal = Deal(*env.deal_of(i), rules=env.rules)
        seat = deal.seat_to_act
        assert seat is not None
        assert np.array_equal(obs[i], encode(deal.view(seat), env.layout))
        assert sorted(deal.legal_actions()) == np.flatnonzero(mask[i]).tolist()


def test_load_rewrites_a_row_in_use() -> None:
    # A loaded deal's observation replaces the row's old one whole (no entry of the old
    # deal is left set).
    env = BatchedPaston(2, seed=4)
    env.reset()
    for _ in range(25):
        env.step(env.random_actions())
    source = BatchedPaston(1, seed=8)
    source.reset()
    hands, prikup, dealer, first = source.deal_of(0)
    env.load(0, hands, prikup, dealer, first)
    deal = Deal(hands, prikup, dealer, first, rules=env.rules)
    seat = deal.seat_to_act
    assert seat is not None
    assert np.array_equal(env.obs[0], encode(deal.view(seat), env.layout))


def test_a_copied_engine_steps_on_its_own() -> None:
    # The kernels take the arrays' addresses: a copy must step its own arrays, never the
    # original's.
    import copy
    import pickle

    env = BatchedPaston(8, seed=6)
    env.reset()
    for _ in range(5):
        env.step(env.random_actions())
    before = env.obs.copy(), env.mask.copy(), env.to_act
    twins = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    actions = env.random_actions()
    for twin in twins:
        assert not np.shares_memory(twin.obs, env.obs)
        twin.step(actions)
        assert np.array_equal(env.obs, before[0]) and np.array_equal(env.mask, before[1])
        assert (env.to_act == before[2]).all()
    env.step(actions)  # the original still steps its own deals
    assert not np.array_equal(env.obs, before[0])
    with pytest.raises(AttributeError):
        env.obs = np.zeros_like(env.obs)  # type: ignore[misc]


def test_auto_reset_and_shapes() -> None:
    env = BatchedPaston(8, seed=2)
    obs, mask = env.reset()
    assert obs.shape == (8, env.observation_size) and obs.dtype == np.float32
    assert mask.shape == (8, 541) and (mask.sum(axis=1) > 0).all()
    ended = 0
    for _ in range(200):
        obs, mask, reward, done = env.step(env.random_actions())
        assert (mask.sum(axis=1) > 0).all()  # a fresh deal always has a seat to act
        assert (reward[~done] == 0).all()
        ended += int(done.sum())
    assert ended > 8


def test_same_seed_same_deals() -> None:
    a, b = BatchedPaston(4, seed=7), BatchedPaston(4, seed=7)
    oa, _ = a.reset()
    first = oa.copy()
    ob, _ = b.reset()
    assert np.array_equal(first, ob)


def test_illegal_action_is_named() -> None:
    env = BatchedPaston(3, seed=1)
    _, mask = env.reset()
    actions = np.array([int(np.flatnonzero(m)[0]) for m in mask])
    actions[1] = 540 if not mask[1, 540] else 0
    with pytest.raises(
        ValueError, match=r"deal 1: action \d+ .* is not legal for seat \d; legal: "
    ):
        env.step(actions)
    with pytest.raises(ValueError, match="actions must be 3 integers"):
        env.step([0, 1])


def test_refuses_what_it_does_not_play() -> None:
    with pytest.raises(ValueError, match="two-handed lone whist only"):
        BatchedPaston(2, rules=Rules(lone_whist_mode="whister_plays_both_open"))
    with pytest.raises(ValueError, match="positive number"):
        BatchedPaston(0)
    with pytest.raises(RuntimeError, match="reset"):
        BatchedPaston(2).step([32, 32])
