"""Reference double-dummy solver: plain minimax, no pruning, no table.

Written independently of :mod:`paston.solver.core` (straightforward card
lists, no bit tricks, no equivalence merging) so that the tests can use it as
an oracle.  Exponential: only usable with a handful of cards per hand.
"""

from __future__ import annotations


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if (mask >> c) & 1]


def _legal(hand: list[int], trick: list[int], trump: int, must_overtrump: bool) -> list[int]:
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
    hs = {s: _cards(hands[s]) for s in order}

    def seat_after(s: int) -> int:
        return order[(order.index(s) + 1) % len(order)]

    def rec(lead: int, cur: list[int]) -> int:
        if len(cur) == len(order):
            win = lead
            for _ in range(_winner_index(cur, trump)):
                win = seat_after(win)
            got = 1 if win == declarer else 0
            if not hs[win]:
                return got
            return got + rec(win, [])
        mover = lead
        for _ in range(len(cur)):
            mover = seat_after(mover)
        hand = hs[mover]
        if not hand and not cur:
            return 0
        values = []
        for c in _legal(hand, cur, trump, must_overtrump):
            hand.remove(c)
            cur.append(c)
            values.append(rec(lead, cur))
            cur.pop()
            hand.append(c)
            hand.sort()
        return max(values) if mover == declarer else min(values)

    return rec(leader, list(trick))


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
    mover = leader
    for _ in range(len(trick)):
        mover = order[(order.index(mover) + 1) % len(order)]
    hand = _cards(hands[mover])
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
