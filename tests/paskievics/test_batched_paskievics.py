"""BatchedPaskievics: action for action the main engine's deals, and its array contract."""

from __future__ import annotations

import copy
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium import spaces
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import paston.env  # noqa: F401 - registers paston/Paskievics-v0
from paston.games.paskievics.actions import parse_action
from paston.games.paskievics.batched import BatchedPaskievics
from paston.games.paskievics.batched.check import compare_all, compare_with_engine, rule_variants
from paston.games.paskievics.cards import parse_card
from paston.games.paskievics.compact_actions import NUM_COMPACT_ACTIONS
from paston.games.paskievics.encoding import encode_paskievics_state
from paston.games.paskievics.rules import DEFAULT_RULES, FLAGS, PaskievicsRules
from paston.games.paskievics.state import PaskievicsState

from .worked import R91, R92, R93, R94, R96

#: numba kernels: compiled once, by one xdist worker (the Makefile: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("numba")


def test_a_checked_run_over_every_rule_variant_and_both_table_sizes() -> None:
    agreement = compare_all(200, seed=7)
    assert agreement.games >= 200
    assert agreement.variants == 2 * len(list(rule_variants(seed=7)))
    assert agreement.steps > 100 * agreement.games // 2


@pytest.mark.parametrize("players", [4, 5])
def test_default_rules_agree_on_many_deals(players: int) -> None:
    agreement = compare_with_engine(60, players=players, batch=12, seed=players)
    assert agreement.games >= 60
    assert agreement.thrown_in < agreement.games


@pytest.mark.parametrize("players", [4, 5])
def test_flat_action_ids_agree_too(players: int) -> None:
    env = BatchedPaskievics(2, players=players, compact_actions=False)
    single = gym.make("paston/Paskievics-v0", players=players)
    assert env.num_actions == int(getattr(single.action_space, "n", 0)) == 12517
    assert (env.observation_size,) == single.observation_space.shape
    single.close()
    rules = PaskievicsRules(tarokk_discard_last_resort=True, xx_discardable=True)
    agreement = compare_with_engine(40, players=players, rules=rules, seed=3, compact=False)
    assert agreement.games >= 40


#: Every deal flag's values, as the property below draws them.
_DRAWN = {
    flag.name: (
        st.booleans()
        if flag.kind == "bool"
        else st.sampled_from(flag.choices or ())
        if flag.kind == "choice"
        else st.integers(flag.minimum or 0, flag.maximum or 3)
    )
    for flag in FLAGS
    if flag.name not in ("players", "game_deals", "double_rounds")
}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from((4, 5)),
    flags=st.fixed_dictionaries(_DRAWN),
    compact=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_rules_any_deals_agree(
    players: int, flags: dict[str, object], compact: bool, seed: int
) -> None:
    rules = PaskievicsRules.from_dict(flags)
    agreement = compare_with_engine(
        6, players=players, rules=rules, batch=3, seed=seed, compact=compact
    )
    assert agreement.games >= 6


def test_rule_variants_cover_every_deal_flag() -> None:
    variants = list(rule_variants(mixtures=0))
    assert variants[0] == DEFAULT_RULES
    changed = {name for rules in variants[1:] for name in rules.to_dict()}
    assert {"free_call", "self_call", "max_kontra", "trull_conventions"} <= changed
    assert "game_deals" not in changed and "players" not in changed


@pytest.mark.parametrize("players", [4, 5])
def test_shapes_match_the_compact_gym_env(players: int) -> None:
    env = BatchedPaskievics(3, players=players, seed=2)
    obs, mask = env.reset()
    single = gym.make("paston/Paskievics-v0", players=players, compact_actions=True)
    assert isinstance(single.action_space, spaces.Discrete)
    assert obs.shape == (3, env.observation_size)
    assert obs.shape[1:] == single.observation_space.shape
    assert mask.shape == (3, NUM_COMPACT_ACTIONS) == (3, int(single.action_space.n))
    assert obs.dtype == np.float32 and mask.dtype == np.bool_
    assert mask.any(axis=1).all()
    obs, mask, reward, done = env.step(env.random_actions())
    assert reward.shape == (3, players) and done.shape == (3,)
    single.close()


def test_auto_reset_pays_once_and_deals_afresh() -> None:
    env = BatchedPaskievics(8, seed=3)
    env.reset()
    ended = 0
    paid_then_cleared = False
    for _ in range(400):
        before = env.deal_of(0)
        _obs, mask, reward, done = env.step(env.random_actions())
        assert mask.any(axis=1).all()  # a fresh deal at once: always someone to act
        if done[0]:
            ended += 1
            assert env.deal_of(0) != before
            assert env.to_act[0] == (env.deal_of(0)[2] + 1) % 4  # forehand bids first
            _obs, _mask, reward, done = env.step(env.random_actions())
            if not done[0]:
                assert not reward[0].any()
                paid_then_cleared = True
        else:
            assert not reward[0].any()
    assert ended >= 2 and paid_then_cleared


def test_the_same_seed_plays_the_same_deals() -> None:
    one, two = BatchedPaskievics(4, seed=9), BatchedPaskievics(4, seed=9)
    a, _ = one.reset()
    b, _ = two.reset()
    assert np.array_equal(a, b)
    for _ in range(50):
        actions = one.random_actions()
        two.random_actions()
        a, *_ = one.step(actions)
        b, *_ = two.step(actions)
        assert np.array_equal(a, b)


def test_an_illegal_action_is_refused_and_nothing_moves() -> None:
    env = BatchedPaskievics(2, seed=1)
    obs, mask = env.reset()
    kept = obs.copy()
    actions = env.random_actions()
    illegal = int(np.flatnonzero(~mask[1])[0])
    actions[1] = illegal
    with pytest.raises(ValueError, match=r"deal 1: action .* is not legal for seat \d; legal:"):
        env.step(actions)
    assert np.array_equal(env.obs, kept)
    with pytest.raises(ValueError, match="actions must be 2 integers"):
        env.step(np.zeros(3, dtype=np.int64))


def test_bad_arguments_get_precise_errors() -> None:
    with pytest.raises(ValueError, match="4 or 5 players, not 3"):
        BatchedPaskievics(2, players=3)
    with pytest.raises(ValueError, match="positive number of deals"):
        BatchedPaskievics(0)
    with pytest.raises(ValueError, match="seed must be"):
        BatchedPaskievics(1, seed=-1)
    with pytest.raises(RuntimeError, match="reset"):
        BatchedPaskievics(1).step([0])


def test_rules_follow_the_table_size_and_normalized_rewards_are_scaled() -> None:
    env = BatchedPaskievics(1, players=5, rules={"max_kontra": 2}, normalize_reward=True)
    assert env.rules == PaskievicsRules(players=5, max_kontra=2)
    assert env.reward_scale == pytest.approx(0.01)
    agreement = compare_with_engine(20, players=5, rules=env.rules, normalize_reward=True)
    assert agreement.games >= 20


def test_without_observations_the_masks_stay_the_same() -> None:
    seen, bare = BatchedPaskievics(4, seed=5), BatchedPaskievics(4, seed=5, observe=False)
    _, m1 = seen.reset()
    obs, m2 = bare.reset()
    assert not obs.any() and np.array_equal(m1, m2)
    for _ in range(30):
        actions = seen.random_actions()
        bare.random_actions()
        _, m1, r1, _ = seen.step(actions)
        obs, m2, r2, _ = bare.step(actions)
        assert np.array_equal(m1, m2) and np.array_equal(r1, r2) and not obs.any()


def test_the_checker_catches_a_kernel_that_plays_other_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import paston.games.paskievics.batched as batched

    real = batched.rules_array

    def one_kontra_only(
        rules: PaskievicsRules, observe: bool = True, compact: bool = True
    ) -> np.ndarray:
        out = real(rules, observe, compact)
        out[batched.k.R_MAX_KONTRA] = 1
        return out

    monkeypatch.setattr(batched, "rules_array", one_kontra_only)
    with pytest.raises(AssertionError, match="the masks differ"):
        compare_with_engine(200, seed=1)


def _flagged(record: dict[str, Any], actions: list[str] | None = None, **flags: Any) -> Any:
    out = copy.deepcopy(record)
    out["rules"] = {**record["rules"], **flags}
    if actions is not None:
        out["actions"] = actions
    return out


#: The worked records of the notation, and the flagged variants tests/paskievics/test_flags.py
#: plays on them (a Three with only a trull, scored unplayed, among them).
WORKED = [
    R91,
    R92,
    R93,
    R94,
    R96,
    _flagged(R91, [*R91["actions"][:10], "trull", "pass", "pass", "pass", "pass"],
             three_trull_not_played=True),
    _flagged(R93, tarokk_count_payment="team"),
    _flagged(R93, bonus_values="kovacs"),
    _flagged(R92, acceptor_must_announce=True),
    _flagged(R92, trull_conventions=True),
    _flagged(R94, ["pass", "pass", "pass", "pass"]),
]  # fmt: skip


@pytest.mark.parametrize("record", WORKED, ids=range(len(WORKED)))
def test_worked_records_replay_step_for_step(record: dict[str, Any]) -> None:
    rules = PaskievicsRules.from_dict(record["rules"])
    hands = [[parse_card(c) for c in hand] for hand in record["hands"]]
    talon = [parse_card(c) for c in record["talon"]]
    state = PaskievicsState(hands, talon, record["dealer"], rules)
    env = BatchedPaskievics(1, players=rules.players, rules=rules, compact_actions=False)
    obs, mask = env.reset(deals=[(hands, talon, record["dealer"])])
    for word in record["actions"]:
        seat = state.to_act
        assert seat is not None and env.to_act[0] == seat, word
        assert np.flatnonzero(mask[0]).tolist() == sorted(state.legal_actions()), word
        assert np.array_equal(obs[0], encode_paskievics_state(state, seat, env.layout)), word
        action = parse_action(word)
        state.apply(action)
        obs, mask, reward, done = env.step(np.array([action]))
        assert bool(done[0]) == state.is_over, word
    if state.is_over:
        assert reward[0].tolist() == [float(x) for x in state.result()]


def test_given_deals_are_checked() -> None:
    env = BatchedPaskievics(1)
    env.reset()
    hands, talon, dealer = env.deal_of(0)
    env.reset(deals=[(hands, talon, dealer)])
    assert env.deal_of(0) == (hands, talon, dealer)
    with pytest.raises(ValueError, match="must hold 1 deals, not 2"):
        env.reset(deals=[(hands, talon, dealer)] * 2)
    with pytest.raises(ValueError, match="each of the 42 cards once"):
        env.reset(deals=[([hands[1], *hands[1:]], talon, dealer)])
    with pytest.raises(ValueError, match="dealer must be a seat 0 to 3"):
        env.reset(deals=[(hands, talon, 4)])
