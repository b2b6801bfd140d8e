"""The OpenSpiel game ``python_paris``: registration, exact chance nodes, the deal they make,
observations from the view, returns, and OpenSpiel's own random simulation test."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import paston.env.openspiel_game  # noqa: E402, F401  (registers python_paris)
from paston.games.paris.encoding import encode_paris  # noqa: E402
from paston.games.paris.shuffle import deal_layout, reference_shuffle  # noqa: E402
from paston.games.paris.text import render_view  # noqa: E402


def test_random_sim_test_passes() -> None:
    for params in (
        "players=2,max_turns=150",
        "players=5,dealer=3,max_turns=150,voluntary_pickup=True",
    ):
        game = pyspiel.load_game(f"python_paris({params})")
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chance_nodes_shuffle_the_two_packs_exactly() -> None:
    game = pyspiel.load_game("python_paris(players=4,dealer=2)")
    state = game.new_initial_state()
    first = state.chance_outcomes()
    assert len(first) == 52 and all(p == pytest.approx(2 / 104) for _, p in first)
    sequence = reference_shuffle(2008)
    for i, card in enumerate(sequence):
        assert state.is_chance_node()
        outcomes = dict(state.chance_outcomes())
        assert sum(outcomes.values()) == pytest.approx(1.0)
        assert outcomes[card] == pytest.approx(sequence[i:].count(card) / (104 - i))
        state.apply_action(card)
    assert state.current_player() == 3  # the dealer's left swaps first
    layout, deck = deal_layout(sequence, 4, 2)
    engine = state.game_state
    assert engine is not None and list(engine.deck) == deck
    for seat, (down, up, hand) in enumerate(layout):
        assert list(engine.face_down(seat)) == list(down)
        assert engine.hand(seat) == sorted(hand) and engine.face_up(seat) == sorted(up)
    with pytest.raises(Exception, match="dealt"):
        fresh = game.new_initial_state()
        fresh.apply_action(5)
        fresh.apply_action(5)
        fresh.apply_action(5)


def test_observations_are_the_views_and_returns_the_result() -> None:
    game = pyspiel.load_game("python_paris(players=3,max_turns=400)")
    state = game.new_initial_state()
    assert not any(state.observation_tensor(1))  # nothing dealt yet, nothing seen
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        if state.is_chance_node():
            cards, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(cards, p=probs)))
            continue
        engine = state.game_state
        for seat in range(3):
            view = engine.view(seat)
            assert np.array_equal(np.array(state.observation_tensor(seat)), encode_paris(view))
        assert state.observation_string(0) == render_view(engine.view(0))
        assert sorted(state.legal_actions()) == sorted(engine.legal_actions())
        state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert sum(returns) == -1.0 and returns[state.game_state.loser] == -1.0
    clone = state.clone()
    assert clone.returns() == returns and clone.game_state is not state.game_state


def test_bad_parameters() -> None:
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("python_paris(players=10)")
    with pytest.raises(Exception, match="dealer"):
        pyspiel.load_game("python_paris(players=3,dealer=3)")
    with pytest.raises(Exception, match="max_turns"):
        pyspiel.load_game("python_paris(max_turns=0)")
