"""The batched Paris engine agrees with the main engine action for action (seats to act,
masks, observations, rewards, truncation) for 2 to 9 seats and every flag combination, deals
the reference shuffle's games, auto-resets, and refuses what is not legal."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paston.games.paris.batched import BatchedParis, kernel
from paston.games.paris.batched.check import compare_with_engine, flag_combinations
from paston.games.paris.cards import CARD_NAMES
from paston.games.paris.encoding import encode_paris
from paston.games.paris.rules import ParisRules
from paston.games.paris.shuffle import deal_game, reference_shuffle

#: numba kernels: compiled once, by one xdist worker (the Makefile: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("numba")


@pytest.mark.parametrize("players", range(2, 10))
def test_agrees_with_the_engine(players: int) -> None:
    agreement = compare_with_engine(
        12, players=players, reward=("result", "rank")[players % 2], batch=6, seed=players
    )
    assert agreement.games >= 12
    assert agreement.steps > 12 * 50  # whole games, not a few steps


def test_agrees_under_every_flag_combination() -> None:
    games = truncated = 0
    for c, rules in enumerate(flag_combinations(max_turns=(150, 10000))):
        agreement = compare_with_engine(
            1,
            players=2 + c // 2 % 8,
            rules=rules,
            reward=("rank", "result")[c // 2 % 2],
            batch=1,
            seed=100 + c,
            lowest=0.8,
        )
        games += agreement.games
        truncated += agreement.truncated
    assert games >= 64
    assert 0 < truncated < games  # both ends of a game: the last player and the turn limit


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 9),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    max_turns=st.integers(1, 400),
    seed=st.integers(0, 2**63 - 1000),
    lowest=st.floats(0.0, 1.0),
    reward=st.sampled_from(["result", "rank"]),
)
def test_agrees_on_any_deal_and_rules(
    players: int,
    flags: tuple[bool, bool, bool, bool, bool],
    max_turns: int,
    seed: int,
    lowest: float,
    reward: str,
) -> None:
    most, all_lowest, ten, voluntary, faceup = flags
    rules = ParisRules(
        start_rule="most_lowest" if most else "seat_order",
        starter_plays_all_lowest=all_lowest,
        ten_grants_extra_turn=ten,
        voluntary_pickup=voluntary,
        play_faceup_with_last_hand=faceup,
        max_turns=max_turns,
    )
    agreement = compare_with_engine(
        2, players=players, rules=rules, reward=reward, batch=2, seed=seed, lowest=lowest
    )
    assert agreement.games >= 2


def test_kernel_shuffle_is_the_reference_shuffle() -> None:
    seq = np.zeros(104, dtype=np.int64)
    kernel.reference_shuffle(0, seq)
    names = [CARD_NAMES[c] for c in seq]
    # paris.md §3.3's test vector.
    assert " ".join(names[:16]) == "6S AH 5H 4D 7C 9S 5D 7S 9H 8C 8H 4D 9H 2S QC 9D"
    assert " ".join(names[-4:]) == "6C KS 9C JS"
    for seed in (1, 2**40 + 7, 2**63 - 1):
        kernel.reference_shuffle(seed, seq)
        assert seq.tolist() == reference_shuffle(seed)


def test_rows_play_the_seeded_deals_and_auto_reset() -> None:
    env = BatchedParis(5, players=4, seed=40)
    obs, mask = env.reset()
    assert obs.shape == (5, env.observation_size) and obs.dtype == np.float32
    assert mask.shape == (5, 3749) and mask.dtype == np.bool_
    for i in range(5):
        assert env.game_of(i) == (40 + i, (40 + i) % 4)
        state = deal_game(4, seed=40 + i, dealer=(40 + i) % 4)
        seat = state.to_act
        assert seat is not None and env.to_act[i] == seat
        assert np.array_equal(obs[i], encode_paris(state.view(seat), env.layout))
        assert env.legal_actions(i) == sorted(state.legal_actions())
    seen = {env.game_of(i)[0] for i in range(5)}
    ended = 0
    for _ in range(4000):
        obs, mask, reward, done = env.step(env.random_actions())
        assert (mask.sum(axis=1) > 0).all()  # a fresh game always has a seat to act
        assert (reward[~done] == 0).all()
        assert np.allclose(reward[done].sum(axis=1), -1.0)  # result: the loser pays
        ended += int(done.sum())
        seen |= {env.game_of(i)[0] for i in np.flatnonzero(done)}
    assert ended > 0
    assert seen == set(range(40, 45 + ended))  # each new game takes the next seed


def test_reset_with_a_seed_starts_the_same_games() -> None:
    a, b = BatchedParis(3, players=5, seed=7), BatchedParis(3, players=5, seed=99)
    first, _ = a.reset()
    first = first.copy()
    for _ in range(30):
        a.step(a.random_actions())
    again, _ = a.reset(seed=7)
    assert np.array_equal(first, again)
    other, _ = b.reset(seed=7)
    assert np.array_equal(first, other)


def test_rank_rewards_and_no_observation() -> None:
    env = BatchedParis(4, players=3, seed=3, reward="rank", observe=False)
    obs, _ = env.reset()
    ended = 0
    while ended < 4:
        obs, _, reward, done = env.step(env.random_actions())
        for i in np.flatnonzero(done):
            assert sorted(reward[i].tolist()) == [-1.0, 0.0, 1.0]
        ended += int(done.sum())
    assert not obs.any()


def test_illegal_action_is_named_and_nothing_applied() -> None:
    env = BatchedParis(3, players=3, seed=1)
    env.reset()
    before = env.to_act
    actions = np.array([env.legal_actions(i)[0] for i in range(3)])
    actions[1] = 3745  # pickup: never legal in the swap phase
    with pytest.raises(ValueError, match=r"game 1: action 3745 \(pickup\) is not legal for seat"):
        env.step(actions)
    assert np.array_equal(env.to_act, before)
    actions[1] = 5000
    with pytest.raises(ValueError, match=r"game 1: action 5000 \(no such action\)"):
        env.step(actions)
    with pytest.raises(ValueError, match="actions must be 3 integers"):
        env.step([0, 1])


def test_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="positive number"):
        BatchedParis(0)
    with pytest.raises(ValueError, match="2 to 9 players"):
        BatchedParis(2, players=10)
    with pytest.raises(ValueError, match="reward must be"):
        BatchedParis(2, reward="points")
    with pytest.raises(ValueError, match="seed must be"):
        BatchedParis(2, seed=-1)
    with pytest.raises(ValueError, match="rules: max_turns"):
        BatchedParis(2, rules={"max_turns": 0})
    with pytest.raises(RuntimeError, match="reset"):
        BatchedParis(2).step([3744, 3744])
