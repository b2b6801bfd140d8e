"""The OpenSpiel game ``python_paston``: pyspiel's random simulation checks, chance, returns."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from paston.env import openspiel_game  # noqa: E402
from paston.env.encoding import (  # noqa: E402
    INFO_STATE_LAYOUT,
    OBSERVATION_LAYOUT,
    encode,
    info_state_string,
    observation_string,
)
from paston.games.paston.cards import SEVEN_SPADES  # noqa: E402


def playout(game: pyspiel.Game, rng: random.Random) -> pyspiel.State:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_registered_and_shaped() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 541
    assert game.information_state_tensor_shape() == [INFO_STATE_LAYOUT.size]
    assert game.observation_tensor_shape() == [OBSERVATION_LAYOUT.size]
    gt = game.get_type()
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_random_sim_test_default_rules() -> None:
    game = pyspiel.load_game("python_paston")
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


def test_random_sim_test_variants() -> None:
    game = pyspiel.load_game(
        "python_paston",
        {
            "dealer": 2,
            "first_deal": True,
            "allow_jump_bids": True,
            "lone_whist_mode": "whister_plays_both_open",
        },
    )
    assert game.new_initial_state() is not None
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    with pytest.raises(Exception, match="dealer"):
        pyspiel.load_game("python_paston", {"dealer": 3})


def test_chance_outcomes_follow_the_bottom_card_rule() -> None:
    game = pyspiel.load_game("python_paston")
    rng = random.Random(0)
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    assert sum(first.values()) == pytest.approx(1.0)
    assert first[SEVEN_SPADES] == pytest.approx(1 / 31)
    # 7♠ is never the last card dealt; every chance distribution sums to 1.
    for _ in range(30):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert [a for a, _ in outcomes] == sorted(a for a, _ in outcomes)
            cards, probs = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(cards, probs)[0])
        assert state.history()[31] != SEVEN_SPADES
    free = pyspiel.load_game("python_paston", {"bottom_7s_reshuffle": False})
    assert dict(free.new_initial_state().chance_outcomes())[SEVEN_SPADES] == pytest.approx(1 / 32)


def test_returns_and_observations_come_from_the_engine() -> None:
    game = pyspiel.load_game("python_paston")
    rng = random.Random(4)
    for _ in range(10):
        state = playout(game, rng)
        deal = state.deal
        assert deal is not None
        expected = deal.scores if deal.scores is not None else (0, 0, 0)
        assert state.returns() == [float(s) for s in expected]
        for p in range(3):
            view = deal.view(p)
            assert state.information_state_string(p) == info_state_string(view)
            assert state.observation_string(p) == observation_string(view)
            assert np.array_equal(
                np.asarray(state.information_state_tensor(p), dtype=np.float32), encode(view)
            )
            assert np.array_equal(
                np.asarray(state.observation_tensor(p), dtype=np.float32),
                encode(view, OBSERVATION_LAYOUT),
            )


def test_public_observer_hides_private_cards() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_paston")
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE),
    )
    state = playout(game, random.Random(8))
    public.set_from(state, 0)
    assert "hand" not in public.dict and "prikup" not in public.dict
    text = public.string_from(state, 0)
    assert "prikup" not in text and "discard " not in text


def test_python_algorithms_run_on_it() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("python_paston")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(5):
        solver.iteration()
    policy = solver.average_policy()
    state = playout(game, random.Random(1))
    assert state.is_terminal() and policy is not None
