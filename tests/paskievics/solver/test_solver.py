"""The card-point double-dummy solver against plain minimax on small positions, and its API."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paskievics.cards import CARD_POINTS, PAGAT, parse_card
from paston.games.paskievics.solver import PlayPosition, Solver, legal_cards
from paston.games.paskievics.solver.api import PositionError
from paston.games.paskievics.solver.bruteforce import brute_force

SOLVER = Solver(tt_bits=14)  # one table for all examples: entries must stay exact across deals


def mask(*names: str) -> int:
    return sum(1 << parse_card(n) for n in names)


def random_position(seed: int, max_cards: int = 4) -> PlayPosition:
    """Random hands of 1..max_cards cards, a random leader, sides, hold-back places, and a
    current trick of 0..3 legal cards."""
    rng = random.Random(seed)
    n = rng.randint(1, max_cards)
    pool = list(range(42))
    if rng.random() < 0.5:  # tarokk-heavy deals, where equivalent cards and trumping abound
        pool = list(range(22)) * 2 + list(range(22, 42))
    cards: list[int] = []
    while len(cards) < 4 * n:
        c = rng.choice(pool)
        if c not in cards:
            cards.append(c)
    hands = tuple(sum(1 << c for c in cards[i * n : (i + 1) * n]) for i in range(4))
    side = frozenset(rng.sample(range(4), rng.randint(1, 3)))
    hold = frozenset(rng.sample(range(4), rng.randint(0, 2)))
    pos = PlayPosition((hands[0], hands[1], hands[2], hands[3]), rng.randrange(4), side, (), hold)
    for _ in range(rng.randint(0, 3)):
        card = rng.choice(legal_cards(pos))
        h = list(pos.hands)
        h[pos.to_move] &= ~(1 << card)
        pos = PlayPosition((h[0], h[1], h[2], h[3]), pos.leader, side, (*pos.trick, card), hold)
    return pos


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_solver_equals_brute_force(seed: int) -> None:
    pos = random_position(seed)
    assert SOLVER.solve(pos) == brute_force(pos)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_card_values_equal_brute_force_after_each_card(seed: int) -> None:
    pos = random_position(seed, max_cards=3)
    values = SOLVER.card_values(pos)
    assert sorted(values) == legal_cards(pos)
    for card, value in values.items():
        h = list(pos.hands)
        h[pos.to_move] &= ~(1 << card)
        after = PlayPosition((h[0], h[1], h[2], h[3]), pos.leader, pos.side_d,
                             (*pos.trick, card), pos.holdback)  # fmt: skip
        if len(after.trick) == 4:
            assert value == brute_force_after_trick(after)
        else:
            assert value == brute_force(after)
    # The side to move picks its best card: the position's value is that best card's.
    mover_is_d = pos.to_move in pos.side_d
    best = max(values.values()) if mover_is_d else min(values.values())
    assert SOLVER.solve(pos) == best


def brute_force_after_trick(pos: PlayPosition) -> int:
    """Value of a position whose trick has just got its fourth card."""
    from paston.games.paskievics.solver.bruteforce import _winner

    win = (pos.leader + _winner(list(pos.trick))) % 4
    got = sum(CARD_POINTS[c] for c in pos.trick) if win in pos.side_d else 0
    if not any(pos.hands):
        return got
    return got + brute_force(PlayPosition(pos.hands, win, pos.side_d, (), pos.holdback))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_both_sides_share_every_point(seed: int) -> None:
    pos = random_position(seed, max_cards=5)
    everyone = PlayPosition(pos.hands, pos.leader, frozenset(range(4)), pos.trick, pos.holdback)
    total = sum(CARD_POINTS[c] for c in range(42) if any(h >> c & 1 for h in pos.hands))
    total += sum(CARD_POINTS[c] for c in pos.trick)
    assert SOLVER.solve(everyone) == total
    if len(pos.side_d) < 4:
        other = frozenset(range(4)) - pos.side_d
        flipped = PlayPosition(pos.hands, pos.leader, other, pos.trick, pos.holdback)
        assert SOLVER.solve(pos) + SOLVER.solve(flipped) == total


def test_example_trumps_drawn_then_king() -> None:
    pos = PlayPosition(
        (mask("SK", "KH"), mask("T2", "QH"), mask("T3", "AH"), mask("T4", "JH")),
        leader=0,
        side_d=frozenset({0, 2}),
    )
    # SK draws T2 T3 T4 (5 + 3 = 8 points), then KH takes QH AH JH (5 + 4 + 1 + 2 = 12).
    assert SOLVER.solve(pos) == 20 == brute_force(pos)


def test_pagat_hold_back_keeps_the_pagat_to_the_last_trick() -> None:
    hands = (mask("T1", "T10"), mask("T5", "KS"), mask("T6", "QS"), mask("T7", "CS"))
    free = PlayPosition(hands, 0, frozenset({0}))
    held = PlayPosition(hands, 0, frozenset({0}), holdback=frozenset({0}))
    assert legal_cards(held) == [parse_card("T10")]
    assert PAGAT in legal_cards(free)
    assert SOLVER.solve(free) == brute_force(free)
    assert SOLVER.solve(held) == brute_force(held)


def test_clear_keeps_results() -> None:
    solver = Solver(tt_bits=10)
    pos = random_position(7, max_cards=4)
    first = solver.solve(pos)
    solver.clear()
    assert solver.solve(pos) == first == brute_force(pos)


@pytest.mark.parametrize(
    ("pos", "message"),
    [
        (PlayPosition((1, 1, 4, 8), 0, frozenset({0})), "in two hands"),
        (PlayPosition((1, 2, 4, 8 | 16), 0, frozenset({0})), "equally many"),
        (PlayPosition((1, 2, 4, 8), 4, frozenset({0})), "leader"),
        (PlayPosition((1, 2, 4, 8), 0, frozenset()), "side_d"),
        (PlayPosition((mask("KH"), 2, 4, 8), 0, frozenset({0}), (parse_card("KH"),)), "both"),
    ],
)
def test_bad_positions_are_refused_precisely(pos: PlayPosition, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        SOLVER.solve(pos)


def test_an_illegal_trick_card_is_named() -> None:
    # Place 1 holds a heart but the trick says it played a tarokk on the heart lead.
    pos = PlayPosition(
        (mask("T5"), mask("QH"), mask("T3", "T6"), mask("T4", "T7")), 0, frozenset({0}),
        (parse_card("KH"), parse_card("T2")),
    )  # fmt: skip
    with pytest.raises(PositionError, match="T2 of place 1 is not legal"):
        SOLVER.solve(pos)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 120))
def test_a_guess_never_changes_the_value(seed: int, guess: int) -> None:
    """A guess only steers the probes: right, wrong, beyond the points left, the value is
    the exact one."""
    pos = random_position(seed)
    SOLVER.clear()
    assert SOLVER.solve(pos, guess=guess) == brute_force(pos)


TINY = Solver(tt_bits=10)  # 1,024 slots: entries of one search evict each other all the time


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 120))
def test_positions_beyond_brute_force_agree_across_tables_and_guesses(
    seed: int, guess: int
) -> None:
    """Up to 7 cards a hand (too many for the brute force): a crowded table, a roomy one and
    any guess give one value, and the best card's value is the position's."""
    pos = random_position(seed, max_cards=7)
    TINY.clear()
    SOLVER.clear()
    value = TINY.solve(pos)
    assert SOLVER.solve(pos, guess=guess) == value
    values = SOLVER.card_values(pos)
    mover_is_d = pos.to_move in pos.side_d
    assert (max(values.values()) if mover_is_d else min(values.values())) == value


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_a_crowded_table_keeps_values_exact(seed: int) -> None:
    pos = random_position(seed)
    assert TINY.solve(pos) == brute_force(pos)
