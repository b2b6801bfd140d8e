"""The OpenSpiel game ``python_paston``: pyspiel's random simulation checks, chance, returns."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import paston.env.openspiel_game  # noqa: E402, F401  (registers the games)
from paston.games.paston.cards import SEVEN_SPADES, cards_of  # noqa: E402
from paston.games.paston.encoding import (  # noqa: E402
    INFO_STATE_LAYOUT,
    OBSERVATION_LAYOUT,
    encode,
    info_state_string,
    observation_string,
)
from paston.games.paston.spiel import ALL_PLAYERS_EXTRA  # noqa: E402

SHORT_NAME = "python_paston"


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
    game = pyspiel.load_game(SHORT_NAME)
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
    game = pyspiel.load_game("python_paston", {"dealer": 1})
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
    free = pyspiel.load_game("python_paston", {"bottom_7s_reshuffle": False, "dealer": 0})
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


def test_the_dealer_is_a_chance_outcome() -> None:
    game = pyspiel.load_game("python_paston")
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "dealer 2"
    state.apply_action(2)
    assert state.deal is None and dict(state.chance_outcomes())[SEVEN_SPADES] == pytest.approx(
        1 / 31
    )
    dealers = set()
    rng = random.Random(3)
    for _ in range(40):
        final = playout(game, rng)
        assert final.deal is not None
        dealers.add(final.deal.dealer)
        assert final.history()[0] == final.deal.dealer
    assert dealers == {0, 1, 2}
    # Before the dealer is drawn a player knows only its seat.
    fresh = game.new_initial_state()
    assert fresh.information_state_string(1).startswith("seat 1")
    tensor = np.asarray(fresh.information_state_tensor(1))
    assert tensor.sum() == 2.0


def test_whole_game_flags_are_not_parameters() -> None:
    for flag in ("target", "neg121_reset", "deal2_dealer", "marker_rule_each_game", "target_tie"):
        assert flag not in pyspiel.load_game(SHORT_NAME).get_type().parameter_specification
        with pytest.raises(Exception, match=flag):
            pyspiel.load_game("python_paston", {flag: 1})
    game = pyspiel.load_game("python_paston", {"must_overtrump": True, "first_deal": True})
    assert game.rules.must_overtrump and game.first_deal


def _play_with_undo(game: pyspiel.Game, seed: int) -> None:
    """Play a random game keeping every state, then undo every move back to the start,
    checking each state equals the one kept."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    kept: list[tuple[str, list[int], int]] = []
    while not state.is_terminal():
        kept.append((str(state), state.history(), state.current_player()))
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while kept:
        text, history, player = kept.pop()
        state.undo_action(player, state.history()[-1])
        assert str(state) == text and state.history() == history
        assert state.move_number() == len(history)


def test_undo_action_takes_back_every_move() -> None:
    for seed in range(6):
        _play_with_undo(pyspiel.load_game("python_paston"), seed)
    _play_with_undo(pyspiel.load_game("python_paston", {"dealer": 2, "first_deal": True}), 9)
    state = pyspiel.load_game("python_paston").new_initial_state()
    state.apply_action(1)
    with pytest.raises(ValueError, match="the last move is"):
        state.undo_action(0, 5)


def test_resample_from_infostate_keeps_the_information_state() -> None:
    game = pyspiel.load_game("python_paston")
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(6)
    differing = 0
    for _ in range(8):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                if state.is_chance_node() and len(state.history()) in (5, 20):
                    for p in range(3):  # while dealing too
                        other = state.resample_from_infostate(p, sampler)
                        assert other.information_state_string(p) == (
                            state.information_state_string(p)
                        )
                continue
            player = state.current_player()
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.legal_actions() == state.legal_actions()
            differing += str(other) != str(state)
            state.apply_action(rng.choice(state.legal_actions()))
    assert differing > 0  # the hidden cards do get redrawn


def test_all_players_observer_sees_every_hand() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_paston")
    full = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
        ),
    )
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    deal = state.deal
    assert deal is not None
    full.set_from(state, 1)
    assert full.tensor.size == OBSERVATION_LAYOUT.size + ALL_PLAYERS_EXTRA
    for seat in range(3):
        row = full.dict["all_hands"][(seat - 1) % 3]
        assert set(np.flatnonzero(row)) == set(cards_of(deal.hands[seat]))
    assert set(np.flatnonzero(full.dict["all_prikup"])) == set(cards_of(deal.prikup))
    assert np.array_equal(
        full.tensor[: OBSERVATION_LAYOUT.size], encode(deal.view(1), OBSERVATION_LAYOUT)
    )
    assert "all hands: " in full.string_from(state, 1)


def test_python_ismcts_runs_without_user_code() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_paston")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 20, random_state=np.random.RandomState(1))
    rng = random.Random(5)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    for _ in range(4):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) >= 33 + 2


def test_tensors_equal_encode_of_the_view_at_every_move() -> None:
    """The observers follow a state move by move (an incremental encoder per player); clones
    and undos in between must not confuse them."""
    game = pyspiel.load_game("python_paston")
    rng = random.Random(12)
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            for p in range(3):
                view = state.deal.view(p)
                assert np.array_equal(
                    np.asarray(state.information_state_tensor(p), dtype=np.float32), encode(view)
                )
                assert np.array_equal(
                    np.asarray(state.observation_tensor(p), dtype=np.float32),
                    encode(view, OBSERVATION_LAYOUT),
                )
            other = state.clone()
            action = rng.choice(state.legal_actions())
            other.apply_action(action)
            assert np.array_equal(
                np.asarray(other.information_state_tensor(0), dtype=np.float32),
                encode(other.deal.view(0)),
            )
            if rng.random() < 0.3:
                state.apply_action(action)
                state.undo_action(state.deal.actor(len(state.deal.actions) - 1), action)
            state.apply_action(action)
