"""No observation holds a hidden card: two games that differ only in cards a seat cannot see
(other hands, every face-down card, the deck) give that seat the same observation, mask and
picture; a card the seat does see changes its observation. Plus the layout's shape."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from paston.games.paris.encoding import (
    describe_paris_layout,
    encode_paris,
    paris_layout,
    paris_legal_mask,
)
from paston.games.paris.record import position_record, state_from_record
from paston.games.paris.shuffle import deal_game
from paston.games.paris.state import ParisState
from paston.games.paris.text import render_view


def played_position(seed: int, players: int, steps: int) -> ParisState | None:
    """A random game after at least ``steps`` actions, once past the opening play."""
    rng = random.Random(seed)
    state = deal_game(players, seed=seed, dealer=seed % players)
    taken = 0
    while not state.is_over and (taken < steps or state.phase != "play" or state.opening):
        state.apply(rng.choice(state.legal_actions()))
        taken += 1
    return None if state.is_over else state


def reshuffle_hidden(record: dict[str, Any], viewer: int, seed: int) -> dict[str, Any]:
    """The same position with the cards ``viewer`` cannot see dealt out again at random into
    the same places (other hands keep their sizes, slots stay full or empty)."""
    places: list[tuple[str, int, int]] = []
    pool: list[str] = []
    for s, seat in enumerate(record["seats"]):
        if s != viewer:
            for i, card in enumerate(seat["hand"]):
                places.append(("hand", s, i))
                pool.append(card)
        for i, card in enumerate(seat["face_down"]):
            if card is not None:
                places.append(("face_down", s, i))
                pool.append(card)
    for i, card in enumerate(record["deck"]):
        places.append(("deck", -1, i))
        pool.append(card)
    random.Random(seed).shuffle(pool)
    other = {**record, "seats": [dict(seat) for seat in record["seats"]]}
    for seat in other["seats"]:
        seat["hand"] = list(seat["hand"])
        seat["face_down"] = list(seat["face_down"])
    other["deck"] = list(record["deck"])
    for (where, s, i), card in zip(places, pool, strict=True):
        if where == "deck":
            other["deck"][i] = card
        else:
            other["seats"][s][where][i] = card
    return other


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 9),
    steps=st.integers(0, 300),
    viewer=st.integers(0, 8),
    shuffle=st.integers(0, 10**6),
)
def test_hidden_cards_do_not_reach_the_observation(
    seed: int, players: int, steps: int, viewer: int, shuffle: int
) -> None:
    viewer %= players
    state = played_position(seed, players, steps)
    assume(state is not None)
    assert state is not None
    record = position_record(state)
    other = reshuffle_hidden(record, viewer, shuffle)
    assume(other != record)
    a, b = state_from_record(record), state_from_record(other)
    assert a.snapshot() != b.snapshot()  # the two games really differ
    va, vb = a.view(viewer), b.view(viewer)
    layout = paris_layout(players)
    assert np.array_equal(encode_paris(va, layout), encode_paris(vb, layout))
    assert np.array_equal(paris_legal_mask(va), paris_legal_mask(vb))
    assert render_view(va) == render_view(vb)
    assert va.to_json() == vb.to_json()
    # A seat whose own hand changed sees the difference: the encoding is not blind.
    for seat in range(players):
        if a.hand(seat) != b.hand(seat):
            assert not np.array_equal(
                encode_paris(a.view(seat), layout), encode_paris(b.view(seat), layout)
            )


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 9), viewer=st.integers(0, 8))
def test_swap_phase_observations_ignore_hidden_cards(seed: int, players: int, viewer: int) -> None:
    """Deals with the same public cards and the same hand for the viewer, played through the
    swap phase with the same actions (the others only say ready)."""
    viewer %= players
    a = deal_game(players, seed=seed, dealer=seed % players)
    layout_a = [(a.face_down(s), a.face_up(s), a.hand(s)) for s in range(players)]
    hidden = [c for s in range(players) if s != viewer for c in layout_a[s][2]]
    hidden += [c for s in range(players) for c in layout_a[s][0]] + list(a.deck)
    random.Random(seed + 1).shuffle(hidden)
    it = iter(hidden)
    layout_b = []
    for s, (down, up, hand) in enumerate(layout_a):
        new_hand = list(hand) if s == viewer else [next(it) for _ in hand]
        layout_b.append(([next(it) for _ in down], list(up), new_hand))
    deck_b = list(it)
    b = ParisState.from_layout(players, a.dealer, layout_b, deck_b)
    rng = random.Random(seed)
    layout = paris_layout(players)
    while a.phase == "swap":
        va, vb = a.view(viewer), b.view(viewer)
        assert np.array_equal(encode_paris(va, layout), encode_paris(vb, layout))
        assert np.array_equal(paris_legal_mask(va), paris_legal_mask(vb))
        action = rng.choice(a.legal_actions()) if a.to_act == viewer else "ready"
        a.apply(action)
        b.apply(action)


def test_layout_blocks() -> None:
    for players in range(2, 10):
        layout = paris_layout(players)
        sizes = {f.name: f.size for f in layout.fields}
        assert sizes["face_up"] == 52 * players and sizes["face_down"] == 3 * players
        assert layout.size == sum(sizes.values())
        text = describe_paris_layout(players)
        assert len(text.splitlines()) == len(layout.fields)
    state = played_position(3, 4, 120)
    assert state is not None
    obs = encode_paris(state.view(1))
    assert obs.dtype == np.float32 and obs.min() >= 0.0 and obs.max() <= 1.0
    layout = paris_layout(4)
    assert obs[layout.slice("hand")].sum() * 2 == state.hand_count(1)
    assert obs[layout.slice("pile")].sum() * 2 == len(state.pile)
    assert obs[layout.offset("to_act") + (state.to_act - 1) % 4] == 1.0
