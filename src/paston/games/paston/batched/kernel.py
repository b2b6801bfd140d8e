"""The numba kernels of the batched Paston engine: one deal per row of an ``int64`` array.

Every deal's whole state is one row of ``st`` (the column numbers below); the kernels deal,
step, score, encode the observation of the seat to act (the same tensor as
:func:`paston.games.paston.encoding.encode` of that seat's view) and write its legal-action mask,
row after row, in compiled code. Rules are the engine's (spec/rules.md), with the variant
flags passed as the small ``rules`` array (:data:`R_*` entries); the open lone-whist variant
is not supported here (the wrapper refuses it).

Speed (issue 20): an observation clears only the entries it set the time before (a marks
list per row) rather than its 1,528 values; the per-step kernels are inlined into their
entry points, and the entry points take their arrays by address (:data:`pointer`), since
numba counts references of every array view atomically (a third of a step, in ``perf``)
and views of raw memory have no count.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.extending import intrinsic
from numba.np.numpy_support import carray
from numpy.typing import NDArray

I64 = NDArray[np.int64]

# ----------------------------------------------------------------- the columns of a row

H = 0  # H + s: seat s's hand now (card mask)
DEALT = 3  # DEALT + s: seat s's hand as dealt
PRIKUP = 6
DEALER = 7
FIRST = 8  # 1: the first-deal J♠/7♠ rule
FB = 9  # first bidder
PHASE = 10  # the engine's phase ids: 0 bidding .. 4 play, 5 scored, 6 redeal
TO_ACT = 11
HTP = 12  # hand to play
BID = 13
BIDDER = 14
PASSED = 15  # bit mask of the seats that passed in the auction
DECL = 16
ALLPASS = 17
DISC = 18  # the declarer's discards (card mask)
CONTRACT = 19
TRUMP = 20
NDEF = 21  # defence decisions so far
DEF = 22  # DEF + 2k, DEF + 2k + 1: the seat and its word (1 whist, 0 pass) of decision k
WHISTERS = 26  # bit mask
NACTIVE = 27
NEXT = 28  # NEXT + s: the seat after s in play order
LEADER = 31
TLEN = 32
TCARD = 33  # TCARD + p: the card at position p of the current trick
TSEAT = 36  # TSEAT + p: its seat
NTRICKS = 39
WON = 40  # WON + s
PLAYED = 43  # PLAYED + s: the cards seat s's hand has played
SCORE = 46  # SCORE + s
BIDS = 49  # BIDS + s: bit (L - 1) set = seat s bid level L in the auction
PASSES = 52  # PASSES + s: bit L set = seat s passed with level L standing
HIST = 55  # HIST + 3t + p: card at position p of finished trick t
HSEAT = 85  # HSEAT + 3t + p: its seat
HLEAD = 115  # HLEAD + t: the leader of finished trick t
NCOLS = 125

BIDDING, EXCHANGE, DECLARE, DEFENCE, PLAY, SCORED, REDEAL = range(7)
PASS, BID_BASE, DECLARE_BASE, SURRENDER, WHIST, DISCARD_BASE = 32, 32, 37, 43, 44, 45
NUM_ACTIONS = DISCARD_BASE + 32 * 31 // 2

# ----------------------------------------------------------------- the rules array

R_JUMP = 0  # allow_jump_bids
R_OVERTRUMP = 1  # must_overtrump
R_PASTON_ONLY = 2  # all_pass_contracts == "paston_only"
R_SPADE_RUN = 3  # 0 off, 1 neither_k_nor_a, 2 missing_k_or_a
R_DEF_MULT = 4  # multiply_defender_scores
R_NO_WHIST_MULT = 5  # no_whist_multiplied
R_SURRENDER_MULT = 6  # surrender_multiplied
R_FIRST_DEAL = 7  # deal every deal as a game's first (the J♠/7♠ rule)
N_RULES = 8

# ----------------------------------------------------------------- the layout offsets array

# The fields of paston.games.paston.encoding in order; -1 for a field the layout leaves out.
FIELD_NAMES = (
    "seat", "phase", "dealer", "first_deal", "first_bidder", "to_act", "hand_to_play", "hand",
    "dealt_hand", "open_hands", "bids", "passes", "bid", "all_pass", "declarer", "contract",
    "surrendered", "trump", "prikup", "discards", "defence", "active", "played", "trick",
    "leader", "tricks_won", "trick_history", "trick_leaders",
)  # fmt: skip
(O_SEAT, O_PHASE, O_DEALER, O_FIRST, O_FB, O_TO_ACT, O_HTP, O_HAND, O_DEALT, O_OPEN, O_BIDS,
 O_PASSES, O_BID, O_ALLPASS, O_DECL, O_CONTRACT, O_SURR, O_TRUMP, O_PRIKUP, O_DISC, O_DEF,
 O_ACTIVE, O_PLAYED, O_TRICK, O_LEADER, O_WON, O_HIST, O_HLEAD) = range(28)  # fmt: skip

MULTIPLIER = np.array([0, 1, 2, 3, 4, 4], dtype=np.int64)
TRUMP_OF = np.array([-1, 0, 1, 2, 3, 0], dtype=np.int64)
SPADE_RUN = 0b0011_1111
SUIT_MASK = np.array([0xFF << (8 * s) for s in range(4)], dtype=np.int64)


def _pointer_typing(typingctx: Any, address: Any) -> Any:
    if not isinstance(address, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.inttoptr(args[0], context.get_value_type(types.voidptr))

    return types.voidptr(address), codegen


#: The memory at an address (an integer) as a raw pointer, for :func:`numba.carray`: the
#: entry points below take their arrays' addresses, since views of raw memory carry no
#: reference count, whereas every view of a numpy array (a row, a slice) takes two atomic
#: operations, and a compiled call unboxes an integer in far less time than an array. The
#: callers keep the arrays for as long as they pass their addresses.
pointer: Any = intrinsic(_pointer_typing)


@njit(cache=True, nogil=True)
def seed_rng(seed: int) -> None:
    """Seed numba's generator (the dealing's)."""
    np.random.seed(seed)


@njit(cache=True, nogil=True, inline="always")
def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


# The index of a 32-bit power of two: its product with a de Bruijn constant has a distinct
# top five bits (bits 27 to 31) for each, which this table maps back.
_DE_BRUIJN = 0x077CB531
_BIT_OF = np.array(
    [0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
     31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9],
    dtype=np.int64,
)  # fmt: skip


@njit(cache=True, nogil=True, inline="always")
def low_bit(mask: int) -> int:
    """The index of the lowest set bit of a non-zero card mask (cards 0 to 31)."""
    out: int = _BIT_OF[(((mask & -mask) * _DE_BRUIJN) >> 27) & 31]
    return out


@njit(cache=True, nogil=True, inline="always")
def _spade_run(hand: int, mode: int) -> bool:
    if mode == 0 or hand & SPADE_RUN != SPADE_RUN:
        return False
    has_k = (hand >> 6) & 1
    has_a = (hand >> 7) & 1
    if mode == 1:
        return has_k == 0 and has_a == 0
    return not (has_k == 1 and has_a == 1)


@njit(cache=True, nogil=True, inline="always")
def _marker_holder(row: I64) -> int:
    for marker in (4, 0):  # J♠, then 7♠
        for s in range(3):
            if (row[DEALT + s] >> marker) & 1:
                return s
    return -1


@njit(cache=True, nogil=True)
def load(row: I64, h0: int, h1: int, h2: int, prikup: int, dealer: int, first: int,
         rules: I64) -> None:  # fmt: skip
    """Set ``row`` to the start of a deal (phase REDEAL if it is thrown in at once)."""
    row[:] = 0
    row[H], row[H + 1], row[H + 2] = h0, h1, h2
    row[DEALT], row[DEALT + 1], row[DEALT + 2] = h0, h1, h2
    row[PRIKUP] = prikup
    row[DEALER] = dealer
    row[FIRST] = first
    row[BIDDER] = row[DECL] = row[TRUMP] = row[LEADER] = row[HTP] = row[FB] = -1
    row[NEXT], row[NEXT + 1], row[NEXT + 2] = 1, 2, 0
    row[NACTIVE] = 3
    row[PHASE] = BIDDING
    row[TO_ACT] = -1
    for s in range(3):
        if _spade_run(row[DEALT + s], rules[R_SPADE_RUN]):
            row[PHASE] = REDEAL
            return
    if first:
        fb = _marker_holder(row)
        if fb < 0:
            row[PHASE] = REDEAL
            return
    else:
        fb = (dealer + 1) % 3
    row[FB] = fb
    row[TO_ACT] = fb


@njit(cache=True, nogil=True)
def deal_new(row: I64, rules: I64) -> None:
    """A random playable deal (thrown-in deals dealt again), the dealer drawn at random."""
    deck = np.arange(32)
    while True:
        for i in range(31, 0, -1):
            j = np.random.randint(0, i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        masks = np.zeros(4, dtype=np.int64)
        for k in range(32):
            masks[min(k // 10, 3)] |= np.int64(1) << deck[k]
        dealer = np.random.randint(0, 3)
        load(row, masks[0], masks[1], masks[2], masks[3], dealer, rules[R_FIRST_DEAL], rules)
        if row[PHASE] != REDEAL:
            return


# ----------------------------------------------------------------- legal actions


@njit(cache=True, nogil=True, inline="always")
def _play_mask(row: I64, rules: I64) -> int:
    hand: int = row[H + row[HTP]]
    if row[TLEN] == 0:
        return hand
    same: int = hand & SUIT_MASK[row[TCARD] >> 3]
    if same:
        return same
    trump = row[TRUMP]
    trumps: int = hand & SUIT_MASK[trump]
    if trumps:
        if rules[R_OVERTRUMP]:
            top = -1
            for p in range(row[TLEN]):
                c = row[TCARD + p]
                if c >> 3 == trump and c > top:
                    top = c
            if top >= 0:
                higher: int = trumps & ~((2 << top) - 1)
                if higher:
                    return higher
        return trumps
    return hand


@njit(cache=True, nogil=True)
def write_mask(row: I64, rules: I64, mask: NDArray[np.int8]) -> None:
    """The legal actions of the seat to act (all 0 once the deal is over)."""
    mask[:] = 0
    phase = row[PHASE]
    if phase == PLAY:
        m = _play_mask(row, rules)
        for c in range(32):
            if (m >> c) & 1:
                mask[c] = 1
    elif phase == BIDDING:
        mask[PASS] = 1
        if rules[R_JUMP]:
            for level in range(row[BID] + 1, 6):
                mask[BID_BASE + level] = 1
        else:
            mask[BID_BASE + row[BID] + 1] = 1
    elif phase == DEFENCE:
        mask[WHIST] = 1
        mask[PASS] = 1
    elif phase == EXCHANGE:
        hand = row[H + row[DECL]]
        for b in range(32):
            if (hand >> b) & 1:
                for a in range(b):
                    if (hand >> a) & 1:
                        mask[DISCARD_BASE + b * (b - 1) // 2 + a] = 1
    elif phase == DECLARE:
        mask[SURRENDER] = 1
        if row[ALLPASS]:
            top = 1 if rules[R_PASTON_ONLY] else 4
            for level in range(1, top + 1):
                mask[DECLARE_BASE + level] = 1
        elif row[BID] == 5:
            mask[DECLARE_BASE + 5] = 1
        else:
            for level in range(row[BID], 5):
                mask[DECLARE_BASE + level] = 1


#: The most legal actions a seat has (an exchange: 66 pairs of 12 cards).
MAX_LEGAL = 72


@njit(cache=True, nogil=True, inline="always")
def legal_list(row: I64, rules: I64, out: I64) -> int:
    """Write the legal actions of the seat to act into ``out`` (the ids :func:`write_mask`
    sets); how many there are (0 once the deal is over)."""
    phase = row[PHASE]
    n = 0
    if phase == PLAY:
        cards = _play_mask(row, rules)
        while cards:
            out[n] = low_bit(cards)
            n += 1
            cards &= cards - 1
    elif phase == BIDDING:
        out[0] = PASS
        n = 1
        top = 5 if rules[R_JUMP] else row[BID] + 1
        for level in range(row[BID] + 1, top + 1):
            out[n] = BID_BASE + level
            n += 1
    elif phase == DEFENCE:
        out[0] = PASS
        out[1] = WHIST
        n = 2
    elif phase == EXCHANGE:
        hand = row[H + row[DECL]]
        for b in range(32):
            if (hand >> b) & 1:
                for a in range(b):
                    if (hand >> a) & 1:
                        out[n] = DISCARD_BASE + b * (b - 1) // 2 + a
                        n += 1
    elif phase == DECLARE:
        out[0] = SURRENDER
        n = 1
        if row[ALLPASS]:
            first, last = 1, 1 if rules[R_PASTON_ONLY] else 4
        elif row[BID] == 5:
            first, last = 5, 5
        else:
            first, last = row[BID], 4
        for level in range(first, last + 1):
            out[n] = DECLARE_BASE + level
            n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def refresh_mask(row: I64, rules: I64, mask: NDArray[np.int8], legal: I64,
                 nlegal: I64, i: int) -> None:  # fmt: skip
    """Row ``i``'s legal list and mask: only the ids set before are cleared (a whole mask
    cleared and scanned costs more than the step)."""
    for j in range(nlegal[i]):
        mask[legal[j]] = 0
    n = legal_list(row, rules, legal)
    nlegal[i] = n
    for j in range(n):
        mask[legal[j]] = 1


# ----------------------------------------------------------------- applying an action


@njit(cache=True, nogil=True, inline="always")
def _end(row: I64, phase: int) -> None:
    row[PHASE] = phase
    row[TO_ACT] = -1
    row[HTP] = -1


@njit(cache=True, nogil=True, inline="always")
def _start_exchange(row: I64, declarer: int) -> None:
    row[DECL] = declarer
    row[H + declarer] |= row[PRIKUP]
    row[PHASE] = EXCHANGE
    row[TO_ACT] = declarer


@njit(cache=True, nogil=True, inline="always")
def _defender_base(tricks: int, lone: bool) -> int:
    if tricks == 0:
        return -10
    if tricks == 1:
        return -9
    if lone:
        return -10 + tricks if tricks < 4 else 10 * (tricks - 4)
    return 10 * (tricks - 2)


@njit(cache=True, nogil=True, inline="always")
def _score(row: I64, rules: I64) -> None:
    contract = row[CONTRACT]
    decl = row[DECL]
    mult = MULTIPLIER[contract]
    win_value = 10 if contract == 5 else 10 * mult
    row[SCORE] = row[SCORE + 1] = row[SCORE + 2] = 0
    whisters = row[WHISTERS]
    if whisters == 0:
        row[SCORE + decl] = win_value if rules[R_NO_WHIST_MULT] or contract == 5 else 10
    else:
        row[SCORE + decl] = win_value if row[WON + decl] >= 6 else -10 * mult
        lone = _popcount(whisters) == 1
        def_mult = mult if rules[R_DEF_MULT] else 1
        for s in range(3):
            if (whisters >> s) & 1:
                row[SCORE + s] = _defender_base(row[WON + s], lone) * def_mult
    _end(row, SCORED)


@njit(cache=True, nogil=True, inline="always")
def apply(row: I64, action: int, rules: I64) -> None:
    """Take a legal ``action`` for the seat to act (the caller checked it with the mask)."""
    phase = row[PHASE]
    seat = row[TO_ACT]
    if phase == PLAY:
        _play(row, action)
        if row[NTRICKS] == 10:
            _score(row, rules)
    elif phase == BIDDING:
        if action == PASS:
            row[PASSES + seat] |= np.int64(1) << row[BID]
            row[PASSED] |= 1 << seat
            n_passed = _popcount(row[PASSED])
            if n_passed == 3:
                holder = _marker_holder(row)
                if holder < 0:
                    _end(row, REDEAL)
                else:
                    row[ALLPASS] = 1
                    _start_exchange(row, holder)
                return
            if n_passed == 2 and row[BID]:
                _start_exchange(row, row[BIDDER])
                return
        else:
            level = action - BID_BASE
            row[BIDS + seat] |= np.int64(1) << (level - 1)
            row[BID] = level
            row[BIDDER] = seat
            if level == 5 or _popcount(row[PASSED]) == 2:
                _start_exchange(row, seat)
                return
        nxt = (seat + 1) % 3
        while (row[PASSED] >> nxt) & 1:
            nxt = (nxt + 1) % 3
        row[TO_ACT] = nxt
    elif phase == EXCHANGE:
        k = action - DISCARD_BASE
        b = 1
        while (b + 1) * b // 2 <= k:
            b += 1
        a = k - b * (b - 1) // 2
        row[DISC] = (np.int64(1) << a) | (np.int64(1) << b)
        row[H + row[DECL]] &= ~row[DISC]
        row[PHASE] = DECLARE
    elif phase == DECLARE:
        decl = row[DECL]
        if action == SURRENDER:
            bid = row[BID]
            mult = MULTIPLIER[bid] if rules[R_SURRENDER_MULT] and bid else 1
            row[SCORE] = row[SCORE + 1] = row[SCORE + 2] = 2 * mult
            row[SCORE + decl] = -10 * mult
            _end(row, SCORED)
            return
        row[CONTRACT] = action - DECLARE_BASE
        row[TRUMP] = TRUMP_OF[row[CONTRACT]]
        row[PHASE] = DEFENCE
        row[TO_ACT] = (decl + 1) % 3
    elif phase == DEFENCE:
        k = row[NDEF]
        row[DEF + 2 * k] = seat
        row[DEF + 2 * k + 1] = 1 if action == WHIST else 0
        row[NDEF] = k + 1
        decl = row[DECL]
        if k == 0:
            row[TO_ACT] = (decl + 2) % 3
            return
        # The whisters are known (and their hands active) once both defenders have spoken.
        whisters = 0
        for j in range(2):
            if row[DEF + 2 * j + 1]:
                whisters |= 1 << row[DEF + 2 * j]
        row[WHISTERS] = whisters
        if whisters == 0:
            _score(row, rules)
            return
        if _popcount(whisters) == 1:  # the two-handed lone whist
            other = 0 if whisters == 1 else (1 if whisters == 2 else 2)
            row[NEXT + decl] = other
            row[NEXT + other] = decl
            row[NACTIVE] = 2
        row[PHASE] = PLAY
        row[LEADER] = decl
        row[HTP] = decl
        row[TO_ACT] = decl


@njit(cache=True, nogil=True, inline="always")
def _play(row: I64, card: int) -> None:
    seat = row[HTP]
    bit = np.int64(1) << card
    row[H + seat] &= ~bit
    row[PLAYED + seat] |= bit
    n = row[TLEN]
    row[TCARD + n] = card
    row[TSEAT + n] = seat
    n += 1
    if n < row[NACTIVE]:
        row[TLEN] = n
        nxt = row[NEXT + seat]
        row[HTP] = nxt
        row[TO_ACT] = nxt
        return
    trump = row[TRUMP]
    best = row[TCARD]
    win_i = 0
    for i in range(1, n):
        c = row[TCARD + i]
        if c >> 3 == best >> 3:
            if c > best:
                best = c
                win_i = i
        elif c >> 3 == trump:
            best = c
            win_i = i
    winner = row[TSEAT + win_i]
    t = row[NTRICKS]
    for p in range(3):
        row[HIST + 3 * t + p] = row[TCARD + p] if p < n else -1
        row[HSEAT + 3 * t + p] = row[TSEAT + p] if p < n else -1
    row[HLEAD + t] = row[LEADER]
    row[NTRICKS] = t + 1
    row[WON + winner] += 1
    row[TLEN] = 0
    if t + 1 < 10:  # after the last trick the engine keeps its leader (the view shows it)
        row[LEADER] = winner
    row[HTP] = winner
    row[TO_ACT] = winner


# ----------------------------------------------------------------- the observation

#: The most entries one observation sets (hand 12, dealt 10, bids 15, passes 18, played 30,
#: trick history 30 and its leaders 10, the rest 28 at most), with room to spare: a marks
#: array holds the count, then the entries (see :func:`write_obs`).
MAX_MARKS = 192
MARKS_SIZE = MAX_MARKS + 1


@njit(cache=True, nogil=True, inline="always")
def _mark(out: NDArray[np.float32], marks: I64, n: int, i: int) -> int:
    """Set ``out[i]`` and note it as the ``n + 1``-th entry set; ``n + 1``."""
    out[i] = 1.0
    n += 1
    marks[n] = i
    return n


@njit(cache=True, nogil=True, inline="always")
def _cards(out: NDArray[np.float32], marks: I64, n: int, base: int, mask: int) -> int:
    while mask:
        n = _mark(out, marks, n, base + low_bit(mask))
        mask &= mask - 1
    return n


@njit(cache=True, nogil=True, inline="always")
def clear_obs(out: NDArray[np.float32], marks: I64) -> None:
    """Zero the entries :func:`write_obs` set last (``marks`` lists them) and forget them."""
    for j in range(1, marks[0] + 1):
        out[marks[j]] = 0.0
    marks[0] = 0


@njit(cache=True, nogil=True, inline="always")
def write_obs(row: I64, v: int, off: I64, out: NDArray[np.float32], marks: I64) -> None:
    """``encode`` of seat ``v``'s view of the deal (during play or the bidding; the open
    lone-whist variant's open hands are not written: it is refused).

    ``out`` must hold the observation this function wrote last with the same ``marks`` (or
    zeros, with ``marks[0] == 0``): only the entries listed in ``marks`` are cleared (a whole
    observation cleared costs more than the entries it sets, about a hundred of 1,528), and
    the ones set now are listed instead."""
    clear_obs(out, marks)
    n = 0
    n = _mark(out, marks, n, off[O_SEAT] + v)
    n = _mark(out, marks, n, off[O_PHASE] + row[PHASE] + 1)
    n = _mark(out, marks, n, off[O_DEALER] + (row[DEALER] - v) % 3)
    if row[FIRST]:
        n = _mark(out, marks, n, off[O_FIRST])
    if row[FB] >= 0:
        n = _mark(out, marks, n, off[O_FB] + (row[FB] - v) % 3)
    if row[TO_ACT] >= 0:
        n = _mark(out, marks, n, off[O_TO_ACT] + (row[TO_ACT] - v) % 3)
    if row[HTP] >= 0:
        n = _mark(out, marks, n, off[O_HTP] + (row[HTP] - v) % 3)
    if off[O_HAND] >= 0:
        n = _cards(out, marks, n, off[O_HAND], row[H + v])
        n = _cards(out, marks, n, off[O_DEALT], row[DEALT + v])
    for s in range(3):
        r = (s - v) % 3
        bids = row[BIDS + s]
        while bids:
            n = _mark(out, marks, n, off[O_BIDS] + r * 5 + low_bit(bids))
            bids &= bids - 1
        passes = row[PASSES + s]
        while passes:
            n = _mark(out, marks, n, off[O_PASSES] + r * 6 + low_bit(passes))
            passes &= passes - 1
        n = _cards(out, marks, n, off[O_PLAYED] + r * 32, row[PLAYED + s])
        n = _mark(out, marks, n, off[O_WON] + r * 11 + row[WON + s])
    n = _mark(out, marks, n, off[O_BID] + row[BID])
    decl = row[DECL]
    if decl >= 0:
        if row[ALLPASS]:
            n = _mark(out, marks, n, off[O_ALLPASS])
        n = _mark(out, marks, n, off[O_DECL] + (decl - v) % 3)
        if decl == v and off[O_PRIKUP] >= 0:
            n = _cards(out, marks, n, off[O_PRIKUP], row[PRIKUP])
            n = _cards(out, marks, n, off[O_DISC], row[DISC])
    if row[PHASE] == SCORED and row[CONTRACT] == 0:  # scored before a contract: surrendered
        n = _mark(out, marks, n, off[O_SURR])
    if row[CONTRACT]:
        n = _mark(out, marks, n, off[O_CONTRACT] + row[CONTRACT] - 1)
        n = _mark(out, marks, n, off[O_TRUMP] + row[TRUMP])
    for k in range(row[NDEF]):
        word = 0 if row[DEF + 2 * k + 1] else 1
        n = _mark(out, marks, n, off[O_DEF] + ((row[DEF + 2 * k] - v) % 3) * 2 + word)
    whisters = row[WHISTERS]
    if whisters:
        for s in range(3):
            if row[NACTIVE] == 3 or s == decl or (whisters >> s) & 1:
                n = _mark(out, marks, n, off[O_ACTIVE] + (s - v) % 3)
    for p in range(row[TLEN]):
        n = _mark(out, marks, n, off[O_TRICK] + p * 32 + row[TCARD + p])
    if row[LEADER] >= 0:
        n = _mark(out, marks, n, off[O_LEADER] + (row[LEADER] - v) % 3)
    if off[O_HIST] >= 0:
        for t in range(row[NTRICKS]):
            base = off[O_HIST] + t * 96
            for p in range(3):
                c = row[HIST + 3 * t + p]
                if c >= 0:
                    n = _mark(out, marks, n, base + ((row[HSEAT + 3 * t + p] - v) % 3) * 32 + c)
            n = _mark(out, marks, n, off[O_HLEAD] + t * 3 + (row[HLEAD + t] - v) % 3)
    marks[0] = n


# ----------------------------------------------------------------- the batch


@njit(cache=True, nogil=True)
def reset_all(st: I64, rules: I64, off: I64, obs: NDArray[np.float32], marks: I64,
              mask: NDArray[np.int8], legal: I64, nlegal: I64) -> None:  # fmt: skip
    """Deal every row afresh; the observation (``marks[i]``: the entries row ``i``'s sets,
    see :func:`write_obs`), mask and legal list of each deal's first seat to act."""
    for i in range(st.shape[0]):
        deal_new(st[i], rules)
        write_obs(st[i], st[i, TO_ACT], off, obs[i], marks[i])
        refresh_mask(st[i], rules, mask[i], legal[i], nlegal, i)


@njit(cache=True, nogil=True)
def step_all(st: I64, actions: I64, rules: I64, off: I64, obs: NDArray[np.float32],
             marks: I64, mask: NDArray[np.int8], reward: NDArray[np.float32],
             done: NDArray[np.bool_], legal: I64, nlegal: I64) -> None:  # fmt: skip
    """Apply ``actions[i]`` to row ``i`` (checked legal by the caller); a deal that ends pays
    its scores into ``reward[i]``, sets ``done[i]`` and is dealt afresh at once."""
    for i in range(st.shape[0]):
        row = st[i]
        apply(row, actions[i], rules)
        if row[PHASE] >= SCORED:
            for s in range(3):
                reward[i, s] = float(row[SCORE + s]) if row[PHASE] == SCORED else 0.0
            done[i] = True
            deal_new(row, rules)
        else:
            reward[i, 0] = reward[i, 1] = reward[i, 2] = 0.0
            done[i] = False
        write_obs(row, row[TO_ACT], off, obs[i], marks[i])
        refresh_mask(row, rules, mask[i], legal[i], nlegal, i)


@njit(cache=True, nogil=True)
def step_all_at(at: I64, n: int, size: int, actions: I64, rules: I64, off: I64) -> None:
    """:func:`step_all` on the arrays at the addresses ``at`` (the state, the observations
    of ``size`` values, the marks, the masks, the rewards, ``done``, the legal lists and
    their lengths, in that order, ``n`` rows each): a third faster than with the arrays."""
    step_all(
        carray(pointer(at[0]), (n, NCOLS), np.int64),
        actions,
        rules,
        off,
        carray(pointer(at[1]), (n, size), np.float32),
        carray(pointer(at[2]), (n, MARKS_SIZE), np.int64),
        carray(pointer(at[3]), (n, NUM_ACTIONS), np.int8),
        carray(pointer(at[4]), (n, 3), np.float32),
        carray(pointer(at[5]), n, np.bool_),
        carray(pointer(at[6]), (n, MAX_LEGAL), np.int64),
        carray(pointer(at[7]), n, np.int64),
    )


@njit(cache=True, nogil=True)
def random_legal(legal: I64, nlegal: I64, out: I64) -> None:
    """A uniformly random legal action per row, from its legal list (numba's generator)."""
    for i in range(nlegal.shape[0]):
        out[i] = legal[i, np.random.randint(0, nlegal[i])]


@njit(cache=True, nogil=True)
def check_actions(actions: I64, mask: NDArray[np.int8]) -> int:
    """The first row whose action is not legal (out of range or not in its mask), or -1."""
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0 or a >= mask.shape[1] or not mask[i, a]:
            return i
    return -1
