"""The numba kernels of the batched Paris engine: one game per row of an ``int32`` array.

Every game's whole state is one row of ``st`` (the column numbers below, room for 9 seats);
the kernels deal (the reference shuffle of spec/paris.md §3.3 from a seed, so a row's game is
:func:`paston.games.paris.shuffle.deal_game` of the same seed and dealer), list the legal
actions of the seat to act (the engine's ids, :mod:`paston.games.paris.actions`), apply an
action (§4-§9: swaps, the opening play, plays, burns, refills, pick-ups, blind plays, going
out, the turn limit), and encode the observation of the seat to act (the same vector as
:func:`paston.games.paris.encoding.encode_paris` of that seat's view), row after row, in
compiled code. The variant flags of §14 come in the small ``rules`` array (:data:`R_*`).

Holdings are 52 counts per seat (hand, face-up), as in
:class:`~paston.games.paris.state.ParisState`; a play id is ``rank * 80 + combo - 1``, where
``combo`` holds the number of cards of each suit as base-3 digits (C, D, H, S).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

I32 = NDArray[np.int32]
I64 = NDArray[np.int64]
F32 = NDArray[np.float32]
Bools = NDArray[np.bool_]

MAX_SEATS = 9
NUM_CARDS = 52
PACK = 104
SEVEN = 4
TEN = 7
COMBOS = 80
SWAP_BASE = 13 * COMBOS
READY = SWAP_BASE + 52 * 52
PICKUP = READY + 1
BLIND_BASE = PICKUP + 1
NUM_ACTIONS = BLIND_BASE + 3
SWAP_LIMIT = 3
#: The most legal actions a seat can have: every play id (hand-only and combined plays never
#: share an id) and a pick-up; the swap phase has at most 10 x 3 swaps and ``ready``.
MAX_LEGAL = SWAP_BASE + 4

# ----------------------------------------------------------------- the columns of a row

NSEATS = 0
DEALER = 1
HSIZE = 2  # H: 10 with two players, else 5
PHASE = 3  # SWAP, PLAY, OVER
TO_ACT = 4
OPENING = 5
RSTAR = 6
STARTER = 7
TURNS = 8
END = 9  # 0 on, END_LAST, END_LIMIT
LOSER = 10
ACTIVE = 11
NFIN = 12
DECK_LEN = 13
DECK_POS = 14
PILE_LEN = 15
BURNED = 16
HAND_N = 20  # + seat
UP_N = HAND_N + MAX_SEATS
DOWN_N = UP_N + MAX_SEATS
OUT = DOWN_N + MAX_SEATS
SWAPS = OUT + MAX_SEATS
READY_COL = SWAPS + MAX_SEATS
FIN = READY_COL + MAX_SEATS  # + k: the k-th seat to go out
RANKING = FIN + MAX_SEATS  # + k: the final ranking, once over
DOWN = RANKING + MAX_SEATS  # + 3 seat + slot: the card, -1 for an empty slot
BURNT = DOWN + 3 * MAX_SEATS  # + card: copies burned
DECK = BURNT + NUM_CARDS  # + k: the deck as dealt, DECK + DECK_POS drawn next
PILE = DECK + PACK  # + k: bottom to top
HAND = PILE + PACK  # + 52 seat + card: copies in the hand
UP = HAND + NUM_CARDS * MAX_SEATS  # + 52 seat + card: copies face up
NCOLS = UP + NUM_CARDS * MAX_SEATS

SWAP, PLAY, OVER = 0, 1, 2
END_LAST, END_LIMIT = 1, 2

# ----------------------------------------------------------------- the rules array

R_MOST_LOWEST = 0  # start_rule == "most_lowest"
R_ALL_LOWEST = 1  # starter_plays_all_lowest
R_TEN_EXTRA = 2  # ten_grants_extra_turn
R_VOLUNTARY = 3  # voluntary_pickup
R_FACEUP_LAST = 4  # play_faceup_with_last_hand
R_MAX_TURNS = 5  # max_turns
R_RANK_REWARD = 6  # reward: 0 the game's result (-1 for the loser), 1 by finishing place
R_OBSERVE = 7  # 1: write observations
N_RULES = 8

# ----------------------------------------------------------------- the layout offsets array

#: The fields of :func:`paston.games.paris.encoding.paris_layout`, in its order.
FIELD_NAMES = (
    "phase", "opening", "to_act", "dealer", "hand", "hand_count", "face_up", "face_down",
    "finished", "swaps_left", "ready", "pile", "pile_count", "top_rank", "top_run", "seven",
    "burned", "burned_count", "deck_count", "turns",
)  # fmt: skip
(O_PHASE, O_OPENING, O_TO_ACT, O_DEALER, O_HAND, O_HAND_COUNT, O_FACE_UP, O_FACE_DOWN,
 O_FINISHED, O_SWAPS_LEFT, O_READY, O_PILE, O_PILE_COUNT, O_TOP_RANK, O_TOP_RUN, O_SEVEN,
 O_BURNED, O_BURNED_COUNT, O_DECK_COUNT, O_TURNS) = range(20)  # fmt: skip

# SplitMix64 (§3.3), as unsigned 64-bit constants so that numba keeps the arithmetic unsigned.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_ONE = np.uint64(1)


@njit(cache=True, nogil=True)
def seed_rng(seed: int) -> None:
    """Seed numba's generator (the one :func:`random_legal` draws from)."""
    np.random.seed(seed)


@njit(cache=True, nogil=True)
def reference_shuffle(seed: int, seq: I64) -> None:
    """``seq[:104]`` = the pack shuffled from ``seed`` by §3.3 (``seq[0]`` the top card)."""
    for i in range(PACK):
        seq[i] = i % NUM_CARDS
    state = np.uint64(seed)
    for i in range(PACK - 1, 0, -1):
        state = state + _GOLDEN
        z = state
        z = (z ^ (z >> _S30)) * _MIX1
        z = (z ^ (z >> _S27)) * _MIX2
        z = z ^ (z >> _S31)
        j = np.int64(z % (np.uint64(i) + _ONE))
        seq[i], seq[j] = seq[j], seq[i]


@njit(cache=True, nogil=True)
def deal(row: I32, players: int, seed: int, dealer: int, seq: I64) -> None:
    """Set ``row`` to the game dealt from ``seed`` (§3.2-§3.3): the swap phase begins."""
    row[:] = 0
    n = players
    h = 10 if n == 2 else 5
    row[NSEATS] = n
    row[DEALER] = dealer
    row[HSIZE] = h
    row[PHASE] = SWAP
    row[TO_ACT] = (dealer + 1) % n
    row[RSTAR] = row[STARTER] = row[LOSER] = -1
    row[ACTIVE] = n
    reference_shuffle(seed, seq)
    k = 0
    for slot in range(3):
        for j in range(n):
            row[DOWN + 3 * ((dealer + 1 + j) % n) + slot] = seq[k]
            k += 1
    for _ in range(3):
        for j in range(n):
            row[UP + NUM_CARDS * ((dealer + 1 + j) % n) + seq[k]] += 1
            k += 1
    for _ in range(h):
        for j in range(n):
            row[HAND + NUM_CARDS * ((dealer + 1 + j) % n) + seq[k]] += 1
            k += 1
    for s in range(n):
        row[HAND_N + s] = h
        row[UP_N + s] = 3
        row[DOWN_N + s] = 3
    for s in range(n, MAX_SEATS):
        for slot in range(3):
            row[DOWN + 3 * s + slot] = -1
    row[DECK_LEN] = PACK - k
    for i in range(PACK - k):
        row[DECK + i] = seq[k + i]


# ----------------------------------------------------------------- legal actions


@njit(cache=True, nogil=True)
def _playable(rank: int, top: int) -> bool:
    """§6.2: may ``rank`` go on a pile whose top card has rank ``top`` (-1: empty)?"""
    if top < 0 or rank == TEN:
        return True
    if top == SEVEN:
        return rank <= SEVEN
    return rank >= top


@njit(cache=True, nogil=True)
def _combo(row: I32, base: int) -> int:
    return int(row[base] + 3 * row[base + 1] + 9 * row[base + 2] + 27 * row[base + 3])


@njit(cache=True, nogil=True)
def _combo_size(combo: int) -> int:
    return combo % 3 + combo // 3 % 3 + combo // 9 % 3 + combo // 27


@njit(cache=True, nogil=True)
def _add_subs(combo: int, base_id: int, out: NDArray[np.int16], k: int) -> int:
    """Append ``base_id + sub - 1`` for every non-empty sub-multiset ``sub`` of ``combo``."""
    d0, d1, d2, d3 = combo % 3, combo // 3 % 3, combo // 9 % 3, combo // 27
    for a in range(d0 + 1):
        for b in range(d1 + 1):
            for c in range(d2 + 1):
                for d in range(d3 + 1):
                    sub = a + 3 * b + 9 * c + 27 * d
                    if sub:
                        out[k] = base_id + sub - 1
                        k += 1
    return k


@njit(cache=True, nogil=True)
def _top_rank(row: I32) -> int:
    n = row[PILE_LEN]
    return row[PILE + n - 1] >> 2 if n else -1


@njit(cache=True, nogil=True)
def legal(row: I32, rules: I64, out: NDArray[np.int16]) -> int:
    """Write the legal action ids of the seat to act into ``out``; return how many."""
    phase = row[PHASE]
    if phase == OVER:
        return 0
    seat = row[TO_ACT]
    k = 0
    if phase == SWAP:
        if row[SWAPS + seat] < SWAP_LIMIT:
            hand = HAND + NUM_CARDS * seat
            up = UP + NUM_CARDS * seat
            for x in range(NUM_CARDS):
                if row[hand + x]:
                    for y in range(NUM_CARDS):
                        if row[up + y] and x != y:
                            out[k] = SWAP_BASE + x * NUM_CARDS + y
                            k += 1
        out[k] = READY
        return k + 1
    pile = row[PILE_LEN]
    if row[HAND_N + seat]:
        src = HAND + NUM_CARDS * seat
        from_hand = True
    elif row[UP_N + seat]:
        src = UP + NUM_CARDS * seat
        from_hand = False
    else:
        if pile and rules[R_VOLUNTARY]:
            out[k] = PICKUP
            k += 1
        for slot in range(3):
            if row[DOWN + 3 * seat + slot] >= 0:
                out[k] = BLIND_BASE + slot
                k += 1
        return k
    if row[OPENING]:
        r = row[RSTAR]
        combo = _combo(row, src + 4 * r)
        if rules[R_ALL_LOWEST]:
            out[0] = r * COMBOS + combo - 1
            return 1
        return _add_subs(combo, r * COMBOS, out, 0)
    top = _top_rank(row)
    # §6.3's flag: the whole hand plus face-up cards of its rank, once the deck is empty.
    combined = from_hand and rules[R_FACEUP_LAST] != 0 and row[DECK_POS] >= row[DECK_LEN]
    for r in range(13):
        if not _playable(r, top):
            continue
        combo = _combo(row, src + 4 * r)
        if combo:
            k = _add_subs(combo, r * COMBOS, out, k)
            if combined and _combo_size(combo) == row[HAND_N + seat]:
                up_combo = _combo(row, UP + NUM_CARDS * seat + 4 * r)
                if up_combo:
                    # Digits never carry: hand and face-up hold each card at most twice.
                    k = _add_subs(up_combo, r * COMBOS + combo, out, k)
    if pile and (k == 0 or rules[R_VOLUNTARY]):
        out[k] = PICKUP
        k += 1
    return k


# ----------------------------------------------------------------- applying an action


@njit(cache=True, nogil=True)
def _held(row: I32, seat: int) -> int:
    return int(row[HAND_N + seat] + row[UP_N + seat] + row[DOWN_N + seat])


@njit(cache=True, nogil=True)
def _next_active(row: I32, seat: int) -> int:
    n = int(row[NSEATS])
    s = (seat + 1) % n
    while row[OUT + s]:
        s = (s + 1) % n
    return s


@njit(cache=True, nogil=True)
def _end_game(row: I32, reason: int) -> None:
    """§7.8 and §9: the ranking (finished seats, then the rest), the loser, phase OVER."""
    n, d = row[NSEATS], row[DEALER]
    nfin = row[NFIN]
    for k in range(nfin):
        row[RANKING + k] = row[FIN + k]
    k = nfin
    for j in range(n):
        s = (d + 1 + j) % n
        if not row[OUT + s]:
            row[RANKING + k] = s
            k += 1
    if reason == END_LIMIT:
        # Fewest cards held first; a stable insertion sort keeps ties in seat order.
        for a in range(nfin + 1, n):
            s = row[RANKING + a]
            held = _held(row, s)
            b = a - 1
            while b >= nfin and _held(row, row[RANKING + b]) > held:
                row[RANKING + b + 1] = row[RANKING + b]
                b -= 1
            row[RANKING + b + 1] = s
    row[LOSER] = row[RANKING + n - 1]
    row[END] = reason
    row[PHASE] = OVER


@njit(cache=True, nogil=True)
def _take_pile(row: I32, seat: int) -> None:
    hand = HAND + NUM_CARDS * seat
    n = row[PILE_LEN]
    for k in range(n):
        row[hand + row[PILE + k]] += 1
    row[HAND_N + seat] += n
    row[PILE_LEN] = 0


@njit(cache=True, nogil=True)
def _after_pickup(row: I32, seat: int, rules: I64) -> None:
    row[TURNS] += 1
    row[TO_ACT] = _next_active(row, seat)
    if row[TURNS] >= rules[R_MAX_TURNS]:
        _end_game(row, END_LIMIT)


@njit(cache=True, nogil=True)
def _play(row: I32, seat: int, rank: int, combo: int, blind: bool, rules: I64) -> None:
    """§7.1: move, burn check, refill, count, going out, next player, turn limit."""
    base = 4 * rank
    if not blind:
        hand = HAND + NUM_CARDS * seat + base
        up = UP + NUM_CARDS * seat + base
        taken_hand = taken_up = 0
        from_hand = row[HAND_N + seat] > 0
        c = combo
        for s in range(4):
            k = c % 3
            c //= 3
            if k:
                h = min(k, row[hand + s]) if from_hand else 0
                row[hand + s] -= h
                row[up + s] -= k - h
                taken_hand += h
                taken_up += k - h
        row[HAND_N + seat] -= taken_hand
        row[UP_N + seat] -= taken_up
    n = row[PILE_LEN]
    c = combo
    for s in range(4):
        for _ in range(c % 3):
            row[PILE + n] = base + s
            n += 1
        c //= 3
    run = 0
    i = n - 1
    while i >= 0 and row[PILE + i] >> 2 == rank:
        run += 1
        i -= 1
    burn = rank == TEN or run >= 4
    if burn:
        for k in range(n):
            row[BURNT + row[PILE + k]] += 1
        row[BURNED] += n
        n = 0
    row[PILE_LEN] = n
    hand = HAND + NUM_CARDS * seat
    while row[HAND_N + seat] < row[HSIZE] and row[DECK_POS] < row[DECK_LEN]:
        row[hand + row[DECK + row[DECK_POS]]] += 1
        row[DECK_POS] += 1
        row[HAND_N + seat] += 1
    row[TURNS] += 1
    row[OPENING] = 0
    if _held(row, seat) == 0:
        row[FIN + row[NFIN]] = seat
        row[NFIN] += 1
        row[OUT + seat] = 1
        row[ACTIVE] -= 1
        if row[ACTIVE] == 1:
            _end_game(row, END_LAST)
            return
        row[TO_ACT] = _next_active(row, seat)
    elif burn and (run >= 4 or rules[R_TEN_EXTRA]):
        row[TO_ACT] = seat
    else:
        row[TO_ACT] = _next_active(row, seat)
    if row[TURNS] >= rules[R_MAX_TURNS]:
        _end_game(row, END_LIMIT)


@njit(cache=True, nogil=True)
def _start_play(row: I32, rules: I64) -> None:
    """§5: the dealer said ready; the lowest rank in any hand and who starts with it."""
    n, d = row[NSEATS], row[DEALER]
    r_star = 13
    for s in range(n):
        hand = HAND + NUM_CARDS * s
        for c in range(NUM_CARDS):
            if row[hand + c]:
                r_star = min(r_star, c >> 2)
                break
    starter = -1
    most = 0
    for j in range(n):
        s = (d + 1 + j) % n
        base = HAND + NUM_CARDS * s + 4 * r_star
        count = row[base] + row[base + 1] + row[base + 2] + row[base + 3]
        if rules[R_MOST_LOWEST]:
            if count > most:
                most = count
                starter = s
        elif count:
            starter = s
            break
    row[PHASE] = PLAY
    row[RSTAR] = r_star
    row[STARTER] = starter
    row[OPENING] = 1
    row[TO_ACT] = starter


@njit(cache=True, nogil=True)
def apply(row: I32, action: int, rules: I64) -> None:
    """Carry out a legal action of the seat to act (not checked)."""
    seat = row[TO_ACT]
    if action < SWAP_BASE:
        _play(row, seat, action // COMBOS, action % COMBOS + 1, False, rules)
    elif action < READY:
        x = (action - SWAP_BASE) // NUM_CARDS
        y = (action - SWAP_BASE) % NUM_CARDS
        hand = HAND + NUM_CARDS * seat
        up = UP + NUM_CARDS * seat
        row[hand + x] -= 1
        row[up + x] += 1
        row[up + y] -= 1
        row[hand + y] += 1
        row[SWAPS + seat] += 1
    elif action == READY:
        row[READY_COL + seat] = 1
        if seat == row[DEALER]:
            _start_play(row, rules)
        else:
            row[TO_ACT] = (seat + 1) % row[NSEATS]
    elif action == PICKUP:
        _take_pile(row, seat)
        _after_pickup(row, seat, rules)
    else:
        at = DOWN + 3 * seat + action - BLIND_BASE
        card = row[at]
        row[at] = -1
        row[DOWN_N + seat] -= 1
        rank = card >> 2
        if _playable(rank, _top_rank(row)):
            _play(row, seat, rank, 3 ** (card & 3), True, rules)
        else:
            row[PILE + row[PILE_LEN]] = card
            row[PILE_LEN] += 1
            _take_pile(row, seat)
            _after_pickup(row, seat, rules)


# ----------------------------------------------------------------- the observation


@njit(cache=True, nogil=True)
def write_obs(row: I32, seat: int, rules: I64, off: I64, out: F32) -> None:
    """``out`` = :func:`~paston.games.paris.encoding.encode_paris` of ``seat``'s view."""
    out[:] = 0.0
    n = row[NSEATS]
    phase = row[PHASE]
    out[off[O_PHASE] + phase] = 1.0
    out[off[O_DEALER] + (row[DEALER] - seat) % n] = 1.0
    if row[OPENING]:
        out[off[O_OPENING]] = 1.0
    if phase != OVER:
        out[off[O_TO_ACT] + (row[TO_ACT] - seat) % n] = 1.0
    hand = HAND + NUM_CARDS * seat
    at = off[O_HAND]
    for c in range(NUM_CARDS):
        out[at + c] = 0.5 * row[hand + c]
    for s in range(n):
        rel = (s - seat) % n
        up = UP + NUM_CARDS * s
        at = off[O_FACE_UP] + NUM_CARDS * rel
        if row[UP_N + s]:
            for c in range(NUM_CARDS):
                out[at + c] = 0.5 * row[up + c]
        for slot in range(3):
            if row[DOWN + 3 * s + slot] >= 0:
                out[off[O_FACE_DOWN] + 3 * rel + slot] = 1.0
        out[off[O_HAND_COUNT] + rel] = min(row[HAND_N + s] / 104.0, 1.0)
        out[off[O_SWAPS_LEFT] + rel] = (SWAP_LIMIT - row[SWAPS + s]) / 3.0
        if row[OUT + s]:
            out[off[O_FINISHED] + rel] = 1.0
        if row[READY_COL + s]:
            out[off[O_READY] + rel] = 1.0
    npile = row[PILE_LEN]
    at = off[O_PILE]
    for k in range(npile):
        out[at + row[PILE + k]] += 0.5
    if npile:
        top = row[PILE + npile - 1] >> 2
        run = 0
        k = npile - 1
        while k >= 0 and row[PILE + k] >> 2 == top:
            run += 1
            k -= 1
        out[off[O_TOP_RANK] + top] = 1.0
        out[off[O_TOP_RUN] + min(run, 3) - 1] = 1.0
        if top == SEVEN:
            out[off[O_SEVEN]] = 1.0
    at = off[O_BURNED]
    if row[BURNED]:
        for c in range(NUM_CARDS):
            out[at + c] = 0.5 * row[BURNT + c]
    out[off[O_PILE_COUNT]] = npile / 104.0
    out[off[O_BURNED_COUNT]] = min(row[BURNED] / 104.0, 1.0)
    out[off[O_DECK_COUNT]] = (row[DECK_LEN] - row[DECK_POS]) / 104.0
    out[off[O_TURNS]] = min(row[TURNS] / rules[R_MAX_TURNS], 1.0)


# ----------------------------------------------------------------- the batch


@njit(cache=True, nogil=True)
def _refresh(row: I32, rules: I64, mask: Bools, legal_row: NDArray[np.int16],
             nlegal: I32, i: int) -> None:  # fmt: skip
    """Row ``i``'s legal list and mask (only the entries set before are cleared)."""
    for k in range(nlegal[i]):
        mask[legal_row[k]] = False
    count = legal(row, rules, legal_row)
    nlegal[i] = count
    for k in range(count):
        mask[legal_row[k]] = True


@njit(cache=True, nogil=True)
def _rewards(row: I32, rules: I64, out: F32) -> None:
    """Every seat's reward for a game that is over: the result or the finishing place."""
    n = row[NSEATS]
    for place in range(n):
        s = row[RANKING + place]
        if rules[R_RANK_REWARD]:
            out[s] = 1.0 - 2.0 * place / (n - 1)
        else:
            out[s] = -1.0 if place == n - 1 else 0.0


@njit(cache=True, nogil=True)
def _new_game(row: I32, players: int, seeds: I64, i: int, counter: I64, seq: I64) -> None:
    """Deal row ``i`` the next game: seed ``counter[0]``, dealer ``seed % players``."""
    seed = counter[0]
    counter[0] += 1
    seeds[i] = seed
    deal(row, players, seed, seed % players, seq)


@njit(cache=True, nogil=True)
def reset_all(st: I32, players: int, rules: I64, off: I64, obs: F32, mask: Bools,
              legal_ids: NDArray[np.int16], nlegal: I32, seeds: I64,
              counter: I64) -> None:  # fmt: skip
    """Deal every row the next game; the observation and mask of each one's seat to act."""
    seq = np.zeros(PACK, dtype=np.int64)
    for i in range(st.shape[0]):
        row = st[i]
        _new_game(row, players, seeds, i, counter, seq)
        _refresh(row, rules, mask[i], legal_ids[i], nlegal, i)
        if rules[R_OBSERVE]:
            write_obs(row, row[TO_ACT], rules, off, obs[i])


@njit(cache=True, nogil=True)
def step_all(st: I32, actions: I64, rules: I64, off: I64, obs: F32, mask: Bools,
             legal_ids: NDArray[np.int16], nlegal: I32, reward: F32, done: Bools,
             truncated: Bools, seeds: I64, counter: I64) -> None:  # fmt: skip
    """Apply ``actions[i]`` to row ``i`` (checked legal by the caller); a game that ends pays
    every seat's reward into ``reward[i]``, sets ``done[i]`` (and ``truncated[i]`` when the
    turn limit ended it) and is dealt afresh at once."""
    seq = np.zeros(PACK, dtype=np.int64)
    for i in range(st.shape[0]):
        row = st[i]
        apply(row, actions[i], rules)
        if row[PHASE] == OVER:
            _rewards(row, rules, reward[i])
            done[i] = True
            truncated[i] = row[END] == END_LIMIT
            _new_game(row, row[NSEATS], seeds, i, counter, seq)
        elif done[i]:
            reward[i, :] = 0.0
            done[i] = False
            truncated[i] = False
        _refresh(row, rules, mask[i], legal_ids[i], nlegal, i)
        if rules[R_OBSERVE]:
            write_obs(row, row[TO_ACT], rules, off, obs[i])


@njit(cache=True, nogil=True)
def random_legal(legal_ids: NDArray[np.int16], nlegal: I32, out: I64) -> None:
    """A uniformly random legal action per row (numba's generator)."""
    for i in range(nlegal.shape[0]):
        out[i] = legal_ids[i, np.random.randint(0, nlegal[i])]


@njit(cache=True, nogil=True)
def check_actions(actions: I64, mask: Bools) -> int:
    """The first row whose action is not legal, or -1."""
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0 or a >= NUM_ACTIONS or not mask[i, a]:
            return i
    return -1
