"""The numba kernels of the batched Paskievics engine: one deal per row of an ``int64`` array.

Every deal's whole state is one row of ``st`` (the column numbers below, room for 5 seats);
the kernels deal (decks shuffled by the caller; the row keeps the deck it dealt, so the main
engine can replay the same deal), list the legal actions of the seat to act, apply an
action (spec §4-§10: the auction with holds, invitations, yields and the trial bid, the raise,
the talon, discards or an annulment, the call, announcements, counts and kontras, the nine
tricks, scoring and thrown-in deals) and encode the observation of the seat to act, row after
row, in compiled code. The variant flags of §15 come in the small ``rules`` array (:data:`R_*`).

Actions are the compact ids of :mod:`paston.games.paskievics.compact_actions` (176): the flat
ids 0-133 of :mod:`paston.games.paskievics.actions`, and ``DISCARD_CARD + c`` to put card
``c`` into the discard being chosen (cards ascending; the set is applied when complete). The
observation is :func:`paston.games.paskievics.encoding.encode_paskievics_state` of the seat to
act followed by the 42 entries of the cards chosen so far for its discard: the Gymnasium env's
observation with ``compact_actions=True``.

The announcements of a side are kept per item (its kontra level and its announcer): each side
announces an item once (the engine's rule), so nothing else of the engine's list is needed.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit
from numpy.typing import NDArray

I64 = NDArray[np.int64]
F32 = NDArray[np.float32]
Bools = NDArray[np.bool_]

MAX_SEATS = 5
NUM_CARDS = 42
SKIZ, T21, T20, T19, T18, PAGAT = 0, 1, 2, 3, 4, 21
KING0 = 22  # the kings are 22, 27, 32, 37

# ----------------------------------------------------------------- action ids (compact)
PASS, HOLD, LEVEL, ANNUL, PLAY = 0, 1, 2, 6, 7
CALL = PLAY + 42
COUNT = CALL + 42
BONUS = COUNT + 2
KONTRA = BONUS + 6
DISCARD_CARD = KONTRA + 5 * 7
NUM_ACTIONS = DISCARD_CARD + NUM_CARDS
#: Items (the game, then the six bonuses), as :data:`.actions.ITEMS`.
I_GAME, I_TRULL, I_KINGS, I_DOUBLE, I_VOLAT, I_ULTIMO, I_CATCH = range(7)
#: The first flat discard id (``R_FLAT``): a set of 1 to 3 cards, as
#: :data:`.actions.DISCARD_SETS` orders them (by size, then lexicographically).
DISCARD_SET = DISCARD_CARD
NUM_FLAT_ACTIONS = DISCARD_SET + 42 + 861 + 11480
#: The most legal actions a seat can have: every set of 3 of 12 cards and ``annul`` (flat);
#: a discard card of 42 and ``annul`` (compact).
MAX_LEGAL = 224

# ----------------------------------------------------------------- phases, sides, causes
BIDDING, RAISE, DISCARD, ANNOUNCE, PLAYING, SCORED, THROWN = range(7)
FRESH, IN, OUT = 0, 1, 2
D, O = 0, 1  # noqa: E741 - the spec's names of the two sides
PASS_OUT, ANNULLED, TRIAL_FAILED = 1, 2, 3

# ----------------------------------------------------------------- the columns of a row
NSEATS = 0
DEALER = 1
FOREHAND = 2
PHASE = 3
TO_ACT = 4  # -1: nobody (the deal is over)
CUR = 5  # the highest bid level, -1 none
CUR_BY = 6
CUR_HELD = 7
INV_CARD = 8  # the invitation's shown card, -1 none
INV_BY = 9
BIDDERS = 10  # bit per seat
TRIAL = 11
OWES = 12  # the seat owing an ultimó, -1 none
DECLARER = 13
CONTRACT = 14
RECEIVED_SET = 15  # the talon handed out
CALLED = 16
PARTNER = 17
ALONE = 18  # -1 before the call
OFFICE = 19
GAME_LEVEL = 20  # -1 before the announcements
PRESUMED = 21
REVEALED = 22  # bit per seat
ALL_REVEALED = 23
TURN_SAID = 24  # words said in the announcement turn under way
TURN_DOUBLE = 25  # "double" among them
BARE_RUN = 26
NTRICKS = 27
TRICK_N = 28
LEADER = 29
THROWN_CAUSE = 30
CHOSEN_N = 31
CHOSEN_LAST = 32
NANN = 33  # announced entries
POINTS_D = 34
TRICKS_D = 35
HON_D = 36
HON_O = 37
KINGS_D = 38
KINGS_O = 39
PAGAT_SIDE = 40
PAGAT_LAST = 41
PAGAT_WON = 42
CATCH_BY = 43
DQ_N = 44
DQ_POS = 45
MULT = 46
VALUE = 47
ACTIVE = 50  # + i: the i-th active seat from forehand
POS = ACTIVE + 4  # + seat: its index in ACTIVE, -1 sitting out
STATUS = POS + MAX_SEATS
RECV_N = STATUS + MAX_SEATS
RECV = RECV_N + MAX_SEATS  # + 3 seat + k
DISC_N = RECV + 3 * MAX_SEATS
LAST_WORD = DISC_N + MAX_SEATS  # + seat: its last auction word, -1 none
STARTS = LAST_WORD + MAX_SEATS  # + seat: announcement turns begun
COUNTS = STARTS + MAX_SEATS  # + seat: 0, 8 or 9
SCORES = COUNTS + MAX_SEATS
DQ = SCORES + MAX_SEATS  # + k: the discard queue
TRICK = DQ + 4
ANN_LEVEL = TRICK + 4  # + 7 side + item: kontra level, -1 not announced
ANN_BY = ANN_LEVEL + 14
HAND = ANN_BY + 14  # + 42 seat + card
DISC = HAND + NUM_CARDS * MAX_SEATS  # + 42 seat + card
PLAYED = DISC + NUM_CARDS * MAX_SEATS  # + card: the seat that played it in a finished trick
WON = PLAYED + NUM_CARDS  # + card: the winner of its finished trick
DEALT = WON + NUM_CARDS  # + k: the deck as dealt (talon first)
CHOSEN = DEALT + NUM_CARDS  # + card: chosen for the discard under way
NCOLS = CHOSEN + NUM_CARDS

# ----------------------------------------------------------------- the rules array
R_HOLD_ELDER = 0  # hold_rule == "elder_only"
R_JUMP_OLD = 1  # jump_meaning == "old"
R_INVITE = 2  # invite_requirements: 0 any_honour, 1 high_honour, 2 high_honour_5
R_INVITER_REBID = 3
R_YIELD_5 = 4  # yield_requirements == "xx_high_honour_5"
R_RAISE = 5  # sole_bidder_may_raise
R_TRIAL_PENALTY = 6
R_ANNUL = 7  # annul_timing == "discard_turn"
R_ANNUL_FIVE = 8  # annul_holdings == "five"
R_XX_DISCARDABLE = 9
R_LAST_RESORT = 10  # tarokk_discard_last_resort
R_LONE_ALL = 11  # lone_gets_all_discards
R_SELF_ANY = 12  # self_call == "any_held"
R_KONTRA_47 = 13  # kontra_threshold == "defenders_48_after_kontra"
R_FREE_CALL = 14  # 0 declarer_holds_xx, 1 always, 2 never
R_COUNT_IDENTIFIES = 15
R_KOVACS = 16  # bonus_values == "kovacs"
R_TOURNAMENT = 17  # volat_restrictions == "tournament"
R_TRULL_CONVENTIONS = 18
R_THREE_TRULL = 19  # three_trull_not_played
R_COUNT_TEAM = 20  # tarokk_count_payment == "team"
R_MAX_KONTRA = 21
R_GAME_KONTRA_SILENT = 22  # game_kontra_multiplies_silent
R_SILENT_VOLAT_ONLY = 23  # volat_cancels_silent == "silent_volat_only"
R_SILENT_KINGS_DOUBLE = 24  # silent_kings_with_silent_double
R_LONE_SOLO = 25  # lone_game_value == "solo"
R_COUNT_BEFORE_ULTIMO = 26
R_ACCEPTOR = 27  # acceptor_must_announce
R_OBSERVE = 28  # 1: write observations
R_FLAT = 29  # 1: the flat action ids (a discard is one set), else the compact ones
N_RULES = 30

# ----------------------------------------------------------------- the layout offsets array
#: The fields of :func:`paston.games.paskievics.encoding.paskievics_layout`, in its order,
#: then ``chosen`` (the compact codec's entries, after the layout).
FIELD_NAMES = (
    "phase", "hand", "talon_received", "own_discard", "declarer_discarded_tarokks", "called",
    "played_by", "trick", "won_by", "dealer", "to_act", "declarer", "last_bid", "contract",
    "invitation", "talon_split", "discard_sizes", "discarded_tarokks", "sides", "partner",
    "announced", "game_kontra", "announcers", "tarokk_counts", "tricks_done", "multiplier",
    "thrown_in", "scores", "chosen",
)  # fmt: skip
(O_PHASE, O_HAND, O_TALON_RECEIVED, O_OWN_DISCARD, O_DECL_TAROKKS, O_CALLED, O_PLAYED_BY,
 O_TRICK, O_WON_BY, O_DEALER, O_TO_ACT, O_DECLARER, O_LAST_BID, O_CONTRACT, O_INVITATION,
 O_TALON_SPLIT, O_DISCARD_SIZES, O_DISCARDED_TAROKKS, O_SIDES, O_PARTNER, O_ANNOUNCED,
 O_GAME_KONTRA, O_ANNOUNCERS, O_TAROKK_COUNTS, O_TRICKS_DONE, O_MULTIPLIER, O_THROWN_IN,
 O_SCORES, O_CHOSEN) = range(29)  # fmt: skip
_MAX_LEVEL = 5

_TALON_SHARES = np.array([[3, 1, 1, 1], [2, 2, 1, 1], [1, 2, 2, 1], [0, 2, 2, 2]], dtype=np.int64)


# ----------------------------------------------------------------- small facts


@njit(cache=True, nogil=True)
def card_points(c: int) -> int:
    if c in (SKIZ, T21, PAGAT):
        return 5
    if c < 22:
        return 1
    return 5 - (c - 22) % 5


@njit(cache=True, nogil=True)
def _suit(c: int) -> int:
    return 4 if c < 22 else (c - 22) // 5


@njit(cache=True, nogil=True)
def _holds(row: I64, seat: int, c: int) -> bool:
    return bool(row[HAND + NUM_CARDS * seat + c] != 0)


@njit(cache=True, nogil=True)
def _tarokks(row: I64, seat: int) -> int:
    base = HAND + NUM_CARDS * seat
    n = 0
    for c in range(22):
        n += row[base + c]
    return n


@njit(cache=True, nogil=True)
def _has_honour(row: I64, p: int) -> bool:
    return _holds(row, p, SKIZ) or _holds(row, p, T21) or _holds(row, p, PAGAT)


@njit(cache=True, nogil=True)
def _high(row: I64, p: int) -> bool:
    return _holds(row, p, SKIZ) or _holds(row, p, T21)


@njit(cache=True, nogil=True)
def _next_seat(row: I64, seat: int) -> int:
    return int(row[ACTIVE + (row[POS + seat] + 1) % 4])


@njit(cache=True, nogil=True)
def _side(row: I64, seat: int) -> int:
    if seat == row[DECLARER] or (seat == row[PARTNER] and row[ALONE] == 0):
        return D
    return O


@njit(cache=True, nogil=True)
def _revealed(row: I64, p: int) -> bool:
    return bool(row[ALL_REVEALED] != 0 or p == row[DECLARER] or (row[REVEALED] >> p) & 1 != 0)


@njit(cache=True, nogil=True)
def _said(row: I64, side: int, item: int) -> bool:
    return bool(row[ANN_LEVEL + 7 * side + item] >= 0)


# ----------------------------------------------------------------- dealing


@njit(cache=True, nogil=True)
def deal(row: I64, players: int, deck: I64, dealer: int) -> None:
    """Set ``row`` to the deal of ``deck`` (talon first, then 5 and 4 cards a seat from
    forehand, as :func:`paston.games.paskievics.shuffle.deal_from_deck`) by ``dealer``."""
    row[:] = 0
    n = players
    row[NSEATS] = n
    row[DEALER] = dealer
    forehand = (dealer + 1) % n
    row[FOREHAND] = forehand
    row[PHASE] = BIDDING
    row[TO_ACT] = forehand
    row[MULT] = 1
    for name in (CUR, CUR_BY, INV_CARD, INV_BY, OWES, DECLARER, CONTRACT, CALLED, PARTNER,
                 ALONE, OFFICE, GAME_LEVEL, LEADER, CHOSEN_LAST, PAGAT_SIDE, CATCH_BY):  # fmt: skip
        row[name] = -1
    for s in range(MAX_SEATS):
        row[POS + s] = -1
        row[LAST_WORD + s] = -1
    for i in range(4):
        seat = (forehand + i) % n
        row[ACTIVE + i] = seat
        row[POS + seat] = i
        for k in range(5):
            row[HAND + NUM_CARDS * seat + deck[6 + 5 * i + k]] = 1
        for k in range(4):
            row[HAND + NUM_CARDS * seat + deck[26 + 4 * i + k]] = 1
    for s in range(n):
        if row[POS + s] < 0:
            row[STATUS + s] = OUT  # the sitting-out dealer never bids
    for ann in range(14):
        row[ANN_LEVEL + ann] = -1
        row[ANN_BY + ann] = -1
    for c in range(NUM_CARDS):
        row[PLAYED + c] = -1
        row[WON + c] = -1
        row[DEALT + c] = deck[c]


# ----------------------------------------------------------------- the auction (§4)


@njit(cache=True, nogil=True)
def _may_hold(row: I64, rules: I64, p: int) -> bool:
    return bool(
        row[CUR] >= 0
        and row[CUR_HELD] == 0
        and row[CUR_BY] != p
        and row[STATUS + p] == IN
        and (rules[R_HOLD_ELDER] == 0 or row[POS + p] < row[POS + row[CUR_BY]])
    )


@njit(cache=True, nogil=True)
def _minimum(row: I64, rules: I64, p: int) -> int:
    if _may_hold(row, rules, p):
        return int(row[CUR])
    return 0 if row[CUR] < 0 else int(row[CUR] + 1)


@njit(cache=True, nogil=True)
def _free(row: I64, rules: I64, p: int, level: int) -> bool:
    if row[INV_BY] >= 0:
        return True
    acceptable = False
    for i in range(4):
        q = row[ACTIVE + i]
        if q == p or row[STATUS + q] == OUT:
            continue
        # Below Solo any other bidder still in may accept; a Solo needs one who may hold it.
        elder = rules[R_HOLD_ELDER] == 0 or row[POS + q] < row[POS + p]
        if level < 3 or (row[STATUS + q] == IN and elder):
            acceptable = True
    return not acceptable


@njit(cache=True, nogil=True)
def _yield_position(row: I64, rules: I64, p: int) -> bool:
    if not (
        row[CUR] == 1
        and row[CUR_HELD] == 0
        and row[CUR_BY] != p
        and _may_hold(row, rules, p)
        and row[INV_BY] < 0
    ):
        return False
    for i in range(4):
        q = row[ACTIVE + i]
        if q != p and q != row[CUR_BY] and row[STATUS + q] != OUT:
            return False
    return True


@njit(cache=True, nogil=True)
def _shown(rules: I64, jump: int, level: int) -> int:
    if rules[R_JUMP_OLD] and level == 3:
        return T18
    return T19 if jump == 1 else T18


@njit(cache=True, nogil=True)
def _invite_ok(row: I64, rules: I64, p: int) -> bool:
    req = rules[R_INVITE]
    if req == 0:
        return True
    if req == 1:
        return _high(row, p)
    return _high(row, p) and _tarokks(row, p) >= 5


@njit(cache=True, nogil=True)
def _legal_bidding(row: I64, rules: I64, p: int, out: I64) -> int:
    if rules[R_INVITER_REBID] == 0 and row[INV_BY] == p:
        out[0] = PASS
        return 1
    k = 0
    if _yield_position(row, rules, p):
        ok = _holds(row, p, T20) and _high(row, p)
        if rules[R_YIELD_5]:
            ok = ok and _tarokks(row, p) >= 5
        if ok:
            out[k] = PASS
            k += 1
    else:
        out[k] = PASS
        k += 1
    if _may_hold(row, rules, p):
        out[k] = HOLD
        k += 1
    cur = row[CUR]
    if _has_honour(row, p):
        start = 0 if cur < 0 else cur + 1
        minimum = _minimum(row, rules, p)
        for level in range(start, 4):
            jump = level - minimum
            if (
                jump <= 0
                or _free(row, rules, p, level)
                or (
                    jump <= 2
                    and _holds(row, p, _shown(rules, jump, level))
                    and _invite_ok(row, rules, p)
                )
            ):
                out[k] = LEVEL + level
                k += 1
    elif row[POS + p] == 3 and cur < 0:
        alone = True
        for i in range(3):
            if row[STATUS + row[ACTIVE + i]] != OUT:
                alone = False
        if alone:
            out[k] = LEVEL  # the trial bid (§4.8)
            k += 1
    return k


@njit(cache=True, nogil=True)
def _throw_in(row: I64, cause: int) -> None:
    row[PHASE] = THROWN
    row[TO_ACT] = -1
    row[THROWN_CAUSE] = cause


@njit(cache=True, nogil=True)
def _apply_bid(row: I64, rules: I64, p: int, action: int) -> None:
    if action == PASS:
        if _yield_position(row, rules, p):
            row[INV_CARD] = T20
            row[INV_BY] = p
        row[STATUS + p] = OUT
    elif action == HOLD:
        row[CUR_BY] = p
        row[CUR_HELD] = 1
        row[STATUS + p] = IN
        row[BIDDERS] |= 1 << p
    else:
        level = action - LEVEL
        jump = level - _minimum(row, rules, p)
        if jump >= 1 and not _free(row, rules, p, level):
            row[INV_CARD] = _shown(rules, jump, level)
            row[INV_BY] = p
            if rules[R_INVITE] == 0 and not _high(row, p):
                row[OWES] = p
        if not _has_honour(row, p):
            row[TRIAL] = 1
        row[CUR] = level
        row[CUR_BY] = p
        row[CUR_HELD] = 0
        row[STATUS + p] = IN
        row[BIDDERS] |= 1 << p
    # _after_bid
    left = 0
    last = -1
    for i in range(4):
        q = row[ACTIVE + i]
        if row[STATUS + q] != OUT:
            left += 1
            last = q
    if left == 0:
        _throw_in(row, PASS_OUT)
        return
    if (row[CUR] == 3 and row[CUR_HELD]) or (left == 1 and last == row[CUR_BY]):
        decl = row[CUR_BY]
        row[DECLARER] = decl
        row[CONTRACT] = row[CUR]
        if row[OWES] == decl or row[INV_BY] == decl:
            row[OWES] = -1
        if (
            rules[R_RAISE]
            and row[BIDDERS] == 1 << decl
            and row[CUR] == 0
            and row[POS + decl] <= 2
            and row[TRIAL] == 0
        ):
            row[PHASE] = RAISE
            row[TO_ACT] = decl
        else:
            _hand_out_talon(row, rules)
        return
    q = _next_seat(row, p)
    while row[STATUS + q] == OUT:
        q = _next_seat(row, q)
    row[TO_ACT] = q


# ----------------------------------------------------------------- talon and discards (§5, §6)


@njit(cache=True, nogil=True)
def _hand_out_talon(row: I64, rules: I64) -> None:
    decl = row[DECLARER]
    seat = decl
    i = 0
    for j in range(4):
        share = _TALON_SHARES[row[CONTRACT], j]
        row[RECV_N + seat] = share
        for k in range(share):
            card = row[DEALT + i + k]
            row[RECV + 3 * seat + k] = card
            row[HAND + NUM_CARDS * seat + card] = 1
        i += share
        seat = _next_seat(row, seat)
    row[RECEIVED_SET] = 1
    if row[TRIAL] and not _has_honour(row, decl):
        penalty = rules[R_TRIAL_PENALTY] * row[MULT]
        for j in range(4):
            s = row[ACTIVE + j]
            row[SCORES + s] = -3 * penalty if s == decl else penalty
        _throw_in(row, TRIAL_FAILED)
        return
    seat = decl
    n = 0
    for _ in range(4):
        if row[RECV_N + seat]:
            row[DQ + n] = seat
            n += 1
        seat = _next_seat(row, seat)
    row[DQ_N] = n
    row[DQ_POS] = 0
    row[PHASE] = DISCARD
    _next_discarder(row)


@njit(cache=True, nogil=True)
def _next_discarder(row: I64) -> None:
    if row[DQ_POS] < row[DQ_N]:
        row[TO_ACT] = row[DQ + row[DQ_POS]]
        row[DQ_POS] += 1
        return
    row[PHASE] = ANNOUNCE
    row[GAME_LEVEL] = 0
    decl = row[DECLARER]
    row[STARTS + decl] = 1
    row[TO_ACT] = decl
    row[TURN_SAID] = 0
    row[TURN_DOUBLE] = 0


@njit(cache=True, nogil=True)
def _discardable(row: I64, rules: I64, p: int, c: int) -> bool:
    """Card ``c`` of ``p``'s hand may go into the discard (it is not protected)."""
    if not _holds(row, p, c):
        return False
    if c in (SKIZ, T21, PAGAT) or (c >= 22 and (c - 22) % 5 == 0):
        return False
    if c == T20 and rules[R_XX_DISCARDABLE] == 0:
        return False
    return not (c == row[INV_CARD] and row[INV_BY] == p and row[DECLARER] != p)


@njit(cache=True, nogil=True)
def _may_annul(row: I64, rules: I64, p: int) -> bool:
    if rules[R_ANNUL] == 0:
        return False
    kings = True
    for j in range(4):
        if not _holds(row, p, KING0 + 5 * j):
            kings = False
    trumps = _tarokks(row, p)
    if kings or trumps == 0:
        return True
    t21 = _holds(row, p, T21)
    pagat = _holds(row, p, PAGAT)
    if trumps == 1 and t21:
        return True
    if rules[R_ANNUL_FIVE]:
        if trumps == 1 and pagat:
            return True
        if trumps == 2 and t21 and pagat:
            return True
    return False


@njit(cache=True, nogil=True)
def _legal_discard(row: I64, rules: I64, p: int, out: I64) -> int:
    """The compact ids: each card that begins a completion of the cards chosen so far to a
    legal discard, and ``annul`` before the first card."""
    size = row[RECV_N + p]
    depth = row[CHOSEN_N]
    last = row[CHOSEN_LAST]
    k = 0
    if depth == 0 and _may_annul(row, rules, p):
        out[k] = ANNUL
        k += 1
    plain = 0
    for c in range(22, NUM_CARDS):
        if _discardable(row, rules, p, c):
            plain += 1
    most = size
    if rules[R_LAST_RESORT]:
        most = max(0, size - plain)
    chosen_tarokks = 0
    for c in range(22):
        chosen_tarokks += row[CHOSEN + c]
    rest = size - depth - 1
    # Free cards above c, and the plain ones among them, counted from the top down.
    above = 0
    plain_above = 0
    buf = np.zeros(NUM_CARDS, dtype=np.int64)
    n = 0
    for c in range(NUM_CARDS - 1, last, -1):
        if not _discardable(row, rules, p, c):
            continue
        tarokk = 1 if c < 22 else 0
        need = rest - plain_above
        if need < 0:
            need = 0
        if above >= rest and chosen_tarokks + tarokk + need <= most:
            buf[n] = c
            n += 1
        above += 1
        if c >= 22:
            plain_above += 1
    for j in range(n - 1, -1, -1):
        out[k] = DISCARD_CARD + buf[j]
        k += 1
    return k


@njit(cache=True, nogil=True)
def _binomial(n: int, k: int) -> int:
    if k < 0 or n < k:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@njit(cache=True, nogil=True)
def set_id(cards: I64, size: int) -> int:
    """The flat id of the ascending ``cards[:size]`` (:func:`.actions.discard_id`)."""
    base = DISCARD_SET
    for j in range(1, size):
        base += _binomial(NUM_CARDS, j)
    rank = 0
    low = 0
    for j in range(size):
        for c in range(low, cards[j]):
            rank += _binomial(NUM_CARDS - 1 - c, size - 1 - j)
        low = cards[j] + 1
    return base + rank


@njit(cache=True, nogil=True)
def _choose_set(row: I64, action: int) -> None:
    """Mark the cards of flat discard ``action`` chosen, all but the highest (which the
    caller adds, completing the set)."""
    rank = action - DISCARD_SET
    size = 1
    while rank >= _binomial(NUM_CARDS, size):
        rank -= _binomial(NUM_CARDS, size)
        size += 1
    low = 0
    last = -1
    for j in range(size):
        c = low
        while rank >= _binomial(NUM_CARDS - 1 - c, size - 1 - j):
            rank -= _binomial(NUM_CARDS - 1 - c, size - 1 - j)
            c += 1
        if j < size - 1:
            row[CHOSEN + c] = 1
            row[CHOSEN_N] += 1
        last = c
        low = c + 1
    row[CHOSEN_LAST] = last


@njit(cache=True, nogil=True)
def _legal_discard_sets(row: I64, rules: I64, p: int, out: I64) -> int:
    """The flat ids: every legal discard set (ascending ids), then ``annul`` if legal."""
    size = row[RECV_N + p]
    free = np.zeros(12, dtype=np.int64)
    n = 0
    plain = 0
    for c in range(NUM_CARDS):
        if _discardable(row, rules, p, c):
            free[n] = c
            n += 1
            if c >= 22:
                plain += 1
    most = size
    if rules[R_LAST_RESORT]:
        most = max(0, size - plain)
    cards = np.zeros(3, dtype=np.int64)
    k = 0
    if size == 1:
        for a in range(n):
            cards[0] = free[a]
            if (1 if free[a] < 22 else 0) <= most:
                out[k] = set_id(cards, 1)
                k += 1
    elif size == 2:
        for a in range(n):
            for b in range(a + 1, n):
                cards[0], cards[1] = free[a], free[b]
                if (free[a] < 22) + (free[b] < 22) <= most:
                    out[k] = set_id(cards, 2)
                    k += 1
    else:
        for a in range(n):
            for b in range(a + 1, n):
                for c in range(b + 1, n):
                    cards[0], cards[1], cards[2] = free[a], free[b], free[c]
                    if (free[a] < 22) + (free[b] < 22) + (free[c] < 22) <= most:
                        out[k] = set_id(cards, 3)
                        k += 1
    if _may_annul(row, rules, p):
        out[k] = ANNUL
        k += 1
    return k


@njit(cache=True, nogil=True)
def _apply_discard(row: I64, p: int, action: int) -> None:
    if action == ANNUL:
        _throw_in(row, ANNULLED)
        return
    card = action - DISCARD_CARD
    row[CHOSEN + card] = 1
    row[CHOSEN_N] += 1
    row[CHOSEN_LAST] = card
    if row[CHOSEN_N] < row[RECV_N + p]:
        return
    n = 0
    for c in range(NUM_CARDS):
        if row[CHOSEN + c]:
            row[CHOSEN + c] = 0
            row[HAND + NUM_CARDS * p + c] = 0
            row[DISC + NUM_CARDS * p + c] = 1
            n += 1
    row[DISC_N + p] = n
    row[CHOSEN_N] = 0
    row[CHOSEN_LAST] = -1
    _next_discarder(row)


# ----------------------------------------------------------------- the call (§7)


@njit(cache=True, nogil=True)
def _legal_call(row: I64, rules: I64, out: I64) -> int:
    decl = row[DECLARER]
    if row[INV_BY] >= 0 and row[INV_BY] != decl:
        out[0] = CALL + row[INV_CARD]
        return 1
    cards = np.zeros(NUM_CARDS, dtype=np.bool_)
    others = False
    for i in range(4):
        s = row[ACTIVE + i]
        if s != decl:
            for c in range(22):
                if row[DISC + NUM_CARDS * s + c]:
                    others = True
    in_hand = _holds(row, decl, T20)
    in_own = row[DISC + NUM_CARDS * decl + T20] != 0
    free = rules[R_FREE_CALL]
    first_avail = -1
    for c in range(3, 21):  # T19 .. T2
        if not _holds(row, decl, c) and row[DISC + NUM_CARDS * decl + c] == 0:
            first_avail = c
            break
    if not in_hand and not in_own:
        cards[T20] = True
        if others and free == 1:
            for c in range(3, 21):
                if not _holds(row, decl, c) and row[DISC + NUM_CARDS * decl + c] == 0:
                    cards[c] = True
    elif others and free != 2:
        if in_hand:
            cards[T20] = True
        for c in range(3, 21):
            if not _holds(row, decl, c) and row[DISC + NUM_CARDS * decl + c] == 0:
                cards[c] = True
    else:
        if in_hand:
            cards[T20] = True
        if first_avail >= 0:
            cards[first_avail] = True
    if rules[R_SELF_ANY]:
        for c in range(2, 21):
            if _holds(row, decl, c):
                cards[c] = True
    k = 0
    for c in range(NUM_CARDS):
        if cards[c]:
            out[k] = CALL + c
            k += 1
    return k


@njit(cache=True, nogil=True)
def _apply_call(row: I64, card: int) -> None:
    decl = row[DECLARER]
    row[CALLED] = card
    holder = -1
    discarder = -1
    for i in range(4):
        s = row[ACTIVE + i]
        if holder < 0 and _holds(row, s, card):
            holder = s
        if discarder < 0 and row[DISC + NUM_CARDS * s + card]:
            discarder = s
    if holder >= 0 and holder != decl:
        row[PARTNER] = holder
        row[ALONE] = 0
    else:
        row[PARTNER] = decl
        row[ALONE] = 1
        if discarder >= 0 and discarder != decl:
            row[OFFICE] = discarder
    if row[INV_BY] >= 0 and row[INV_BY] != decl:
        row[ALL_REVEALED] = 1


# ----------------------------------------------------------------- announcements (§8)


@njit(cache=True, nogil=True)
def _trull_promise(row: I64, p: int) -> bool:
    high = _high(row, p)
    decl = row[DECLARER]
    accepted = row[INV_BY] >= 0 and row[INV_BY] != decl
    first_turn = row[STARTS + p] == 1
    if p == decl and first_turn:
        if accepted:
            return high
        bidders = 0
        for s in range(MAX_SEATS):
            bidders += (row[BIDDERS] >> s) & 1
        return _holds(row, p, SKIZ) and (_holds(row, p, T21) or bidders >= 3)
    if accepted and p == row[INV_BY] and first_turn and not _said(row, D, I_TRULL):
        honours = 0
        for c in (SKIZ, T21, PAGAT):
            if _holds(row, p, c):
                honours += 1
        return honours >= 2
    return high


@njit(cache=True, nogil=True)
def _compulsory(row: I64, rules: I64, p: int) -> bool:
    """Whether ``p`` may not end his turn yet (§8.6)."""
    if row[OWES] == p and row[STARTS + p] <= 1:
        return not _said(row, _side(row, p), I_ULTIMO)
    if (
        rules[R_ACCEPTOR]
        and p == row[DECLARER]
        and row[INV_BY] >= 0
        and row[INV_BY] != p
        and row[STARTS + p] == 1
    ):
        return not _said(row, D, I_TRULL) and not _said(row, D, I_ULTIMO)
    return False


@njit(cache=True, nogil=True)
def _legal_announce(row: I64, rules: I64, p: int, out: I64) -> int:
    if p == row[DECLARER] and row[CALLED] < 0:
        return _legal_call(row, rules, out)
    game_level = row[GAME_LEVEL]
    if p == row[OFFICE] and game_level == 0 and row[TURN_SAID] == 0 and row[STARTS + p] == 1:
        out[0] = KONTRA + I_GAME
        return 1
    side = _side(row, p)
    ok = _revealed(row, p) or side == row[PRESUMED]
    k = 0
    n = _tarokks(row, p)
    counted = row[COUNTS + p] != 0
    if (n == 8 or n == 9) and not counted and (ok or rules[R_COUNT_IDENTIFIES] == 0):
        out[k] = COUNT + n - 8
        k += 1
    pending = rules[R_COUNT_BEFORE_ULTIMO] != 0 and n >= 8 and not counted
    if ok:
        tournament = rules[R_TOURNAMENT] != 0
        barred = np.zeros(7, dtype=np.bool_)
        for item in range(1, 7):
            barred[item] = _said(row, side, item)
        if barred[I_VOLAT]:
            barred[I_DOUBLE] = True
            if tournament:
                barred[I_TRULL] = True
                barred[I_KINGS] = True
        if not tournament and row[TURN_DOUBLE]:
            barred[I_VOLAT] = True
        if pending:
            barred[I_ULTIMO] = True
        for item in range(1, 7):
            if barred[item]:
                continue
            if item == I_TRULL and rules[R_TRULL_CONVENTIONS] and not _trull_promise(row, p):
                continue
            out[k] = BONUS + item - 1
            k += 1
    max_kontra = rules[R_MAX_KONTRA]
    if game_level < max_kontra and side == (D if game_level % 2 else O):
        out[k] = KONTRA + game_level * 7
        k += 1
    for owner in range(2):
        for item in range(1, 7):
            level = row[ANN_LEVEL + 7 * owner + item]
            if level < 0 or level >= max_kontra:
                continue
            if side != (owner if level % 2 else 1 - owner):
                continue
            if item == I_ULTIMO and pending:
                continue
            out[k] = KONTRA + level * 7 + item
            k += 1
    if not _compulsory(row, rules, p):
        out[k] = PASS
        k += 1
    return k


@njit(cache=True, nogil=True)
def _spoke(row: I64, p: int) -> None:
    side = _side(row, p)
    row[PRESUMED] = side
    row[REVEALED] |= 1 << p
    if p != row[DECLARER] and side == D:
        row[ALL_REVEALED] = 1


@njit(cache=True, nogil=True)
def _apply_announce(row: I64, rules: I64, p: int, action: int) -> None:
    if action == PASS:
        row[BARE_RUN] = 0 if row[TURN_SAID] else row[BARE_RUN] + 1
        row[TURN_SAID] = 0
        row[TURN_DOUBLE] = 0
        if row[BARE_RUN] >= 3:
            if (
                rules[R_THREE_TRULL]
                and row[CONTRACT] == 0
                and row[GAME_LEVEL] == 0
                and row[NANN] == 1
                and row[ANN_LEVEL + 7 * D + I_TRULL] == 0
            ):
                _settle(row, rules, 3)  # game 1 + announced trull 2, unplayed
                return
            row[PHASE] = PLAYING
            row[LEADER] = row[FOREHAND]
            row[TO_ACT] = row[FOREHAND]
            return
        q = _next_seat(row, p)
        row[TO_ACT] = q
        row[STARTS + q] += 1
        if q == row[OFFICE]:
            row[ALL_REVEALED] = 1  # §7.4: public from the start of his first turn
        return
    row[TURN_SAID] += 1
    if action < COUNT:
        _apply_call(row, action - CALL)
    elif action < BONUS:
        row[COUNTS + p] = 8 + action - COUNT
        if rules[R_COUNT_IDENTIFIES]:
            _spoke(row, p)
    elif action < KONTRA:
        item = action - BONUS + 1
        if item == I_DOUBLE:
            row[TURN_DOUBLE] = 1
        side = _side(row, p)
        row[ANN_LEVEL + 7 * side + item] = 0
        row[ANN_BY + 7 * side + item] = p
        row[NANN] += 1
        _spoke(row, p)
    else:
        level = (action - KONTRA) // 7
        item = (action - KONTRA) % 7
        if item == I_GAME:
            row[GAME_LEVEL] = level + 1
        else:
            side = _side(row, p)
            owner = side if (level + 1) % 2 == 0 else 1 - side
            row[ANN_LEVEL + 7 * owner + item] = level + 1
        _spoke(row, p)


# ----------------------------------------------------------------- play (§9)


@njit(cache=True, nogil=True)
def _legal_play(row: I64, p: int, out: I64) -> int:
    base = HAND + NUM_CARDS * p
    k = 0
    if row[TRICK_N]:
        led = _suit(row[TRICK])
        for c in range(NUM_CARDS):
            if row[base + c] and _suit(c) == led:
                out[k] = PLAY + c
                k += 1
        if k == 0 and led != 4:
            for c in range(22):
                if row[base + c]:
                    out[k] = PLAY + c
                    k += 1
    if k == 0:
        for c in range(NUM_CARDS):
            if row[base + c]:
                out[k] = PLAY + c
                k += 1
    if k > 1 and _said(row, _side(row, p), I_ULTIMO):
        # The pagát is held back for the ultimó while anything else may be played.
        for j in range(k):
            if out[j] == PLAY + PAGAT:
                for m in range(j, k - 1):
                    out[m] = out[m + 1]
                k -= 1
                break
    return k


@njit(cache=True, nogil=True)
def _apply_play(row: I64, rules: I64, p: int, card: int) -> None:
    row[HAND + NUM_CARDS * p + card] = 0
    row[TRICK + row[TRICK_N]] = card
    row[TRICK_N] += 1
    if card == row[CALLED]:
        row[ALL_REVEALED] = 1
    if row[TRICK_N] < 4:
        row[TO_ACT] = _next_seat(row, p)
        return
    leader = row[LEADER]
    best = 0
    trumps = False
    for i in range(4):
        if row[TRICK + i] < 22:
            if not trumps or row[TRICK + i] < row[TRICK + best]:
                best = i
            trumps = True
    if not trumps:
        led = _suit(row[TRICK])
        for i in range(1, 4):
            c = row[TRICK + i]
            if _suit(c) == led and c < row[TRICK + best]:
                best = i
    start = row[POS + leader]
    winner = row[ACTIVE + (start + best) % 4]
    side = _side(row, winner)
    number = row[NTRICKS]
    skiz_by = -1
    t21_by = -1
    for i in range(4):
        c = row[TRICK + i]
        seat = row[ACTIVE + (start + i) % 4]
        row[PLAYED + c] = seat
        row[WON + c] = winner
        if side == D:
            row[POINTS_D] += card_points(c)
        if c in (SKIZ, T21, PAGAT):
            row[HON_D if side == D else HON_O] += 1
        if c >= 22 and (c - 22) % 5 == 0:
            row[KINGS_D if side == D else KINGS_O] += 1
        if c == PAGAT:
            row[PAGAT_SIDE] = _side(row, seat)
            row[PAGAT_LAST] = 1 if number == 8 else 0
            row[PAGAT_WON] = 1 if number == 8 and winner == seat else 0
        if c == SKIZ:
            skiz_by = seat
        if c == T21:
            t21_by = seat
    if skiz_by >= 0 and t21_by >= 0 and _side(row, skiz_by) != _side(row, t21_by):
        row[CATCH_BY] = _side(row, skiz_by)
    if side == D:
        row[TRICKS_D] += 1
    row[NTRICKS] += 1
    row[TRICK_N] = 0
    row[LEADER] = winner
    row[TO_ACT] = winner
    if row[NTRICKS] == 9:
        _score(row, rules)


# ----------------------------------------------------------------- scoring (§10)


@njit(cache=True, nogil=True)
def _pay(amount: int, to: int) -> int:
    return amount if to == D else -amount


@njit(cache=True, nogil=True)
def deal_value(row: I64, rules: I64, g: int) -> int:
    """``V`` (§10.2, §10.3), as :func:`paston.games.paskievics.scoring.deal_value`."""
    kovacs = rules[R_KOVACS] != 0
    ann_trull, ann_kings, ann_ultimo, ann_catch = 2, 2, 10, 42
    sil_trull, sil_kings, sil_ultimo, sil_catch = 1, 1, 5, 21
    if kovacs:
        ann_kings, ann_ultimo, ann_catch = 4, 12, 60
        sil_kings, sil_ultimo, sil_catch = 2, 6, 30
    total = 0
    points_d = row[POINTS_D]
    points_o = 94 - points_d
    game_level = row[GAME_LEVEL]
    need = 47 if rules[R_KONTRA_47] and game_level > 0 else 48
    winner = D if points_d >= need else O
    dbl = D if points_d >= 71 else (O if points_o >= 71 else -1)
    vol = D if row[TRICKS_D] == 9 else (O if row[TRICKS_D] == 0 else -1)
    for side in range(2):
        if _said(row, side, I_DOUBLE):
            level = row[ANN_LEVEL + 7 * side + I_DOUBLE]
            total += _pay(4 * g * 2**level, side if dbl == side else 1 - side)
        if _said(row, side, I_VOLAT):
            level = row[ANN_LEVEL + 7 * side + I_VOLAT]
            total += _pay(6 * g * 2**level, side if vol == side else 1 - side)
    silent_side = -1
    silent_amount = 0
    silent_is_double = False
    if vol >= 0 and not _said(row, vol, I_VOLAT):
        silent_side, silent_amount = vol, 3 * g
    elif dbl >= 0 and not _said(row, dbl, I_DOUBLE) and not _said(row, dbl, I_VOLAT):
        silent_side, silent_amount = dbl, 2 * g
        silent_is_double = True
    if game_level > 0:
        score_game = True
    else:
        score_game = not (silent_side >= 0 and silent_side == winner) and not (
            _said(row, winner, I_DOUBLE) or _said(row, winner, I_VOLAT)
        )
    if score_game:
        total += _pay(g * 2**game_level, winner)
    if silent_side >= 0:
        factor = 2**game_level if rules[R_GAME_KONTRA_SILENT] else 1
        total += _pay(silent_amount * factor, silent_side)
    silent_volat = vol >= 0 and not _said(row, vol, I_VOLAT)
    for item in (I_TRULL, I_KINGS):
        if item == I_TRULL:
            by = D if row[HON_D] == 3 else (O if row[HON_O] == 3 else -1)
            announced, silent = ann_trull, sil_trull
        else:
            by = D if row[KINGS_D] == 4 else (O if row[KINGS_O] == 4 else -1)
            announced, silent = ann_kings, sil_kings
        for side in range(2):
            if _said(row, side, item):
                level = row[ANN_LEVEL + 7 * side + item]
                total += _pay(announced * 2**level, side if by == side else 1 - side)
        cancelled = vol == by and (rules[R_SILENT_VOLAT_ONLY] == 0 or silent_volat)
        if (
            item == I_KINGS
            and rules[R_SILENT_KINGS_DOUBLE] == 0
            and silent_side >= 0
            and silent_side == by
            and silent_is_double
        ):
            cancelled = True
        if by >= 0 and not _said(row, by, item) and not cancelled:
            total += _pay(silent, by)
    pagat_side = row[PAGAT_SIDE]
    pagat_last = row[PAGAT_LAST] != 0
    pagat_won = row[PAGAT_WON] != 0
    for side in range(2):
        if _said(row, side, I_ULTIMO):
            made = pagat_side == side and pagat_last and pagat_won
            level = row[ANN_LEVEL + 7 * side + I_ULTIMO]
            total += _pay(ann_ultimo * 2**level, side if made else 1 - side)
    if pagat_last and pagat_side >= 0 and not _said(row, pagat_side, I_ULTIMO):
        total += _pay(sil_ultimo, pagat_side if pagat_won else 1 - pagat_side)
    catch_by = row[CATCH_BY]
    for side in range(2):
        if _said(row, side, I_CATCH):
            level = row[ANN_LEVEL + 7 * side + I_CATCH]
            total += _pay(ann_catch * 2**level, side if catch_by == side else 1 - side)
    if catch_by >= 0 and not _said(row, catch_by, I_CATCH):
        total += _pay(sil_catch, catch_by)
    return total


@njit(cache=True, nogil=True)
def _score(row: I64, rules: I64) -> None:
    decl = row[DECLARER]
    alone = row[ALONE] == 1
    credit = 0
    if alone and row[OFFICE] >= 0 and rules[R_LONE_ALL]:
        for i in range(4):
            s = row[ACTIVE + i]
            for c in range(NUM_CARDS):
                if row[DISC + NUM_CARDS * s + c]:
                    credit += card_points(c)
    else:
        for c in range(NUM_CARDS):
            if row[DISC + NUM_CARDS * decl + c]:
                credit += card_points(c)
    row[POINTS_D] += credit
    g = row[CONTRACT] + 1
    if alone and rules[R_LONE_SOLO]:
        g = 4
    _settle(row, rules, deal_value(row, rules, g))


@njit(cache=True, nogil=True)
def _settle(row: I64, rules: I64, value: int) -> None:
    """Scores from V (§10.5): tarokk counts, 2 v 2 or alone, the multiplier."""
    row[VALUE] = value
    decl = row[DECLARER]
    partner = row[PARTNER]
    alone = row[ALONE] == 1
    team = rules[R_COUNT_TEAM] != 0
    if team:
        for s in range(MAX_SEATS):
            count = row[COUNTS + s]
            if count:
                c = 1 if count == 8 else 2
                value += c if _side(row, s) == D else -c
    for i in range(4):
        s = row[ACTIVE + i]
        if alone:
            row[SCORES + s] = 3 * value if s == decl else -value
        else:
            row[SCORES + s] = value if s in (decl, partner) else -value
    if not team:
        for seat in range(MAX_SEATS):
            count = row[COUNTS + seat]
            if count:
                c = 1 if count == 8 else 2
                for i in range(4):
                    s = row[ACTIVE + i]
                    row[SCORES + s] += 3 * c if s == seat else -c
    for s in range(MAX_SEATS):
        row[SCORES + s] *= row[MULT]
    row[PHASE] = SCORED
    row[TO_ACT] = -1


# ----------------------------------------------------------------- legal actions, applying


@njit(cache=True, nogil=True)
def legal(row: I64, rules: I64, out: I64) -> int:
    """Write the legal compact ids of the seat to act into ``out``; return how many."""
    p = row[TO_ACT]
    if p < 0:
        return 0
    phase = row[PHASE]
    if phase == ANNOUNCE:
        return _legal_announce(row, rules, p, out)
    if phase == PLAYING:
        return _legal_play(row, p, out)
    if phase == BIDDING:
        return _legal_bidding(row, rules, p, out)
    if phase == RAISE:
        for level in range(4):
            out[level] = LEVEL + level
        return 4
    if rules[R_FLAT]:
        return _legal_discard_sets(row, rules, p, out)
    return _legal_discard(row, rules, p, out)


@njit(cache=True, nogil=True)
def apply(row: I64, action: int, rules: I64) -> None:
    """Apply the legal compact ``action`` of the seat to act."""
    p = row[TO_ACT]
    if action <= LEVEL + 3:
        row[LAST_WORD + p] = action
    phase = row[PHASE]
    if phase == ANNOUNCE:
        _apply_announce(row, rules, p, action)
    elif phase == PLAYING:
        _apply_play(row, rules, p, action - PLAY)
    elif phase == BIDDING:
        _apply_bid(row, rules, p, action)
    elif phase == RAISE:
        row[CONTRACT] = action - LEVEL
        _hand_out_talon(row, rules)
    elif rules[R_FLAT] and action >= DISCARD_SET:
        _choose_set(row, action)
        _apply_discard(row, p, DISCARD_CARD + row[CHOSEN_LAST])
    else:
        _apply_discard(row, p, action)


# ----------------------------------------------------------------- the observation


@njit(cache=True, nogil=True)
def _partner_known(row: I64, seat: int) -> bool:
    if row[CALLED] < 0:
        return False
    if row[PHASE] >= SCORED or row[ALL_REVEALED]:
        return True
    if row[ALONE] == 0 and seat == row[PARTNER]:
        return True
    if seat == row[DECLARER] and row[ALONE] == 1 and row[OFFICE] < 0:
        return True
    return bool(seat == row[OFFICE])


@njit(cache=True, nogil=True)
def write_obs(row: I64, seat: int, off: I64, out: F32) -> None:
    """``out`` = the Gymnasium env's compact observation of ``seat`` (an active seat):
    :func:`~paston.games.paskievics.encoding.encode_paskievics_state`, then the cards
    chosen for its discard."""
    out[:] = 0.0
    n = row[NSEATS]
    phase = row[PHASE]
    if phase <= SCORED:
        out[off[O_PHASE] + phase] = 1.0
    hand = HAND + NUM_CARDS * seat
    at = off[O_HAND]
    for c in range(NUM_CARDS):
        if row[hand + c]:
            out[at + c] = 1.0
    received = row[RECEIVED_SET] != 0
    if received:
        at = off[O_TALON_RECEIVED]
        for k in range(row[RECV_N + seat]):
            out[at + row[RECV + 3 * seat + k]] = 1.0
    at = off[O_OWN_DISCARD]
    disc = DISC + NUM_CARDS * seat
    for c in range(NUM_CARDS):
        if row[disc + c]:
            out[at + c] = 1.0
    done = phase in (ANNOUNCE, PLAYING, SCORED)
    decl = row[DECLARER]
    if done and decl >= 0:
        at = off[O_DECL_TAROKKS]
        for c in range(22):
            if row[DISC + NUM_CARDS * decl + c]:
                out[at + c] = 1.0
    if row[CALLED] >= 0:
        out[off[O_CALLED] + row[CALLED]] = 1.0
    for c in range(NUM_CARDS):
        by = row[PLAYED + c]
        if by >= 0:
            out[off[O_PLAYED_BY] + NUM_CARDS * ((by - seat) % n) + c] = 1.0
            out[off[O_WON_BY] + NUM_CARDS * ((row[WON + c] - seat) % n) + c] = 1.0
    if row[TRICK_N]:
        start = row[POS + row[LEADER]]
        for i in range(row[TRICK_N]):
            s = row[ACTIVE + (start + i) % 4]
            out[off[O_TRICK] + NUM_CARDS * ((s - seat) % n) + row[TRICK + i]] = 1.0
    out[off[O_DEALER] + (row[DEALER] - seat) % n] = 1.0
    if row[TO_ACT] >= 0:
        out[off[O_TO_ACT] + (row[TO_ACT] - seat) % n] = 1.0
    if decl >= 0:
        out[off[O_DECLARER] + (decl - seat) % n] = 1.0
    if phase != RAISE:
        for s in range(n):
            word = row[LAST_WORD + s]
            if word >= 0:
                out[off[O_LAST_BID] + 6 * ((s - seat) % n) + word] = 1.0
    if row[CONTRACT] >= 0:
        out[off[O_CONTRACT] + row[CONTRACT]] = 1.0
    if row[INV_BY] >= 0:
        at = off[O_INVITATION]
        out[at + (row[INV_BY] - seat) % n] = 1.0
        card = row[INV_CARD]
        if card == T19:
            out[at + n] = 1.0
        elif card == T18:
            out[at + n + 1] = 1.0
        elif card == T20:
            out[at + n + 2] = 1.0
    for s in range(n):
        rel = (s - seat) % n
        if received:
            out[off[O_TALON_SPLIT] + rel] = row[RECV_N + s] / 3.0
        out[off[O_DISCARD_SIZES] + rel] = row[DISC_N + s] / 3.0
        if done:
            count = 0
            for c in range(22):
                count += row[DISC + NUM_CARDS * s + c]
            out[off[O_DISCARDED_TAROKKS] + rel] = min(count, 3) / 3.0
        count = row[COUNTS + s]
        if count:
            out[off[O_TAROKK_COUNTS] + 2 * rel + count - 8] = 1.0
    known = _partner_known(row, seat)
    if row[CALLED] >= 0:
        over = phase >= SCORED
        for i in range(4):
            s = row[ACTIVE + i]
            if over or s == seat or known or _revealed(row, s):
                out[off[O_SIDES] + 2 * ((s - seat) % n) + _side(row, s)] = 1.0
    if known:
        if row[PARTNER] >= 0:
            out[off[O_PARTNER] + (row[PARTNER] - seat) % n] = 1.0
        if row[ALONE] == 1:
            out[off[O_PARTNER] + n] = 1.0
    for side in range(2):
        for item in range(1, 7):
            level = row[ANN_LEVEL + 7 * side + item]
            if level >= 0:
                out[off[O_ANNOUNCED] + (7 * side + item) * 6 + min(level, _MAX_LEVEL)] = 1.0
                out[off[O_ANNOUNCERS] + (row[ANN_BY + 7 * side + item] - seat) % n] = 1.0
    if row[CALLED] >= 0 and row[GAME_LEVEL] >= 0:
        out[off[O_GAME_KONTRA] + min(row[GAME_LEVEL], _MAX_LEVEL)] = 1.0
    out[off[O_TRICKS_DONE]] = row[NTRICKS] / 9.0
    out[off[O_MULTIPLIER]] = min(math.log2(max(row[MULT], 1)), 4.0) / 4.0
    if row[THROWN_CAUSE]:
        out[off[O_THROWN_IN] + row[THROWN_CAUSE] - 1] = 1.0
    if phase >= SCORED:
        for s in range(n):
            out[off[O_SCORES] + (s - seat) % n] = 0.5 + math.atan(row[SCORES + s] / 20.0) / math.pi
    at = off[O_CHOSEN]
    for c in range(NUM_CARDS):
        if row[CHOSEN + c]:
            out[at + c] = 1.0


# ----------------------------------------------------------------- the batch


@njit(cache=True, nogil=True)
def _refresh(row: I64, rules: I64, mask: Bools, legal_row: I64, nlegal: I64, i: int) -> None:
    """Row ``i``'s legal list and mask (only the entries set before are cleared)."""
    for k in range(nlegal[i]):
        mask[legal_row[k]] = False
    count = legal(row, rules, legal_row)
    nlegal[i] = count
    for k in range(count):
        mask[legal_row[k]] = True


@njit(cache=True, nogil=True)
def _new_deal(row: I64, players: int, decks: I64, next_deck: I64) -> None:
    """Deal ``row`` the next deck of ``decks`` (42 cards, then the dealer)."""
    deck = decks[next_deck[0]]
    next_deck[0] += 1
    deal(row, players, deck, deck[NUM_CARDS])


@njit(cache=True, nogil=True)
def reset_all(st: I64, players: int, rules: I64, off: I64, obs: F32, mask: Bools,
              legal_ids: I64, nlegal: I64, decks: I64, next_deck: I64) -> None:  # fmt: skip
    """Deal every row afresh; the observation and mask of each one's seat to act."""
    for i in range(st.shape[0]):
        row = st[i]
        _new_deal(row, players, decks, next_deck)
        _refresh(row, rules, mask[i], legal_ids[i], nlegal, i)
        if rules[R_OBSERVE]:
            write_obs(row, row[TO_ACT], off, obs[i])


@njit(cache=True, nogil=True)
def step_all(st: I64, actions: I64, rules: I64, off: I64, obs: F32, mask: Bools,
             legal_ids: I64, nlegal: I64, reward: F32, done: Bools, scale: float,
             finals: I64, decks: I64, next_deck: I64) -> None:  # fmt: skip
    """Apply ``actions[i]`` to row ``i`` (checked legal by the caller); a deal that ends pays
    every seat's score times ``scale`` into ``reward[i]``, sets ``done[i]``, keeps its last
    row in ``finals[i]`` and is dealt the next deck at once (the caller leaves at least one
    deck a row)."""
    players = st[0, NSEATS]
    for i in range(st.shape[0]):
        row = st[i]
        apply(row, actions[i], rules)
        if row[TO_ACT] < 0:
            n = row[NSEATS]
            for s in range(n):
                reward[i, s] = row[SCORES + s] * scale
            done[i] = True
            finals[i, :] = row
            _new_deal(row, players, decks, next_deck)
        elif done[i]:
            reward[i, :] = 0.0
            done[i] = False
        _refresh(row, rules, mask[i], legal_ids[i], nlegal, i)
        if rules[R_OBSERVE]:
            write_obs(row, row[TO_ACT], off, obs[i])


@njit(cache=True, nogil=True)
def check_actions(actions: I64, mask: Bools) -> int:
    """The first row whose action is not legal, or -1."""
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0 or a >= mask.shape[1] or not mask[i, a]:
            return i
    return -1
