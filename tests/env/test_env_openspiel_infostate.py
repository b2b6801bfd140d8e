"""Information states (perfect recall) of every game: what a seat may know, and nothing else.

Two hands that differ only in cards hidden from a seat give that seat the same information
state (tensor and string) as long as neither card has shown itself to it; two hands that
differ in the seat's own cards do not. Checked through the games' research hooks (what the
OpenSpiel game reads), on hands dealt at random and played on with actions legal in both.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.core.registry import get_game
from paston.games.paris.cards import CARD_NAMES as PARIS_CARD_NAMES
from paston.games.paris.shuffle import deal_game
from paston.games.paris.state import ParisState
from paston.games.paskievics.cards import CARD_NAMES as PASKIEVICS_CARD_NAMES
from paston.games.paskievics.shuffle import deal_cards
from paston.games.paskievics.state import PaskievicsState
from paston.games.paston.cards import card_name, iter_bits
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal

# A pair of hands: (a, b, the two cards exchanged, by name).
Pair = tuple[Any, Any, tuple[str, str]]


def _paston_pair(seed: int, seat: int, own: bool) -> Pair:
    deal = deal_until_playable(seed=seed, dealer=seed % 3, first_deal=bool(seed % 2))[-1]
    rng = random.Random(seed)
    x_seat = seat if own else (seat + 1) % 3
    y_seat = (seat + 2) % 3
    x = rng.choice(list(iter_bits(deal.dealt[x_seat])))
    y = rng.choice(list(iter_bits(deal.dealt[y_seat])))
    hands = list(deal.dealt)
    hands[x_seat] ^= (1 << x) | (1 << y)
    hands[y_seat] ^= (1 << x) | (1 << y)

    def make(h: list[int]) -> Deal:
        return Deal(
            h, deal.prikup, dealer=deal.dealer, first_deal=deal.first_deal, rules=deal.rules
        )

    return make(list(deal.dealt)), make(hands), (card_name(x), card_name(y))


def _paris_pair(seed: int, seat: int, own: bool) -> Pair:
    real = deal_game(3, seed=seed)
    layout = [list(map(list, part)) for part in real.origin["layout"]]
    rng = random.Random(seed)
    x_seat = seat if own else (seat + 1) % 3
    y_seat = (seat + 2) % 3
    i = rng.randrange(len(layout[x_seat][2]))
    j = rng.randrange(len(layout[y_seat][2]))
    x, y = layout[x_seat][2][i], layout[y_seat][2][j]
    layout[x_seat][2][i], layout[y_seat][2][j] = y, x

    def make(lay: Any) -> ParisState:
        parts = [(tuple(d), tuple(u), tuple(h)) for d, u, h in lay]
        return ParisState.from_layout(3, real.dealer, parts, real.origin["deck"], real.rules)

    return make(real.origin["layout"]), make(layout), (PARIS_CARD_NAMES[x], PARIS_CARD_NAMES[y])


def _paskievics_pair(seed: int, seat: int, own: bool) -> Pair:
    hands, talon, dealer = deal_cards(random.Random(seed), dealer=seed % 4)
    rng = random.Random(seed)
    x_seat = seat if own else (seat + 1) % 4
    y_seat = (seat + 2) % 4
    swapped = [list(h) for h in hands]
    i, j = rng.randrange(9), rng.randrange(9)
    x, y = swapped[x_seat][i], swapped[y_seat][j]
    swapped[x_seat][i], swapped[y_seat][j] = y, x
    names = (PASKIEVICS_CARD_NAMES[x], PASKIEVICS_CARD_NAMES[y])
    return PaskievicsState(hands, talon, dealer), PaskievicsState(swapped, talon, dealer), names


PAIRS: dict[str, tuple[int, Callable[[int, int, bool], Pair]]] = {
    "paston": (3, _paston_pair),
    "paris": (3, _paris_pair),
    "paskievics": (4, _paskievics_pair),
}


def _seen(state: Any, seat: int) -> str:
    """What ``seat`` is shown now (its view, the legal actions included)."""
    return json.dumps(state.view(seat).to_json(), sort_keys=True)


def _same(game: str, a: Any, b: Any, seat: int) -> bool:
    research = get_game(game).research
    assert research.information_state_string is not None
    return research.information_state_string(a, seat) == research.information_state_string(
        b, seat
    ) and np.array_equal(research.information_state(a, seat), research.information_state(b, seat))


def _walk(game: str, seed: int, seat: int, steps: int) -> int:
    """Play hands ``a`` and ``b`` (hidden cards exchanged) on with the same actions, and
    compare ``seat``'s information states while everything it has been shown is the same;
    returns how many states were compared."""
    _, pair = PAIRS[game]
    a, b, _ = pair(seed, seat, False)
    rng = random.Random(seed)
    compared = 0
    for _ in range(steps + 1):
        if _seen(a, seat) != _seen(b, seat):
            break  # the seat can tell them apart (a card shown, another starter …)
        assert _same(game, a, b, seat)
        compared += 1
        both = sorted(set(a.legal_actions()) & set(b.legal_actions()))
        if a.is_over or not both or a.to_act != b.to_act:
            break
        action = rng.choice(both)
        a.apply(action)
        b.apply(action)
    return compared


@settings(max_examples=12, deadline=None)
@given(
    game=st.sampled_from(sorted(PAIRS)),
    seed=st.integers(0, 10_000),
    seat=st.integers(0, 3),
    steps=st.integers(0, 80),
)
def test_cards_hidden_from_a_seat_do_not_change_its_information_state(
    game: str, seed: int, seat: int, steps: int
) -> None:
    players, _ = PAIRS[game]
    research = get_game(game).research
    a, _, _ = PAIRS[game][1](seed, seat % players, False)
    assert research.information_state(a, seat % players).shape == (
        research.information_state_shape(players)
    )
    # A hand whose public facts differ at once (the marker holder bids first) compares none.
    _walk(game, seed, seat % players, steps)


def test_the_walks_reach_into_the_play() -> None:
    # The property above is only worth what its walks compare: they must get past the deal.
    for game, (players, _) in PAIRS.items():
        compared = [_walk(game, seed, seed % players, 80) for seed in range(6)]
        assert max(compared) >= 8, (game, compared)


@settings(max_examples=9, deadline=None)
@given(game=st.sampled_from(sorted(PAIRS)), seed=st.integers(0, 10_000), seat=st.integers(0, 3))
def test_a_seat_s_own_cards_change_its_information_state(game: str, seed: int, seat: int) -> None:
    players, pair = PAIRS[game]
    seat %= players
    a, b, _ = pair(seed, seat, True)
    assert not _same(game, a, b, seat)
