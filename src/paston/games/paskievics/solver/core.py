"""Numba-compiled core of the Paskievics card-point double-dummy solver.

Positions are in *play order*: the four active players are numbered 0..3 so that the next
player is always ``(p + 1) & 3`` (the caller maps table seats to these places). Cards are the
engine's numbers 0..41 (:mod:`paston.games.paskievics.cards`): tarokks 0..21 from the Skíz
down to the Pagát, then five cards per plain suit from the king down; a hand is a bit mask.

Search model
------------
``search`` is a fail-soft alpha-beta on **card points**: the value of a position is the number
of card points side D (the places whose bit is set in ``ctx[C_SIDES]``) takes in the rest of
the deal, the cards already lying in the current trick included. Nothing else of the scoring
(bonuses, game thresholds) enters the value: this is the counting method of the spec, §2.2.

Play rules (spec §9): follow suit; else a tarokk; a tarokk led must be answered with a tarokk
if possible; no duty to overtake. The Pagát hold-back (§9) is a per-place flag
(``ctx[C_HOLD]``): such a place never plays the Pagát while it has another card.

Pruning
-------
* bounds: at a trick boundary the value lies in ``[0, rem]`` (``rem`` = points still out);
* equivalent cards: two tarokks of one hand that are neighbours among the cards still alive
  (in the hands or in the current trick) and worth the same points give the same result, so
  only the highest of such a run is searched (SK/XXI, a run inside II..XX; plain cards all
  differ in points, so none of them merge);
* move ordering: the table's best lead first; a follower tries winning cards first when the
  other side holds the trick, and smears points onto its own side's trick;
* transposition table at trick boundaries (from the second trick on). The key is exact: the
  set of remaining cards, the owner of each of them (two bits per card, at most 32 cards), the
  leader and a context byte (sides and hold-back places); the one-point tarokks II..XX
  enter only by their number, their order being in the owner sequence. Values only depend on
  the future, so an entry stays valid for every later position with the same context, in any deal: a
  generation number in the key clears the table in O(1). Each entry holds a lower and an
  upper bound (null-window probes mostly learn bounds) and the best card; the slot mixes
  every bit of the key.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

I64Array = NDArray[np.int64]

NUM_CARDS = 42
TAROKKS = (1 << 22) - 1
PAGAT_BIT = 1 << 21
MID_TAROKKS = TAROKKS & ~3 & ~PAGAT_BIT  # II..XX
ALL_CARDS = (1 << NUM_CARDS) - 1

# Context vector layout (int64 array)
C_SIDES = 0  # bit p set: place p belongs to side D
C_HOLD = 1  # bit p set: place p must hold the Pagát back
C_TTMASK = 2  # table slots - 1
C_GEN = 3  # generation, part of every key
C_NODES = 4  # nodes visited (diagnostics)
C_MOVES = 5  # move lists: 9 cards and 9 priorities per ply, the root's ply first
MAX_PLIES = 40
C_SIZE = C_MOVES + 18 * MAX_PLIES

MAX_TT_CARDS = 32  # two owner bits per remaining card must fit one int64
_HASH_A = 0x5851F42D4C957F2D
_HASH_B = 0x14057B7EF767814F


def card_points_table() -> I64Array:
    """Card points by card number (spec §2.2): honours and kings 5, queens 4, cavaliers 3,
    jacks 2, the other tarokks and the low plain cards 1."""
    pts = np.ones(NUM_CARDS, np.int64)
    pts[0] = pts[1] = pts[21] = 5
    for suit in range(4):
        for rank, value in enumerate((5, 4, 3, 2, 1)):
            pts[22 + 5 * suit + rank] = value
    return pts


POINTS: I64Array = card_points_table()


@njit(cache=True, nogil=True)
def suit_mask(card: int) -> int:
    """The cards of ``card``'s suit (the tarokks form one suit)."""
    if card < 22:
        return TAROKKS
    return 31 << (22 + 5 * ((card - 22) // 5))


@njit(cache=True, nogil=True)
def beats(card: int, best: int) -> bool:
    """Whether ``card`` beats ``best``, the card now winning a trick (of the led suit or a
    tarokk)."""
    if card < 22:
        return best >= 22 or card < best
    if best < 22:
        return False
    return (card - 22) // 5 == (best - 22) // 5 and card < best


@njit(cache=True, nogil=True)
def legal_mask(hand: int, lead: int, hold: int) -> int:
    """The legal cards of ``hand``; ``lead`` is the card led (-1 when leading); ``hold`` != 0
    when the Pagát must be held back."""
    legal = hand
    if lead >= 0:
        follow = hand & suit_mask(lead)
        if follow != 0:
            legal = follow
        elif lead >= 22 and hand & TAROKKS != 0:
            legal = hand & TAROKKS
    if hold != 0 and legal & PAGAT_BIT != 0 and legal != PAGAT_BIT:
        legal &= ~PAGAT_BIT
    return legal


@njit(cache=True, nogil=True)
def _group(card: int) -> int:
    """Tarokks worth the same points: SK/XXI (5), II..XX (1), the Pagát (5, alone)."""
    if card < 2:
        return 0
    if card < 21:
        return 1
    return 2


@njit(cache=True, nogil=True)
def representatives(legal: int, alive: int) -> int:
    """``legal`` without the tarokks equivalent to a higher one of the same set: neighbours
    among the ``alive`` cards with the same points."""
    t = legal & TAROKKS
    if t & (t - 1) == 0:
        return legal
    prev_in = False
    prev_group = -1
    for c in range(22):
        if (alive >> c) & 1:
            inside = (t >> c) & 1 != 0
            g = _group(c)
            if inside and prev_in and g == prev_group:
                legal &= ~(1 << c)
            prev_in = inside
            prev_group = g
    return legal


@njit(cache=True, nogil=True)
def points_of(mask: int, points: I64Array) -> int:
    total = 0
    m = mask
    while m != 0:
        low = m & -m
        total += points[_bit_index(low)]
        m ^= low
    return total


@njit(cache=True, nogil=True)
def _bit_index(single: int) -> int:
    """Index of the only set bit of ``single``."""
    i = 0
    if single >= 1 << 32:
        single >>= 32
        i += 32
    if single >= 1 << 16:
        single >>= 16
        i += 16
    if single >= 1 << 8:
        single >>= 8
        i += 8
    if single >= 1 << 4:
        single >>= 4
        i += 4
    if single >= 1 << 2:
        single >>= 2
        i += 2
    if single >= 1 << 1:
        i += 1
    return i


@njit(cache=True, nogil=True)
def _winner_index(trick: I64Array, n: int) -> int:
    w = 0
    for i in range(1, n):
        if beats(trick[i], trick[w]):
            w = i
    return w


@njit(cache=True, nogil=True)
def _keys(hands: I64Array, cards: int, leader: int, ctx: I64Array) -> tuple[int, int]:
    context = ctx[C_SIDES] | (ctx[C_HOLD] << 4) | (ctx[C_GEN] << 8)
    # II..XX are all worth one point: only how many remain matters (their order, and so
    # who holds which, is in the owner sequence below), so positions that differ only in
    # which of them were played share an entry.
    mid = 0
    m = cards & MID_TAROKKS
    while m != 0:
        m &= m - 1
        mid += 1
    k1 = (cards & ~MID_TAROKKS) | (mid << 2) | (leader << 42) | (context << 44)
    k2 = 0
    shift = 0
    m = cards
    while m != 0:
        low = m & -m
        owner = 0
        if hands[1] & low:
            owner = 1
        elif hands[2] & low:
            owner = 2
        elif hands[3] & low:
            owner = 3
        k2 |= owner << shift
        shift += 2
        m ^= low
    return k1, k2


@njit(cache=True, nogil=True)
def _slot(k1: int, k2: int, mask: int) -> int:
    """The table slot of a key: every bit of both words mixed into the low bits (a plain
    product's middle bits would ignore the leader, the context and the last cards' owners)."""
    h = k1 * _HASH_A + k2
    h ^= (h >> 31) & 0x1FFFFFFFF
    h *= _HASH_B
    h ^= (h >> 29) & 0x7FFFFFFFF
    h *= _HASH_A
    h ^= (h >> 32) & 0xFFFFFFFF
    return h & mask


# Not cached: numba's on-disk cache of a recursive function crashes when loaded (numba
# issue #6061), so ``search`` and ``solve`` compile once per process (a few seconds).
@njit(nogil=True)
def search(
    hands: I64Array,
    trick: I64Array,
    ncard: int,
    leader: int,
    alive: int,
    rem: int,
    alpha: int,
    beta: int,
    ctx: I64Array,
    tt: I64Array,
    points: I64Array,
    ply: int = 0,
) -> int:
    """Side D's card points from here on (current trick included), fail-soft in
    ``(alpha, beta)``; ``ply`` counts the cards played since the root (it picks this node's
    move list in ``ctx``). ``hands`` and ``trick`` are restored before returning."""
    ctx[C_NODES] += 1
    seat = (leader + ncard) & 3
    sides = ctx[C_SIDES]
    maxing = (sides >> seat) & 1 != 0
    slot = -1
    k1 = 0
    k2 = 0
    hint = -1
    a0 = alpha
    b0 = beta
    if ncard == 0:
        cards = hands[0] | hands[1] | hands[2] | hands[3]
        if cards == 0:
            return 0
        if hands[seat] & (hands[seat] - 1) == 0:
            # the last trick plays itself
            for i in range(4):
                h = hands[(seat + i) & 3]
                trick[i] = _bit_index(h)
            w = (seat + _winner_index(trick, 4)) & 3
            return rem if (sides >> w) & 1 else 0
        if rem <= alpha:
            return rem
        if beta <= 0:
            return 0
        ncards = 0
        m = cards
        while m != 0:
            m &= m - 1
            ncards += 1
        if ncards <= MAX_TT_CARDS:
            k1, k2 = _keys(hands, cards, leader, ctx)
            slot = _slot(k1, k2, ctx[C_TTMASK])
            if tt[slot, 0] == k1 and tt[slot, 1] == k2:
                data = int(tt[slot, 2])
                lo = data & 127
                hi = (data >> 7) & 127
                hint = (data >> 14) & 63
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                if alpha >= beta:
                    return alpha
            a0 = alpha
            b0 = beta
    lead = trick[0] if ncard > 0 else -1
    hand = hands[seat]
    legal = legal_mask(hand, lead, (ctx[C_HOLD] >> seat) & 1)
    legal = representatives(legal, alive)

    # ordering: collect the moves with a priority, best first
    # this ply's move list lives in ctx (an array per node would be allocated on the heap)
    base = C_MOVES + 18 * ply
    n = 0
    win_i = _winner_index(trick, ncard) if ncard > 0 else 0
    best_card = trick[win_i] if ncard > 0 else -1
    friend_wins = ncard > 0 and ((sides >> ((leader + win_i) & 3)) & 1 != 0) == maxing
    m = legal
    while m != 0:
        low = m & -m
        c = _bit_index(low)
        m ^= low
        pts = points[c]
        if ncard == 0:
            p = 1000 if c == hint else (pts * 4 + (30 - c if c < 22 else 0))
        elif friend_wins:
            p = pts * 4 - (8 if beats(c, best_card) else 0)
        elif beats(c, best_card):
            p = 500 + pts * 4 + (c if c < 22 else 0)
        else:
            p = 100 - pts * 4
        j = n
        while j > 0 and ctx[base + 8 + j] < p:
            ctx[base + j] = ctx[base + j - 1]
            ctx[base + 9 + j] = ctx[base + 8 + j]
            j -= 1
        ctx[base + j] = c
        ctx[base + 9 + j] = p
        n += 1

    best = -1 if maxing else 1000
    chosen = -1
    for i in range(n):
        c = ctx[base + i]
        bit = 1 << c
        hands[seat] ^= bit
        trick[ncard] = c
        if ncard == 3:
            w = (leader + _winner_index(trick, 4)) & 3
            pts = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
            gone = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
            gain = pts if (sides >> w) & 1 else 0
            t0 = trick[0]
            t1 = trick[1]
            t2 = trick[2]
            v = gain + search(
                hands, trick, 0, w, alive & ~gone, rem - pts, alpha - gain, beta - gain,
                ctx, tt, points, ply + 1,
            )  # fmt: skip
            # the child overwrote the trick slots: put this trick back for the siblings
            trick[0] = t0
            trick[1] = t1
            trick[2] = t2
        else:
            v = search(
                hands, trick, ncard + 1, leader, alive, rem, alpha, beta, ctx, tt, points, ply + 1
            )
        hands[seat] ^= bit
        trick[ncard] = c
        if maxing:
            if v > best:
                best = v
                chosen = c
                if best > alpha:
                    alpha = best
        else:
            if v < best:
                best = v
                chosen = c
                if best < beta:
                    beta = best
        if alpha >= beta:
            break
    if slot >= 0:
        lo = 0
        hi = 127
        if tt[slot, 0] == k1 and tt[slot, 1] == k2:
            data = tt[slot, 2]
            lo = data & 127
            hi = (data >> 7) & 127
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = best
            hi = best
        tt[slot, 0] = k1
        tt[slot, 1] = k2
        tt[slot, 2] = lo | (hi << 7) | ((chosen & 63) << 14)
    return best


@njit(nogil=True)
def solve(
    hands: I64Array,
    trick: I64Array,
    ncard: int,
    leader: int,
    ctx: I64Array,
    tt: I64Array,
    points: I64Array,
    guess: int = -1,
) -> int:
    """The exact value of a position (see :func:`search`); the trick array holds ``ncard``
    cards played from ``leader`` on (it needs room for four). ``guess`` (``-1``: none) is
    where the value probably lies: a close guess saves probes, a far one costs a few.
    """
    cards = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(ncard):
        cards |= 1 << trick[i]
    rem = points_of(cards, points)
    # Null-window probes ("is the value at least t?") narrow the range; each probe prunes far
    # more than one wide-window search, and the table keeps the bounds between probes. The
    # first probe asks "at least the guess?" (no guess: half the points out); a fail-soft
    # answer is usually the value itself, so the next probe steps one point past the bound
    # it gave, and the step doubles while the answers keep going the same way (a right guess
    # takes two probes, a far one a logarithmic number).
    lo = 0
    hi = rem
    t = guess if guess >= 0 else (rem + 1) // 2
    step = 0
    last = 0
    while lo < hi:
        t = min(max(t, lo + 1), hi)
        v = search(hands, trick, ncard, leader, cards, rem, t - 1, t, ctx, tt, points)
        way = 1 if v >= t else -1
        if way > 0:
            lo = v
        else:
            hi = v
        step = 2 * step if way == last else 1
        last = way
        t = lo + step if way > 0 else hi - step + 1
    return lo
