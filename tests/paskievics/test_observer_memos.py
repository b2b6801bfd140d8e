"""The state observer's kept blocks (:class:`paston.games.paskievics.encoding._Viewer`) never
show another deal's or an earlier position's entries.

The observer keeps, per table size and seat, the blocks it last encoded and what they were
read from, compared by value. These tests encode deals in the orders that would expose a
stale block (two deals taking turns for one seat, a copy changed in place, an undo) and
compare every tensor with the view encoder's, which keeps nothing.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paskievics.encoding import (
    encode_paskievics,
    encode_paskievics_state,
    paskievics_layout,
)
from paston.games.paskievics.rules import PaskievicsRules
from paston.games.paskievics.shuffle import deal_cards
from paston.games.paskievics.state import PaskievicsState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def deal(rng: random.Random, players: int) -> PaskievicsState:
    hands, talon, dealer = deal_cards(rng, rng.randrange(players), players)
    return PaskievicsState(hands, talon, dealer, PaskievicsRules(players=players))


def assert_observed(state: PaskievicsState, seat: int) -> None:
    layout = paskievics_layout(state.seats)
    fast = encode_paskievics_state(state, seat, layout)
    slow = encode_paskievics(state.view(seat), layout)
    diff = np.flatnonzero(fast != slow)
    assert diff.size == 0, (len(state.history), seat, diff[:10])


def step(state: PaskievicsState, rng: random.Random) -> None:
    legal = state.legal_actions()
    state.apply(legal[rng.randrange(len(legal))])


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, players=st.sampled_from([4, 5]))
def test_two_deals_taking_turns_for_one_seat(seed: int, players: int) -> None:
    rng = random.Random(seed)
    first, second = deal(rng, players), deal(rng, players)
    while not (first.is_over and second.is_over):
        for state in (first, second):
            assert_observed(state, 0)
            if not state.is_over:
                step(state, rng)
    assert_observed(first, 0)
    assert_observed(second, 0)


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS)
def test_undo_and_copies_changed_in_place(seed: int) -> None:
    rng = random.Random(seed)
    state = deal(rng, 4)
    while not state.is_over:
        seat = rng.randrange(4)
        assert_observed(state, seat)
        if state.history and rng.random() < 0.2:
            state.undo()
            assert_observed(state, seat)
            continue
        world = state.copy()
        assert_observed(world, seat)  # equal to the state's: every block kept
        others = [c for s in world.active if s != seat for c in world.hands[s]]
        if seat in world.active and others:
            world.hands[seat] = set(others[:2])  # in place, in the copy's own list
        if world.tricks:
            world.tricks.append(world.tricks[0])
        if world.announced:
            entry = world.announced[0]
            entry[3] = (entry[3] + 1) % 5  # an entry changed in place
        other = world.active[1]
        world.discards[other] = [] if world.discards[other] else [41]  # another discard
        assert_observed(world, seat)
        assert_observed(state, seat)  # and back: the original's blocks again
        step(state, rng)
    assert_observed(state, rng.randrange(4))
