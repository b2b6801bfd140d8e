"""Every game of the platform keeps the protocol's promises (``paston.core.protocol``), checked
by playing random hands through ``GameInfo`` alone."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.core.protocol import Match, State, View
from paston.core.registry import available, get_game

GAMES = [name for name in available() if name in ("paston", "paris", "paskievics")]


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), seats_pick=st.integers(0, 10))
def test_random_hands_keep_the_protocol(name: str, seed: int, seats_pick: int) -> None:
    info = get_game(name)
    seats = info.seat_counts[seats_pick % len(info.seat_counts)]
    match = info.new_match(seats, info.parse_rules({}), 0)
    assert isinstance(match, Match) and match.players == seats
    rng = random.Random(seed)
    state = match.next_state(random.Random(seed))
    assert isinstance(state, State) and state.players == seats
    steps = 0
    while not state.is_over and steps < 150:
        seat = state.to_act
        assert seat is not None and 0 <= seat < seats
        legal = state.legal_actions()
        assert legal and all(0 <= a < info.num_actions for a in legal)
        # Every seat's view now and then (views of long hands are not free), the actor's always.
        for other in range(seats) if steps % 10 == 0 else (seat,):
            view = state.view(other)
            assert isinstance(view, View) and view.seat == other
            data = view.to_json()
            json.dumps(data)  # JSON-ready
            # Only the seat to act has legal actions; its view lists them in the notation,
            # in the order of view.legal.
            assert (list(view.legal) == legal) if other == seat else view.legal == ()
            assert data["legal"] == [state.action_str(a) for a in view.legal]
        action = rng.choice(legal)
        assert state.parse_action(state.action_str(action)) == action
        assert state.result() == (0.0,) * seats
        before = json.dumps(state.view(seat).to_json())
        state.apply(action)
        assert state.undo() == action
        assert json.dumps(state.view(seat).to_json()) == before  # undo restores the view
        state.apply(state.action_str(action))  # strings in the notation are accepted too
        steps += 1
    if state.is_over:
        assert state.to_act is None and state.legal_actions() == []
        assert len(state.result()) == seats
