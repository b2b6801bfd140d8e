"""Reference double-dummy solver: plain minimax, no pruning, no table.

Written independently of :mod:`paston.games.paston.solver.core` (straightforward rules code, no
equivalence merging, no bounds, no transposition table) so that the tests can use
it as an oracle.  Exponential: only usable with a handful of cards per hand.
"""

from __future__ import annotations


def _legal(hand: list[int], trick: list[int], trump: int, must_overtrump: bool) -> list[int]:
    """Legal cards of ``hand`` (card ids) when ``trick`` has been played so far."""
    if not trick:
        return list(hand)
    led = trick[0] // 8
    follow = [c for c in hand if c // 8 == led]
    if follow:
        return follow
    trumps = [c for c in hand if c // 8 == trump]
    if trumps:
        in_trick = [c for c in trick if c // 8 == trump]
        if must_overtrump and in_trick:
            over = [c for c in trumps if c > max(in_trick)]
            if over:
                return over
        return trumps
    return list(hand)


def _winner_index(trick: list[int], trump: int) -> int:
    """Index in ``trick`` of the winning card."""
    trumps = [i for i, c in enumerate(trick) if c // 8 == trump]
    if trumps:
        return max(trumps, key=lambda i: trick[i])
    led = trick[0] // 8
    return max((i for i, c in enumerate(trick) if c // 8 == led), key=lambda i: trick[i])


def brute_force(
    hands: tuple[int, int, int],
    trump: int,
    declarer: int,
    active: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...] = (),
    must_overtrump: bool = False,
) -> int:
    """Declarer's tricks from now on (current trick included) under perfect play."""
    order = sorted(active)
    n = len(order)
    # hands as card lists, indexed by position in ``order``
    hs = [[c for c in range(32) if (hands[s] >> c) & 1] for s in order]

    def rec(lead_i: int, cur: list[int]) -> int:
        if len(cur) == n:
            win_i = (lead_i + _winner_index(cur, trump)) % n
            got = 1 if order[win_i] == declarer else 0
            if not hs[win_i]:
                return got
            return got + rec(win_i, [])
        mover_i = (lead_i + len(cur)) % n
        hand = hs[mover_i]
        if not hand:
            return 0
        best = -1
        maximize = order[mover_i] == declarer
        for c in _legal(hand, cur, trump, must_overtrump):
            hs[mover_i] = [x for x in hand if x != c]
            cur.append(c)
            v = rec(lead_i, cur)
            cur.pop()
            if best < 0 or (v > best if maximize else v < best):
                best = v
        hs[mover_i] = hand
        return best

    return rec(order.index(leader), list(trick))


def brute_card_values(
    hands: tuple[int, int, int],
    trump: int,
    declarer: int,
    active: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...] = (),
    must_overtrump: bool = False,
) -> dict[int, int]:
    """Value (declarer's tricks from now on) of each legal card of the seat to move."""
    order = sorted(active)
    mover = order[(order.index(leader) + len(trick)) % len(order)]
    hand = [c for c in range(32) if (hands[mover] >> c) & 1]
    out: dict[int, int] = {}
    for c in _legal(hand, list(trick), trump, must_overtrump):
        new_hands = list(hands)
        new_hands[mover] &= ~(1 << c)
        out[c] = brute_force(
            (new_hands[0], new_hands[1], new_hands[2]),
            trump,
            declarer,
            active,
            leader,
            (*trick, c),
            must_overtrump,
        )
    return out
