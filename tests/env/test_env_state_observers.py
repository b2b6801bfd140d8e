"""Each game's state observer gives exactly its encoder's tensor of the seat's view.

The Gymnasium and PettingZoo adapters encode a seat's observation straight from the state
when the game offers a ``state_observer`` (a speed-up that must read only what the seat's view
holds); these tests play random games of every game and compare, after every action and for
every seat, the state observer's tensor with the encoder's tensor of ``state.view(seat)``.
A hidden card that reached the state observer would show here as a difference, since the
view-based encoder never sees one. Paston's incremental encoder has its own tests
(``test_env_fast_encoding.py``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.core.registry import get_game
from paston.env.research_game import ResearchGame


def _compare_game(game: str, players: int, seed: int, rules: Any = None) -> int:
    """Play one random hand of ``game``; returns how many tensors were compared."""
    research = ResearchGame.build(game, players, rules, {})
    hooks = research.hooks
    assert hooks.state_observer is not None
    observers = [hooks.state_observer(s, players, research.options) for s in range(players)]
    rng = random.Random(seed)
    state = research.deal(rng)
    compared = 0
    while True:
        for seat in range(players):
            fast = observers[seat](state)
            slow = research.observe(state.view(seat))
            assert fast.dtype == np.float32 and fast.shape == slow.shape
            diff = np.flatnonzero(fast != slow)
            assert diff.size == 0, (game, seed, len(state.history), seat, diff[:10])
            compared += 1
        if state.is_over:
            return compared
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", [2, 3, 5, 9])
def test_paris_state_observer_equals_the_view_encoder(players: int) -> None:
    rules = get_game("paris").parse_rules({"max_turns": 300})
    for seed in range(2):
        assert _compare_game("paris", players, seed, rules) > 100


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 9), pickup=st.booleans())
def test_paris_state_observer_under_rule_variants(seed: int, players: int, pickup: bool) -> None:
    rules = get_game("paris").parse_rules({"max_turns": 150, "voluntary_pickup": pickup})
    assert _compare_game("paris", players, seed, rules) > 0


@pytest.mark.parametrize("players", [4, 5])
def test_paskievics_state_observer_equals_the_view_encoder(players: int) -> None:
    compared = sum(_compare_game("paskievics", players, seed) for seed in range(12))
    assert compared > 100


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([4, 5]))
def test_paskievics_state_observer_on_random_deals(seed: int, players: int) -> None:
    assert _compare_game("paskievics", players, seed) > 0


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6))
def test_paris_burned_counts_follow_the_burned_cards_through_undo(seed: int, players: int) -> None:
    # The counts the Paris observer reads are kept by the engine beside the burned list;
    # undoing a burn must give the cards back to the counts too, and a copy is independent.
    research = ResearchGame.build("paris", players, {"max_turns": 200}, {})
    rng = random.Random(seed)
    state = research.deal(rng)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if rng.random() < 0.3:
            copy = state.copy()
            state.undo()
            assert copy.burned_counts() == _counts(copy.burned_cards)
            state.apply(legal[rng.randrange(len(legal))])
        assert state.burned_counts() == _counts(state.burned_cards)


def _counts(cards: tuple[int, ...]) -> list[int]:
    counts = [0] * 52
    for card in cards:
        counts[card] += 1
    return counts
