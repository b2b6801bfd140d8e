"""Undo restores every field after any run of actions, and a copy's lists are its own.

Actions replace the state's containers instead of changing them (the undo log's snapshots
share them): these tests would catch an action that changed one in place, and a copy whose
in-place changes (as a sampled world's) reached the original or its own undo log.
"""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paskievics.platform import new_match
from paston.games.paskievics.state import _MUTABLE, PaskievicsState


def _fields(state: PaskievicsState) -> list[object]:
    return [copy.deepcopy(getattr(state, name)) for name in _MUTABLE]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([4, 5]))
def test_undo_restores_every_field_after_each_action(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = new_match(players).next_state(rng)
    seen = [_fields(state)]
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        seen.append(_fields(state))
    while state.history:
        state.undo()
        seen.pop()
        assert _fields(state) == seen[-1]


def test_a_copy_changed_in_place_leaves_the_original_and_its_own_undo_alone() -> None:
    rng = random.Random(3)
    state = new_match(4).next_state(rng)
    while len(state.history) < 6 and not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    before = _fields(state)
    world = state.copy()
    world.hands[0] = set()
    world.discards[1] = [0]
    world.tricks.append((0, (1, 2, 3, 4), 0))
    assert _fields(state) == before
    world.undo()
    state.undo()
    assert world.hands == state.hands and world.discards == state.discards
    assert world.tricks == state.tricks
