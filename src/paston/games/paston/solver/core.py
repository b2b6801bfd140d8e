"""Numba-compiled hot core of the Paston double-dummy solver.

Everything in this module is written so that it also runs, unchanged, as plain
Python when the environment variable ``NUMBA_DISABLE_JIT=1`` is set (numba then
turns ``njit`` into a no-op).  All integers are kept non-negative and below
2**63, so that the same arithmetic is valid both for numba's ``int64`` and for
Python's unbounded integers.

Search model
------------
The search is a boolean ("zero window") alpha-beta: ``_search(..., target)``
answers *can the declarer take at least ``target`` of the remaining tricks
(the current, possibly incomplete, trick included)?*  The driver
``solve_state`` finds the exact value with a few such probes (binary search
narrowed by the transposition table).  numba cannot cache recursive functions
(numba issue #6061), so the recursion runs on an explicit stack (``new_stack``).

A search state is a handful of ints:

* ``h0, h1, h2``: the seats' remaining hands (bit ``c`` = card ``c``); the
  hand of an inactive seat is 0.
* ``seat``: seat to move.
* ``ncard``: number of cards already in the current trick.
* ``win_card`` / ``win_seat``: card currently winning the trick and its owner
  (meaningless when ``ncard == 0``); the suit led is ``lead_suit``.
* ``tcards``: bitmask of the cards lying in the current trick.
* ``target``: tricks the declarer still needs from this point.

Pruning and ordering
--------------------
* trivial bounds: ``target <= 0`` succeeds, ``target >`` tricks left fails;
  the last trick is played out directly;
* at trick boundaries, sure tricks of the side on lead (``quick_tricks``) and the
  run of top trumps in one hand (each of those cards wins a trick whoever leads)
  give a lower bound for one side and an upper bound for the other;
* equivalent cards (adjacent in rank among the cards still in play, the current
  trick included, within one hand) are searched once (``T_REPS`` table);
* moves are tried in groups: for the leader the table's best move, a killer
  lead, then the cards that are the highest of their suit, then the rest low
  first; for the other players, the cheapest card that wins the trick when the
  side to move is losing it (low cards first when it is winning it).

Transposition table
-------------------
Only trick-boundary positions are stored.  The key is the position with every
suit *rank-compressed* (the remaining cards of a suit renumbered 0..n-1 from
the bottom), plus the leader and a context byte (trump, declarer,
must-overtrump flag, active seats).  Play only depends on the relative order
of the remaining cards, so the key is exact and an entry is valid for every
deal: entries never have to be invalidated, a generation counter only serves
to "clear" the table in O(1).  An entry holds a lower and an upper bound on the
declarer's future tricks and the best lead found (in compressed form).
"""

from __future__ import annotations

import numpy as np
from numba import config, njit
from numpy.typing import NDArray

U8Array = NDArray[np.uint8]
I64Array = NDArray[np.int64]

# ---------------------------------------------------------------------------
# Lookup-table layout (one flat uint8 array, see ``build_tables``)
# ---------------------------------------------------------------------------
T_COMP = 0  # [alive8 * 256 + hand8] -> hand8 compressed to the alive cards
T_REPS = 65536  # [alive8 * 256 + hand8] -> lowest card of each run of hand8 w.r.t. alive8
T_TOPRUN = 131072  # [alive8 * 256 + hand8] -> length of hand8's run at the top of alive8
T_NTH = 196608  # [alive8 * 8 + j] -> rank of the j-th lowest card of alive8
T_POP = T_NTH + 2048  # [byte] -> popcount
T_HI = T_POP + 256  # [byte] -> index of the highest set bit
T_LO = T_HI + 256  # [byte] -> index of the lowest set bit
T_SIZE = T_LO + 256

# ---------------------------------------------------------------------------
# Parameter vector layout (int64 array)
# ---------------------------------------------------------------------------
P_TRUMP = 0
P_DECL = 1
P_MUSTOVER = 2
P_NEXT = 3  # 3, 4, 5: next active seat after seat 0, 1, 2
P_NACTIVE = 6
P_CTX = 7
P_TTMASK = 8
P_GEN = 9
P_NODES = 10
P_SIZE = 12

# TT columns
TT_K1 = 0
TT_K2 = 1
TT_DATA = 2

M31 = 0x7FFFFFFF
NO_HINT = 255

if getattr(config, "DISABLE_JIT", 0):

    def _i(x: int) -> int:
        """Table entry as a plain int (pure-Python mode)."""
        return int(x)

else:

    @njit(cache=True, nogil=True, inline="always")
    def _i(x: int) -> int:
        """Table entry widened to int64 (numba's ``int()`` would keep ``uint8``)."""
        return np.int64(x)  # type: ignore[return-value]


@njit(cache=True, nogil=True)
def build_tables() -> U8Array:
    """Build the flat uint8 lookup table used by the search."""
    tab = np.zeros(T_SIZE, np.uint8)
    bits = np.zeros(8, np.int64)
    for alive in range(256):
        n = 0
        for r in range(8):
            if (alive >> r) & 1:
                bits[n] = r
                n += 1
        for j in range(n):
            tab[T_NTH + alive * 8 + j] = bits[j]
        tab[T_POP + alive] = n
        if n > 0:
            tab[T_HI + alive] = bits[n - 1]
            tab[T_LO + alive] = bits[0]
        sub = alive
        while True:
            comp = 0
            rep = 0
            prev = 0
            for j in range(n):
                held = (sub >> bits[j]) & 1
                if held:
                    comp |= 1 << j
                    if prev == 0:
                        rep |= 1 << bits[j]
                prev = held
            run = 0
            for j in range(n - 1, -1, -1):
                if (sub >> bits[j]) & 1:
                    run += 1
                else:
                    break
            idx = alive * 256 + sub
            tab[T_COMP + idx] = comp
            tab[T_REPS + idx] = rep
            tab[T_TOPRUN + idx] = run
            if sub == 0:
                break
            sub = (sub - 1) & alive
    return tab


@njit(cache=True, nogil=True)
def popcount(x: int) -> int:
    """Number of set bits of a non-negative int below 2**32."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, nogil=True)
def low_card(m: int, tab: U8Array) -> int:
    """Index of the lowest set bit of a non-zero 32-bit mask."""
    for s in range(4):
        b = (m >> (8 * s)) & 255
        if b != 0:
            return 8 * s + _i(tab[T_LO + b])
    return -1


@njit(cache=True, nogil=True)
def high_card(m: int, tab: U8Array) -> int:
    """Index of the highest set bit of a non-zero 32-bit mask."""
    for s in range(3, -1, -1):
        b = (m >> (8 * s)) & 255
        if b != 0:
            return 8 * s + _i(tab[T_HI + b])
    return -1


@njit(cache=True, nogil=True)
def legal_mask(
    hand: int, ncard: int, lead_suit: int, win_card: int, trump: int, must_over: int
) -> int:
    """Legal cards of ``hand`` given the current trick state."""
    if ncard == 0:
        return hand
    follow = hand & (0xFF << (8 * lead_suit))
    if follow != 0:
        return follow
    trumps = hand & (0xFF << (8 * trump))
    if trumps != 0:
        if must_over != 0 and (win_card >> 3) == trump:
            over = trumps & ~((2 << win_card) - 1)
            if over != 0:
                return over
        return trumps
    return hand


@njit(cache=True, nogil=True)
def beats(c: int, win_card: int, trump: int) -> bool:
    """Whether card ``c`` beats the card currently winning the trick."""
    cs = c >> 3
    ws = win_card >> 3
    if cs == ws:
        return c > win_card
    return cs == trump


@njit(cache=True, nogil=True)
def quick_tricks(leader: int, h0: int, h1: int, h2: int, trump: int, tab: U8Array) -> int:
    """Tricks the side of ``leader`` surely takes, ``leader`` being on lead.

    Line counted: cash the leader's top trumps, then the leader's top runs in the
    side suits where no other player can ruff (no trump left after the trump
    rounds, or enough cards in the suit to follow throughout).
    """
    alive = h0 | h1 | h2
    if leader == 0:
        hl = h0
        ha = h1
        hb = h2
    elif leader == 1:
        hl = h1
        ha = h0
        hb = h2
    else:
        hl = h2
        ha = h0
        hb = h1
    tsh = 8 * trump
    at = (alive >> tsh) & 255
    t = _i(tab[T_TOPRUN + at * 256 + ((hl >> tsh) & 255)])
    ta = _i(tab[T_POP + ((ha >> tsh) & 255)]) - t
    tb = _i(tab[T_POP + ((hb >> tsh) & 255)]) - t
    qt = t
    for s in range(4):
        if s == trump:
            continue
        sh = 8 * s
        a = (alive >> sh) & 255
        k = _i(tab[T_TOPRUN + a * 256 + ((hl >> sh) & 255)])
        if k == 0:
            continue
        if ta > 0 and _i(tab[T_POP + ((ha >> sh) & 255)]) < k:
            continue
        if tb > 0 and _i(tab[T_POP + ((hb >> sh) & 255)]) < k:
            continue
        qt += k
    return qt


@njit(cache=True, nogil=True)
def finish_forced(
    h0: int,
    h1: int,
    h2: int,
    seat: int,
    ncard: int,
    win_card: int,
    win_seat: int,
    tab: U8Array,
    prm: I64Array,
) -> int:
    """Declarer's tricks when every remaining player holds exactly one card."""
    trump = prm[P_TRUMP]
    nact = prm[P_NACTIVE]
    s = seat
    wc = win_card
    ws = win_seat
    for i in range(ncard, nact):
        if s == 0:
            h = h0
        elif s == 1:
            h = h1
        else:
            h = h2
        c = low_card(h, tab)
        if i == 0 or beats(c, wc, trump):
            wc = c
            ws = s
        s = prm[P_NEXT + s]
    return 1 if ws == prm[P_DECL] else 0


@njit(cache=True, nogil=True)
def tt_index(k1: int, k2: int, mask: int) -> int:
    """Hash a TT key (both parts < 2**63) without integer overflow."""
    x = ((k1 & M31) * 0x5BD1E995) ^ ((k1 >> 31) * 0x1B873593)
    x ^= ((k2 & M31) * 0x27D4EB2F) ^ ((k2 >> 31) * 0x165667B1)
    x ^= (x >> 23) ^ (x >> 41)
    return x & mask


# Explicit search stack (numba's cache cannot reload recursive functions, see
# numba issue #6061, so the alpha-beta recursion is unrolled by hand).
MAX_PLY = 34
S_H0 = 0
S_H1 = 1
S_H2 = 2
S_SEAT = 3
S_NCARD = 4
S_LS = 5
S_WC = 6
S_WS = 7
S_TC = 8
S_TARGET = 9
S_G0 = 10
S_G1 = 11
S_G2 = 12
S_IDX = 13
S_K1 = 14
S_K2 = 15
S_LB = 16
S_UB = 17
S_HINT = 18
S_CUR = 19
S_ISDECL = 20
S_KILLER = 21  # last lead that caused a cutoff at this ply: card + 32 * seat
S_SIZE = 22

_ENTER = 0
_NEXT = 1
_RETURN = 2


@njit(cache=True, nogil=True)
def new_stack() -> I64Array:
    """Allocate a search stack."""
    stk = np.zeros((MAX_PLY, S_SIZE), np.int64)
    stk[:, S_KILLER] = -1
    return stk


@njit(cache=True, nogil=True)
def _store(
    stk: I64Array, ply: int, result: bool, best: int, tt: I64Array, tab: U8Array, prm: I64Array
) -> None:
    """Record the outcome of a finished trick-boundary node in the table."""
    target = stk[ply, S_TARGET]
    lb = stk[ply, S_LB]
    ub = stk[ply, S_UB]
    if result:
        if target > lb:
            lb = target
    elif target - 1 < ub:
        ub = target - 1
    alive = stk[ply, S_H0] | stk[ply, S_H1] | stk[ply, S_H2]
    c = best
    if c < 0:
        c = stk[ply, S_HINT]
    hc = NO_HINT
    if c >= 0:
        cs = c >> 3
        below = (alive >> (8 * cs)) & ((1 << (c & 7)) - 1)
        hc = 8 * cs + _i(tab[T_POP + below])
    idx = stk[ply, S_IDX]
    tt[idx, TT_K1] = stk[ply, S_K1]
    tt[idx, TT_K2] = stk[ply, S_K2]
    tt[idx, TT_DATA] = lb | (ub << 8) | (hc << 16) | (prm[P_GEN] << 24)


@njit(cache=True, nogil=True)
def _search(
    h0: int,
    h1: int,
    h2: int,
    seat: int,
    ncard: int,
    lead_suit: int,
    win_card: int,
    win_seat: int,
    tcards: int,
    target: int,
    tt: I64Array,
    tab: U8Array,
    prm: I64Array,
    stk: I64Array,
) -> bool:
    """Can the declarer take at least ``target`` more tricks from this state?"""
    trump = prm[P_TRUMP]
    decl = prm[P_DECL]
    nact = prm[P_NACTIVE]
    must_over = prm[P_MUSTOVER]
    ply = 0
    stk[0, S_H0] = h0
    stk[0, S_H1] = h1
    stk[0, S_H2] = h2
    stk[0, S_SEAT] = seat
    stk[0, S_NCARD] = ncard
    stk[0, S_LS] = lead_suit
    stk[0, S_WC] = win_card
    stk[0, S_WS] = win_seat
    stk[0, S_TC] = tcards
    stk[0, S_TARGET] = target
    mode = _ENTER
    ret = False
    while True:
        if mode == _ENTER:
            # ---------------- evaluate a freshly entered node ----------------
            h0 = stk[ply, S_H0]
            h1 = stk[ply, S_H1]
            h2 = stk[ply, S_H2]
            seat = stk[ply, S_SEAT]
            ncard = stk[ply, S_NCARD]
            target = stk[ply, S_TARGET]
            mode = _RETURN
            if target <= 0:
                ret = True
                continue
            if seat == 0:
                hand = h0
            elif seat == 1:
                hand = h1
            else:
                hand = h2
            rem = popcount(hand)
            if target > rem:
                ret = False
                continue
            prm[P_NODES] += 1
            win_card = stk[ply, S_WC]
            win_seat = stk[ply, S_WS]
            if rem == 1:
                ret = finish_forced(h0, h1, h2, seat, ncard, win_card, win_seat, tab, prm) >= target
                continue
            tcards = stk[ply, S_TC]
            alive = h0 | h1 | h2 | tcards
            hint = -1
            if ncard == 0:
                # --- transposition table probe (rank-compressed exact key) ---
                c0 = 0
                c1 = 0
                c2 = 0
                for s in range(4):
                    sh = 8 * s
                    base = T_COMP + ((alive >> sh) & 255) * 256
                    c0 |= _i(tab[base + ((h0 >> sh) & 255)]) << sh
                    c1 |= _i(tab[base + ((h1 >> sh) & 255)]) << sh
                    c2 |= _i(tab[base + ((h2 >> sh) & 255)]) << sh
                k1 = c0 | ((c1 & 0xFFFF) << 32)
                k2 = (c1 >> 16) | (c2 << 16) | (seat << 48) | (prm[P_CTX] << 50)
                idx = tt_index(k1, k2, prm[P_TTMASK])
                lb = 0
                ub = rem
                if tt[idx, TT_K1] == k1 and tt[idx, TT_K2] == k2:
                    data = tt[idx, TT_DATA]
                    if (data >> 24) == prm[P_GEN]:
                        lb = data & 255
                        ub = (data >> 8) & 255
                        if lb >= target:
                            ret = True
                            continue
                        if ub < target:
                            ret = False
                            continue
                        hc = (data >> 16) & 255
                        if hc != NO_HINT:
                            hs = hc >> 3
                            hint = 8 * hs + _i(
                                tab[T_NTH + ((alive >> (8 * hs)) & 255) * 8 + (hc & 7)]
                            )
                # --- quick tricks of the side on lead ---
                qt = quick_tricks(seat, h0, h1, h2, trump, tab)
                # Every card of the run of top trumps in one hand wins a trick, whoever leads.
                tsh = 8 * trump
                at = (alive >> tsh) & 255
                top_run = 0
                holder = -1
                if at != 0:
                    tb = tsh + _i(tab[T_HI + at])
                    if (h0 >> tb) & 1:
                        holder = 0
                        hh = h0
                    elif (h1 >> tb) & 1:
                        holder = 1
                        hh = h1
                    else:
                        holder = 2
                        hh = h2
                    top_run = _i(tab[T_TOPRUN + at * 256 + ((hh >> tsh) & 255)])
                if seat == decl:
                    decl_sure = qt
                    def_sure = top_run if holder != decl else 0
                else:
                    decl_sure = top_run if holder == decl else 0
                    def_sure = qt + (top_run if holder != seat and holder != decl else 0)
                if decl_sure >= target:
                    ret = True
                    continue
                if rem - def_sure < target:
                    ret = False
                    continue
                stk[ply, S_IDX] = idx
                stk[ply, S_K1] = k1
                stk[ply, S_K2] = k2
                stk[ply, S_LB] = lb
                stk[ply, S_UB] = ub
                stk[ply, S_HINT] = hint

            # --- move generation: legal cards, one per run of equivalent cards ---
            lead_suit = stk[ply, S_LS]
            legal = legal_mask(hand, ncard, lead_suit, win_card, trump, must_over)
            reps = 0
            for s in range(4):
                sh = 8 * s
                reps |= _i(tab[T_REPS + ((alive >> sh) & 255) * 256 + ((hand >> sh) & 255)]) << sh
            reps &= legal
            is_decl = seat == decl
            # --- move ordering: three disjoint groups, each tried low card first ---
            g0 = 0
            g1 = 0
            if ncard == 0:
                if hint >= 0 and (reps >> hint) & 1:
                    g0 = 1 << hint
                else:
                    # killer heuristic: the lead that refuted a sibling, by the same seat
                    kc = stk[ply, S_KILLER]
                    if (kc >> 5) == seat and (reps >> (kc & 31)) & 1:
                        g0 = 1 << (kc & 31)
                # the leader's cards that are the highest remaining card of their suit
                for s in range(4):
                    sh = 8 * s
                    a = (alive >> sh) & 255
                    if a != 0 and (hand >> (sh + _i(tab[T_HI + a]))) & 1:
                        run = _i(tab[T_TOPRUN + a * 256 + ((hand >> sh) & 255)])
                        top_rep = sh + _i(tab[T_NTH + a * 8 + _i(tab[T_POP + a]) - run])
                        g1 |= (1 << top_rep) & reps
                g1 &= ~g0
            else:
                winning_side = (win_seat == decl) == is_decl
                wsuit = win_card >> 3
                beat = reps & (0xFF << (8 * wsuit)) & ~((2 << win_card) - 1)
                if wsuit != trump:
                    beat |= reps & (0xFF << (8 * trump))
                g1 = reps & ~beat if winning_side else beat
            stk[ply, S_G0] = g0
            stk[ply, S_G1] = g1
            stk[ply, S_G2] = reps & ~g0 & ~g1
            stk[ply, S_ISDECL] = 1 if is_decl else 0
            mode = _NEXT

        if mode == _NEXT:
            # ---------------- try the next move of the node at ``ply`` ----------------
            g0 = stk[ply, S_G0]
            if g0 != 0:
                c = low_card(g0, tab)
                stk[ply, S_G0] = g0 ^ (1 << c)
            else:
                g1 = stk[ply, S_G1]
                if g1 != 0:
                    c = low_card(g1, tab)
                    stk[ply, S_G1] = g1 ^ (1 << c)
                else:
                    g2 = stk[ply, S_G2]
                    if g2 != 0:
                        c = low_card(g2, tab)
                        stk[ply, S_G2] = g2 ^ (1 << c)
                    else:
                        # all moves failed for the side to move
                        ret = stk[ply, S_ISDECL] == 0
                        if stk[ply, S_NCARD] == 0:
                            _store(stk, ply, ret, -1, tt, tab, prm)
                        mode = _RETURN
                        c = -1
            if c >= 0:
                stk[ply, S_CUR] = c
                bit = 1 << c
                seat = stk[ply, S_SEAT]
                ncard = stk[ply, S_NCARD]
                n0 = stk[ply, S_H0]
                n1 = stk[ply, S_H1]
                n2 = stk[ply, S_H2]
                if seat == 0:
                    n0 ^= bit
                elif seat == 1:
                    n1 ^= bit
                else:
                    n2 ^= bit
                nx = ply + 1
                stk[nx, S_H0] = n0
                stk[nx, S_H1] = n1
                stk[nx, S_H2] = n2
                if ncard == 0:
                    ls = c >> 3
                    wc = c
                    ws = seat
                else:
                    ls = stk[ply, S_LS]
                    wc = stk[ply, S_WC]
                    ws = stk[ply, S_WS]
                    if beats(c, wc, trump):
                        wc = c
                        ws = seat
                t = stk[ply, S_TARGET]
                if ncard + 1 == nact:
                    stk[nx, S_SEAT] = ws
                    stk[nx, S_NCARD] = 0
                    stk[nx, S_TC] = 0
                    stk[nx, S_TARGET] = t - 1 if ws == decl else t
                else:
                    stk[nx, S_SEAT] = prm[P_NEXT + seat]
                    stk[nx, S_NCARD] = ncard + 1
                    stk[nx, S_LS] = ls
                    stk[nx, S_WC] = wc
                    stk[nx, S_WS] = ws
                    stk[nx, S_TC] = stk[ply, S_TC] | bit
                    stk[nx, S_TARGET] = t
                ply = nx
                mode = _ENTER
                continue

        if mode == _RETURN:
            # ---------------- hand ``ret`` back to the parent ----------------
            if ply == 0:
                return ret
            ply -= 1
            if ret == (stk[ply, S_ISDECL] != 0):
                # cutoff: the side to move found a winning card
                if stk[ply, S_NCARD] == 0:
                    stk[ply, S_KILLER] = stk[ply, S_CUR] + 32 * stk[ply, S_SEAT]
                    _store(stk, ply, ret, stk[ply, S_CUR], tt, tab, prm)
                mode = _RETURN
            else:
                mode = _NEXT


@njit(cache=True, nogil=True)
def tt_bounds(
    h0: int, h1: int, h2: int, seat: int, tt: I64Array, tab: U8Array, prm: I64Array
) -> tuple[int, int]:
    """Stored (lower, upper) bounds for a trick-boundary position, or (0, 99)."""
    alive = h0 | h1 | h2
    c0 = 0
    c1 = 0
    c2 = 0
    for s in range(4):
        sh = 8 * s
        base = T_COMP + ((alive >> sh) & 255) * 256
        c0 |= _i(tab[base + ((h0 >> sh) & 255)]) << sh
        c1 |= _i(tab[base + ((h1 >> sh) & 255)]) << sh
        c2 |= _i(tab[base + ((h2 >> sh) & 255)]) << sh
    k1 = c0 | ((c1 & 0xFFFF) << 32)
    k2 = (c1 >> 16) | (c2 << 16) | (seat << 48) | (prm[P_CTX] << 50)
    idx = tt_index(k1, k2, prm[P_TTMASK])
    if tt[idx, TT_K1] == k1 and tt[idx, TT_K2] == k2:
        data = tt[idx, TT_DATA]
        if (data >> 24) == prm[P_GEN]:
            return data & 255, (data >> 8) & 255
    return 0, 99


@njit(cache=True, nogil=True)
def solve_state(
    h0: int,
    h1: int,
    h2: int,
    seat: int,
    ncard: int,
    lead_suit: int,
    win_card: int,
    win_seat: int,
    tcards: int,
    tt: I64Array,
    tab: U8Array,
    prm: I64Array,
    stk: I64Array,
) -> int:
    """Exact number of tricks the declarer takes from this state on."""
    if seat == 0:
        hand = h0
    elif seat == 1:
        hand = h1
    else:
        hand = h2
    lo = 0
    hi = popcount(hand)
    if hi == 0:
        return 0
    if ncard == 0:
        blo, bhi = tt_bounds(h0, h1, h2, seat, tt, tab, prm)
        if blo > lo:
            lo = blo
        if bhi < hi:
            hi = bhi
    while lo < hi:
        t = (lo + hi + 1) // 2
        if _search(
            h0, h1, h2, seat, ncard, lead_suit, win_card, win_seat, tcards, t, tt, tab, prm, stk
        ):
            lo = t
        else:
            hi = t - 1
    return lo
