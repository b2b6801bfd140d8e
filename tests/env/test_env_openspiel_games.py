"""One OpenSpiel game class for every game: registration, pyspiel's own checks, resampling
and OpenSpiel's Python ISMCTS playing whole hands of each game."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import paston.env.openspiel_game  # noqa: E402, F401  (registers the games)
from paston.core.registry import available, get_game  # noqa: E402

#: Every shipped game, with parameters that keep a random hand short.
GAMES = {
    "python_paston": "python_paston",
    "python_paris": "python_paris(players=3,max_turns=150)",
    "python_paskievics": "python_paskievics",
}


def _deal(state: pyspiel.State, rng: random.Random) -> None:
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])


def test_every_game_with_research_hooks_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for name in available():
        if get_game(name).offers("research"):
            assert f"python_{name}" in names
    assert set(GAMES) <= names


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_random_sim_test(spec: str) -> None:
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_api_is_consistent_along_random_playouts(spec: str) -> None:
    game = pyspiel.load_game(spec)
    gt = game.get_type()
    assert gt.provides_information_state_tensor and gt.provides_information_state_string
    rng = random.Random(3)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                cards, probs = zip(*outcomes, strict=True)
                state.apply_action(rng.choices(cards, probs)[0])
                continue
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            assert legal == state.legal_actions(player)
            mask = state.legal_actions_mask(player)
            assert [a for a, ok in enumerate(mask) if ok] == legal
            for p in range(game.num_players()):
                info = np.asarray(state.information_state_tensor(p))
                assert info.shape == tuple(game.information_state_tensor_shape())
                obs = np.asarray(state.observation_tensor(p))
                assert obs.shape == tuple(game.observation_tensor_shape())
            clone = state.clone()
            action = rng.choice(legal)
            state.apply_action(action)
            assert clone.history() == state.history()[:-1]
            restored = game.deserialize_state(state.serialize())
            assert restored.history() == state.history()
            assert restored.information_state_string(player) == (
                state.information_state_string(player)
            )
        returns = state.returns()
        assert len(returns) == game.num_players()
        if gt.utility != pyspiel.GameType.Utility.GENERAL_SUM:
            assert sum(returns) == pytest.approx(game.utility_sum())
        assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_resample_from_infostate_keeps_the_player_s_information(spec: str) -> None:
    game = pyspiel.load_game(spec)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(7)
    state = game.new_initial_state()
    _deal(state, rng)
    differing = 0
    checked = 0
    while not state.is_terminal() and checked < 40:
        player = state.current_player()
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(
            other.information_state_tensor(player), state.information_state_tensor(player)
        )
        assert other.legal_actions() == state.legal_actions()
        assert len(other.history()) == len(state.history())
        if spec != GAMES["python_paskievics"]:
            # An explicit deal says how the world was dealt: its history replays it.
            again = game.deserialize_state(other.serialize())
            assert str(again) == str(other)
        differing += str(other.game_state.view(0).to_json()) != str(
            state.game_state.view(0).to_json()
        ) or any(
            other.information_state_string(p) != state.information_state_string(p)
            for p in range(game.num_players())
        )
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert differing > 0  # the cards hidden from the player do get redrawn


def test_the_old_module_names_still_import() -> None:
    from paston.env import openspiel_game
    from paston.env.openspiel_game import ALL_PLAYERS_EXTRA, DEAL_FLAGS, ParisGame, PastonGame

    assert PastonGame().get_type().short_name == "python_paston"
    assert ParisGame({"players": 5}).num_players() == 5
    assert "must_overtrump" in DEAL_FLAGS and ALL_PLAYERS_EXTRA == 160
    with pytest.raises(AttributeError, match="NoSuchName"):
        _ = openspiel_game.NoSuchName


def test_a_game_parameter_out_of_range_is_refused() -> None:
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("python_paskievics(players=6)")
    with pytest.raises(Exception, match="dealer"):
        pyspiel.load_game("python_paskievics(dealer=4)")


def test_normalize_reward_divides_by_the_reward_scale() -> None:
    scale = get_game("paston").research.reward_scale
    plain = pyspiel.load_game("python_paston(dealer=0)")
    scaled = pyspiel.load_game("python_paston(dealer=0,normalize_reward=True)")
    assert scaled.max_utility() == pytest.approx(plain.max_utility() / scale)
    rng = random.Random(11)
    for _ in range(20):
        a, b = plain.new_initial_state(), scaled.new_initial_state()
        while not a.is_terminal():
            if a.is_chance_node():
                outcomes, probs = zip(*a.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        assert b.returns() == pytest.approx([r / scale for r in a.returns()])
        if any(a.returns()):
            return
    pytest.fail("no deal of 20 scored anything")


@pytest.mark.parametrize(
    ("spec", "hands", "simulations"),
    [
        ("python_paston", 2, 8),
        ("python_paris(players=3,max_turns=120)", 1, 3),
        ("python_paskievics", 1, 3),
    ],
    ids=["paston", "paris", "paskievics"],
)
def test_python_ismcts_plays_whole_hands(spec: str, hands: int, simulations: int) -> None:
    """OpenSpiel's ISMCTS (it asserts every resampled root has the player's information
    state) takes every decision of whole hands: each action legal, each hand finished."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(spec)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, simulations, random_state=np.random.RandomState(1))
    # ISMCTS resamples through state.resample_from_infostate with an unseeded sampler; a
    # seeded one keeps the test repeatable.
    sampler = pyspiel.UniformProbabilitySampler(2, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    rng = random.Random(5)
    played = 0  # hands that went beyond the auction (a thrown-in deal is short)
    for _ in range(hands + 4):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                _deal(state, rng)
                continue
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        assert decisions > 0 and len(state.returns()) == game.num_players()
        played += decisions >= 20
        if played == hands:
            return
    pytest.fail(f"only {played} of {hands} hands went beyond the auction")
