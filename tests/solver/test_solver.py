"""Tests of the double-dummy solver (``paston.games.paston.solver``).

The solver is checked against the plain minimax of ``paston.games.paston.solver.bruteforce``
on many small random positions, on hand-made positions with known values, and
for internal consistency (``card_values`` vs ``solve``, table reuse) on full deals.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paston.solver import (
    Position,
    Solver,
    card_values,
    legal_cards,
    solve,
    to_move,
)
from paston.games.paston.solver.bruteforce import _legal as reference_legal
from paston.games.paston.solver.bruteforce import brute_card_values, brute_force


def cards(*names: str) -> int:
    """Bitmask of cards given by name, e.g. ``cards("AS", "TH")``."""
    mask = 0
    for name in names:
        mask |= 1 << ("SCDH".index(name[1]) * 8 + "789TJQKA".index(name[0]))
    return mask


def brute(pos: Position) -> int:
    return brute_force(
        pos.hands, pos.trump, pos.declarer, pos.active, pos.leader, pos.trick, pos.must_overtrump
    )


def random_position(rng: random.Random, max_cards: int, nact: int | None = None) -> Position:
    """A random valid position, possibly mid-trick, with at most ``max_cards`` per hand."""
    if nact is None:
        nact = rng.choice((2, 3))
    active = tuple(sorted(rng.sample(range(3), nact)))
    n = rng.randint(1, max_cards)
    # Few suits, and often lopsided hands, so that voids, ruffs and overtrumps are frequent.
    suits = rng.sample(range(4), rng.choice((2, 2, 3, 4)))
    deck = [c for c in range(32) if c >> 3 in suits]
    if len(deck) < n * nact:
        deck = list(range(32))
    rng.shuffle(deck)
    hands = [0, 0, 0]
    if rng.random() < 0.5:
        # lopsided: each seat draws from its own one or two suits while they last
        for s in active:
            allowed = rng.sample(suits, rng.choice((1, 2)))
            mine = [c for c in deck if c >> 3 in allowed][:n]
            mine += [c for c in deck if c not in mine][: n - len(mine)]
            for c in mine:
                hands[s] |= 1 << c
                deck.remove(c)
    else:
        for i, s in enumerate(active):
            for c in deck[i * n : (i + 1) * n]:
                hands[s] |= 1 << c
    trump = rng.choice(suits) if rng.random() < 0.8 else rng.randrange(4)
    pos = Position(
        (hands[0], hands[1], hands[2]),
        trump,
        rng.choice(active),
        active,
        rng.choice(active),
        (),
        rng.random() < 0.5,
    )
    # Play a random number of random legal cards into the current trick.
    trick: list[int] = []
    for _ in range(rng.randrange(nact)):
        mover = to_move(pos)
        legal = [c for c in range(32) if (legal_cards(pos) >> c) & 1]
        c = rng.choice(legal)
        trick.append(c)
        h = list(pos.hands)
        h[mover] &= ~(1 << c)
        pos = Position(
            (h[0], h[1], h[2]),
            pos.trump,
            pos.declarer,
            pos.active,
            pos.leader,
            tuple(trick),
            pos.must_overtrump,
        )
    return pos


def test_matches_brute_force_on_random_positions() -> None:
    rng = random.Random(20240611)
    solver = Solver(tt_bits=16)
    counts = {"two": 0, "three": 0, "mid_trick": 0, "overtrump": 0}
    for i in range(1200):
        # Mostly small positions (the brute force is exponential: a 5-card three-handed
        # position costs it up to a few seconds), some with up to 5 cards per hand.
        max_cards = 5 if i % 25 == 0 else 4
        pos = random_position(rng, max_cards)
        if i % 50 == 0:
            solver.clear()
        expected = brute(pos)
        assert solver.solve(pos) == expected, pos
        counts["two" if len(pos.active) == 2 else "three"] += 1
        counts["mid_trick"] += bool(pos.trick)
        counts["overtrump"] += pos.must_overtrump
    assert min(counts.values()) >= 200, counts


def test_legal_cards_match_reference_rules() -> None:
    """Follow suit / must ruff / must overtrump, against the brute force's own rule code."""
    rng = random.Random(3)
    restricted = 0
    for _ in range(3000):
        trump, side = rng.sample(range(4), 2)
        n = rng.randint(2, 5)
        pool = [c for c in range(32) if c >> 3 in (trump, side)] + [rng.randrange(32)]
        pool = list(dict.fromkeys(pool))
        rng.shuffle(pool)
        hands = tuple(sum(1 << c for c in pool[i * n : (i + 1) * n]) for i in range(3))
        pos = Position(
            (hands[0], hands[1], hands[2]),
            trump,
            rng.randrange(3),
            (0, 1, 2),
            rng.randrange(3),
            (),
            rng.random() < 0.7,
        )
        for _ in range(3):
            mover = to_move(pos)
            hand = [c for c in range(32) if (pos.hands[mover] >> c) & 1]
            expected = reference_legal(hand, list(pos.trick), trump, pos.must_overtrump)
            got = legal_cards(pos)
            assert got == sum(1 << c for c in expected), pos
            if pos.must_overtrump and len(expected) < len(
                reference_legal(hand, list(pos.trick), trump, False)
            ):
                restricted += 1
            pos, _ = _play(pos, rng.choice(expected))
            if not pos.trick:
                break
    assert restricted >= 20


def test_card_values_match_brute_force() -> None:
    rng = random.Random(7)
    solver = Solver(tt_bits=16)
    for _ in range(150):
        pos = random_position(rng, 4)
        expected = brute_card_values(
            pos.hands,
            pos.trump,
            pos.declarer,
            pos.active,
            pos.leader,
            pos.trick,
            pos.must_overtrump,
        )
        assert solver.card_values(pos) == expected, pos


def test_card_values_agree_with_solve_on_full_deals() -> None:
    rng = random.Random(99)
    solver = Solver()
    for _ in range(12):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = tuple(sum(1 << c for c in deck[10 * i : 10 * i + 10]) for i in range(3))
        decl = rng.randrange(3)
        pos = Position(
            (hands[0], hands[1], hands[2]),
            rng.randrange(4),
            decl,
            (0, 1, 2),
            decl,
            (),
            rng.random() < 0.5,
        )
        value = solver.solve(pos)
        # Walk down one principal variation, checking card_values at every step.
        for _ in range(12):
            vals = solver.card_values(pos)
            best = max(vals.values()) if to_move(pos) == decl else min(vals.values())
            assert best == solver.solve(pos)
            assert set(vals) == {c for c in range(32) if (legal_cards(pos) >> c) & 1}
            c = next(c for c, v in vals.items() if v == best)
            pos, won = _play(pos, c)
            value -= won
            assert solver.solve(pos) == value


def _play(pos: Position, c: int) -> tuple[Position, int]:
    """Play card ``c``; return the new position and the tricks it gave the declarer."""
    mover = to_move(pos)
    h = list(pos.hands)
    h[mover] &= ~(1 << c)
    trick = (*pos.trick, c)
    if len(trick) < len(pos.active):
        return Position(
            (h[0], h[1], h[2]),
            pos.trump,
            pos.declarer,
            pos.active,
            pos.leader,
            trick,
            pos.must_overtrump,
        ), 0
    win_i = 0
    for i, card in enumerate(trick):
        w = trick[win_i]
        if (card >> 3 == w >> 3 and card > w) or (card >> 3 == pos.trump != w >> 3):
            win_i = i
    order = list(pos.active)
    winner = order[(order.index(pos.leader) + win_i) % len(order)]
    return Position(
        (h[0], h[1], h[2]), pos.trump, pos.declarer, pos.active, winner, (), pos.must_overtrump
    ), int(winner == pos.declarer)


def test_fresh_and_reused_solvers_agree() -> None:
    rng = random.Random(5)
    shared = Solver()
    for _ in range(10):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = tuple(sum(1 << c for c in deck[10 * i : 10 * i + 10]) for i in range(3))
        decl = rng.randrange(3)
        for trump in range(4):
            pos = Position((hands[0], hands[1], hands[2]), trump, decl, (0, 1, 2), decl)
            assert shared.solve(pos) == Solver(tt_bits=12).solve(pos)


def test_all_top_trumps_take_everything() -> None:
    # Declarer holds all eight spades (trumps) plus AC, KC and leads.
    hands = (
        cards("7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "AC", "KC"),
        cards("7C", "8C", "9C", "TC", "JC", "QC", "7D", "8D", "9D", "TD"),
        cards("JD", "QD", "KD", "AD", "7H", "8H", "9H", "TH", "JH", "QH"),
    )
    for leader in range(3):
        for must_overtrump in (False, True):
            assert solve(Position(hands, 0, 0, (0, 1, 2), leader, (), must_overtrump)) == 10
    # Defending with all the trumps instead: the declarer only gets... nothing.
    assert solve(Position(hands, 0, 1, (0, 1, 2), 0)) == 0


def test_trumpless_declarer_against_all_trumps() -> None:
    # Two-handed: the defender holds all eight hearts (trump), the declarer no heart.
    hands = (
        cards("7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"),
        cards("7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"),
        0,
    )
    assert solve(Position(hands, 3, 0, (0, 1), 0)) == 0
    assert solve(Position(hands, 3, 0, (0, 1), 1)) == 0
    # With spades trumps instead, the declarer takes everything.
    assert solve(Position(hands, 0, 0, (0, 1), 1)) == 8


def test_docstring_example() -> None:
    pos = Position(hands=(0xFF, 0xFF00, 0xFF0000), trump=0, declarer=0, active=(0, 1, 2), leader=0)
    assert solve(pos) == 8


def test_must_overtrump_changes_the_value() -> None:
    # Declarer (seat 0) leads 7S; both defenders are void in spades.  Without the
    # overtrump rule seat 2 underruffs with TH and keeps AH over declarer's KH.
    hands = (cards("7S", "KH"), cards("JH", "QH"), cards("TH", "AH"))
    free = Position(hands, 3, 0, (0, 1, 2), 0)
    forced = Position(hands, 3, 0, (0, 1, 2), 0, must_overtrump=True)
    assert solve(free) == brute(free) == 0
    assert solve(forced) == brute(forced) == 1
    # Mid-trick: after 7S and QH, seat 2 must play AH when overtrumping is compulsory.
    mid = Position(
        (cards("KH"), cards("JH"), cards("TH", "AH")),
        3,
        0,
        (0, 1, 2),
        0,
        (cards_id("7S"), cards_id("QH")),
        True,
    )
    assert legal_cards(mid) == cards("AH")
    assert legal_cards(Position(mid.hands, 3, 0, (0, 1, 2), 0, mid.trick)) == cards("TH", "AH")
    assert card_values(mid) == {cards_id("AH"): 1}


def cards_id(name: str) -> int:
    return cards(name).bit_length() - 1


def test_mid_trick_counts_current_trick() -> None:
    # Two-handed, one card each left: declarer led AS, defender holds 7S.
    pos = Position((cards(), cards("7S"), 0), 2, 0, (0, 1), 0, (cards_id("AS"),))
    assert to_move(pos) == 1
    assert solve(pos) == 1
    assert card_values(pos) == {cards_id("7S"): 1}


def test_empty_position() -> None:
    assert solve(Position((0, 0, 0), 1, 2, (0, 1, 2), 2)) == 0


def test_follow_suit_and_ruff_legality() -> None:
    hands = (cards("AS", "KS", "8C"), cards("7C", "8H", "9D"), cards("7D", "8D"))
    pos = Position(hands, 3, 1, (0, 1, 2), 2, (cards_id("JD"),))
    # seat 0 is void in diamonds and in hearts (trumps): anything goes.
    assert to_move(pos) == 0
    assert legal_cards(pos) == cards("AS", "KS", "8C")
    # seat 1 holds a diamond: must follow suit.
    pos1 = Position(
        (cards("AS", "8C"), hands[1], hands[2]),
        3,
        1,
        (0, 1, 2),
        2,
        (cards_id("JD"), cards_id("KS")),
    )
    assert to_move(pos1) == 1
    assert legal_cards(pos1) == cards("9D")
    # void in diamonds with a trump: must ruff.
    pos2 = Position(
        (cards("AS"), cards("7C", "8H"), cards("7D")),
        3,
        1,
        (0, 1, 2),
        2,
        (cards_id("JD"), cards_id("KS")),
    )
    assert legal_cards(pos2) == cards("8H")


@pytest.mark.parametrize(
    ("pos", "message"),
    [
        (Position((cards("AS"), cards("AS"), cards("KS")), 0, 0, (0, 1, 2), 0), "shares"),
        (Position((cards("AS", "KS"), cards("QS"), cards("JS")), 0, 0, (0, 1, 2), 0), "counts"),
        (Position((cards("AS"), cards("QS"), cards("JS")), 4, 0, (0, 1, 2), 0), "trump"),
        (Position((cards("AS"), cards("QS"), cards("JS")), 0, 1, (0, 2), 0), "declarer"),
        (Position((cards("AS"), cards("QS"), cards("JS")), 0, 0, (0, 2), 1), "leader"),
        (Position((cards("AS"), cards("QS"), cards("JS")), 0, 0, (2, 0), 0), "ascending"),
        (
            Position(
                (cards("AS"), cards("QS"), cards("JS")), 0, 0, (0, 1, 2), 0, (cards_id("QS"),)
            ),
            "duplicated",
        ),
        (
            Position(
                (cards(), cards("QS"), cards("JS")),
                0,
                0,
                (0, 1),
                0,
                (cards_id("AS"), cards_id("QS")),
            ),
            "complete",
        ),
        (
            Position(
                (cards("AS"), cards("QC", "QS"), cards("JS", "7D")),
                0,
                0,
                (0, 1, 2),
                2,
                (cards_id("8S"), cards_id("TS")),
            ),
            "counts",
        ),
        (
            Position(
                (cards("7D"), cards("QS", "QC"), cards("JS")),
                0,
                0,
                (0, 1, 2),
                2,
                (cards_id("8D"), cards_id("TS")),
            ),
            "not a legal play",
        ),
        (Position((cards("AS"), 1 << 40, cards("JS")), 0, 0, (0, 1, 2), 0), "32-bit"),
    ],
)
def test_invalid_positions_raise(pos: Position, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        solve(pos)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32 - 1), nact=st.sampled_from([2, 3]))
def test_hypothesis_matches_brute_force(seed: int, nact: int) -> None:
    pos = random_position(random.Random(seed), 4, nact)
    assert solve(pos) == brute(pos)
    vals = card_values(pos)
    mover = to_move(pos)
    assert (max if mover == pos.declarer else min)(vals.values()) == solve(pos)


_PURE_PYTHON_SCRIPT = """
import json, random, sys
sys.path.insert(0, {test_dir!r})
from test_solver import random_position
from paston.games.paston.solver import Solver
rng = random.Random(11)
s = Solver(tt_bits=14)
print(json.dumps([s.solve(random_position(rng, 5)) for _ in range(40)]))
"""


def test_pure_python_mode_gives_same_results() -> None:
    """The core also runs un-jitted (NUMBA_DISABLE_JIT=1) with identical results."""
    script = _PURE_PYTHON_SCRIPT.format(test_dir=os.path.dirname(__file__))
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    values = json.loads(out.stdout.strip().splitlines()[-1])
    rng = random.Random(11)
    expected = [brute(random_position(rng, 5)) for _ in range(40)]
    assert values == expected
